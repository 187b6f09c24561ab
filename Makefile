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

# The last line, "N passed, N failed", counts the Swift Testing tests that ran; it is printed
# after the servers are stopped, so it stays the last line.
test: build
	@rm -f .build/test.log; \
	trap '$(SERVERS) stop $(SERVERS_DIR); scripts/test-summary.sh .build/test.log' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; \
	$(SERVERS) start $(SERVERS_DIR) || exit $$?; \
	source $(SERVERS_DIR)/env; \
	set -o pipefail; swift test </dev/null 2>&1 | tee .build/test.log

# Runs the showcase on this terminal: with the system's speech and braille servers when they are
# reachable, otherwise with private ones and --preview (scripts/demo.sh).
demo: build
	@A11Y_SERVERS_DIR=$(SERVERS_DIR) scripts/demo.sh $(DEMO_ARGS)

servers-start:
	$(SERVERS) start $(SERVERS_DIR)

servers-stop:
	$(SERVERS) stop $(SERVERS_DIR)

# The benchmark report (release build, private servers in .build/bench-servers, stopped on exit):
# prints it and writes .build/bench/report.txt and report.json. BENCH_ARGS=--quick for a short run.
bench: deps
	scripts/bench.sh $(BENCH_ARGS)
