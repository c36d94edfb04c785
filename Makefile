# The commands a newcomer needs. `make help` lists them.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CIVIC := node bin/civic.js
INSTALLED := node_modules/.installed
CLI_BUILD := dist/cli/build-manifest.json
CLI_SOURCES := $(shell find cli core server migrations \( -name '*.ts' -o -name '*.tsx' \) ! -name '*.test.ts' ! -name '*.test.tsx' ! -path '*/testing/*')

.PHONY: help install browser demo build test lint typecheck bench planted-bugs clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F ':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

install: $(INSTALLED) $(CLI_BUILD) ## install the pinned dependencies (npm ci) and compile the civic CLI into dist/

$(INSTALLED): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# The compiled CLI (bin/civic.js runs it while it is newer than every file it was built
# from, else the TypeScript sources). Order-only on the install: a new npm ci alone does not
# change what the bundle contains.
$(CLI_BUILD): $(CLI_SOURCES) package.json bin/compiled-cli.js scripts/build-cli.js | $(INSTALLED)
	node scripts/build-cli.js

# The demo's administrator. Its password is public (it is printed): for a local demo only.
DEMO_ADMIN_EMAIL := admin@fairview.example
DEMO_ADMIN_PASSWORD := fairview-demo-only

demo: build ## build the site, seed the demo cities, run the pipeline on their meetings, add a demo admin, then serve (Ctrl-C stops)
	$(CIVIC) db seed
	$(CIVIC) ingest --city fairview-ca
	$(CIVIC) ingest --city riverton-or
	@printf '%s' '$(DEMO_ADMIN_PASSWORD)' | $(CIVIC) user add --email $(DEMO_ADMIN_EMAIL) --admin --password-stdin
	@echo
	@echo "Open http://localhost:$${PORT:-3000}/ (the demo city: http://localhost:$${PORT:-3000}/city/fairview-ca)."
	@echo "Sign in at http://localhost:$${PORT:-3000}/auth as the demo admin, a demo-only account:"
	@echo "  email     $(DEMO_ADMIN_EMAIL)"
	@echo "  password  $(DEMO_ADMIN_PASSWORD)"
	@echo "Mail (sign-in codes, confirmation links) is written to $${DATA_DIR:-./data}/outbox/ instead of being sent."
	@echo "Ctrl-C stops the server."
	@echo
	$(CIVIC) serve

# Warnings and errors only: the list of ~95 chunks buried the demo's own lines (issue 25).
build: install ## build the web site into web/dist (civic serve serves it)
	npx vite build --config web/vite.config.ts --logLevel warn
	@echo "Built the web site into web/dist."

typecheck: install ## type-check every TypeScript file (Node code, then the web app)
	npx tsc --noEmit -p tsconfig.json
	npx tsc --noEmit -p web/tsconfig.json

# knip (knip.json) fails on dead code: an export nothing imports, a file nothing reaches, a
# dependency nothing uses.
lint: install ## lint, including the dependency rule between core, cli, server and web, and dead code
	npx eslint --max-warnings 0 .
	npx knip

# Checked first, so a missing browser stops make test at once with one line, not after the
# typecheck and lint with a launch error from every browser test file.
browser: ## make sure the browser tests' Chromium is there (as root, installs Debian's chromium package)
	node scripts/ensure-chromium.js

test: browser install typecheck lint ## typecheck, lint and run every test (PostgreSQL too when TEST_DATABASE_URL is set)
	npx vitest run

# Every benchmark runs even when one misses its target (it exits non-zero); make fails at the end, naming them.
bench: install ## run the benchmarks in scripts/bench and print their ratios
	@shopt -s nullglob; benches=(scripts/bench/*.bench.ts); missed=(); \
	if (( $${#benches[@]} == 0 )); then echo "No benchmarks in scripts/bench yet"; fi; \
	for bench in "$${benches[@]}"; do echo "== $$bench"; npx tsx --tsconfig tsconfig.json "$$bench" || missed+=("$$bench"); done; \
	if (( $${#missed[@]} > 0 )); then echo "missed a target or failed: $${missed[*]}"; exit 1; fi

planted-bugs: install ## plant each bug of scripts/mutations/planted-bugs.ts in turn and check its tests fail (docs/test-strength.md)
	npx tsx --tsconfig tsconfig.json scripts/mutations/run-planted-bugs.ts

clean: ## remove the embedded database, build output and the install marker
	rm -rf data dist web/dist coverage $(INSTALLED)
