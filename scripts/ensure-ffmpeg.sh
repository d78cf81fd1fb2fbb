#!/usr/bin/env bash
# Videos are read with Debian's ffmpeg (ffprobe for their streams, ffmpeg for the poster frame
# and the preview clip; server/src/services/video.ts). Installs it when missing; needs root, as on
# the project's machines and CI. `--optional` (npm start) only warns when it cannot: the API then
# refuses video imports, saying why, and photos work as ever.
set -euo pipefail
if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; then exit 0; fi
cannot() {
  echo "$1" >&2
  if [ "$optional" = yes ]; then
    echo "Starting without it: video imports are refused until it is installed." >&2
    exit 0
  fi
  exit 1
}
optional=$([ "${1:-}" = "--optional" ] && echo yes || echo no)
if [ "$(id -u)" -ne 0 ]; then cannot "ffmpeg is missing and installing it needs root: sudo apt-get install ffmpeg"; fi
echo "Installing Debian's ffmpeg for videos…"
bash "$(dirname "$0")/apt-install.sh" ffmpeg || cannot "ffmpeg could not be installed (apt-get's message is above)."
ffmpeg -version | head -n 1
