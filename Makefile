# The two commands of the README's Quick start, and the pieces they are made of.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install system-deps lint typecheck test test-fast serve bench clean

install: $(STAMP)

# A virtual environment with whaletable, its development tools, the learning adapters
# (the `rl` extra: their tests run the ecosystems' own checkers) and Ray (the `cluster`
# extra: the tests play batches on a local Ray as well as on processes). Debian's Python
# needs python3-venv for this; install it when the first try fails.
$(STAMP): pyproject.toml
	@$(PYTHON) -m venv $(VENV) 2>/dev/null || { \
	  echo "installing python3-venv (Debian) to create $(VENV)"; \
	  apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null && \
	  $(PYTHON) -m venv $(VENV); }
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --progress-bar on -e '.[dev,rl,cluster]'
	@touch $(STAMP)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

# Browser tests drive Debian's Chromium; one storage test runs against a local PostgreSQL
# server started by the tests themselves. Install both from apt when missing.
system-deps:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
	  echo "installing from apt:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

# The full run: every test, the slow ones included (browser, golden transcripts, the
# whole test kit on every game, long simulations). Tests marked with one xdist_group run on
# one worker (the Ray tests: one Ray started at a time). The slowest tests are listed at the
# end, to see which ones come near pyproject.toml's timeout.
test: lint typecheck system-deps
	$(BIN)/pytest -n 2 --dist loadgroup -q --durations=15

# The fast loop while working: every test not marked `slow` (pyproject.toml registers
# the marker; a test taking more than a few seconds carries it). Run `make test`
# before pushing.
test-fast: install
	$(BIN)/pytest -q -m "not slow"

serve: install
	$(BIN)/whaletable serve

# Engine speed of every game side by side with OpenSpiel's (a benchmark-only extra,
# installed here when missing); the numbers go to benchmarks/results/latest.json.
bench: install
	@$(BIN)/python -c "import pyspiel" 2>/dev/null || \
	  $(BIN)/pip install --quiet --progress-bar on -e '.[dev,bench]'
	$(BIN)/python benchmarks/compare_openspiel.py --output benchmarks/results/latest.json

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .mypy_cache .ruff_cache .pytest_cache

# The web table's gettext catalogs: extract every user-facing string into a template, then
# merge it into each language's catalog. ``messages`` holds the pages and the table (babel.cfg
# says where) and the terminal's own sentences around the games (CLI_WORDS: the prompts and
# complaints of `play`, the steps of `replay`, the seat labels); each game's strings (its web board, its terminal view and the sentences of its
# ``words.py``, which both speak) go to a catalog named after its module. New or
# changed strings come out untranslated or fuzzy; tests/web/test_i18n.py fails until they
# are translated.
LOCALE := src/whaletable/locale
LANGS  := vi fa
CATALOG_HEADER := \# Translations template for PROJECT.\n\# Copyright (C) YEAR ORGANIZATION\n\# This file is distributed under the same license as the PROJECT project.\n\#
EXTRACT = $(BIN)/pybabel extract -k tr -k _ -k TableError --no-wrap \
	  --project whaletable --copyright-holder whaletable --msgid-bugs-address "" \
	  --version "$$($(BIN)/python -c 'import importlib.metadata as m; print(m.version("whaletable"))')" \
	  --header-comment "$$(printf '$(CATALOG_HEADER)')"

CLI_WORDS := $(addprefix src/whaletable/cli/,play.py replay.py render/__init__.py render/advice.py)

.PHONY: catalogs
catalogs: install
	$(EXTRACT) -F babel.cfg -o $(LOCALE)/messages.pot src/whaletable/web src/whaletable/core $(CLI_WORDS)
	@for board in src/whaletable/web/boards/[!_]*.py; do \
	  game=$$(basename $$board .py); \
	  words=$$(ls src/whaletable/games/$$game/words.py src/whaletable/cli/render/$$game.py 2>/dev/null); \
	  $(EXTRACT) -o $(LOCALE)/$$game.pot $$board $$words || exit 1; \
	done
	@for pot in $(LOCALE)/*.pot; do \
	  domain=$$(basename $$pot .pot); \
	  for lang in $(LANGS); do \
	    if [ -f $(LOCALE)/$$lang/LC_MESSAGES/$$domain.po ]; then \
	      $(BIN)/pybabel update -D $$domain -i $$pot -d $(LOCALE) -l $$lang --no-wrap --ignore-obsolete || exit 1; \
	    else \
	      $(BIN)/pybabel init -D $$domain -i $$pot -d $(LOCALE) -l $$lang --no-wrap || exit 1; \
	    fi; \
	  done; \
	done
