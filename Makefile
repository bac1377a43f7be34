# Two commands do everything on a fresh machine with python3 and make:
#   make demo   -- a real game on shipped data
#   make test   -- ruff, mypy --strict on core/ rulesets/ cli/, pytest
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-slow lint typecheck pytest bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/tanktable play tank-chess --scenario standard-16 --seat white=greedy --seat black=greedy --seed 1 --board every:8

lint: $(STAMP)
	$(BIN)/ruff check core rulesets cli tests bench

typecheck: $(STAMP)
	$(BIN)/mypy --strict core rulesets cli

# One worker more than the cores: the browser and server tests spend part of their
# time waiting on Chromium and sockets, and the spare worker fills it.
TEST_WORKERS ?= $(shell $(PY) -c "import os; print((os.cpu_count() or 1) + 1)")

pytest: $(STAMP)
	$(BIN)/pytest -q -m "not slow" -n $(TEST_WORKERS) --dist loadfile

# The long runs (loader fuzz, thousands of random games): not part of make test.
test-slow: $(STAMP)
	$(BIN)/pytest -q -m slow

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[bench]'
	for f in bench/*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .hypothesis
