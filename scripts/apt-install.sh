#!/usr/bin/env bash
# Installs Debian packages for the ensure-*.sh scripts (root, as on the project's machines and
# CI). Another apt run may hold apt's locks for a while on a fresh machine (its own first update,
# another ensure script): this waits for it instead of failing at once. apt-get waits for dpkg's
# lock itself when asked (DPkg::Lock::Timeout), not for the package lists' lock: that one is
# retried here.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
for attempt in $(seq 120); do
  if output=$(apt-get update -qq 2>&1); then break; fi
  if [ "$attempt" = 120 ] || ! grep -q 'Could not get lock' <<<"$output"; then
    echo "$output" >&2
    exit 1
  fi
  sleep 5
done
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$@" >/dev/null
