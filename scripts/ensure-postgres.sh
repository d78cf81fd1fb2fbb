#!/usr/bin/env bash
# The server tests run a second time on PostgreSQL, in a throw-away cluster of Debian's
# PostgreSQL (tests/support/postgres-cluster.ts). Installs it when missing; needs root, as on the
# project's machines and CI.
set -euo pipefail
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then exit 0; fi
echo "Installing Debian's postgresql for the server tests…"
bash "$(dirname "$0")/apt-install.sh" postgresql
ls /usr/lib/postgresql/*/bin/initdb
