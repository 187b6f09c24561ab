#!/usr/bin/env bash
# Writes Sources/a11y-demo/hot-functions.txt: the functions of a11y-demo that a session runs, which
# the release link lays out together (Package.swift, a11y-demo's --symbol-ordering-file). Run it
# after changes that move the key path, then compare `make bench`'s peak RSS before and after.
#
#   scripts/hot-functions.sh
#
# Three scripted sessions (a range slider, a stepper, a range accepted with typed values, each with
# help, where-am-I and the navigation keys) run under valgrind's callgrind in tmux against private
# servers with a display (.build/hot-functions-servers); every function callgrind saw that is
# defined in the binary is listed, once. Needs valgrind and tmux (Debian: apt-get install valgrind
# tmux).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
dir=$repo/.build/hot-functions-servers
out=Sources/a11y-demo/hot-functions.txt
work=$(mktemp -d)
session=a11y-hot-functions-$$

for tool in valgrind tmux; do
    command -v "$tool" >/dev/null || { echo "hot-functions: $tool is missing (apt-get install $tool)" >&2; exit 1; }
done

scripts/release-build.sh --product a11y-demo >&2
demo=$(swift build -c release --show-bin-path)/a11y-demo

cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    scripts/servers.sh stop "$dir" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
scripts/servers.sh start "$dir" --display >&2
# shellcheck disable=SC1091
source "$dir/env"

# profile NAME KEYS -- DEMO-ARGUMENTS: one session under callgrind, the keys 0.6 s apart.
profile() {
    local name=$1 keys=$2 i
    shift 3
    # The servers' addresses spelt out: a tmux server that already runs gives new sessions its
    # own environment, not this script's.
    tmux new-session -d -s "$session" -x 120 -y 10 \
        "env BRLAPI_HOST=$BRLAPI_HOST BRLAPI_AUTH=$BRLAPI_AUTH SPEECHD_ADDRESS=$SPEECHD_ADDRESS valgrind --tool=callgrind --callgrind-out-file=$work/$name --compress-strings=no --demangle=no $demo $* 2>$work/$name.err"
    # The first braille line under valgrind: the session is up.
    for ((i = 0; i < 300; i++)); do
        grep -q Visual "$A11Y_SERVERS_DIR/braille.txt" 2>/dev/null && break
        sleep 0.1
    done
    : >"$A11Y_SERVERS_DIR/braille.txt"
    for key in $keys; do
        tmux send-keys -t "$session" "$key"
        sleep 0.6
    done
    for ((i = 0; i < 100; i++)); do
        tmux has-session -t "$session" 2>/dev/null || break
        sleep 0.1
    done
    tmux kill-session -t "$session" 2>/dev/null || true
    [[ -s $work/$name ]] || { echo "hot-functions: the $name session left no profile:" >&2; cat "$work/$name.err" >&2; exit 1; }
}

profile range "Right Right Left Tab Left Right Home End PageUp PageDown ? Space Escape" -- range
profile stepper "Up Up Down End Home 4 2 Enter Space Enter" -- stepper --label Volume
profile accepted "Right Right Tab Left 7 0 Enter Space Enter" -- range --label Price

# Every function name callgrind recorded (as caller or callee), in the order first seen, kept
# when the binary defines it.
cat "$work"/range "$work"/stepper "$work"/accepted | sed -nE 's/^c?fn=//p' | awk '!seen[$0]++' >"$work/seen"
nm --defined-only "$demo" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u >"$work/defined"
awk 'NR == FNR { defined[$0] = 1; next } ($0 in defined)' "$work/defined" "$work/seen" >"$out"
echo "hot-functions: $(wc -l <"$out") functions -> $out" >&2
