#!/usr/bin/env bash
# The README's nginx block is tested in Debian's nginx (tests/build/nginx.test.ts runs it in the
# foreground on a free port, with its own prefix). Installs it when missing; needs root, as on the
# project's machines and CI.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
echo "Installing Debian's nginx for the static-host tests…"
# No service may start during the install: there may be no init, and its default site would take port 80.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
bash "$(dirname "$0")/apt-install.sh" nginx
/usr/sbin/nginx -v
