# The two set-up commands of the README: `make serve` and `make test`.
# Both build .venv from pyproject.toml first, so a fresh clone needs nothing else.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: serve test test-postgres test-postgres-all test-production lint bench clean

serve: $(VENV)/.installed
	$(PY) manage.py compile_translations
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_content
	PY=$(PY) PORT=$(PORT) ./scripts/serve.sh

# Two test processes, each taking the next test as it finishes one (--dist worksteal): the
# suite is CPU-bound (Chromium draws, bots think), so two cores finish it in 55 % of the
# time of one (454 s against 828 s here); `pytest` alone runs it in one process.
XDIST := -n 2 --dist worksteal

test: $(VENV)/.installed
	./scripts/system-deps.sh
	$(PY) -m ruff check .
	$(PY) -m pytest $(XDIST)

# The same suite on PostgreSQL, less the browser tests (they drive the same pages as on
# SQLite; the production leg runs the site on PostgreSQL through real servers) and less the
# tests marked one_database (the engine's, and whole bot deals whose only database work is
# a plain save), so that all
# of .ci/run stays under 20 minutes on 2 cores. `make test-postgres-all` includes them.
test-postgres: $(VENV)/.installed
	./scripts/system-deps.sh
	DATABASE_URL=$$(./scripts/postgres.sh) $(PY) -m pytest $(XDIST) -m "not browser and not production and not one_database"

test-postgres-all: $(VENV)/.installed
	./scripts/system-deps.sh
	DATABASE_URL=$$(./scripts/postgres.sh) $(PY) -m pytest $(XDIST)

# Production as it runs: prod settings, gunicorn with 3 workers, PostgreSQL and Redis; two
# Daphne processes sharing one table through the Redis channel layer.
test-production: $(VENV)/.installed
	./scripts/system-deps.sh
	DATABASE_URL=$$(./scripts/postgres.sh) REDIS_URL=$$(./scripts/redis.sh) \
		$(PY) -m pytest -m production tests/production

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports --no-logo
	$(PY) -m ruff format --check .

bench: $(VENV)/.installed
	$(PY) -m benchmarks.engine_speed
	$(PY) -m benchmarks.site_speed
	$(PY) -m benchmarks.practice_speed
	$(PY) -m benchmarks.friends_speed
	$(PY) -m benchmarks.analysis_speed --deals 6
	$(PY) -m benchmarks.search_noise 96:1.0 256:0
	$(PY) -m benchmarks.bot_strength --pairs 1000 --write docs/bots.md

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis staticfiles
