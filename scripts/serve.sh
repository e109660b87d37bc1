#!/bin/sh
# The development server and one analysis worker (django-tasks, database backend) side by
# side; Ctrl-C (or either of them stopping) stops both. More workers, on this machine or
# others sharing the database, take tasks from the same queue: python manage.py db_worker
set -u
PY=${PY:-.venv/bin/python}
PORT=${PORT:-8000}
"$PY" manage.py db_worker --interval 1 &
WORKER=$!
"$PY" manage.py runserver "127.0.0.1:$PORT" &
SERVER=$!
stop() {
    trap - EXIT INT TERM
    kill -TERM "$SERVER" "$WORKER" 2>/dev/null
    wait "$SERVER" "$WORKER" 2>/dev/null
    exit 0
}
trap stop EXIT INT TERM
echo "Serving at http://127.0.0.1:$PORT/ with an analysis worker (Ctrl-C stops both)"
# whichever stops first stops the other
while kill -0 "$SERVER" 2>/dev/null && kill -0 "$WORKER" 2>/dev/null; do sleep 1; done
stop
