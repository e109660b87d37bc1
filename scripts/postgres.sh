#!/usr/bin/env bash
# Start a local PostgreSQL for the test suite's second run, installing it when missing.
# Prints the DATABASE_URL to use. Needs root (as CI and the dev machines have).
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h 2>/dev/null | grep -q "^$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start >/dev/null 2>&1 || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 && break
  sleep 1
done
su postgres -c "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname='pisti'\"" | grep -q 1 ||
  su postgres -c "psql -qc \"CREATE ROLE pisti LOGIN SUPERUSER PASSWORD 'pisti'\""
su postgres -c "psql -qtAc \"SELECT 1 FROM pg_database WHERE datname='pisti'\"" | grep -q 1 ||
  su postgres -c "createdb -O pisti pisti"
echo "postgres://pisti:pisti@127.0.0.1:5432/pisti"
