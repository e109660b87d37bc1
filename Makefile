# The two set-up commands of the README: `make serve` and `make test`.
# Both build .venv from pyproject.toml first, so a fresh clone needs nothing else.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: serve test lint bench clean

serve: $(VENV)/.installed
	$(PY) -m pisti deal --seed 1 --bots greedy

test: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m pytest

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

bench: $(VENV)/.installed
	$(PY) benchmarks/engine_speed.py

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
