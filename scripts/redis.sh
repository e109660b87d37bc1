#!/usr/bin/env bash
# Start a local Redis for the production CI leg, installing Debian's redis-server when
# missing. Prints the REDIS_URL to use. Needs root (as CI and the dev machines have).
# Its own port and no persistence, so it never touches another Redis on the machine.
set -euo pipefail
port=${REDIS_PORT:-6390}
if ! [ -x /usr/bin/redis-server ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi
if ! redis-cli -p "$port" ping >/dev/null 2>&1; then
  redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no \
    --maxmemory 128mb --maxmemory-policy allkeys-lru --daemonize yes \
    --pidfile "/tmp/pisti-redis-$port.pid" --logfile "/tmp/pisti-redis-$port.log" >/dev/null
fi
for _ in $(seq 1 30); do
  redis-cli -p "$port" ping >/dev/null 2>&1 && break
  sleep 0.2
done
redis-cli -p "$port" ping >/dev/null
echo "redis://127.0.0.1:$port/0"
