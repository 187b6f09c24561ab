#!/usr/bin/env bash
# The distribution matrix: the end-to-end and real-reader suites in a chroot of each Debian suite, with
# that release's own speech-dispatcher, BRLTTY, Orca and Fenrir (make matrix; make test with A11Y_MATRIX=1).
#
#   scripts/matrix/run.sh [SUITE...]       # default: A11Y_MATRIX_SUITES, else "trixie forky"
#
# Needs root and, from the host, the test bundle (swift build --build-tests) and a11y-demo: the
# release build (.build/release/a11y-demo, A11Y_MATRIX_DEMO=release, the default) or the debug one
# (A11Y_MATRIX_DEMO=debug). Each suite's chroot is made first when the cache has none
# (scripts/matrix/chroot.sh); a chroot that cannot be made fails the run. Each run happens in new
# mount, PID and network namespaces (scripts/matrix/lib.sh, mx_enter): the repository and /opt/swift
# (the Swift runtime the test bundle loads) are bound in only there, and nothing outlives the run.
# A11Y_MATRIX_FILTER replaces the tests' filter (a regular expression over test names);
# A11Y_BRAILLE_DRIVER and A11Y_BAUM_TRACE reach the servers inside (scripts/servers/braille.sh).
# Exit status: 0 when every suite passed.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=lib.sh
source "$here/lib.sh"

((EUID == 0)) || mx_die "the matrix needs root (debootstrap, chroot, namespaces)"
suites=("$@")
((${#suites[@]})) || read -r -a suites <<<"${A11Y_MATRIX_SUITES:-$MATRIX_SUITES_DEFAULT}"

bundle=$repo/.build/debug/a11y-controlsPackageTests.xctest
[[ -x $bundle ]] || mx_die "no test bundle at $bundle: run swift build --build-tests first (make matrix does)"
case ${A11Y_MATRIX_DEMO:-release} in
    release) demo=$repo/.build/release/a11y-demo ;;
    debug) demo=$repo/.build/debug/a11y-demo ;;
    *) mx_die "A11Y_MATRIX_DEMO is release or debug, not '${A11Y_MATRIX_DEMO}'" ;;
esac
[[ -x $demo ]] || mx_die "no a11y-demo at $demo: build it first (make matrix does)"
swift_root=$(cd "$(dirname "$(readlink -f "$(command -v swift)")")/../.." && pwd)  # e.g. /opt/swift
[[ -d $swift_root/usr/lib/swift/linux ]] || mx_die "the Swift runtime is not under $swift_root/usr/lib/swift/linux"

# Every chroot first (so a suite that cannot be made fails before any test runs).
for suite in "${suites[@]}"; do
    "$here/chroot.sh" "$suite" || mx_die "$suite: no chroot; the matrix cannot run"
done

mkdir -p "$repo/.build/matrix"
declare -A result seconds
status=0
for suite in "${suites[@]}"; do
    root=$MATRIX_CACHE/$suite
    log=$repo/.build/matrix/$suite.log
    mx_say "$suite: running in $root (log $log)"
    start=$(date +%s)
    set +e
    MX_BINDS="$repo $swift_root:ro" mx_enter --net "$root" \
        A11Y_DEMO="$demo" A11Y_MATRIX_FILTER="${A11Y_MATRIX_FILTER:-}" A11Y_MATRIX_SUITE="$suite" \
        ${A11Y_BRAILLE_DRIVER:+A11Y_BRAILLE_DRIVER=$A11Y_BRAILLE_DRIVER} ${A11Y_BAUM_TRACE:+A11Y_BAUM_TRACE=$A11Y_BAUM_TRACE} \
        -- /bin/bash "$repo/scripts/matrix/inside.sh" "$repo" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    set -e
    seconds[$suite]=$(( $(date +%s) - start ))
    if ((rc == 0)); then result[$suite]=passed; else result[$suite]="FAILED (status $rc)"; status=1; fi
done
echo
for suite in "${suites[@]}"; do
    echo "matrix: $suite: ${result[$suite]} in ${seconds[$suite]} s ($(grep -m1 '^versions:' "$repo/.build/matrix/$suite.log" | cut -d' ' -f2- || true))"
done
exit $status
