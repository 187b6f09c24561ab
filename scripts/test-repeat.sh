#!/usr/bin/env bash
# Runs the Swift test suite N times, each against freshly started private servers (as make test
# runs it), and counts the failures: a flaky test shows as a run that failed while the others
# passed.
#
#   scripts/test-repeat.sh N [SERVERS_DIR]
#
# Each run's log is .build/test-repeat/run-I.log; the last lines are one line per run and the
# total ("test-repeat: N runs, K failed, F failed tests"). Exits 1 when any run failed.
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=${1:-5}
servers=${2:-$repo/.build/servers-repeat}
logs=$repo/.build/test-repeat
cd "$repo" || exit 2
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "test-repeat: N must be a positive number, not '$runs'" >&2; exit 2; }

swift build --build-tests >/dev/null || { echo "test-repeat: the build failed" >&2; exit 2; }
trap 'scripts/servers.sh stop "$servers"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$logs"
failed_runs=0
failed_tests=0
summary=()
for ((i = 1; i <= runs; i++)); do
    log=$logs/run-$i.log
    start=$(date +%s)
    scripts/servers.sh start "$servers" >"$log.servers" 2>&1 || { cat "$log.servers" >&2; exit 2; }
    # shellcheck source=/dev/null
    (source "$servers/env" && swift test --skip-build </dev/null >"$log" 2>&1)
    status=$?
    scripts/servers.sh stop "$servers" >>"$log.servers" 2>&1
    counts=$(scripts/test-summary.sh "$log")
    failures=$(grep -E '^✘ Test .* failed after' "$log" | grep -v '^✘ Test run with' | sed -E 's/^✘ Test (.*) failed after.*/\1/' | paste -sd ';' -)
    n=${counts##*, }; n=${n%% failed}  # test-summary's count of failed tests
    ((failed_tests += n))
    ((status != 0)) && ((failed_runs += 1))
    died=$(grep -o 'brltty died and was restarted [0-9]* time(s)' "$log.servers")
    line="run $i: status $status, $counts, $(( $(date +%s) - start )) s${failures:+ (failed: $failures)}${died:+; $died}"
    summary+=("$line")
    echo "test-repeat: $line"
done
echo "test-repeat: $runs runs, $failed_runs failed, $failed_tests failed tests (logs in $logs)"
((failed_runs == 0))
