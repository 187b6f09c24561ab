#!/usr/bin/env bash
# Runs the benchmark report: release build, private servers in their own directory, a11y-bench,
# servers stopped whatever happens. Used by `make bench`.
#
#   scripts/bench.sh [--quick] [-- DEMO-ARGUMENTS...]
#   scripts/bench.sh [--quick] MODE [OPTIONS...]    one part of it: side-by-side, pointer-drag (the
#                                                   drag of 1,000 reports a second), key-to-tone, ...
#
# Writes .build/bench/report.txt and .build/bench/report.json and prints the report.
# BENCH_SERVERS_DIR (default .build/bench-servers) holds the servers' files. The C floors
# (scripts/bench/floor_key.c) and, when BENCH_PEER names one, a comparison program (a Python slider
# run by Debian's python3; docs/benchmarks.md) run in the same harness, alternating with a11y-demo.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
dir=${BENCH_SERVERS_DIR:-$repo/.build/bench-servers}

scripts/install-deps.sh --bench >&2
echo "bench: swift build -c release (scripts/release-build.sh)" >&2
scripts/release-build.sh >&2
# The message catalogs, for the catalog figures (reading the German one, keys in German).
scripts/po.sh compile .build/locale
# The C floors: what a compiled program does with nothing but the one call (see the source).
mkdir -p .build/bench
cc -O2 -Wall -o .build/bench/floor_key scripts/bench/floor_key.c \
    $(pkg-config --cflags --libs speech-dispatcher) -lbrlapi >&2
peer_option=()
if [[ -n ${BENCH_PEER:-} ]]; then
    [[ -f $BENCH_PEER ]] || { echo "bench: BENCH_PEER=$BENCH_PEER is not a file" >&2; exit 2; }
    peer_option=(--peer "$BENCH_PEER")
fi

trap 'scripts/servers.sh stop "$dir" >/dev/null 2>&1 || true' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
scripts/servers.sh start "$dir"
# shellcheck disable=SC1091
source "$dir/env"
# Every program of the run reaches BRLTTY on its local socket where the servers made one: BRLTTY's
# default and libbrlapi's, the way a user's programs reach their BRLTTY (TCP on loopback would
# add its own cost to every frame's `send`).
if [[ -n ${A11Y_BRLAPI_LOCAL_HOST:-} ]]; then export BRLAPI_HOST=$A11Y_BRLAPI_LOCAL_HOST; fi
.build/release/a11y-bench --demo .build/release/a11y-demo --out .build/bench \
    "${peer_option[@]}" --floor .build/bench/floor_key "$@" </dev/null
# The whole report (no mode named) ends with Fenrir's two paths, against the real Fenrir.
if [[ " $* " != *" "[a-z]* || $* == --quick ]]; then
    echo "bench: key -> heard through Fenrir, by each path (scripts/bench/fenrir-paths.sh)" >&2
    scripts/bench/fenrir-paths.sh .build/release/a11y-demo .build/bench/report.txt
fi
