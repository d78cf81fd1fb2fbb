#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright's own download cannot work here). Installs it
# when missing; needs root, as on the project's machines and CI.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Debian's chromium for the browser tests…"
bash "$(dirname "$0")/apt-install.sh" chromium fonts-liberation
/usr/bin/chromium --version
