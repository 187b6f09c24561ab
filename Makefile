# a11y-controls: build, test and demo entry points (CI runs `make test` through .ci/run).
SHELL := /bin/bash
SERVERS := scripts/servers.sh
SERVERS_DIR ?= $(or $(A11Y_SERVERS_DIR),$(CURDIR)/.servers)

.PHONY: deps build test test-repeat soak brltty-sessions readme-snippets demo servers-start servers-stop bench \
	asan asan-run tsan fuzz fuzz-build install install-build install-files uninstall

deps:
	scripts/install-deps.sh

build: deps
	swift build

# The servers are stopped whatever the tests' outcome (also on Ctrl-C); make exits with the
# tests' status.
STOP_SERVERS_ON_EXIT = trap '$(SERVERS) stop $(SERVERS_DIR)' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM

# After the tests: the Swift snippets of README.md and docs/, 60 s of fuzzing, a 60 s soak (whose failure fails make
# test, after the ASan run), the suite under ASan (without the real screen readers, which the plain run ran).
# The last line, "N passed, N failed", counts the Swift Testing tests that ran; it is printed
# after the servers are stopped, so it stays the last line.
test: build
	@rm -f .build/test.log; \
	trap '$(SERVERS) stop $(SERVERS_DIR); scripts/test-summary.sh .build/test.log' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; \
	$(SERVERS) start $(SERVERS_DIR) || exit $$?; \
	source $(SERVERS_DIR)/env; \
	set -o pipefail; swift test </dev/null 2>&1 | tee .build/test.log; status=$$?; \
	$(MAKE) --no-print-directory readme-snippets || exit $$?; \
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_SECONDS) || exit $$?; \
	$(MAKE) --no-print-directory soak SOAK_SECONDS=60; soak=$$?; \
	if [ "$(TEST_ASAN)" = 1 ]; then $(MAKE) --no-print-directory asan-run SKIP_REAL_READERS=1 || exit $$?; fi; \
	if [ $$status = 0 ]; then status=$$soak; fi; \
	exit $$status

# BRLTTY must survive us: 500 a11y-demo sessions (scripted and in a pty, braille keys, leaving at
# every point: accept, cancel, signals, a crash) against a private BRLTTY; prints its restarts
# (the suite runs 100 of them).
BRLTTY_SESSIONS ?= 500
brltty-sessions: build
	@swift build --build-tests >/dev/null || exit $$?; \
	trap '$(SERVERS) stop $(CURDIR)/.build/servers-sessions' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; \
	$(SERVERS) start $(CURDIR)/.build/servers-sessions || exit $$?; \
	source $(CURDIR)/.build/servers-sessions/env; \
	A11Y_BRLTTY_SESSIONS=$(BRLTTY_SESSIONS) swift test --skip-build --filter BrlttySurvives 2>&1 | grep -E 'brltty-sessions:|✘|Test run'

# The suite N times (N=5), each run against freshly started private servers, counting
# the runs and tests that failed: a test that fails once in N is flaky (scripts/test-repeat.sh).
N ?= 5
test-repeat: deps
	@scripts/test-repeat.sh $(N)

# a11y-demo for SOAK_SECONDS (600) in a terminal against private servers (.build/servers-soak),
# with seeded keys, braille keys, signals and server faults (SOAK_SEED replays a run); prints
# keys, faults, recoveries, the RSS curve, descriptors and threads. `make test` runs it for 60 s.
SOAK_SECONDS ?= 600
soak: build
	@swift build --product a11y-soak >.build/soak-build.log 2>&1 || { tail -n 20 .build/soak-build.log; exit 2; }; \
	trap '$(SERVERS) stop $(CURDIR)/.build/servers-soak' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; \
	$(SERVERS) start $(CURDIR)/.build/servers-soak || exit $$?; \
	source $(CURDIR)/.build/servers-soak/env; \
	SOAK_SECONDS=$(SOAK_SECONDS) .build/debug/a11y-soak

# The ```swift blocks of README.md and docs/*.md compile against the A11yControls product (a scratch
# package in .build/readme-snippets), and examples/swift-embedding builds; one line unless something fails.
readme-snippets:
	@scripts/check-readme-snippets.sh

# make test also runs the whole suite under the address sanitizer (a sanitized build and the
# tests again, which takes minutes); TEST_ASAN=0 skips it.
TEST_ASAN ?= 1

# The sanitized and fuzzing builds link with lld, which the Swift toolchain ships (ld.lld beside
# swift). The default, gold, prints "warning: Cannot export local symbol '__asan_report_*_asm'"
# many times over for every ASan link: the runtime's export list (libclang_rt.asan-x86_64.a.syms:
# `__asan_*`) also names the hidden helpers of libclang_rt.asan_static, which gold reports and
# lld leaves alone.
LINK_WITH_LLD := -Xswiftc -use-ld=lld

# Coverage-guided fuzzing of the key decoder (libFuzzer), bounded in time; `make test` runs it
# for FUZZ_SECONDS (60) after the tests. The corpus persists in .build/fuzz-corpus.
FUZZ_SECONDS ?= 60
fuzz-build:
	set -o pipefail; swift build -c release --product KeyDecoderFuzzer --scratch-path .build/fuzz \
	  -Xswiftc -sanitize=fuzzer $(LINK_WITH_LLD) -Xswiftc -DLIBFUZZER 2>&1 | tail -n 3

fuzz: fuzz-build
	@mkdir -p .build/fuzz-corpus; \
	start=$$(date +%s); \
	.build/fuzz/release/KeyDecoderFuzzer -max_total_time=$(FUZZ_SECONDS) -max_len=256 -print_final_stats=1 \
	  .build/fuzz-corpus >.build/fuzz.log 2>&1; status=$$?; \
	grep -E '^stat::number_of_executed_units|^Done|ERROR|invariant' .build/fuzz.log; \
	echo "fuzz: key decoder, $$(( $$(date +%s) - start )) s, status $$status (log .build/fuzz.log)"; \
	exit $$status

# The whole suite under a sanitizer, against private servers in .build/servers-asan / .build/servers-tsan;
# the demo run by the end-to-end tests is the sanitized build too (A11Y_DEMO).
# ASan: leak detection is off (the Swift runtime and libdispatch keep caches alive at exit).
# TSan: suppressions for races inside libspeechd/BrlAPI are in scripts/tsan-suppressions.txt.
SANITIZER_RUN = trap '$(SERVERS) stop $(CURDIR)/.build/servers-$(1)' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; \
	swift build --build-tests --sanitize=$(2) --scratch-path .build/$(1) $(LINK_WITH_LLD) || exit $$?; \
	$(SERVERS) start $(CURDIR)/.build/servers-$(1) || exit $$?; \
	source $(CURDIR)/.build/servers-$(1)/env; \
	export A11Y_DEMO=$(CURDIR)/.build/$(1)/debug/a11y-demo; \
	start=$$(date +%s); set -o pipefail; \
	swift test --skip-build --sanitize=$(2) --scratch-path .build/$(1) </dev/null 2>&1 | tee .build/$(1).log; status=$$?; \
	echo "$(1): $$(( $$(date +%s) - start )) s of tests, status $$status; $$(scripts/test-summary.sh .build/$(1).log)"; \
	exit $$status

asan: build asan-run

# SKIP_REAL_READERS=1 (make test's ASan run, after its plain run ran them): the tests under the
# real Fenrir and Orca (RealScreenReaderTests) are skipped, as A11Y_SKIP_REAL_READERS=1 tells them.
# Under a real reader the sanitized demo reaches little that the other sanitized tests do not (the
# Fenrir stand-in tests, which stay, run detection, the remote socket and the reader's watch);
# `make asan` alone runs them.
asan-run:
	@export ASAN_OPTIONS=detect_leaks=0 A11Y_SKIP_REAL_READERS=$(SKIP_REAL_READERS); $(call SANITIZER_RUN,asan,address)

tsan: build
	@export TSAN_OPTIONS="suppressions=$(CURDIR)/scripts/tsan-suppressions.txt halt_on_error=0"; $(call SANITIZER_RUN,tsan,thread)

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

# Installs a11y-demo as a Unix tool (release build): the program, its man page and bash/zsh/fish
# completions (both written by the program from its option table), the C library with its
# headers and pkg-config file. PREFIX defaults to /usr/local; DESTDIR is honoured (packaging).
# install-files installs what BUILD_DIR already holds (the tests use the debug build).
PREFIX ?= /usr/local
BUILD_DIR ?= .build/release
INSTALL_ROOT = $(DESTDIR)$(PREFIX)
INSTALLED_FILES = bin/a11y-demo share/man/man1/a11y-demo.1 share/bash-completion/completions/a11y-demo \
	share/zsh/site-functions/_a11y-demo share/fish/vendor_completions.d/a11y-demo.fish \
	lib/liba11y-controls.so include/a11y_controls.h include/a11y_formatter_plugin.h lib/pkgconfig/a11y-controls.pc

install: install-build
	@$(MAKE) --no-print-directory install-files BUILD_DIR=.build/release

install-build: deps
	scripts/release-build.sh --product a11y-demo
	scripts/release-build.sh --product a11y-controls

install-files:
	@set -e; demo=$(BUILD_DIR)/a11y-demo; root='$(INSTALL_ROOT)'; \
	test -x "$$demo" && test -f $(BUILD_DIR)/liba11y-controls.so || { echo "install: build first ($(BUILD_DIR))" >&2; exit 1; }; \
	install -d "$$root/bin" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
	  "$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d" "$$root/lib/pkgconfig" "$$root/include"; \
	install -m 755 "$$demo" "$$root/bin/a11y-demo"; \
	"$$demo" --generate man >"$$root/share/man/man1/a11y-demo.1"; \
	"$$demo" --generate bash >"$$root/share/bash-completion/completions/a11y-demo"; \
	"$$demo" --generate zsh >"$$root/share/zsh/site-functions/_a11y-demo"; \
	"$$demo" --generate fish >"$$root/share/fish/vendor_completions.d/a11y-demo.fish"; \
	chmod 644 "$$root/share/man/man1/a11y-demo.1" "$$root/share/bash-completion/completions/a11y-demo" \
	  "$$root/share/zsh/site-functions/_a11y-demo" "$$root/share/fish/vendor_completions.d/a11y-demo.fish"; \
	install -m 755 $(BUILD_DIR)/liba11y-controls.so "$$root/lib/liba11y-controls.so"; \
	install -m 644 include/a11y_controls.h include/a11y_formatter_plugin.h "$$root/include/"; \
	version=$$("$$demo" --version | cut -d' ' -f2); \
	sed -e 's|@PREFIX@|$(PREFIX)|' -e "s|@VERSION@|$$version|" scripts/a11y-controls.pc.in >"$$root/lib/pkgconfig/a11y-controls.pc"; \
	chmod 644 "$$root/lib/pkgconfig/a11y-controls.pc"; \
	echo "installed a11y-demo $$version in $$root ($(words $(INSTALLED_FILES)) files)"

uninstall:
	@cd '$(INSTALL_ROOT)' 2>/dev/null && rm -f $(INSTALLED_FILES); echo "removed a11y-demo from $(INSTALL_ROOT)"
