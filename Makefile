# a11y-controls: build, test and demo entry points (CI runs `make test` through .ci/run).
SHELL := /bin/bash
SERVERS := scripts/servers.sh
SERVERS_DIR ?= $(or $(A11Y_SERVERS_DIR),$(CURDIR)/.servers)

.PHONY: deps build test test-repeat soak brltty-sessions readme-snippets docs demo servers-start servers-stop bench \
	asan asan-run tsan fuzz fuzz-build install install-build install-files uninstall python-venv python-test deb deb-check pot locale pot-check doc-tables \
	matrix matrix-build wheel wheel-check

deps:
	scripts/install-deps.sh

build: deps
	swift build
	@$(MAKE) --no-print-directory locale

# The message catalogs (po/, docs in CONTRIBUTING.md "Adding a language"): `make pot` writes po/a11y-controls.pot
# from the English texts of the sources and merges every po/<language>.po with it; `make locale` compiles them
# (msgfmt --check) into .build/locale, where the programs and the library of the build tree find them;
# `make pot-check` (in make test) fails when the template is stale or a catalog does not compile.
LOCALE_DIR := $(CURDIR)/.build/locale
pot:
	@scripts/po.sh pot

locale:
	@scripts/po.sh compile $(LOCALE_DIR)

pot-check:
	@scripts/po.sh check

# The servers are stopped whatever the tests' outcome (also on Ctrl-C); make exits with the
# tests' status.
STOP_SERVERS_ON_EXIT = trap '$(SERVERS) stop $(SERVERS_DIR)' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM

# After the tests: the Python package's tests (against the same servers), the Swift snippets of README.md, docs/ and
# the DocC articles, the API documentation (make docs), 60 s of fuzzing, a 60 s soak (whose failure fails make test,
# after the ASan run), the suite under ASan (without the real screen readers, which the plain run ran).
# The last line, "N passed, N failed", counts the Swift Testing tests that ran; it is printed
# after the servers are stopped, so it stays the last line. The ssh and WSL variables are unset:
# run over ssh, a11y-demo would otherwise choose the presentation for a reader on another machine
# in every test that does not ask for it (DemoRemoteReaderTests sets them itself).
test: build
	@rm -f .build/test.log; \
	trap '$(SERVERS) stop $(SERVERS_DIR); scripts/test-summary.sh .build/test.log' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; \
	$(MAKE) --no-print-directory pot-check || exit $$?; \
	if [ "$(A11Y_MATRIX)" = 1 ]; then scripts/matrix/prepare.sh || exit $$?; fi; \
	$(SERVERS) start $(SERVERS_DIR) || exit $$?; \
	source $(SERVERS_DIR)/env; export A11Y_LOCALEDIR=$(LOCALE_DIR); \
	unset SSH_CONNECTION SSH_TTY SSH_CLIENT WSL_DISTRO_NAME WSL_INTEROP; \
	set -o pipefail; swift test </dev/null 2>&1 | tee .build/test.log; status=$$?; \
	$(MAKE) --no-print-directory python-test; python=$$?; if [ $$status = 0 ]; then status=$$python; fi; \
	$(MAKE) --no-print-directory readme-snippets || exit $$?; \
	scripts/docs.sh || exit $$?; \
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_SECONDS) || exit $$?; \
	$(MAKE) --no-print-directory soak SOAK_SECONDS=60; soak=$$?; \
	if [ "$(TEST_ASAN)" = 1 ]; then $(MAKE) --no-print-directory asan-run SKIP_REAL_READERS=1 || exit $$?; fi; \
	if [ $$status = 0 ]; then status=$$soak; fi; \
	if [ "$(A11Y_MATRIX)" = 1 ]; then $(MAKE) --no-print-directory matrix; matrix=$$?; if [ $$status = 0 ]; then status=$$matrix; fi; fi; \
	exit $$status

# A11Y_MATRIX=1: make test also runs the distribution matrix (make matrix, below) after everything else, its chroots
# made in the background from the start. Off by default until the matrix passes on both suites every time (on forky
# a question that BRLTTY 6.9.1 sometimes never answers: CONTRIBUTING.md, "The distribution matrix"); then
# the default becomes 1, and A11Y_MATRIX=0 leaves it out of a quick local run (CI never sets it).
A11Y_MATRIX ?= 0

# The Python package (bindings/python) in a virtual environment of Debian's python3 (.build/python-venv): pytest,
# mypy and wheel installed once from PyPI, the package itself reinstalled from a copy of the tree at every run (the
# build writes build/ and *.egg-info beside its sources; offline: --no-build-isolation with the venv's setuptools
# and wheel).
PYTHON ?= /usr/bin/python3
PYTHON_VENV := $(CURDIR)/.build/python-venv
python-venv:
	@set -e; test -x $(PYTHON_VENV)/bin/python || $(PYTHON) -m venv $(PYTHON_VENV); \
	$(PYTHON_VENV)/bin/python -c 'import pytest, mypy, wheel' 2>/dev/null \
	  || $(PYTHON_VENV)/bin/pip install -q pytest mypy wheel >.build/python-venv.log 2>&1 \
	  || { tail -n 20 .build/python-venv.log; exit 1; }; \
	rm -rf .build/python-source; cp -r bindings/python .build/python-source; \
	A11Y_CONTROLS_WHEEL_LIBRARY=none $(PYTHON_VENV)/bin/pip install -q --no-build-isolation --no-index --no-deps --force-reinstall .build/python-source \
	  >.build/python-install.log 2>&1 || { tail -n 20 .build/python-install.log; exit 1; }

# The Python wheel that carries the C library (bindings/python/build_backend, scripts/wheel-library.sh):
# .build/wheel/dist/a11y_controls-<version>-py3-none-manylinux_<glibc>_<machine>.whl, built by pip with the venv's
# setuptools (offline). The library is the release build's objects (scripts/release-build.sh, shared with make
# install-build and make deb) linked with the Swift runtime in it, so the wheel needs only the system's C library;
# its platform tag is the newest glibc the library's symbols need.
WHEEL_DIR := $(CURDIR)/.build/wheel/dist
wheel: deps python-venv
	@rm -rf $(WHEEL_DIR) bindings/python/build; mkdir -p $(WHEEL_DIR); start=$$(date +%s); \
	$(PYTHON_VENV)/bin/pip wheel -q --no-build-isolation --no-index --no-deps -w $(WHEEL_DIR) ./bindings/python \
	  >.build/wheel.log 2>&1 || { tail -n 30 .build/wheel.log; exit 1; }; \
	rm -rf bindings/python/build; \
	echo "wheel: $$(ls $(WHEEL_DIR)/*.whl) ($$(du -k $(WHEEL_DIR)/*.whl | cut -f1) KB, $$(( $$(date +%s) - start )) s)"

# The wheel checked (scripts/wheel-check.sh): its library needs only libc, libm and ld.so and the tag names the
# newest glibc its symbols need (readelf, objdump), then pip-installed into a fresh virtual environment in a clean
# Debian 12 and a clean Debian 13 chroot (debootstrap --variant=minbase, made once in /var/tmp/a11y-controls-wheel;
# no Swift, no network) and used there, and in the distribution matrix's trixie chroot when it exists (read-only:
# Debian 13's libspeechd and libbrlapi loaded by the wheel's library); then, here with the private servers, the package's modal tests on the
# wheel's library (speech and braille through the system's libspeechd and libbrlapi). Needs root; A11Y_WHEEL_SUITES
# picks the suites. About 15 s once the chroots and the release build exist (the first run makes them: minutes).
wheel-check: wheel
	@scripts/install-deps.sh --wheel
	@scripts/wheel-check.sh

# The package checked by mypy --strict, then its tests (bindings/python/tests) against the C library of the debug
# build and the catalogs of .build/locale; the tests that need the servers read them from the environment (make test's, or `source DIR/env`) and fail
# without them. pytest's exit status 5 (no test collected) is a failure too.
python-test: python-venv
	@swift build --product a11y-controls >.build/python-library-build.log 2>&1 \
	  || { tail -n 30 .build/python-library-build.log; exit 1; }; \
	scripts/po.sh compile $(LOCALE_DIR) 2>/dev/null || exit $$?; \
	$(PYTHON_VENV)/bin/mypy --strict --cache-dir=/dev/null bindings/python/src/a11y_controls || exit $$?; \
	cd bindings/python && A11Y_CONTROLS_LIBRARY=$(CURDIR)/.build/debug/liba11y-controls.so A11Y_CONTROLS_CONFIG=/dev/null \
	  A11Y_LOCALEDIR=$${A11Y_LOCALEDIR:-$(LOCALE_DIR)} PYTHONDONTWRITEBYTECODE=1 \
	  $(PYTHON_VENV)/bin/python -m pytest -q -p no:cacheprovider -rfEs tests; status=$$?; \
	if [ $$status = 5 ]; then echo "python-test: pytest collected no tests" >&2; exit 1; fi; \
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

# The tables of README.md and docs/user-guide.md that are made from the code (the key table, from the key map),
# written between their markers by scripts/doc-tables.sh from `a11y-demo --generate keys-markdown`; run it after
# changing the default keys (Sources/A11yInput/KeyMap.swift) or what they do (Sources/DemoCommandLine/KeyTable.swift).
# DocsMatchTheCodeTests (in make test) fails while a committed table differs; `scripts/doc-tables.sh --check` says how.
doc-tables:
	@mkdir -p .build; swift build --product a11y-demo >.build/doc-tables-build.log 2>&1 || { tail -n 30 .build/doc-tables-build.log; exit 1; }
	@scripts/doc-tables.sh

# The API documentation: a DocC archive of A11yControls (.build/docs/A11yControls.doccarchive) from
# the module's symbol graph and Sources/A11yControls/A11yControls.docc, by the toolchain's docc.
# Fails on a docc warning or a public declaration without a doc comment (make test runs it).
docs: deps
	@scripts/docs.sh

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

# The distribution matrix (scripts/matrix/, CONTRIBUTING.md "The distribution matrix"): the end-to-end and real-reader
# tests, built here, run in a chroot of Debian 13 (trixie) and of Debian testing (forky) against that release's own
# speech-dispatcher, BRLTTY, Orca and Fenrir. The chroots are made once with debootstrap and cached outside the
# repository (A11Y_MATRIX_CACHE, default /var/cache/a11y-controls-matrix); each run is in its own mount, PID and
# network namespaces. A11Y_MATRIX_SUITES picks the suites, A11Y_MATRIX_DEMO=debug uses the debug a11y-demo
# instead of the release build. Needs root.
A11Y_MATRIX_DEMO ?= release
matrix-build:
	@scripts/install-deps.sh --matrix
	@swift build --build-tests >.build/matrix-build.log 2>&1 || { tail -n 30 .build/matrix-build.log; exit 1; }
	@if [ "$(A11Y_MATRIX_DEMO)" = release ]; then scripts/release-build.sh --product a11y-demo >.build/matrix-release.log 2>&1 \
	  || { tail -n 30 .build/matrix-release.log; exit 1; }; fi

matrix: matrix-build
	@A11Y_MATRIX_DEMO=$(A11Y_MATRIX_DEMO) scripts/matrix/run.sh

# The benchmark report (release build, private servers in .build/bench-servers, stopped on exit):
# prints it and writes .build/bench/report.txt and report.json. BENCH_ARGS=--quick for a short run.
bench: deps
	scripts/bench.sh $(BENCH_ARGS)

# Installs a11y-demo as a Unix tool (release build): the program, its man page and bash/zsh/fish
# completions (both written by the program from its option table), the C library with its
# headers and pkg-config file, the message catalogs (compiled by msgfmt --check). PREFIX defaults to /usr/local; DESTDIR is honoured (packaging).
# install-files installs what BUILD_DIR already holds (the tests use the debug build).
PREFIX ?= /usr/local
BUILD_DIR ?= .build/release
INSTALL_ROOT = $(DESTDIR)$(PREFIX)
# LIBDIR: where the library and its pkg-config file go under PREFIX (the Debian package: lib/<multiarch>).
LIBDIR ?= lib
CATALOGS = $(patsubst po/%.po,share/locale/%/LC_MESSAGES/a11y-controls.mo,$(wildcard po/*.po))
INSTALLED_FILES = bin/a11y-demo share/man/man1/a11y-demo.1 share/bash-completion/completions/a11y-demo \
	share/zsh/site-functions/_a11y-demo share/fish/vendor_completions.d/a11y-demo.fish \
	$(LIBDIR)/liba11y-controls.so include/a11y_controls.h include/a11y_formatter_plugin.h $(LIBDIR)/pkgconfig/a11y-controls.pc \
	$(CATALOGS)

install: install-build
	@$(MAKE) --no-print-directory install-files BUILD_DIR=.build/release

install-build: deps
	scripts/release-build.sh --product a11y-demo
	scripts/release-build.sh --product a11y-controls

install-files:
	@set -e; demo=$(BUILD_DIR)/a11y-demo; root='$(INSTALL_ROOT)'; \
	test -x "$$demo" && test -f $(BUILD_DIR)/liba11y-controls.so || { echo "install: build first ($(BUILD_DIR))" >&2; exit 1; }; \
	install -d "$$root/bin" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
	  "$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d" "$$root/$(LIBDIR)/pkgconfig" "$$root/include"; \
	install -m 755 "$$demo" "$$root/bin/a11y-demo"; \
	"$$demo" --generate man >"$$root/share/man/man1/a11y-demo.1"; \
	"$$demo" --generate bash >"$$root/share/bash-completion/completions/a11y-demo"; \
	"$$demo" --generate zsh >"$$root/share/zsh/site-functions/_a11y-demo"; \
	"$$demo" --generate fish >"$$root/share/fish/vendor_completions.d/a11y-demo.fish"; \
	chmod 644 "$$root/share/man/man1/a11y-demo.1" "$$root/share/bash-completion/completions/a11y-demo" \
	  "$$root/share/zsh/site-functions/_a11y-demo" "$$root/share/fish/vendor_completions.d/a11y-demo.fish"; \
	install -m 755 $(BUILD_DIR)/liba11y-controls.so "$$root/$(LIBDIR)/liba11y-controls.so"; \
	install -m 644 include/a11y_controls.h include/a11y_formatter_plugin.h "$$root/include/"; \
	version=$$("$$demo" --version | cut -d' ' -f2); \
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e "s|@VERSION@|$$version|" scripts/a11y-controls.pc.in \
	  >"$$root/$(LIBDIR)/pkgconfig/a11y-controls.pc"; \
	chmod 644 "$$root/$(LIBDIR)/pkgconfig/a11y-controls.pc"; \
	out=$$(scripts/po.sh compile "$$root/share/locale" 2>&1) || { echo "$$out" >&2; exit 1; }; \
	chmod 644 $(addprefix "$$root"/,$(CATALOGS)); \
	echo "installed a11y-demo $$version in $$root ($(words $(INSTALLED_FILES)) files)"

uninstall:
	@cd '$(INSTALL_ROOT)' 2>/dev/null && rm -f $(INSTALLED_FILES); echo "removed a11y-demo from $(INSTALL_ROOT)"

# The Debian package (scripts/build-deb.sh, docs/packaging.md): .build/deb/a11y-controls_<version>_<arch>.deb from the
# release build, with Depends computed by dpkg-shlibdeps; lintian errors fail it.
deb: install-build
	@scripts/install-deps.sh --deb
	@scripts/build-deb.sh

# The package installed on this system with apt-get, used (a11y-demo from /usr/bin, the C library through pkg-config,
# the Python module with Debian's python3), removed and purged, checking that nothing of it is left
# (scripts/check-deb.sh). Needs root; not part of make test (the release build takes minutes).
deb-check: deb
	@scripts/check-deb.sh
