# a11y-controls: build, test and demo entry points (CI runs `make test` through .ci/run).
SHELL := /bin/bash
SERVERS := scripts/servers.sh
SERVERS_DIR ?= $(or $(A11Y_SERVERS_DIR),$(CURDIR)/.servers)

.PHONY: deps build test demo servers-start servers-stop bench

deps:
	scripts/install-deps.sh

build: deps
	swift build

# The servers are stopped whatever the tests' outcome (also on Ctrl-C); make exits with the
# tests' status.
STOP_SERVERS_ON_EXIT = trap '$(SERVERS) stop $(SERVERS_DIR)' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM

test: build
	@$(STOP_SERVERS_ON_EXIT); \
	$(SERVERS) start $(SERVERS_DIR) && source $(SERVERS_DIR)/env && swift test </dev/null

# Runs the demo on this terminal with a virtual braille display (cells in $(SERVERS_DIR)/braille.txt).
demo: build
	@$(STOP_SERVERS_ON_EXIT); \
	$(SERVERS) start --display $(SERVERS_DIR) && source $(SERVERS_DIR)/env && .build/debug/a11y-demo $(DEMO_ARGS)

servers-start:
	$(SERVERS) start $(SERVERS_DIR)

servers-stop:
	$(SERVERS) stop $(SERVERS_DIR)

# The benchmark report (release build, private servers in .build/bench-servers, stopped on exit):
# prints it and writes .build/bench/report.txt and report.json. BENCH_ARGS=--quick for a short run.
bench: deps
	scripts/bench.sh $(BENCH_ARGS)
