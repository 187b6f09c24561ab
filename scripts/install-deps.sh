#!/usr/bin/env bash
# Installs the Debian packages that the build, the tests and the demo need.
# Idempotent: when every package is already installed it only prints one line.
# Works as root without stdin (CI); uses sudo when run by another user.
set -euo pipefail

# tmux runs a11y-demo in a real terminal for the end-to-end tests; strace counts its idle wake-ups;
# time (/usr/bin/time -v) measures the benchmark's peak memory.
packages=(libspeechd-dev libbrlapi-dev brltty speech-dispatcher tmux strace time)

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

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq </dev/null
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
