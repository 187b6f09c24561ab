#!/usr/bin/env bash
# Private speech and braille servers for the tests and the demo.
#
#   scripts/servers.sh start [--display] [--cells N] [DIR]
#   scripts/servers.sh stop|status|env [DIR]
#   scripts/servers.sh kill-speech|start-speech|kill-braille|start-braille [DIR]
#
# start: BRLTTY with the Virtual driver (`vr`, its display is whoever connects to $DIR/vr.sock)
#        and a BrlAPI server on a free index N (TCP 127.0.0.1:N, and the local socket :N where
#        /var/lib/BrlAPI is writable), plus speech-dispatcher with a capture module that appends
#        every utterance, one line each, to $DIR/spoken.txt. It writes $DIR/env (export lines
#        for the clients: BRLAPI_HOST is the TCP address, A11Y_BRLAPI_LOCAL_HOST the local one).
#        --display also runs a keeper: a virtual display of N cells (default 40) that appends
#        every Visual/Braille line it receives to $DIR/braille.txt.
# stop:  stops everything start started; nothing is left running.
# env:   prints $DIR/env (use: eval "$(scripts/servers.sh env)").
# kill-speech / kill-braille: SIGKILL to that server (and, for BRLTTY, to its supervisor, so it
#        is not restarted): a crash, for the fault tests. start-speech / start-braille: starts
#        it again with the same socket, BrlAPI index and capture file (nothing is truncated).
#
# This file is the interface (arguments, start, stop, restart, status, env); the servers
# themselves are in scripts/servers/: processes.sh (pids, stopping, killing), braille.sh (BRLTTY,
# its free BrlAPI index, the display keeper), speech.sh (speech-dispatcher, its configuration and
# the capture module).
#
# DIR defaults to ${A11Y_SERVERS_DIR:-<repo>/.servers}. docs/servers.md has the facts behind it.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

for part in processes braille speech; do
    # shellcheck source=/dev/null
    source "$repo/scripts/servers/$part.sh"
done

usage() { echo "usage: $0 start [--display] [--cells N] [DIR] | stop [DIR] | status [DIR] | env [DIR] | kill-speech|start-speech|kill-braille|start-braille [DIR]" >&2; exit 2; }

(($# >= 1)) || usage
action=$1; shift
with_display=0
cells=40
dir_arg=""
while (($#)); do
    case $1 in
        --display) with_display=1 ;;
        --cells) shift; cells=${1:?--cells needs a number} ;;
        --cells=*) cells=${1#--cells=} ;;
        -*) usage ;;
        *) dir_arg=$1 ;;
    esac
    shift
done

D=${dir_arg:-${A11Y_SERVERS_DIR:-$repo/.servers}}
mkdir -p "$D"
D=$(cd "$D" && pwd)

say() { echo "servers: $*" >&2; }

# Unix socket paths must fit in sun_path (108 bytes with the NUL): use /tmp when $D is too deep.
socket_dir() {
    if [[ -f $D/socket-dir ]]; then cat "$D/socket-dir"; return; fi
    local s=$D
    if (( ${#D} + 20 >= 108 )); then
        s=$(mktemp -d /tmp/a11y-servers.XXXXXX)
    fi
    echo "$s" >"$D/socket-dir"
    echo "$s"
}

do_stop() {
    local rc=0
    # In parallel: each waits for its own process (tenths of a second) before SIGKILL.
    stop_one keeper 10 & local k=$!
    stop_one brltty 3 & local b=$!
    stop_one speechd 30 & local sp=$!
    wait $k || rc=1
    wait $b || rc=1
    wait $sp || rc=1
    if [[ -f $D/socket-dir ]]; then
        local s; s=$(cat "$D/socket-dir")
        rm -f "$s/vr.sock" "$s/speechd.sock"
        [[ $s != "$D" ]] && rmdir "$s" 2>/dev/null || true
        rm -f "$D/socket-dir"
    fi
    ((rc == 0)) && remove_local_socket
    rm -f "$D/env" "$D/brlapi-index"
    return $rc
}

# start-speech / start-braille: the same socket, BrlAPI index and capture file as before.
restart_one() {
    local s
    [[ -f $D/socket-dir ]] || { say "not running: run scripts/servers.sh start first"; return 1; }
    s=$(cat "$D/socket-dir")
    case $1 in
        speech) running "$(pid_of speechd)" && { say "speech-dispatcher is already running"; return 1; }
                start_speechd "$s" keep ;;
        braille) running "$(pid_of brltty)" && { say "brltty is already running"; return 1; }
                 [[ -f $D/brlapi-index ]] || { say "no BrlAPI index recorded in $D/brlapi-index"; return 1; }
                 start_brltty "$s" "$(cat "$D/brlapi-index")" ;;
    esac
}

write_env() {
    local s=$1
    {
        printf 'export SPEECHD_ADDRESS=%q\n' "unix_socket:$s/speechd.sock"
        printf 'export BRLAPI_HOST=%q\n' "127.0.0.1:$BRLAPI_INDEX"
        printf 'export BRLAPI_AUTH=none\n'
        # The same BRLTTY on its local socket (BRLTTY's default), where it listens there too.
        [[ -f $D/brlapi-local ]] && printf 'export A11Y_BRLAPI_LOCAL_HOST=%q\n' "$(cat "$D/brlapi-local")"
        printf 'export A11Y_VR_SOCKET=%q\n' "$s/vr.sock"
        printf 'export A11Y_CAPTURE_FILE=%q\n' "$D/spoken.txt"
        printf 'export A11Y_CAPTURE_DELAY_FILE=%q\n' "$D/capture-delay"
        printf 'export A11Y_SERVERS_DIR=%q\n' "$D"
    } >"$D/env.tmp"
    mv "$D/env.tmp" "$D/env"
}

do_start() {
    # Idempotent: whatever an earlier start left (running or half dead) is stopped first.
    do_stop >/dev/null 2>&1 || true
    command -v brltty >/dev/null && command -v speech-dispatcher >/dev/null \
        || { say "brltty or speech-dispatcher is missing: run scripts/install-deps.sh (make deps)"; exit 1; }
    local s
    s=$(socket_dir)
    rm -f "$D/capture-delay"
    if ! start_brltty "$s" || ! start_speechd "$s" || { ((with_display)) && ! start_keeper "$s"; }; then
        do_stop >/dev/null 2>&1 || true
        say "start failed; everything it started is stopped"
        exit 1
    fi
    write_env "$s"
    say "running: BrlAPI 127.0.0.1:$BRLAPI_INDEX$([[ -f $D/brlapi-local ]] && echo " and $(cat "$D/brlapi-local")") (brltty pid $(cat "$D/brltty.pidfile")), speech-dispatcher pid $(pid_of speechd)$( ((with_display)) && echo ", display keeper ($cells cells) -> $D/braille.txt")"
    say "environment: source $D/env"
}

do_status() {
    local name pid rc=0
    for name in brltty speechd keeper; do
        pid=$(pid_of "$name")
        if alive "$pid"; then
            echo "$name: running (pid $pid)"
            [[ $name == brltty ]] && echo "brltty: restarted $(brltty_restarts) time(s) after crashes; current pid $(cat "$D/brltty.pidfile" 2>/dev/null)"
        elif [[ $name == keeper ]]; then echo "$name: not running"
        else echo "$name: stopped"; rc=3
        fi
    done
    [[ -f $D/env ]] && cat "$D/env"
    return $rc
}

case $action in
    start) do_start ;;
    # A BRLTTY that died under the tests is said, with what it logged last before dying (CI
    # keeps only the output).
    stop) restarts=$(brltty_restarts)
          if ((${restarts:-0} > 0)); then
              say "brltty died and was restarted ${restarts} time(s); what it logged before:"
              grep -B 6 'restarting it' "$D/brltty.log" | tail -n 28 | sed 's/^/  brltty.log: /' >&2
          fi
          do_stop && say "stopped ($D)" ;;
    status) do_status ;;
    kill-speech) kill_now speechd ;;
    kill-braille) kill_now brltty ;;
    start-speech) restart_one speech ;;
    start-braille) restart_one braille ;;
    env) [[ -f $D/env ]] || { say "not running: run scripts/servers.sh start"; exit 1; }; cat "$D/env" ;;
    *) usage ;;
esac
