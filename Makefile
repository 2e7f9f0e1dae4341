# The two entry points on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench clean system-packages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/miner demo

# Debian packages the end-to-end tests use (public-inbox server, headless browser), installed when missing.
system-packages:
	@missing=""; \
	command -v public-inbox-httpd >/dev/null 2>&1 || missing="$$missing public-inbox"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium chromium-driver"; \
	command -v git >/dev/null 2>&1 || missing="$$missing git"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null \
	      || echo "could not install:$$missing (the tests that need them are skipped)"; \
	  else echo "not root or no apt-get: missing$$missing (the tests that need them are skipped)"; fi; \
	fi

test: $(STAMP) system-packages
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_import.py

clean:
	rm -rf $(VENV) *.egg-info listminer-demo.db
