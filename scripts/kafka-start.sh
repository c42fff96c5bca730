#!/usr/bin/env bash
# Starts a single-node Kafka broker in KRaft mode on loopback, fetched from Maven Central with
# Maven the first time (cached in ~/.cache/identity-service/). Prints the bootstrap address.
#
#   scripts/kafka-start.sh [--port 9092] [--dir .data/kafka] [--version 4.1.1]
#
# The controller listens on port+1. Stop it with scripts/kafka-stop.sh --dir <same dir>.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
port=9092
dir="$root/.data/kafka"
version="${KAFKA_VERSION:-4.1.1}"
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --version) version="$2"; shift 2 ;;
    *) echo "kafka-start: unknown option $1" >&2; exit 2 ;;
  esac
done
controller_port=$((port + 1))
libs="${KAFKA_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/identity-service}/kafka-$version/libs"

if [ ! -f "$libs/kafka_2.13-$version.jar" ]; then
  echo "kafka-start: fetching Kafka $version from Maven Central (once)" >&2
  mvn -q -B -f "$root/scripts/kafka/pom.xml" -Dkafka.version="$version" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$libs" >&2
fi

mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
if [ -f "$dir/broker.pid" ] && kill -0 "$(cat "$dir/broker.pid")" 2>/dev/null; then
  echo "kafka-start: a broker from $dir is already running (pid $(cat "$dir/broker.pid"))" >&2
  exit 1
fi

cat > "$dir/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/logs
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
delete.topic.enable=true
log.flush.interval.messages=9223372036854775807
PROPS

# The JVM options Kafka's own scripts start a broker with (kafka-run-class.sh), pauses of
# ~20 ms rather than G1's default 200 ms aim: young collections averaged 16-17 ms without them.
java_opts=(-Xms256m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35
  -XX:+ExplicitGCInvokesConcurrent -Djava.awt.headless=true)
if [ ! -f "$dir/logs/meta.properties" ]; then
  java "${java_opts[@]}" -cp "$libs/*" kafka.tools.StorageTool format \
    -t "$(java -cp "$libs/*" kafka.tools.StorageTool random-uuid)" \
    -c "$dir/server.properties" --ignore-formatted >"$dir/format.log" 2>&1
fi

nohup java "${java_opts[@]}" -cp "$libs/*" kafka.Kafka "$dir/server.properties" \
  >"$dir/broker.log" 2>&1 </dev/null &
echo $! >"$dir/broker.pid"

# Ready when the broker answers on its port; give up after a minute.
for _ in $(seq 1 600); do
  if ! kill -0 "$(cat "$dir/broker.pid")" 2>/dev/null; then
    echo "kafka-start: the broker exited; see $dir/broker.log" >&2
    tail -20 "$dir/broker.log" >&2
    exit 1
  fi
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "127.0.0.1:$port"
    exit 0
  fi
  sleep 0.1
done
echo "kafka-start: the broker did not listen on $port within 60 s; see $dir/broker.log" >&2
exit 1
