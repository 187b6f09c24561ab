# Sourced by scripts/servers.sh: BRLTTY with the Virtual driver and a BrlAPI server on a free
# index (start_brltty), and the display keeper that plays a braille display on its vr socket
# (start_keeper). Uses $D, $repo, $cells, say() and alive() from servers.sh and processes.sh;
# start_brltty sets BRLAPI_INDEX.
#
# BRLTTY 6.9 and later have no Virtual driver. Where it is not installed (or A11Y_BRAILLE_DRIVER=bm),
# BRLTTY drives a Baum display instead: scripts/servers/baum-display.py, at the other end of a
# pseudo-terminal, which offers the tests the vr driver's socket and lines (see that file). It runs
# in BRLTTY's supervisor's process group, so it stops, and is killed, with BRLTTY.

# BRLTTY's text table NAME (.ttb), where this BRLTTY keeps its tables.
text_table() {
    local dir
    for dir in /etc/brltty/Text /usr/share/brltty/Text /etc/brltty /usr/share/brltty; do
        [[ -f $dir/$1.ttb ]] && { echo "$dir/$1.ttb"; return; }
    done
    echo "/etc/brltty/Text/$1.ttb"
}

# The braille driver: vr where BRLTTY has it, else bm with the Baum display.
braille_driver() {
    if [[ -n ${A11Y_BRAILLE_DRIVER:-} ]]; then echo "$A11Y_BRAILLE_DRIVER"; return; fi
    local dir
    for dir in /usr/lib/brltty /usr/lib/*/brltty /usr/local/lib/brltty; do
        [[ -e $dir/libbrlttybvr.so ]] && { echo vr; return; }
    done
    echo bm
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
    rm -f "$s/vr.sock" "$s/baum.tty" "$D/brltty.pidfile" "$D/brlapi-local"
    : >"$D/brltty.log"
    [[ -n ${2:-} ]] || rm -f "$D/baum-display.log"  # kept across restarts (start-braille)
    local driver display
    driver=$(braille_driver)
    case $driver in
        vr) display=(-b vr -d "server:$s/vr.sock") ;;
        bm) display=(-b bm -d "serial:$s/baum.tty") ;;
        *) say "unknown braille driver '$driver' (A11Y_BRAILLE_DRIVER: vr or bm)"; return 1 ;;
    esac
    echo "$driver" >"$D/braille-driver"  # for the tests (Servers.brailleDriver)

    # BrlAPI on TCP (127.0.0.1:N, what the tests' clients use) and, where BrlAPI's socket
    # directory is writable, on the local socket too (:N, $brlapi_dir/N): BRLTTY's default and
    # libbrlapi's (a user's programs reach their BRLTTY there). The index is free (no one listens
    # on its port): a socket and lock file left there by a BRLTTY that was killed are removed.
    local host="127.0.0.1:$idx"
    if [[ -d $brlapi_dir && -w $brlapi_dir ]]; then
        rm -f "$brlapi_dir/$idx" "$brlapi_dir/.$idx"
        host+="+:$idx"
    fi
    # BRLTTY 6.5 sometimes aborts (heap corruption) when a BrlAPI client that wrote leaves; a
    # small supervisor restarts it on the same index and socket when it dies of a signal.
    # With bm, the Baum display starts first (BRLTTY opens its pseudo-terminal) and stays while the
    # supervisor restarts a crashed BRLTTY; kill-braille kills it with BRLTTY (the display is
    # unplugged, as the vr socket went with BRLTTY) and start-braille starts a new one. It logs to
    # $D/baum-display.log.
    VR_SOCK="$s/vr.sock" DRIVER=$driver BAUM_EXE="$repo/scripts/servers/baum-display.py" BAUM_LINK="$s/baum.tty" \
    BAUM_TABLE=$(text_table en-nabcc) BAUM_CELLS=$cells BAUM_LOG="$D/baum-display.log" setsid bash -c '
        if [[ $DRIVER == bm ]]; then
            "$BAUM_EXE" --pty-link "$BAUM_LINK" --socket "$VR_SOCK" --table "$BAUM_TABLE" --cells "$BAUM_CELLS" \
                </dev/null >>"$BAUM_LOG" 2>&1 &
            for ((i = 0; i < 100; i++)); do [[ -L $BAUM_LINK && -S $VR_SOCK ]] && break; sleep 0.05; done
        fi
        while :; do
            [[ $DRIVER == bm ]] || rm -f "$VR_SOCK"
            "$@"
            status=$?
            ((status >= 128)) || exit "$status"
            echo "servers: brltty died (status $status); restarting it" >&2
            sleep 0.2
        done' brltty-supervisor \
        brltty -n -e -q -l info -f /dev/null -F "$D/prefs.conf" -W "$D" -U "$D" -P "$D/brltty.pidfile" \
        "${display[@]}" -x no -s no -t en-nabcc \
        -A "auth=none,host=$host" </dev/null >>"$D/brltty.log" 2>&1 &
    echo $! >"$D/brltty.pid"
    local pid=$! i brltty_pid
    # A restart may wait for the display to plug in again before BrlAPI listens.
    local restart=0 steps; [[ -n ${2:-} ]] && restart=1
    steps=$(hang_steps 0.05)
    for ((i = 0; i <= steps; i++)); do  # (the last look comes after the deadline)
        alive "$pid" || { say "brltty exited at start; its log ($D/brltty.log):"; tail -n 20 "$D/brltty.log" >&2; return 1; }
        if grep -q "bind error" "$D/brltty.log"; then
            say "brltty could not bind BrlAPI port $port (another server took it); log: $D/brltty.log"
            return 1
        fi
        brltty_pid=$(cat "$D/brltty.pidfile" 2>/dev/null || true)
        # Our brltty, not another one on this index, must be the one listening.
        # (On a restart the display may already have plugged in, and the vr driver then no longer
        # shows its socket file: the port alone tells.)
        if [[ -n $brltty_pid ]] && { [[ -S $s/vr.sock ]] || ((restart)); } && owns_port "$brltty_pid" "$port"; then
            BRLAPI_INDEX=$idx
            echo "$idx" >"$D/brlapi-index"
            # The local socket comes with the TCP one; recorded once it is there.
            if [[ $host == *+* ]]; then
                local j
                for ((j = 0; j < steps; j++)); do
                    [[ -S $brlapi_dir/$idx ]] && { echo ":$idx" >"$D/brlapi-local"; break; }
                    sleep 0.05
                done
            fi
            return 0
        fi
        sleep 0.05
    done
    say "brltty did not listen on 127.0.0.1:$port with $s/vr.sock within $(hang_seconds) s; log: $D/brltty.log"
    return 1
}

# BrlAPI's directory of local sockets (libbrlapi's BRLAPI_SOCKETPATH on Debian).
brlapi_dir=/var/lib/BrlAPI

# Removes the local socket and lock file of the index in $D/brlapi-local (BRLTTY stopped: a
# BRLTTY that was killed leaves them).
remove_local_socket() {
    [[ -f $D/brlapi-local ]] || return 0
    local idx; idx=$(cut -c2- "$D/brlapi-local")
    [[ $idx =~ ^[0-9]+$ ]] && rm -f "$brlapi_dir/$idx" "$brlapi_dir/.$idx"
    rm -f "$D/brlapi-local"
}

# How many times BRLTTY's supervisor restarted it after a crash (the line it logs above).
brltty_restarts() {
    grep -c 'restarting it' "$D/brltty.log" 2>/dev/null || true
}

# The display keeper: a virtual braille display of $cells cells on the vr socket (make demo).
start_keeper() {
    local s=$1 exe="$repo/.build/debug/a11y-vr-display"
    if [[ ! -x $exe ]]; then
        say "building the display keeper (swift build --product a11y-vr-display)"
        (cd "$repo" && swift build --product a11y-vr-display) >&2
    fi
    : >"$D/braille.txt"
    # BRLTTY logs the display's dimensions once the driver has it: only then do BrlAPI clients see
    # its size (a client connecting before that sees 0x0 and reports braille as unavailable).
    local logged
    logged=$(stat -c %s "$D/brltty.log" 2>/dev/null || echo 0)
    # Reconnects whenever BRLTTY closes the display (or is restarted by its supervisor).
    setsid bash -c 'while :; do "$@"; sleep 0.5; done' keeper \
        "$exe" --socket "$s/vr.sock" --cells "$cells" --output "$D/braille.txt" \
        </dev/null >"$D/keeper.log" 2>&1 &
    echo $! >"$D/keeper.pid"
    local pid=$! i steps
    steps=$(hang_steps 0.05)
    for ((i = 0; i <= steps; i++)); do  # (the last look comes after the deadline)
        alive "$pid" || { say "the display keeper exited; see $D/keeper.log"; cat "$D/keeper.log" >&2; return 1; }
        # (The Baum display has its dimensions from BRLTTY's start: there, the keeper is taken once
        # the Baum display has it.)
        if grep -qs "connected" "$D/keeper.log" &&
            { tail -c +"$((logged + 1))" "$D/brltty.log" 2>/dev/null | grep -q "Braille Display Dimensions" ||
              grep -qs "a display connected" "$D/baum-display.log"; }; then
            return 0
        fi
        sleep 0.05
    done
    say "the display keeper did not connect within $(hang_seconds) s (or BRLTTY did not take it); see $D/keeper.log and $D/brltty.log"
    return 1
}
