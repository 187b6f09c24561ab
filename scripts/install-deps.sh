#!/usr/bin/env bash
# Installs the Debian packages that the build, the tests and the demo need.
# Idempotent: when every package is already installed it only prints one line. Otherwise apt's
# own output (progress, and maintainer scripts' chatter such as update-rc.d's "warning: start and
# stop actions are no longer supported") goes to .build/install-deps.log; this prints one line, and
# the log's tail only when apt fails. Works as root without stdin (CI); uses sudo when run by
# another user.
set -euo pipefail

# tmux runs a11y-demo in a real terminal for the end-to-end tests; strace counts its idle wake-ups;
# time (/usr/bin/time -v) measures the benchmark's peak memory.
# libasound2-dev: the ALSA headers for the tones (CAlsa).
# liblouis contracts braille when BRLTTY's literary braille preference is on.
packages=(libspeechd-dev libbrlapi-dev brltty speech-dispatcher tmux strace time libasound2-dev liblouis-dev liblouis-data
    # make install and its tests: the man page rendered (man -l, groff -ww), the completions
    # checked by their shells, the C and Python examples of the C library built and run.
    man-db groff-base zsh fish gcc libc6-dev pkg-config python3
    # the Python package's tests: a virtual environment of Debian's python3 (make python-test).
    python3-venv
    # the message catalogs: xgettext writes the template, msgfmt compiles the languages (make pot, make locale).
    gettext
    # a11y-demo links libstdc++ in (libstdc++.a, Package.swift): g++ brings the version's -dev package.
    g++
    # The real screen readers (scripts/readers/, RealScreenReaderTests): Fenrir in PTY mode; Orca
    # with a VTE terminal (sakura) under Xvfb, a D-Bus session and the AT-SPI bus (at-spi2-core,
    # libatk-adaptor for GTK's accessibility, gdbus from libglib2.0-bin), typed into by xdotool;
    # python3-speechd is Orca's speech; procps (ps, pgrep, pkill) for the harnesses' clean-up.
    # (Without python3-enchant Fenrir says "pychant is not installed" as it starts, before the keys.)
    fenrir orca xvfb xdotool sakura at-spi2-core dbus libatk-adaptor python3-speechd libglib2.0-bin procps
    # Orca's service on the session bus (Orca 49 and later): libdbus-1's headers, against which
    # scripts/check-dbus-declarations.sh checks Sources/CDBus/shim.h; a private bus (dbus-daemon)
    # and the stand-in Orca service of the tests (Tests/IntegrationTests/Support/orca-standin.py,
    # Python's GLib bindings).
    libdbus-1-dev dbus-daemon python3-gi)

# `install-deps.sh --bench` (make bench) adds what the side-by-side benchmark runs: the BrlAPI and
# speech-dispatcher bindings of Debian's python3 (for a comparison program, BENCH_PEER) and the C
# compiler of the C floors.
if [[ ${1:-} == --bench ]]; then
    bench_packages=(python3-brlapi python3-speechd gcc)
fi
# `install-deps.sh --deb` (make deb): the Debian packaging tools: dpkg-shlibdeps (dpkg-dev), lintian,
# chrpath, and Debian's pip, setuptools and wheel, which build the Python module's metadata.
if [[ ${1:-} == --deb ]]; then
    bench_packages=(dpkg-dev lintian chrpath python3-pip python3-setuptools python3-wheel)
fi
# `install-deps.sh --matrix` (make matrix): debootstrap makes the chroots of the distribution matrix;
# iproute2 brings up the loopback interface of each run's network namespace (scripts/matrix/).
if [[ ${1:-} == --matrix ]]; then
    bench_packages=(debootstrap iproute2)
fi
# `install-deps.sh --wheel` (make wheel-check): debootstrap makes the clean Debian chroots the wheel is installed in,
# iproute2 brings up their network namespace's loopback, binutils' readelf and objdump read the wheel's library.
if [[ ${1:-} == --wheel ]]; then
    bench_packages=(debootstrap iproute2 binutils)
fi
packages+=(${bench_packages[@]+"${bench_packages[@]}"})

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
    echo "install-deps: all present (${packages[*]})"
    exit 0
fi

sudo=()
if ((EUID != 0)); then
    command -v sudo >/dev/null || { echo "install-deps: missing ${missing[*]}; run as root or install sudo" >&2; exit 1; }
    sudo=(sudo)
fi

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
log=$repo/.build/install-deps.log
mkdir -p "$repo/.build"
: >"$log"
export DEBIAN_FRONTEND=noninteractive
apt_get() { "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "$@" </dev/null >>"$log" 2>&1; }
start=$(date +%s)
if ! apt_get update -q || ! apt_get install -y -q --no-install-recommends "${missing[@]}"; then
    echo "install-deps: apt-get failed installing ${missing[*]}; the end of $log:" >&2
    tail -n 30 "$log" >&2
    exit 1
fi
echo "install-deps: installed ${missing[*]} ($(( $(date +%s) - start )) s, log $log)"
