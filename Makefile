# The two commands of the README's Quick start, and the pieces they are made of.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install lint typecheck test serve bench clean

install: $(STAMP)

# A virtual environment with whaletable and its development tools. Debian's Python
# needs python3-venv for this; install it when the first try fails.
$(STAMP): pyproject.toml
	@$(PYTHON) -m venv $(VENV) 2>/dev/null || { \
	  echo "installing python3-venv (Debian) to create $(VENV)"; \
	  apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null && \
	  $(PYTHON) -m venv $(VENV); }
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --progress-bar on -e '.[dev]'
	@touch $(STAMP)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/pytest -n 2 -q

# Until the web table exists, `make serve` opens a game at the terminal.
serve: install
	$(BIN)/whaletable play whale-to-look --seats human,heuristic,mcts

bench: install
	$(BIN)/python benchmarks/playout_speed.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .mypy_cache .ruff_cache .pytest_cache
