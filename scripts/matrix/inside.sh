#!/bin/bash
# Runs inside a matrix chroot, as PID 1's child of its own namespaces (scripts/matrix/run.sh): prints the
# release's versions, starts that release's servers (scripts/servers.sh: speech-dispatcher with the
# capture module, BRLTTY with the vr driver or, on BRLTTY 6.9+, the Baum display), runs the test bundle
# built on the host, and stops the servers.
#   inside.sh REPO
set -uo pipefail
repo=$1
suite=${A11Y_MATRIX_SUITE:-?}
export HOME=/tmp/home LANG=C.UTF-8
mkdir -p "$HOME"

version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo none; }
versions="speech-dispatcher $(version speech-dispatcher), libspeechd2 $(version libspeechd2), brltty $(version brltty),"
versions+=" libbrlapi0.8 $(version libbrlapi0.8), orca $(version orca), fenrir $(version fenrir),"
versions+=" python3 $(python3 -c 'import platform; print(platform.python_version())')"
echo "versions: $suite: $versions"

# The end-to-end suite (speech captured, braille cells, BRLTTY's keys, servers killed and restarted, a
# frozen server: the integration suites named so, most of them in IntegrationTests.RealServerTests), then
# the real readers, each in a run (and a session) of its own, so that one cannot end the other.
# A11Y_MATRIX_FILTER replaces both with one filter.
end_to_end='(^|[./])(Demo[A-Za-z]*Tests|Reliability[A-Za-z]*Tests|BrailleAsBRLTTYUserTests|DeviceIntegrationTests)(/|$)'
readers='(^|[./])RealScreenReaderTests(/|$)'
# The real readers' tests that start Fenrir and Orca themselves run last, in a run of their own: a reader
# that takes its run down (Fenrir 2025 and 2026 can signal every process, see CONTRIBUTING) does not
# hide the others' results.
real_readers='(^|[./])RealScreenReaderTests/(eachKeyIsHeardOnce|fenrirKilledHangsUpTheProgram)'

D=/tmp/servers
"$repo/scripts/servers.sh" start "$D" || { echo "matrix: $suite: the servers did not start"; exit 1; }
# The servers' logs outlive the namespace: in .build/matrix/SUITE-servers/.
keep_logs() {
    local dest=$repo/.build/matrix/$suite-servers
    rm -rf "$dest"; mkdir -p "$dest"; cp "$D"/*.log "$D"/*.txt "$dest"/ 2>/dev/null
}
trap '"$repo/scripts/servers.sh" stop "$D"; keep_logs' EXIT
# shellcheck source=/dev/null
source "$D/env"
echo "matrix: $suite: braille driver $([[ -f $D/baum-display.log ]] && echo "bm (the Baum display)" || echo "vr"), demo $A11Y_DEMO"
cd "$repo" || exit 1
run_tests() {  # NAME FILTER [SKIP]
    echo "matrix: $suite: $1"
    setsid --wait "$repo/.build/debug/a11y-controlsPackageTests.xctest" --testing-library swift-testing --filter "$2" \
        ${3:+--skip "$3"} </dev/null
    local rc=$?
    if ((rc == 0)); then echo "matrix: $suite: $1: passed"; else echo "matrix: $suite: $1: FAILED (status $rc)"; fi
    return $rc
}
if [[ -n ${A11Y_MATRIX_FILTER:-} ]]; then
    run_tests "tests matching $A11Y_MATRIX_FILTER" "$A11Y_MATRIX_FILTER"; exit
fi
status=0
run_tests "end-to-end suite" "$end_to_end" || status=1
run_tests "real-reader suite: stand-ins, Orca killed" "$readers" "$real_readers" || status=1
run_tests "real-reader suite: Fenrir and Orca, each key heard once; Fenrir killed" "$real_readers" || status=1
# Whatever a test left running (a reader's process signalling -1 keeps doing so) ends now: this script
# is the namespace's PID 1, which SIGKILL to -1 spares. Then the servers' logs are kept (EXIT trap).
(($$ == 1)) && kill -KILL -1 2>/dev/null
exit $status
