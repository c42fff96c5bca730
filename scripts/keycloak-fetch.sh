#!/usr/bin/env bash
# Fetches the Keycloak server distribution (org.keycloak:keycloak-quarkus-dist) from Maven Central
# with Maven the first time, unpacks it in ~/.cache/identity-service/ beside Kafka's, and prints
# the path of the unpacked distribution (its bin/kc.sh). Later runs print the path at once.
#
#   scripts/keycloak-fetch.sh [--version 26.7.3]
#
# Used by bench/keycloak-import.ts, which measures Keycloak's own bulk import on this machine.
set -euo pipefail
version="${KEYCLOAK_VERSION:-26.7.3}"
while [ $# -gt 0 ]; do
  case "$1" in
    --version) version="$2"; shift 2 ;;
    *) echo "keycloak-fetch: unknown option $1" >&2; exit 2 ;;
  esac
done
cache="${KEYCLOAK_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/identity-service}"
dist="$cache/keycloak-$version"

if [ ! -x "$dist/bin/kc.sh" ]; then
  echo "keycloak-fetch: fetching Keycloak $version from Maven Central (once)" >&2
  mkdir -p "$cache"
  # Unpacked beside the final folder and moved into place whole, so that an interrupted fetch
  # never leaves a half-unpacked distribution where the next run would take it for a good one.
  work="$(mktemp -d "$cache/.keycloak-$version.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  # No project is needed for dependency:copy; running it from the empty folder makes sure no
  # pom.xml in the caller's directory is read.
  (cd "$work" && mvn -q -B -Dstyle.color=never dependency:copy \
    -Dartifact="org.keycloak:keycloak-quarkus-dist:$version:zip" -DoutputDirectory="$work" >&2)
  zip="$work/keycloak-quarkus-dist-$version.zip"
  if command -v unzip >/dev/null; then
    unzip -q "$zip" -d "$work/unpacked"
  else
    # The JDK's jar tool unpacks zips too, but drops the scripts' execute bits.
    mkdir "$work/unpacked"
    (cd "$work/unpacked" && jar xf "$zip")
    chmod +x "$work/unpacked/keycloak-$version/bin/"*.sh
  fi
  rm -rf "$dist"
  mv "$work/unpacked/keycloak-$version" "$dist"
fi
echo "$dist"
