#!/usr/bin/env bash
# Makes sure a Debian package a test suite needs is installed, installing it with apt-get (as
# root) when the file that shows it is missing.
#
#   scripts/ensure-debian-package.sh <package> <file it installs>
#
# The browser suite needs chromium (/usr/bin/chromium); the metrics suite parses /metrics with
# the Prometheus client's own parser, python3-prometheus-client; the reflection test resolves
# descriptors with python3-grpcio and python3-protobuf.
set -euo pipefail
package="$1"
file="$2"
if [ -e "$file" ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "ensure-debian-package: $file is missing; install the Debian package $package (as root: apt-get install $package)" >&2
  exit 1
fi
echo "ensure-debian-package: installing $package (once)" >&2
export DEBIAN_FRONTEND=noninteractive
# Another suite may be installing at the same moment: apt-get waits for the lock.
apt-get -o DPkg::Lock::Timeout=300 update -qq >&2
apt-get -o DPkg::Lock::Timeout=300 install -y -qq "$package" >&2
