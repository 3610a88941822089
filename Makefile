# Two commands do all the set-up on a fresh machine with Python 3.11+ and make:
#   make serve   creates .venv, installs Atout and starts the tutorial site
#   make test    creates .venv with the test extras, runs ruff and mypy, then the whole suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866
# Kernels started ahead per page a class opens (atout serve --pool); empty: voila.json's one of each.
POOL ?=
STAMP := $(VENV)/.installed
# Python writes the bytecode it compiles, in every recipe. The install leaves compiling to the first import, and the
# suite and the site start many Pythons (the suite's workers, a kernel per page, the referee's): where the
# environment sets PYTHONDONTWRITEBYTECODE, each would compile IPython, pandas and Atout from source again.
export PYTHONDONTWRITEBYTECODE :=

.PHONY: serve test test-ready install i18n pages lint bench bench-site levels dist clean

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip 'setuptools>=77'
	@# --no-compile: pip would compile all 7,144 modules of the packages at install, a third of the install's
	@# time; a run of the suite imports 2,839 of them, compiled once as they are first imported.
	$(BIN)/pip install --quiet --no-compile -e '.[test]'
	touch $(STAMP)

# The solver's searches compiled each from its one source (setup.py; plain Python where no C compiler is found),
# rebuilt whenever a source changes, so that a page never waits for a compile.
SEARCH := $(VENV)/.search-built
$(SEARCH): $(STAMP) atout/solver/tricks.py atout/solver/tricks.pxd atout/sixty_six/open_alphabeta.py \
           atout/sixty_six/open_alphabeta.pxd atout/solver/digest.py
	rm -f atout/solver/tricks.c atout/sixty_six/open_alphabeta.c
	$(BIN)/python setup.py -q build_ext --inplace
	touch $(SEARCH)

install: $(STAMP) $(SEARCH)

# Extract the messages, update the catalogues and compile them (part of every build).
i18n: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg -k N_ -k Text -o atout/locale/atout.pot.new --no-location .
	@# Keep the old template when only its date changed, so a build leaves the tree clean.
	@if diff -q -I '^"POT-Creation-Date' atout/locale/atout.pot atout/locale/atout.pot.new >/dev/null 2>&1; \
	then rm atout/locale/atout.pot.new; else mv atout/locale/atout.pot.new atout/locale/atout.pot; fi
	$(BIN)/pybabel -q update -i atout/locale/atout.pot -d atout/locale -D atout --no-fuzzy-matching --ignore-obsolete
	$(BIN)/pybabel -q compile -d atout/locale -D atout

# Rewrite the site's pages (notebooks/) from atout/notebooks.py; a test checks the committed ones are in step.
pages: $(STAMP)
	$(BIN)/python -m atout.notebooks

serve: $(STAMP) $(SEARCH) i18n
	$(BIN)/atout serve --port $(PORT) $(if $(POOL),--pool $(POOL))

# The sdist and two wheels (dist/): one built from the sdist with the compiled solver search where a C compiler is
# found (setup.py: for this platform and Python), and one of plain Python (ATOUT_PURE=1: py3-none-any, for every
# platform and Python Atout supports; the same search runs uncompiled). Rebuilt when a file of the package changes;
# the tests install each wheel outside the checkout.
DIST := dist/.built
# After the in-place build ($(SEARCH)), which writes the C the sdist takes: the two never run at once under make -j.
$(DIST): $(STAMP) pyproject.toml setup.py README.md $(shell git ls-files atout 2>/dev/null || find atout -type f) \
         | i18n $(SEARCH)
	rm -rf dist
	mkdir -p build
	$(BIN)/python -m build --no-isolation --outdir dist . >build/dist.log 2>&1 || (tail -40 build/dist.log; exit 1)
	@# From the tree: setuptools' build/lib from an earlier build would otherwise slip into it.
	rm -rf build/lib build/bdist.*
	ATOUT_PURE=1 $(BIN)/python -m build --wheel --no-isolation --outdir dist . >>build/dist.log 2>&1 \
	  || (tail -40 build/dist.log; exit 1)
	touch $(DIST)

dist: $(DIST)
	@ls dist

# From npm: axe-core for the browser tests' accessibility checks, and JupyterHub's proxy (configurable-http-proxy)
# for the JupyterHub recipe's test (tests/deploy).
node_modules/axe-core/axe.min.js: package.json
	npm install --no-audit --no-fund --silent
	touch $@

# The suite on as many processes as the CPUs it may use (pytest-xdist; nproc counts the CPUs this process may run
# on, where psutil would count the host's), at most 3: it has run on 2 and 3, and one Voilà server serves them all.
# Each module's browser tests run on one process (tests/conftest.py groups them), each process driving a Chromium of
# its own. On two CPUs, three processes were no quicker from a fresh clone (pytest alone, two rounds: 344 and 373 s
# on three, 343 and 365 s on two). TEST_WORKERS= runs it in one.
TEST_WORKERS ?= -n $(shell n=$$(nproc 2>/dev/null || echo 2); echo $$((n < 3 ? n : 3))) --dist loadgroup

# The static checks (ruff, then mypy as [tool.mypy] in pyproject.toml says: 0 errors on atout/) and the builds first,
# two steps at a time: the solver's compile, then the wheel's, each takes one CPU for seconds, and the static checks,
# the catalogues and axe-core run beside them (20.6 s one at a time after the install, 15.4 s two at a time, from a
# fresh clone). Each step's output is printed whole once it ends. Then the suite.
test:
	$(MAKE) -j2 --output-sync=target test-ready
	ATOUT_DIST=dist $(BIN)/python -m pytest $(TEST_WORKERS)

test-ready: $(STAMP) $(SEARCH) i18n node_modules/axe-core/axe.min.js $(DIST) lint

lint: $(STAMP)
	$(BIN)/ruff check atout tests $(wildcard benchmarks)
	$(BIN)/mypy

bench: $(STAMP) $(SEARCH)
	$(BIN)/atout bench engine

# The site in Chromium (outside the package: its browser code is not Atout's); BENCH_ARGS=--json for machines.
BENCH_ARGS ?=
bench-site: $(STAMP) $(SEARCH) i18n
	$(BIN)/python benchmarks/bench_site.py $(BENCH_ARGS)

# Does each level of computer player beat the one below, in every registered game? 2,000 hands per preset, pair
# and seed, two seeds: about an hour and a half on 2 shared cores (docs/levels.md). LEVELS_ARGS narrows it, e.g.
# LEVELS_ARGS="--games sixty-six --hands 200". The experts solve deals: with the compiled search ($(SEARCH)).
LEVELS_ARGS ?=
levels: $(STAMP) $(SEARCH)
	$(BIN)/python benchmarks/levels.py $(LEVELS_ARGS)

clean:
	rm -rf $(VENV) build dist *.egg-info
