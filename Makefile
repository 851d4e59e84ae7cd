# Two commands from a fresh clone (Python 3.11+ and PyPI needed, nothing else):
#   make demo   set up .venv with the core and run the main job: generate a dataset of verified physics problems
#   make test   set up .venv with everything the tests need and run the whole suite
#   make lock         regenerate requirements/*.lock from pyproject.toml's ranges (existing pins kept where they still fit)
#   make test-latest  the same suite against the newest releases those ranges allow, in .venv-latest: drift found on purpose
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP_VERSION ?= 26.3
export HF_HUB_OFFLINE := 1

.PHONY: demo test test-slow test-latest lock lock-upgrade install-core install-dev bench docs docs-check docs-run docs-preview clean
.DEFAULT_GOAL := demo

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q "pip==$(PIP_VERSION)"

# Installs come from the locks: every package pinned with its sha256, so `make demo` and `make test` install the same
# versions every day (users installing from PyPI get pyproject.toml's ranges instead).
$(VENV)/.core: $(BIN)/python requirements/core.lock
	$(BIN)/pip install -q --require-hashes -r requirements/core.lock
	$(BIN)/pip install -q --no-deps --no-build-isolation -e .
	@touch $@

$(VENV)/.dev: $(BIN)/python requirements/dev.lock .ci/system-deps
	bash .ci/system-deps
	$(BIN)/pip install -q --require-hashes -r requirements/dev.lock
	$(BIN)/pip install -q --no-deps --no-build-isolation -e .
	@touch $@ $(VENV)/.core

# The locks: pip-tools in a venv of its own. dev.lock holds the exact CPU build of torch (2.13.0+cpu, found through the
# machine's --find-links; a plain `torch` would resolve to a multi-GB CUDA build) and is refused if it pulls CUDA packages.
PIP_TOOLS  ?= pip-tools==7.7.0
TORCH_LOCK ?= torch==2.13.0+cpu
LOCK_VENV  ?= .venv-lock
DEV_EXTRAS := --extra dev --extra train --extra embed --extra agent
PIP_COMPILE = CUSTOM_COMPILE_COMMAND="make lock" $(LOCK_VENV)/bin/pip-compile -q --generate-hashes --allow-unsafe --strip-extras \
              --no-emit-index-url --build-deps-for editable

$(LOCK_VENV)/bin/pip-compile:
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install -q "pip==$(PIP_VERSION)" "$(PIP_TOOLS)"

lock: $(LOCK_VENV)/bin/pip-compile
	$(PIP_COMPILE) $(LOCK_ARGS) -o requirements/core.lock pyproject.toml
	echo "$(TORCH_LOCK)" > $(LOCK_VENV)/torch.txt
	$(PIP_COMPILE) $(LOCK_ARGS) $(DEV_EXTRAS) -c $(LOCK_VENV)/torch.txt -o requirements/dev.lock pyproject.toml
	@! grep -qiE '^(nvidia-|triton==|cuda-)' requirements/dev.lock || { echo "dev.lock pulls CUDA packages"; exit 1; }

# every pin to the newest release pyproject allows (one package: make lock LOCK_ARGS="-P transformers")
lock-upgrade:
	$(MAKE) lock LOCK_ARGS=--upgrade

# The suite against the newest releases pyproject's ranges allow today (torch held to the CPU build); pip freeze of that
# environment is left in .venv-latest/freeze.txt to compare with requirements/dev.lock.
LATEST ?= .venv-latest
test-latest:
	test -x $(LATEST)/bin/python || $(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install -q -U pip
	bash .ci/system-deps
	echo "$(TORCH_LOCK)" > $(LATEST)/torch-cpu.txt
	$(LATEST)/bin/pip install -q -c $(LATEST)/torch-cpu.txt "$(TORCH_LOCK)"
	$(LATEST)/bin/pip install -q -U --upgrade-strategy eager -c $(LATEST)/torch-cpu.txt -e ".[dev,train,embed,agent]"
	$(LATEST)/bin/pip freeze --exclude-editable > $(LATEST)/freeze.txt
	$(LATEST)/bin/python -m pytest -q -n 2

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
	rm -rf $(VENV) $(LATEST) $(LOCK_VENV) _proc _docs _preview build *.egg-info
