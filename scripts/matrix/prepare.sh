#!/usr/bin/env bash
# Starts making the matrix's chroots in the background (make test calls it first, so that debootstrap
# runs while the host's suite does) and returns at once. scripts/matrix/run.sh later waits for each
# builder (chroot.sh holds a lock per suite) and fails with its reason if it failed. Each builder's
# output goes to $A11Y_MATRIX_CACHE/SUITE.prepare.log.
#   scripts/matrix/prepare.sh [SUITE...]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=lib.sh
source "$here/lib.sh"
((EUID == 0)) || mx_die "the matrix needs root (debootstrap, chroot, namespaces)"
suites=("$@")
((${#suites[@]})) || read -r -a suites <<<"${A11Y_MATRIX_SUITES:-$MATRIX_SUITES_DEFAULT}"
mkdir -p "$MATRIX_CACHE"
for suite in "${suites[@]}"; do
    mx_ready "$suite" && continue
    setsid nice -n 10 "$here/chroot.sh" "$suite" </dev/null >"$MATRIX_CACHE/$suite.prepare.log" 2>&1 &
    mx_say "$suite: making the chroot in the background (log $MATRIX_CACHE/$suite.prepare.log)"
done
