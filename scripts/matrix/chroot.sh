#!/usr/bin/env bash
# Makes (or finds ready) the cached chroot of one Debian suite for the distribution matrix.
#
#   scripts/matrix/chroot.sh SUITE        # trixie (Debian 13) or forky (Debian testing)
#
# The chroot is $A11Y_MATRIX_CACHE/SUITE (default /var/cache/a11y-controls-matrix/SUITE), outside the
# repository, made by debootstrap (minbase) from the mirror this machine's apt uses, then that
# release's packages of scripts/matrix/packages.txt installed without recommends. It is built in a
# temporary directory beside it; the last step writes SUITE/ready (the package list's hash and the
# versions installed), and only then is the directory renamed into place: a half-made chroot is never
# used. An existing chroot is kept while its ready marker has today's package list; otherwise it is
# built again, and the old one removed once nothing is mounted in it or runs in it. A chroot that
# cannot be made is an error (exit 1, with the reason), never a skip. Runs as root (debootstrap, chroot).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=lib.sh
source "$here/lib.sh"

suite=${1:?usage: chroot.sh SUITE}
((EUID == 0)) || mx_die "$suite: making a chroot needs root (debootstrap, chroot, mounts)"
command -v debootstrap >/dev/null || mx_die "$suite: debootstrap is not installed (scripts/install-deps.sh --matrix installs it)"

mkdir -p "$MATRIX_CACHE"
# One builder per suite at a time; a second waits, then finds the chroot ready.
exec 9>"$MATRIX_CACHE/.$suite.lock"
flock 9
if mx_ready "$suite"; then
    mx_say "$suite: ready ($MATRIX_CACHE/$suite)"
    exit 0
fi

# What an interrupted build left (this lock was free, so no builder runs): removed unless in use.
for stale in "$MATRIX_CACHE/.$suite.build."* "$MATRIX_CACHE/.$suite.old."*; do
    [[ -d $stale ]] || continue
    if mx_in_use "$stale"; then mx_say "$suite: $stale is in use; left"; else rm -rf --one-file-system "$stale"; fi
done

mirror=$(mx_mirror) || mx_die "$suite: no Debian mirror found in /etc/apt/sources.list{,.d} (set A11Y_MATRIX_MIRROR)"
script=()
case $suite in
    trixie|bookworm) ;;
    # testing: debootstrap may not know its name yet; sid's script makes it.
    *) script=(/usr/share/debootstrap/scripts/sid) ;;
esac

start=$(date +%s)
tmp=$(mktemp -d "$MATRIX_CACHE/.$suite.build.XXXXXX")
chmod 755 "$tmp"
log=$MATRIX_CACHE/$suite.build.log
: >"$log"
fail() {
    mx_say "$suite: the end of $log:"; tail -n 25 "$log" >&2
    # Nothing is mounted in $tmp outside a namespace that has ended; remove it unless something still is.
    mx_in_use "$tmp" || rm -rf --one-file-system "$tmp"
    mx_die "$suite: $*"
}
mx_say "$suite: debootstrap from the apt mirror into $tmp (log $log)"
debootstrap --variant=minbase "$suite" "$tmp" "$mirror" "${script[@]}" >>"$log" 2>&1 \
    || fail "debootstrap $suite failed"

# No daemon starts when a package is installed; an outdated Release file (testing) is still used.
printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"; chmod 755 "$tmp/usr/sbin/policy-rc.d"
echo 'Acquire::Check-Valid-Until "false";' >"$tmp/etc/apt/apt.conf.d/80a11y-matrix-valid-until"
printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' >"$tmp/etc/apt/apt.conf.d/80a11y-matrix-no-recommends"
mapfile -t pkgs < <(mx_packages)
mx_say "$suite: installing ${#pkgs[@]} packages"
mx_enter "$tmp" DEBIAN_FRONTEND=noninteractive -- /bin/sh -c \
    'apt-get update -q && apt-get install -y -q "$@" && apt-get clean' sh "${pkgs[@]}" >>"$log" 2>&1 \
    || fail "apt-get install in the $suite chroot failed"

# The marker, last: the package list's hash and what was installed.
{
    echo "suite $suite"
    echo "packages-hash $(mx_packages_hash)"
    echo "made $(date -u +%Y-%m-%dT%H:%M:%SZ) in $(( $(date +%s) - start )) s"
    chroot "$tmp" dpkg-query -W -f='version ${Package} ${Version}\n' "${pkgs[@]}" speech-dispatcher-audio-plugins 2>/dev/null || true
} >"$tmp/ready.new"
mv "$tmp/ready.new" "$tmp/ready"

# Into place: an old chroot (another package list) is moved aside first and removed only when unused.
if [[ -e $MATRIX_CACHE/$suite ]]; then
    old=$MATRIX_CACHE/.$suite.old.$$
    mv "$MATRIX_CACHE/$suite" "$old"
fi
mv "$tmp" "$MATRIX_CACHE/$suite"
if [[ -n ${old:-} ]]; then
    if mx_in_use "$old"; then mx_say "$suite: the old chroot is in use; left at $old"
    else rm -rf --one-file-system "$old"; fi
fi
mx_say "$suite: made in $(( $(date +%s) - start )) s ($MATRIX_CACHE/$suite)"
