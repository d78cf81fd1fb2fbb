#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright's own download cannot work here). Installs it
# when missing; needs root, as on the project's machines and CI.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Debian's chromium for the browser tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
/usr/bin/chromium --version
