#!/usr/bin/env bash
# The clean Debian chroots the Python wheel is checked in (scripts/wheel-check.sh), and how a command runs in one.
#
#   scripts/wheel-chroot.sh make SUITE                   # bookworm (Debian 12) or trixie (Debian 13)
#   scripts/wheel-chroot.sh run SUITE BIND -- COMMAND... # COMMAND as root in SUITE, BIND (a host directory) read-only at /check
#
# A chroot is $A11Y_WHEEL_CHROOTS/SUITE (default /var/tmp/a11y-controls-wheel/SUITE): debootstrap --variant=minbase
# with python3-venv and nothing else (no Swift toolchain, no speech-dispatcher, no BRLTTY), from the mirror this
# machine's apt uses (A11Y_WHEEL_MIRROR overrides it). It is made once, in a directory beside it that is renamed into
# place when complete (SUITE/ready), and reused while it is there; remove the directory to make it again.
#
# `run` leaves the chroot as it was: it is mounted read-only in private mount, PID and network namespaces (only a
# loopback interface: nothing can be downloaded), with a fresh /proc, a small /dev, and tmpfs on /tmp, /run and /root,
# all of which vanish with the command. Needs root.
set -euo pipefail

CHROOTS=${A11Y_WHEEL_CHROOTS:-/var/tmp/a11y-controls-wheel}
say() { echo "wheel-chroot: $*" >&2; }
die() { say "FAILED: $*"; exit 1; }

# The Debian mirror of this machine's apt: the first http(s) URI of sources.list.d/*.sources or sources.list that is
# not a -security suite.
mirror() {
    if [[ -n ${A11Y_WHEEL_MIRROR:-} ]]; then echo "$A11Y_WHEEL_MIRROR"; return; fi
    local uri
    uri=$(awk 'tolower($1) == "uris:" && $2 ~ /^https?:/ && $2 !~ /security/ { print $2; exit }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
    [[ -n $uri ]] || uri=$(awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/ && $i !~ /security/) { print $i; exit } }' \
        /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true)
    [[ -n $uri ]] || return 1
    echo "$uri"
}

make_chroot() {
    local suite=$1 root=$CHROOTS/$1
    [[ -f $root/ready ]] && return 0
    command -v debootstrap >/dev/null || die "debootstrap is not installed (scripts/install-deps.sh --wheel installs it)"
    local url start tmp log
    url=$(mirror) || die "no Debian mirror in /etc/apt/sources.list{,.d} (set A11Y_WHEEL_MIRROR)"
    mkdir -p "$CHROOTS"
    exec 9>"$CHROOTS/.$suite.lock"
    flock 9
    [[ -f $root/ready ]] && return 0
    rm -rf --one-file-system "$CHROOTS/.$suite.build"
    tmp=$CHROOTS/.$suite.build log=$CHROOTS/$suite.log start=$(date +%s)
    say "$suite: debootstrap --variant=minbase with python3-venv from $url into $root (log $log)"
    if ! debootstrap --variant=minbase --include=python3-venv "$suite" "$tmp" "$url" >"$log" 2>&1; then
        tail -n 20 "$log" >&2
        rm -rf --one-file-system "$tmp"
        die "$suite: debootstrap failed"
    fi
    rm -rf "$tmp"/var/cache/apt/archives/*.deb
    { echo "suite $suite"; echo "made $(date -u +%Y-%m-%dT%H:%M:%SZ) in $(($(date +%s) - start)) s from $url"
      chroot "$tmp" dpkg-query -W -f='version ${Package} ${Version}\n' libc6 python3 python3-venv; } >"$tmp/ready"
    rm -rf --one-file-system "$root"
    mv "$tmp" "$root"
    say "$suite: made in $(($(date +%s) - start)) s"
}

# Runs as PID 1 of the new namespaces: the read-only chroot with its private mounts, then the command.
inside() {
    set -e
    local root=$1 bind=$2; shift 2
    ip link set lo up 2>/dev/null || true
    mount --bind "$root" "$root"
    mount -o remount,bind,ro "$root"
    mount -t proc -o nosuid,nodev,noexec proc "$root/proc"
    mount -t tmpfs -o mode=755,nosuid dev "$root/dev"
    local n
    for n in null zero full random urandom tty; do touch "$root/dev/$n"; mount --bind "/dev/$n" "$root/dev/$n"; done
    ln -s /proc/self/fd "$root/dev/fd"
    mount -t tmpfs -o mode=1777,nosuid,nodev tmp "$root/tmp"
    mount -t tmpfs -o mode=755,nosuid,nodev run "$root/run"
    mount -t tmpfs -o mode=700,nosuid,nodev home "$root/root"
    mkdir -p "$root/tmp/check"
    mount --bind "$bind" "$root/tmp/check"
    mount -o remount,bind,ro "$root/tmp/check"
    exec chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
        LANG=C.UTF-8 "$@"
}

case ${1:-} in
    make)
        ((EUID == 0)) || die "making a chroot needs root (debootstrap)"
        make_chroot "${2:?usage: wheel-chroot.sh make SUITE}" ;;
    run)
        ((EUID == 0)) || die "running in a chroot needs root (namespaces, chroot)"
        suite=${2:?usage: wheel-chroot.sh run SUITE BIND -- COMMAND...} bind=${3:?no BIND directory}
        [[ ${4:-} == -- ]] || die "usage: wheel-chroot.sh run SUITE BIND -- COMMAND..."
        shift 4
        [[ -f $CHROOTS/$suite/ready ]] || die "$suite: no chroot in $CHROOTS/$suite (wheel-chroot.sh make $suite)"
        exec unshare --mount --pid --net --fork --kill-child --propagation private -- \
            /bin/bash -c "$(declare -f inside); inside \"\$@\"" inside "$CHROOTS/$suite" "$(realpath "$bind")" "$@" ;;
    *) die "usage: wheel-chroot.sh make SUITE | run SUITE BIND -- COMMAND..." ;;
esac
