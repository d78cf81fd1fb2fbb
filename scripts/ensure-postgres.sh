#!/usr/bin/env bash
# The server tests run a second time on PostgreSQL, in a throw-away cluster of Debian's
# PostgreSQL (tests/support/postgres-cluster.ts). Installs it when missing; needs root, as on the
# project's machines and CI.
set -euo pipefail
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then exit 0; fi
echo "Installing Debian's postgresql for the server tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends postgresql >/dev/null
ls /usr/lib/postgresql/*/bin/initdb
