#!/usr/bin/env bash
# Private speech and braille servers for the tests and the demo.
#
#   scripts/servers.sh start [--display] [--cells N] [DIR]
#   scripts/servers.sh stop|status|env [DIR]
#   scripts/servers.sh kill-speech|start-speech|kill-braille|start-braille [DIR]
#
# start: BRLTTY with the Virtual driver (`vr`, its display is whoever connects to $DIR/vr.sock)
#        and a BrlAPI server on a free index, plus speech-dispatcher with a capture module that
#        appends every utterance, one line each, to $DIR/spoken.txt. It writes $DIR/env (export
#        lines for the clients). --display also runs a keeper: a virtual display of N cells
#        (default 40) that appends every Visual/Braille line it receives to $DIR/braille.txt.
# stop:  stops everything start started; nothing is left running.
# env:   prints $DIR/env (use: eval "$(scripts/servers.sh env)").
# kill-speech / kill-braille: SIGKILL to that server (and, for BRLTTY, to its supervisor, so it
#        is not restarted): a crash, for the fault tests. start-speech / start-braille: starts
#        it again with the same socket, BrlAPI index and capture file (nothing is truncated).
#
# DIR defaults to ${A11Y_SERVERS_DIR:-<repo>/.servers}. See ../shared/REAL_DAEMONS.md.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

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

alive() { [[ -n ${1:-} ]] && kill -0 "$1" 2>/dev/null; }
pid_of() { [[ -f $D/$1.pid ]] && cat "$D/$1.pid" || true; }

# Stops one process group we started (each daemon runs under setsid), escalating to SIGKILL.
stop_one() {
    local name=$1 patience=$2 pid
    pid=$(pid_of "$name")
    rm -f "$D/$name.pid"
    alive "$pid" || return 0
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    # brltty ignores SIGTERM while it waits for a display, so its patience is short;
    # speech-dispatcher takes about 2 s to stop its modules.
    local i
    for ((i = 0; i < patience; i++)); do alive "$pid" || break; sleep 0.1; done
    if alive "$pid"; then
        kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
        for ((i = 0; i < 20; i++)); do alive "$pid" || break; sleep 0.1; done
    fi
    # Module processes (sd_generic) are in the same group; make sure none is left.
    kill -KILL -- "-$pid" 2>/dev/null || true
    if alive "$pid"; then say "could not stop $name (pid $pid)"; return 1; fi
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
    rm -f "$D/env" "$D/brlapi-index"
    return $rc
}

# SIGKILL to a server's process group (for BRLTTY that includes its supervisor).
# Alive and not a zombie (nobody may reap the daemons we started in a container without init).
running() { alive "$1" && [[ $(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) != Z ]]; }

kill_now() {
    local name=$1 pid i
    pid=$(pid_of "$name")
    rm -f "$D/$name.pid"
    running "$pid" || { say "$name is not running"; return 1; }
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do running "$pid" || return 0; sleep 0.02; done
    say "$name (pid $pid) did not die"
    return 1
}

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

# Is anything listening on TCP port $1 (any address, IPv4 or IPv6)? Prints the socket inodes.
listening_inodes() {
    local hex
    hex=$(printf '%04X' "$1")
    awk -v p=":$hex" '$4 == "0A" && substr($2, length($2) - 4) == p { print $10 }' \
        /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# Does process $1 own one of the listening sockets on TCP port $2?
owns_port() {
    local inode
    for inode in $(listening_inodes "$2"); do
        ls -l "/proc/$1/fd" 2>/dev/null | grep -q "socket:\[$inode\]" && return 0
    done
    return 1
}

start_brltty() {
    local s=$1 idx port
    if [[ -n ${2:-} ]]; then
        idx=$2; port=$((4101 + idx))  # a restart: the clients know this index
    else
        for ((idx = 1; idx <= 60; idx++)); do
            port=$((4101 + idx))
            [[ -z $(listening_inodes "$port") ]] && break
        done
        ((idx <= 60)) || { say "no free BrlAPI index (TCP ports 4102-4161 all taken)"; return 1; }
    fi
    rm -f "$s/vr.sock" "$D/brltty.pidfile"
    : >"$D/brltty.log"
    # BRLTTY 6.5 sometimes aborts (heap corruption) when a BrlAPI client that wrote leaves; a
    # small supervisor restarts it on the same index and socket when it dies of a signal.
    VR_SOCK="$s/vr.sock" setsid bash -c '
        while :; do
            rm -f "$VR_SOCK"
            "$@"
            status=$?
            ((status >= 128)) || exit "$status"
            echo "servers: brltty died (status $status); restarting it" >&2
            sleep 0.2
        done' brltty-supervisor \
        brltty -n -e -q -l info -f /dev/null -F "$D/prefs.conf" -W "$D" -U "$D" -P "$D/brltty.pidfile" \
        -b vr -d "server:$s/vr.sock" -x no -s no -t en-nabcc \
        -A "auth=none,host=127.0.0.1:$idx" </dev/null >>"$D/brltty.log" 2>&1 &
    echo $! >"$D/brltty.pid"
    local pid=$! i brltty_pid
    # A restart may wait for the display to plug in again before BrlAPI listens: 15 s then.
    local steps=100; [[ -n ${2:-} ]] && steps=300
    for ((i = 0; i < steps; i++)); do
        alive "$pid" || { say "brltty exited at start; its log ($D/brltty.log):"; tail -n 20 "$D/brltty.log" >&2; return 1; }
        if grep -q "bind error" "$D/brltty.log"; then
            say "brltty could not bind BrlAPI port $port (another server took it); log: $D/brltty.log"
            return 1
        fi
        brltty_pid=$(cat "$D/brltty.pidfile" 2>/dev/null || true)
        # Our brltty, not another one on this index, must be the one listening.
        # (On a restart the display may already have plugged in, and the vr driver then no longer
        # shows its socket file: the port alone tells.)
        if [[ -n $brltty_pid ]] && { [[ -S $s/vr.sock ]] || ((steps > 100)); } && owns_port "$brltty_pid" "$port"; then
            BRLAPI_INDEX=$idx
            echo "$idx" >"$D/brlapi-index"
            return 0
        fi
        sleep 0.05
    done
    say "brltty did not listen on 127.0.0.1:$port with $s/vr.sock within $((steps / 20)) s; log: $D/brltty.log"
    return 1
}

start_speechd() {
    local s=$1
    mkdir -p "$D/conf/modules" "$D/log" "$D/cache"
    cat >"$D/conf/speechd.conf" <<CONF
CommunicationMethod "unix_socket"
SocketPath "$s/speechd.sock"
LogLevel 3
LogDir "$D/log"
DefaultLanguage "en"
AudioOutputMethod "alsa"
AudioALSADevice "null"
AddModule "capture" "sd_generic" "capture.conf"
DefaultModule capture
DisableAutoSpawn
CONF
    # sd_generic runs this with /bin/sh -c after replacing $DATA with the text, in which it
    # escapes single quotes for a single-quoted context: $DATA must stay inside '...'.
    # CAPTURE_FILE and CAPTURE_DELAY_FILE come from the server's environment (set below).
    # The delay (seconds) is read at every utterance, so tests can change it at run time.
    local delim
    delim=$(printf '\001')
    cat >"$D/conf/modules/capture.conf" <<CONF
GenericExecuteSynth "printf '%s\\\\n' \\'\$DATA\\' >> \\"\$CAPTURE_FILE\\"; sleep \\"\$(cat \\"\$CAPTURE_DELAY_FILE\\" 2>/dev/null || echo 0)\\""
GenericCmdDependency "printf"
GenericDelimiters "$delim"
GenericMaxChunkLength 100000
GenericLanguage "en" "en" "utf-8"
AddVoice "en" "MALE1" "en"
CONF
    rm -f "$s/speechd.sock" "$D/log/speech-dispatcher.log"
    [[ ${2:-} == keep ]] || : >"$D/spoken.txt"
    setsid env XDG_CACHE_HOME="$D/cache" CAPTURE_FILE="$D/spoken.txt" CAPTURE_DELAY_FILE="$D/capture-delay" \
        speech-dispatcher -s -t 0 -C "$D/conf" -P "$D/speechd.pidfile" </dev/null >"$D/speechd.out" 2>&1 &
    echo $! >"$D/speechd.pid"
    local pid=$! i
    for ((i = 0; i < 100; i++)); do
        alive "$pid" || { say "speech-dispatcher exited at start; see $D/speechd.out and $D/log/"; tail -n 20 "$D/speechd.out" >&2; return 1; }
        if grep -qs "waiting for clients" "$D/log/speech-dispatcher.log" "$D/speechd.out" && [[ -S $s/speechd.sock ]]; then
            return 0
        fi
        sleep 0.05
    done
    say "speech-dispatcher was not waiting for clients within 5 s; see $D/log/speech-dispatcher.log"
    return 1
}

start_keeper() {
    local s=$1 exe="$repo/.build/debug/a11y-vr-display"
    if [[ ! -x $exe ]]; then
        say "building the display keeper (swift build --product a11y-vr-display)"
        (cd "$repo" && swift build --product a11y-vr-display) >&2
    fi
    : >"$D/braille.txt"
    # Reconnects whenever BRLTTY closes the display (or is restarted by its supervisor).
    setsid bash -c 'while :; do "$@"; sleep 0.5; done' keeper \
        "$exe" --socket "$s/vr.sock" --cells "$cells" --output "$D/braille.txt" \
        </dev/null >"$D/keeper.log" 2>&1 &
    echo $! >"$D/keeper.pid"
    local pid=$! i
    for ((i = 0; i < 100; i++)); do
        alive "$pid" || { say "the display keeper exited; see $D/keeper.log"; cat "$D/keeper.log" >&2; return 1; }
        grep -qs "connected" "$D/keeper.log" && return 0
        sleep 0.05
    done
    say "the display keeper did not connect within 5 s; see $D/keeper.log"
    return 1
}

write_env() {
    local s=$1
    {
        printf 'export SPEECHD_ADDRESS=%q\n' "unix_socket:$s/speechd.sock"
        printf 'export BRLAPI_HOST=%q\n' "127.0.0.1:$BRLAPI_INDEX"
        printf 'export BRLAPI_AUTH=none\n'
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
    say "running: BrlAPI 127.0.0.1:$BRLAPI_INDEX (brltty pid $(cat "$D/brltty.pidfile")), speech-dispatcher pid $(pid_of speechd)$( ((with_display)) && echo ", display keeper ($cells cells) -> $D/braille.txt")"
    say "environment: source $D/env"
}

do_status() {
    local name pid rc=0
    for name in brltty speechd keeper; do
        pid=$(pid_of "$name")
        if alive "$pid"; then
            echo "$name: running (pid $pid)"
            [[ $name == brltty ]] && echo "brltty: restarted $(grep -c 'restarting it' "$D/brltty.log" || true) time(s) after crashes; current pid $(cat "$D/brltty.pidfile" 2>/dev/null)"
        elif [[ $name == keeper ]]; then echo "$name: not running"
        else echo "$name: stopped"; rc=3
        fi
    done
    [[ -f $D/env ]] && cat "$D/env"
    return $rc
}

case $action in
    start) do_start ;;
    stop) do_stop && say "stopped ($D)" ;;
    status) do_status ;;
    kill-speech) kill_now speechd ;;
    kill-braille) kill_now brltty ;;
    start-speech) restart_one speech ;;
    start-braille) restart_one braille ;;
    env) [[ -f $D/env ]] || { say "not running: run scripts/servers.sh start"; exit 1; }; cat "$D/env" ;;
    *) usage ;;
esac
