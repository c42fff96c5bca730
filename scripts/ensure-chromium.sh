#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests, installing it with apt-get
# (as root) when it is missing. Prints the binary's path.
set -euo pipefail
binary="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$binary" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "ensure-chromium: $binary is missing; install Debian's chromium package (as root: apt-get install chromium)" >&2
    exit 1
  fi
  echo "ensure-chromium: installing Debian's chromium (once)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
fi
echo "$binary"
