# Flickarena: the two commands a newcomer needs are `make quickstart` and `make test`.
# `make help` lists every target.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

GO ?= go

.PHONY: help
help: ## Show this help
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "}; {printf "  %-12s %s\n", $$1, $$2}'

.PHONY: quickstart
quickstart: ## Install what is needed and run the main job on the built-in defaults
	$(GO) mod download
	$(GO) run ./cmd/arena physics-demo

.PHONY: deps
deps: ## Install what the tests need beyond Go: headless Chromium for the browser tests
	bash scripts/install-browser

.PHONY: test
test: deps ## Install what is needed, then run every test (short mode, race detector, vet, gofmt): what CI runs
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' | grep -v '\.pb\.go$$')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -race -short -shuffle=on ./...

.PHONY: slowtest
slowtest: ## Run the long tests too (thousands of seeds, long tournaments)
	$(GO) test -race -timeout 60m ./...

.PHONY: bench
bench: ## Run the Go benchmarks
	$(GO) test -run '^$$' -bench . -benchmem ./...

.PHONY: fuzz
fuzz: ## Fuzz the flick input for 30 s
	$(GO) test -run '^$$' -fuzz FuzzFlick -fuzztime 30s ./physics
