# Two commands from a fresh clone (Python 3.11+ and PyPI needed, nothing else):
#   make demo   set up .venv with the core and run the main job: generate a dataset of verified physics problems
#   make test   set up .venv with everything the tests need and run the whole suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# CPU build of torch (pip takes it from disk where it is cached); pinned so pip never pulls a CUDA build
TORCH  ?= torch==2.13.0
export HF_HUB_OFFLINE := 1

.PHONY: demo test test-slow install-core install-dev bench docs docs-check docs-run docs-preview clean
.DEFAULT_GOAL := demo

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -U pip

$(VENV)/.core: $(BIN)/python pyproject.toml
	$(BIN)/pip install -q -e .
	@touch $@

$(VENV)/.dev: $(BIN)/python pyproject.toml .ci/system-deps
	bash .ci/system-deps
	$(BIN)/pip install -q "$(TORCH)"
	$(BIN)/pip install -q -e ".[dev,train,embed,agent]"
	@touch $@ $(VENV)/.core

install-core: $(VENV)/.core
install-dev: $(VENV)/.dev

# the main job: 200 verified problems from simulated scenes (deterministic; re-running continues or re-checks it)
DEMO_OUT ?= datasets/demo
demo: $(VENV)/.core
	$(BIN)/physci-lab generate --n 200 --seed 0 --out $(DEMO_OUT) --workers 2 --resume
	$(BIN)/physci-lab show $(DEMO_OUT) --n 3

test: $(VENV)/.dev
	$(BIN)/python -m pytest -q -n 2

test-slow: $(VENV)/.dev
	$(BIN)/python -m pytest -q -n 2 --slow

bench: $(VENV)/.dev
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

docs: $(VENV)/.dev
	$(BIN)/nbdev-proc-nbs

# Notebooks keep their outputs (they are the docs). NB=nbs/sim/13_render.ipynb limits to some notebooks, FLAGS=slow runs slow cells.
#   docs-check    re-execute in clean kernels and compare with the saved outputs (`make test` does this too, once per notebook)
#   docs-run      execute and save the outputs in place, then nbdev-clean
#   docs-preview  nbdev-proc-nbs, then HTML pages with jupyter nbconvert in _preview/ (where Quarto is absent)
NB ?=
FLAGS ?=
docs-check: $(VENV)/.dev
	$(BIN)/python tools/docs_check.py $(NB) $(if $(FLAGS),--flags "$(FLAGS)")

docs-run: $(VENV)/.dev
	$(BIN)/python tools/docs_check.py --write $(NB) $(if $(FLAGS),--flags "$(FLAGS)")

docs-preview: $(VENV)/.dev
	$(BIN)/python tools/docs_preview.py --out _preview

clean:
	rm -rf $(VENV) _proc _docs _preview build *.egg-info
