#!/usr/bin/env bash
# Fetches Ping Identity's (UnboundID's) SCIM 2 SDK client and a JAX-RS client (Jersey) from Maven
# Central with Maven the first time (scripts/scim-sdk/pom.xml), into
# ~/.cache/identity-service/scim2-sdk-<version>/, and prints that folder of jars. Later runs print
# it at once. Used by test/integration/scim-sdk-client.test.ts.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version=5.0.0
cache="${SCIM_SDK_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/identity-service}"
libs="$cache/scim2-sdk-$version"

if [ ! -f "$libs/scim2-sdk-client-$version.jar" ]; then
  echo "scim-sdk-fetch: fetching the SCIM 2 SDK $version from Maven Central (once)" >&2
  mkdir -p "$cache"
  # Copied beside the final folder and moved into place whole, so that an interrupted fetch
  # never leaves a partial folder that the next run would take for a good one.
  work="$(mktemp -d "$cache/.scim2-sdk-$version.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  mvn -q -B -Dstyle.color=never -f "$root/scripts/scim-sdk/pom.xml" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$work" >&2
  rm -rf "$libs"
  mv "$work" "$libs"
  trap - EXIT
fi
echo "$libs"
