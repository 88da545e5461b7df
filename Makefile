# Two commands set up everything on a fresh machine:
#   make demo   builds the rules-summary site for every title and language, and replays a real game
#   make test   type-checks the package, checks its layers, and runs the test suite (with the fidelity
#               suite where ../shared/fidelity exists)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test clean bench bench-instructions bench-routes browser fuzz refcheck

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	@# setuptools warns that an editable install's package folder sits in the checkout: it is meant to
	PYTHONWARNINGS=ignore $(BIN)/pip install --quiet -e '.[test,serve]'
	@# Playwright drives chromium in the browser tests; where it cannot be installed they skip
	PYTHONWARNINGS=ignore $(BIN)/pip install --quiet -e '.[browser]' || echo "playwright could not be installed: the browser tests of railbook serve will skip"
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/railbook validate
	$(BIN)/railbook site -o site
	@if [ -d "$${RAILBOOK_FIXTURES:-../shared/fidelity}" ]; then $(BIN)/railbook fidelity || echo "(some recorded games do not replay exactly yet)"; fi
	@echo "open site/index.html"
	@echo "play in the browser: $(BIN)/railbook serve   (a lobby on http://localhost:8018; railbook serve GAME.json opens a saved game)"

test: $(STAMP) browser
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest

# The rules-summary tests render pages in headless Chromium (Debian's chromium).
# Install it where it is missing and we may (root with apt); elsewhere those tests skip.
browser:
	@if ! command -v chromium >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing chromium for the browser tests"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	      || echo "chromium could not be installed: the browser tests will skip"; \
	  else echo "chromium is missing and cannot be installed here: the browser tests will skip"; fi; \
	fi

# replay time per action of the public logs (railbook bench), beside the 18xx.games engine's in the
# same run where REF names its lib/ (and Ruby is installed), and whole `railbook replay` processes
bench: $(STAMP)
	$(BIN)/python tests/bench_replay.py $(if $(REF),--ref $(REF))

# the instructions one replay of each public log executes (valgrind's callgrind): the figure that does
# not move with the machine's load, to compare two versions of the engine by (about a minute a log)
bench-instructions: $(STAMP)
	$(BIN)/python tests/bench_instructions.py

# the route optimizer's time per position over the public logs (median, p90, max)
bench-routes: $(STAMP)
	$(BIN)/python tests/bench_routes.py

# 2,000 random games across every finished title, with perturbed actions, every position checked, one
# worker per core (a few seconds a game: about an hour on 2 cores; not part of make test, which plays
# a few); the figures go to fuzz-report.json, each failed game to fuzz-failures/. A title still in
# progress (FUZZ_SKIP: its recorded games do not replay exactly yet) is left out unless named:
# make fuzz FUZZ_SKIP=
FUZZ_WORKERS ?= $(shell nproc 2>/dev/null || echo 2)
FUZZ_SKIP ?= 1860
FUZZ_TITLES ?= $(filter-out $(FUZZ_SKIP),$(notdir $(patsubst %/,%,$(dir $(wildcard titles/*/title.yaml)))))
fuzz: $(STAMP)
	$(BIN)/railbook fuzz $(FUZZ_TITLES) --games 2000 --seed 1 --workers $(FUZZ_WORKERS) --report fuzz-report.json -o fuzz-failures

# random games played on the 18xx.games engine (REF names its lib/; Ruby 3 needed), each compared action by
# action with railbook: REFCHECK_GAMES per shipped title (default 10), every player count, one line a game and
# "agree k/n" per title (tools/refcheck/README.md). Without REF it says so and skips. Long: minutes a game.
REFCHECK_TITLES ?=
REFCHECK_GAMES ?= 10
refcheck: $(STAMP)
	@REF="$(REF)" GAMES="$(REFCHECK_GAMES)" tools/refcheck/run.sh $(REFCHECK_TITLES)

clean:
	rm -rf $(VENV) build site .pytest_cache
