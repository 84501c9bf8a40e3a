# Flickarena: the two commands a newcomer needs are `make quickstart` and `make test`.
# `make help` lists every target.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

GO ?= go

.PHONY: help
help: ## Show this help
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "}; {printf "  %-19s %s\n", $$1, $$2}'

.PHONY: quickstart
quickstart: ## Install what is needed, start the env server, drive it from Python, run a short bot tournament
	bash scripts/quickstart

.PHONY: deps
deps: ## Install what the tests need beyond Go: a C compiler for cgo, headless Chromium for the browser tests, PostgreSQL for the arena's store
	bash scripts/install-cc
	bash scripts/install-browser
	bash scripts/install-postgres

.PHONY: test
test: deps checkgenerate lint ## Install what is needed, then run every test (short mode, race detector, vet, gofmt, linters, generated code, Python): what CI runs
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' | grep -v '\.pb\.go$$')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(MAKE) libflickarena-fault # its build cache makes cmd/libflickarena's test of the C ABI quick
	FLICKARENA_REQUIRE_POSTGRES=1 $(GO) test -race -short -shuffle=on ./...
	$(MAKE) python-test

.PHONY: slowtest
slowtest: ## Run the long tests too (thousands of seeds, long tournaments)
	$(GO) test -race -timeout 60m ./...

# Linters, at pinned versions: golangci-lint (its configuration, with a reason per linter, is
# .golangci.yml) is built from the Go module proxy into .tmp/ the first time (a few minutes on
# two cores: the build says so); ruff and mypy come from PyPI into python/.venv (the lint
# extra of python/pyproject.toml, configured there).
GOLANGCI_LINT_VERSION := v2.15.0
GOLANGCI_LINT := $(CURDIR)/.tmp/golangci-lint-$(GOLANGCI_LINT_VERSION)/golangci-lint

$(GOLANGCI_LINT):
	@echo "lint: building golangci-lint $(GOLANGCI_LINT_VERSION) into $(dir $@) (once; a few minutes on two cores)"
	GOBIN=$(dir $@) $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)

.PHONY: lint
lint: $(GOLANGCI_LINT) python/.venv/.installed-lint ## Run the linters: golangci-lint on the Go code, ruff and mypy on python/
	$(GOLANGCI_LINT) run ./...
	cd python && .venv/bin/ruff check . && .venv/bin/mypy

.PHONY: results
results: ## Write the result pages of docs/results/ (PAGES="flickago balance-aimer ..."; `scripts/results -l` lists them and their cost)
	bash scripts/results $(PAGES)

.PHONY: bench
bench: ## Run the Go benchmarks
	$(GO) test -run '^$$' -bench . -benchmem ./...

.PHONY: native-bench
native-bench: ## Compare the physics with native Box2D 2.4 on the same flicks (installs libbox2d-dev and g++ first; not part of `make test`)
	scripts/install-native-box2d
	benchmarks/native/run

.PHONY: fuzz
fuzz: ## Fuzz the flick input for 30 s
	$(GO) test -run '^$$' -fuzz FuzzFlick -fuzztime 30s ./physics

# Code generation (proto/flickarena/v1 and python/flickarena/_gen; python/flickarena/_catalogue.py,
# the games of internal/catalogue, by `go run ./internal/catalogue/pycatalogue`): protoc comes from the pip
# package grpcio-tools, the Go plugins from `go install`, every version pinned here and
# installed under .tmp/, so that `make generate` gives the same bytes on every machine.
# Python needs a proto path rewrite: the stubs live in the package flickarena._gen.v1, so the
# Python run names the file flickarena/_gen/v1/flickarena.proto and the generated imports
# resolve inside our package (the proto package stays flickarena.v1).
PYTHON ?= python3
GRPCIO_TOOLS_VERSION := 1.85.1
PROTOC_GEN_GO_VERSION := v1.36.12
PROTOC_GEN_GO_GRPC_VERSION := v1.6.2
TOOLS := $(CURDIR)/.tmp
GENVENV := $(TOOLS)/grpcio-tools-$(GRPCIO_TOOLS_VERSION)
PROTOC := $(GENVENV)/bin/python -m grpc_tools.protoc
PROTOC_GEN_GO := $(TOOLS)/protoc-gen-go-$(PROTOC_GEN_GO_VERSION)/protoc-gen-go
PROTOC_GEN_GO_GRPC := $(TOOLS)/protoc-gen-go-grpc-$(PROTOC_GEN_GO_GRPC_VERSION)/protoc-gen-go-grpc
GEN_TOOLS := $(GENVENV)/bin/python $(PROTOC_GEN_GO) $(PROTOC_GEN_GO_GRPC)

$(GENVENV)/bin/python:
	$(PYTHON) -m venv $(GENVENV)
	$(GENVENV)/bin/pip install --quiet --disable-pip-version-check grpcio-tools==$(GRPCIO_TOOLS_VERSION)

$(PROTOC_GEN_GO):
	GOBIN=$(dir $@) $(GO) install google.golang.org/protobuf/cmd/protoc-gen-go@$(PROTOC_GEN_GO_VERSION)

$(PROTOC_GEN_GO_GRPC):
	GOBIN=$(dir $@) $(GO) install google.golang.org/grpc/cmd/protoc-gen-go-grpc@$(PROTOC_GEN_GO_GRPC_VERSION)

# gen writes every generated file under the root $(1).
define gen
	mkdir -p $(1)/proto $(1)/python/flickarena/_gen/v1
	$(PROTOC) -Iproto --plugin=protoc-gen-go=$(PROTOC_GEN_GO) --plugin=protoc-gen-go-grpc=$(PROTOC_GEN_GO_GRPC) \
	  --go_out=$(1)/proto --go_opt=paths=source_relative \
	  --go-grpc_out=$(1)/proto --go-grpc_opt=paths=source_relative flickarena/v1/flickarena.proto
	$(PROTOC) --proto_path=flickarena/_gen/v1=proto/flickarena/v1 \
	  --python_out=$(1)/python --pyi_out=$(1)/python --grpc_python_out=$(1)/python flickarena/_gen/v1/flickarena.proto
	echo '"""Generated by `make generate` from proto/flickarena/v1. DO NOT EDIT."""' > $(1)/python/flickarena/_gen/__init__.py
	cp $(1)/python/flickarena/_gen/__init__.py $(1)/python/flickarena/_gen/v1/__init__.py
endef

.PHONY: generate
generate: $(GEN_TOOLS) ## Regenerate the Go and Python code of proto/flickarena/v1 with the pinned tools, and Python's list of the games
	rm -rf python/flickarena/_gen proto/flickarena/v1/*.pb.go
	$(call gen,$(CURDIR))
	$(GO) run ./internal/catalogue/pycatalogue

.PHONY: checkgenerate
checkgenerate: $(GEN_TOOLS) ## Fail if the committed generated code differs from what `make generate` writes
	rm -rf $(TOOLS)/checkgen
	$(call gen,$(TOOLS)/checkgen)
	diff -r -x '*.proto' -x doc.go $(TOOLS)/checkgen/proto/flickarena/v1 proto/flickarena/v1
	diff -r -x __pycache__ $(TOOLS)/checkgen/python/flickarena/_gen python/flickarena/_gen
	$(GO) run ./internal/catalogue/pycatalogue $(TOOLS)/checkgen/_catalogue.py
	diff $(TOOLS)/checkgen/_catalogue.py python/flickarena/_catalogue.py

# The Python package, its tests and examples run in a venv of their own (python/.venv), so the
# system Python is untouched. The stamps reinstall when pyproject.toml changes. The quick start
# needs only the package and its test tools (.installed, a minute); the tests add the sb3 and
# ppo and plot extras (.installed-sb3: Stable-Baselines3, sb3-contrib, TensorBoard, torch and matplotlib from PyPI, about
# 5 GB with torch's CUDA libraries, a few minutes the first time; pip's cache serves later venvs)
# so that their tests (tests/test_sb3.py, tests/test_ppo.py, tests/test_rate_checkpoints.py) run rather than skip.
PYVENV := python/.venv
ENVSERVER := $(TOOLS)/bin/envserver

$(PYVENV)/.installed: python/pyproject.toml
	$(PYTHON) -m venv $(PYVENV)
	$(PYVENV)/bin/pip install --quiet --disable-pip-version-check -e 'python[test]'
	touch $@

$(PYVENV)/.installed-sb3: $(PYVENV)/.installed
	$(PYVENV)/bin/pip install --quiet --disable-pip-version-check -e 'python[test,sb3,ppo,plot]'
	touch $@

$(PYVENV)/.installed-lint: $(PYVENV)/.installed
	$(PYVENV)/bin/pip install --quiet --disable-pip-version-check -e 'python[test,lint]'
	touch $@

.PHONY: envserver
envserver: ## Build the env server into .tmp/bin/envserver
	$(GO) build -o $(ENVSERVER) ./cmd/envserver

# The games as a shared library for a Python (or any C) process: go build -buildmode=c-shared
# compiles every package again as position-independent code, about a minute on two cores
# the first time (the build says so), seconds after. The C ABI is cmd/libflickarena/flickarena.h,
# copied beside the library and the header cgo writes (libflickarena.h, which includes it).
LIBDIR := $(TOOLS)/lib
LIBFLICKARENA := $(LIBDIR)/libflickarena.so

# buildlib builds the library with the build tags $(2) into the directory $(1).
define buildlib
	@echo "libflickarena: building $(1)/libflickarena.so$(if $(2), with -tags $(2)) (go build -buildmode=c-shared: about a minute on two cores the first time, seconds after)"
	mkdir -p $(1)
	$(GO) build -buildmode=c-shared $(if $(2),-tags $(2)) -o $(1)/libflickarena.so ./cmd/libflickarena
	cp cmd/libflickarena/flickarena.h $(1)/flickarena.h
endef

.PHONY: libflickarena
libflickarena: ## Build the games as a shared library, .tmp/lib/libflickarena.so, with its C headers (ABI: cmd/libflickarena/flickarena.h)
	$(call buildlib,$(LIBDIR))

.PHONY: libflickarena-fault
libflickarena-fault: ## The same with the test-only game test/fault-v1 (panics on demand), into .tmp/lib/fault/; for tests only
	$(call buildlib,$(LIBDIR)/fault,fault)

.PHONY: python-test
python-test: $(PYVENV)/.installed-sb3 envserver libflickarena libflickarena-fault ## Run the Python client's tests against a real envserver and in process (pytest; no tests collected is a failure)
	rc=0; FLICKARENA_ENVSERVER=$(ENVSERVER) FLICKARENA_LIB=$(LIBFLICKARENA) FLICKARENA_FAULT_LIB=$(LIBDIR)/fault/libflickarena.so \
	  $(PYVENV)/bin/python -m pytest -q python/tests || rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "python-test: pytest collected no tests"; exit 1; fi; exit $$rc

# The wheel (scripts/build-wheel, docs/decisions/python-wheel.md): the Python package with envserver,
# arena and the in-process library inside, tagged for this platform, for `pip install` on a machine
# without Go. Building it needs Go and a C compiler; the Go builds take a few minutes the first time.
.PHONY: wheel
wheel: ## Build dist/flickarena-<version>-py3-none-<platform>.whl: the Python package with envserver, arena and libflickarena.so inside (pip install and play without Go)
	bash scripts/build-wheel dist

.PHONY: python-bench
python-bench: $(PYVENV)/.installed envserver libflickarena ## Benchmark the Python client through the wire and in process (steps/s beside Go's in-process figure)
	FLICKARENA_ENVSERVER=$(ENVSERVER) FLICKARENA_LIB=$(LIBFLICKARENA) $(PYVENV)/bin/python python/benchmarks/bench_wire.py
	FLICKARENA_ENVSERVER=$(ENVSERVER) FLICKARENA_LIB=$(LIBFLICKARENA) $(PYVENV)/bin/python python/benchmarks/bench_inproc.py
