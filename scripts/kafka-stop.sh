#!/usr/bin/env bash
# Stops the broker that scripts/kafka-start.sh started from the same --dir.
#   scripts/kafka-stop.sh [--dir .data/kafka] [--remove]   (--remove deletes its data too)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.data/kafka"
remove=false
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir="$2"; shift 2 ;;
    --remove) remove=true; shift ;;
    *) echo "kafka-stop: unknown option $1" >&2; exit 2 ;;
  esac
done
if [ -f "$dir/broker.pid" ]; then
  pid="$(cat "$dir/broker.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$dir/broker.pid"
fi
if [ "$remove" = true ]; then rm -rf "$dir"; fi
