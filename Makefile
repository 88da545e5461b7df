# Two commands set up everything on a fresh machine:
#   make demo   builds the rules-summary site for every title and language, and replays a real game
#   make test   runs the test suite (and the fidelity suite where ../shared/fidelity exists)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test clean bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/railbook validate
	$(BIN)/railbook site -o site
	@if [ -d "$${RAILBOOK_FIXTURES:-../shared/fidelity/fixtures}" ]; then $(BIN)/railbook fidelity; fi
	@echo "open site/index.html"

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python tests/bench_replay.py

clean:
	rm -rf $(VENV) build site .pytest_cache
