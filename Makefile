# Tapete: build, serve and test. Every target installs what it lacks, so a fresh
# Debian machine (root, registries only) works with `make test` or `make play`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PORT ?= 8000
PYTEST_ARGS ?=
TEST_WORKERS ?= auto   # pytest-xdist workers for `make test` (one per core); 0 runs in this process
# A test whose Chromium renderer died ("Target crashed" / "Page crashed": the machine, not the app) runs once
# more, in a new browser (tests/browser/conftest.py retires the crashed one); any other failure is final.
RERUN := --reruns 1 --only-rerun "Target crashed" --only-rerun "Page crashed"
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
NPM_STAMP := node_modules/.tapete-npm-ci
VENV_STAMP := $(VENV)/.tapete-requirements

.PHONY: help setup runtime build dist play test test-unit test-browser soak bench check clean bench-engines bench-bots bench-search bench-p2p relay

help:
	@echo "make play    build and serve dist/ on http://127.0.0.1:$(PORT)"
	@echo "make test    install everything missing, build, run all tests (unit + browser)"
	@echo "make dist    build the self-contained static site into dist/"
	@echo "make bench   run the benchmarks in bench/"
	@echo "make bench-engines / bench-bots   only the engine speed / bot strength bench"
	@echo "make bench-search   hard bots against a flat determinized search (slow; not in make bench)"
	@echo "make bench-p2p   only the peer-to-peer bench (real relay + two Chromium pages)"
	@echo "make setup   venv + npm ci + chromium + build"
	@echo "make check   the fast loop: unit tests without the long ones, in parallel (no browser, no build)"

# --- installs (idempotent) ---------------------------------------------------
$(VENV_STAMP): requirements-test.txt
	@[ -x $(VPY) ] || $(PYTHON) -m venv $(VENV) || { \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y python3-venv && $(PYTHON) -m venv $(VENV); }
	$(VPY) -m pip install --disable-pip-version-check -q -r requirements-test.txt
	@touch $@

# A real Nostr relay for the peer-to-peer browser tests, in its own venv (its dependencies may clash).
RELAY_STAMP := .venv-relay/.tapete-requirements
$(RELAY_STAMP): requirements-relay.txt
	@[ -x .venv-relay/bin/python ] || $(PYTHON) -m venv .venv-relay
	.venv-relay/bin/python -m pip install --disable-pip-version-check -q -r requirements-relay.txt
	@touch $@

relay: $(RELAY_STAMP)

$(NPM_STAMP): package.json package-lock.json $(wildcard patches/*.patch)   # npm ci applies patches/ (postinstall)
	@command -v npm >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y nodejs npm; }
	npm ci --no-audit --no-fund
	@touch $@

$(CHROMIUM):
	$(SUDO) apt-get update && $(SUDO) apt-get install -y chromium

# --- build -------------------------------------------------------------------
runtime: $(NPM_STAMP)

build: runtime
	$(PYTHON) scripts/build.py

dist: build

setup: $(VENV_STAMP) $(RELAY_STAMP) $(CHROMIUM) build

# --- use -----------------------------------------------------------------------
play: build
	@echo "Tapete on http://127.0.0.1:$(PORT)/  (Ctrl-C to stop)"
	$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1 --directory dist

test: setup
	$(VPY) -m pytest tests -n $(TEST_WORKERS) --dist load --maxschedchunk 1 --durations=25 $(RERUN) $(PYTEST_ARGS)

# The development loop (issue 43): the unit tier without the tests marked long (the conformance slices,
# which `make test` still runs), on one worker per core. Not what CI runs: that is `make test`.
check: $(VENV_STAMP)
	$(VPY) -m pytest tests -m "not browser and not long" -n $(TEST_WORKERS) -q --durations=10 -p no:cacheprovider $(PYTEST_ARGS)

test-unit: $(VENV_STAMP)
	$(VPY) -m pytest tests -m "not browser"

test-browser: setup
	$(VPY) -m pytest tests -m browser

soak: $(VENV_STAMP)
	$(VPY) tests/soak.py --games $(or $(SOAK_GAMES),100000)

bench: setup
	@set -e; for f in bench/[!_]*.py; do case $$f in bench/search.py|bench/regret.py|bench/lookahead.py|bench/shed_lookahead.py) continue;; esac; echo "== $$f"; $(VPY) $$f; done

bench-engines:  # creates .bench/venv with the pinned RLCard and re-runs itself there
	$(PYTHON) bench/engines.py

bench-bots:
	$(PYTHON) bench/bots.py

bench-search:  # hard against the flat determinized search (200 rollouts a decision): hours; not in `make bench`
	nice $(PYTHON) bench/search.py

bench-p2p: setup
	$(VPY) bench/p2p.py

clean:
	rm -rf build dist static/vendor test-artifacts .pytest_cache
