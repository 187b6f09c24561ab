# shellcheck shell=bash
# Shared by scripts/matrix/*.sh: where the chroots live, which mirror they come from, and how to run a
# command inside one with mounts that exist only in a private mount namespace.

# The cache of chroots, outside the repository: one directory per suite, usable once it holds `ready`.
MATRIX_CACHE=${A11Y_MATRIX_CACHE:-/var/cache/a11y-controls-matrix}
# The suites of the matrix: Debian 13 and Debian testing.
MATRIX_SUITES_DEFAULT="trixie forky"

mx_say() { echo "matrix: $*" >&2; }
mx_die() { echo "matrix: FAILED: $*" >&2; exit 1; }

# The Debian mirror this machine's apt uses: the first `deb` source of the archive proper (not a
# -security or -updates suite) in sources.list, sources.list.d/*.list or sources.list.d/*.sources.
# A11Y_MATRIX_MIRROR overrides it.
mx_mirror() {
    if [[ -n ${A11Y_MATRIX_MIRROR:-} ]]; then echo "$A11Y_MATRIX_MIRROR"; return; fi
    local f uri
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [[ -f $f ]] || continue
        uri=$(awk '$1 == "deb" { i = 2; if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
                    if ($(i+1) !~ /-(security|updates|backports)$/ && $i ~ /^https?:/) { print $i; exit } }' "$f")
        [[ -n $uri ]] && { echo "$uri"; return; }
    done
    for f in /etc/apt/sources.list.d/*.sources; do
        [[ -f $f ]] || continue
        # deb822: stanzas separated by blank lines; Types, URIs and Suites fields.
        uri=$(awk 'function archive(s,   w, i, n) { n = split(s, w, " "); for (i = 1; i <= n; i++) if (w[i] !~ /-(security|updates|backports)$/) return 1; return 0 }
                   function flush() { if (types ~ /(^| )deb( |$)/ && uris ~ /^https?:/ && archive(suites) && enabled != "no") { split(uris, u, " "); print u[1]; found = 1; exit } types = uris = suites = enabled = "" }
                   /^[ \t]*#/ { next }
                   /^[ \t]*$/ { flush(); next }
                   { key = tolower($1); sub(/:$/, "", key); $1 = ""; sub(/^ +/, "");
                     if (key == "types") types = $0; else if (key == "uris") uris = $0; else if (key == "suites") suites = $0; else if (key == "enabled") enabled = tolower($0) }
                   END { if (!found) flush() }' "$f")
        [[ -n $uri ]] && { echo "$uri"; return; }
    done
    return 1
}

# The package list without comments, one a line; its hash goes into the ready marker.
mx_packages() { sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$(dirname "${BASH_SOURCE[0]}")/packages.txt"; }
mx_packages_hash() { { mx_packages; echo "builder-version 1"; } | sha256sum | cut -c1-16; }

# mx_ready SUITE: true when the cached chroot exists, is complete and was made from today's package list.
mx_ready() {
    local m=$MATRIX_CACHE/$1/ready
    [[ -f $m ]] && grep -qx "packages-hash $(mx_packages_hash)" "$m"
}

# mx_in_use DIR: true when anything is mounted at or under DIR, or a process has its root there, in any
# mount namespace (a namespace's mounts are not in the host's table, so every process's is read).
mx_in_use() {
    local dir=$1 p
    for p in /proc/[0-9]*; do
        [[ $(readlink "$p/root" 2>/dev/null) == "$dir"* ]] && return 0
        grep -qF " $dir" "$p/mountinfo" 2>/dev/null && return 0
    done
    return 1
}

# mx_enter [--net] ROOT [ENV=VALUE...] -- COMMAND...: runs COMMAND as root inside ROOT, in new mount and PID
# namespaces (with --net, a network namespace too, with only a loopback interface, brought up). /proc, a
# fresh /dev with its own /dev/pts, /sys, /run, /tmp, /dev/shm and /var/lib/BrlAPI are mounted only inside that namespace;
# so are MX_BINDS (space-separated host directories, bound at the same path; read-only when suffixed
# ":ro"). When COMMAND ends, every process of the namespace is killed and its mounts vanish with it.
mx_enter() {
    local net=()
    [[ $1 == --net ]] && { net=(--net); shift; }
    local root=$1; shift
    local envs=()
    while (($#)) && [[ $1 != -- ]]; do envs+=("$1"); shift; done
    [[ ${1:-} == -- ]] && shift
    unshare --mount --pid --fork --kill-child "${net[@]}" --propagation private -- \
        /bin/bash -c "$(declare -f mx_setup_ns); mx_setup_ns \"\$@\"" mx_setup_ns "$root" "${#net[@]}" "${MX_BINDS:-}" "${#envs[@]}" "${envs[@]}" "$@"
}

# Runs as PID 1 of the new namespaces (from mx_enter): the mounts, then chroot.
mx_setup_ns() {
    set -e
    local root=$1 net=$2 binds=$3 nenv=$4; shift 4
    local envs=("${@:1:nenv}"); shift "$nenv"
    ((net)) && ip link set lo up
    mount -t proc -o nosuid,nodev,noexec proc "$root/proc"
    mount -t sysfs -o ro,nosuid,nodev,noexec sysfs "$root/sys" 2>/dev/null || mount --rbind -o ro /sys "$root/sys"
    mount -t tmpfs -o mode=755,nosuid dev "$root/dev"
    local n
    for n in null zero full random urandom tty; do
        touch "$root/dev/$n"; mount --bind "/dev/$n" "$root/dev/$n"
    done
    mkdir -p "$root/dev/pts" "$root/dev/shm"
    mount -t devpts -o newinstance,ptmxmode=0666,mode=620,gid=5 devpts "$root/dev/pts"
    ln -s pts/ptmx "$root/dev/ptmx"
    ln -s /proc/self/fd "$root/dev/fd"; ln -s /proc/self/fd/0 "$root/dev/stdin"
    ln -s /proc/self/fd/1 "$root/dev/stdout"; ln -s /proc/self/fd/2 "$root/dev/stderr"
    mount -t tmpfs -o mode=1777,nosuid,nodev shm "$root/dev/shm"
    mount -t tmpfs -o mode=1777,nosuid,nodev tmp "$root/tmp"
    mount -t tmpfs -o mode=755,nosuid,nodev run "$root/run"
    mkdir -p "$root/run/lock" "$root/run/user" && chmod 1777 "$root/run/lock"
    # BrlAPI's local sockets: nothing a run leaves there stays in the cached chroot.
    [[ -d $root/var/lib/BrlAPI ]] && mount -t tmpfs -o mode=1777,nosuid,nodev brlapi "$root/var/lib/BrlAPI"
    local b path opt
    for b in $binds; do
        path=${b%:ro}; opt=""; [[ $b == *:ro ]] && opt=ro
        mkdir -p "$root$path"
        mount --rbind "$path" "$root$path"
        [[ -n $opt ]] && mount -o remount,bind,ro "$root$path"
    done
    exec chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 TERM="${TERM:-xterm}" "${envs[@]}" "$@"
}
