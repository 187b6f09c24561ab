#!/usr/bin/env bash
# Runs the a11y-demo showcase for `make demo`.
#
# With a speech-dispatcher and a BRLTTY of the system reachable, the demo uses them. Otherwise it
# starts the private servers of the tests (a virtual 40-cell braille display whose cells go to
# DIR/braille.txt, and speech written to DIR/spoken.txt), turns --preview on so the braille cells
# and the last utterance show on screen, and stops the servers afterwards.
#
#   scripts/demo.sh [a11y-demo arguments...]
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
demo=$repo/.build/debug/a11y-demo
dir=${A11Y_SERVERS_DIR:-$repo/.servers}

system_speech() {
    [[ -n ${SPEECHD_ADDRESS:-} ]] && return 0
    local sock
    for sock in "${XDG_RUNTIME_DIR:-/nonexistent}/speech-dispatcher/speechd.sock" "$HOME/.cache/speech-dispatcher/speechd.sock"; do
        [[ -S $sock ]] && return 0
    done
    return 1
}

system_braille() {
    [[ -n ${BRLAPI_HOST:-} ]] && return 0
    [[ -S /var/lib/BrlAPI/0 ]] && return 0
    (exec 3<>/dev/tcp/127.0.0.1/4101) 2>/dev/null && return 0
    return 1
}

if system_speech && system_braille; then
    echo "demo: using the system's speech-dispatcher and BRLTTY" >&2
    exec "$demo" "$@"
fi

echo "demo: no system speech or braille server: starting private ones (cells in $dir/braille.txt, speech in $dir/spoken.txt)" >&2
trap '"$repo/scripts/servers.sh" stop "$dir"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
"$repo/scripts/servers.sh" start --display "$dir"
# shellcheck disable=SC1091
source "$dir/env"
status=0
"$demo" --preview "$@" || status=$?
exit "$status"
