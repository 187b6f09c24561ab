#!/usr/bin/env bash
# Runs a program in a VTE terminal (sakura) under the real Orca (Debian's orca 43.1) on a private
# Xvfb, D-Bus session and AT-SPI bus; types a key script with xdotool; writes what Orca said and
# what the program's own speech said per key.
#
#   orca-run.sh [--gap S] [--no-braille] [--wait-exit S] [--pidns] OUTDIR 'KEY KEY ...' COMMAND [ARGS...]
#
#   KEYs are xdotool key names (Right, Left, Home, End, Tab, Return, Escape, BackSpace, a, ...), or
#   @kill / @term: SIGKILL / SIGTERM to Orca at that point (the terminal and the program stay), or
#   a pointer step at the terminal cell COL,ROW (from 1,1 at the top left), made with xdotool on
#   the pixel at the middle of that cell: @click:COL,ROW (left button down and up), @press:COL,ROW
#   (down), @drag:COL,ROW (the pointer moves there, a button held), @release:COL,ROW (up),
#   @wheelup:COL,ROW / @wheeldown:COL,ROW; or @wait:S (S seconds more before the next step; not a
#   key of its own in the output: what is said meanwhile belongs to the step before).
#   The cell geometry (OUTDIR/geometry.txt) comes from the window (xdotool getwindowgeometry) and
#   the terminal's columns and rows; AT-SPI's extents of the terminal and of its first cell are
#   written beside it and used for the origin and cell size when they agree within a pixel a cell.
#   --gap: seconds between keys (default 0.7). --no-braille: no BRLTTY for the program (it gets no
#   BRLAPI_HOST; Orca's own braille is always off: -d braille, or on Orca 51+ no BRLTTY to reach). --wait-exit S: after the last key,
#   wait up to S seconds for the program to exit (default: the gap). --pidns: run the session in
#   its own PID namespace (automatic when another Orca of this user is running: Orca 43 refuses to
#   start next to one, machine-wide, whatever the display or bus).
#   Environment: READER_SD_DELAY / PROGRAM_SD_DELAY (seconds each utterance lasts; default 0).
#
# Every run starts its own: speech-dispatcher for Orca (OUTDIR/rsd) and for the program
# (OUTDIR/psd), BRLTTY + virtual display via scripts/servers.sh (OUTDIR/brl, unless --no-braille),
# Xvfb on a free display, dbus-run-session with at-spi-bus-launcher, orca, sakura running COMMAND
# with its standard output to OUTDIR/program.stdout. The program sees no detection overrides, no
# preferences file, no ssh. All stopped at the end (also on error or Ctrl-C) and ps is checked.
#
# Output in OUTDIR: out.txt (KEY <TAB> reader: ... <TAB> program: ...), out.json (the same, one
# list of utterances per key), timeline.txt, orca.debug, reader.tsv, program.tsv, program.rc,
# program.stdout, screen-start.txt / screen-end.txt (the terminal text via AT-SPI), timings.txt,
# detect.txt (what a process inside sakura sees), geometry.txt, run.log. Exit 0 when the run completed; 1 when
# something could not be started (run.log says what) or was left running.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
self=$here/$(basename "${BASH_SOURCE[0]}")
repo=$(cd "$here/../.." && pwd)
source "$here/lib/speechd.sh"
now() { date +%s.%N; }
# HANG: the deadline of a wait for what must happen (a process, a socket, a file): 30 s times
# A11Y_TEST_DEADLINE_SCALE, as the tests' own waits. A busy machine does not reach it.
HANG=$(awk -v s="${A11Y_TEST_DEADLINE_SCALE:-1}" 'BEGIN { s += 0; if (s <= 0) s = 1; printf "%d", 30 * s + 0.5 }')
wait_for() {
    local deadline; deadline=$(awk -v n="$(now)" -v s="$1" 'BEGIN{printf "%.3f", n+s}')
    while ! eval "$2"; do
        [[ $(awk -v n="$(now)" -v d="$deadline" 'BEGIN{print (n>d)}') == 1 ]] && return 1
        sleep 0.02
    done
}

# ---- inside dbus-run-session (and the PID namespace, if any) ----------------------------------
if [[ ${1:-} == --inner ]]; then
    OUT=$2
    # shellcheck source=/dev/null
    source "$OUT/config.sh"
    ilog() { echo "[inner $(date +%T.%N | cut -c1-12)] $*" >>"$OUT/inner.log"; }
    export HOME=$OUT/home XDG_RUNTIME_DIR=$OUT/xdg GSETTINGS_BACKEND=memory DISPLAY=$DISPLAY_NAME GDK_BACKEND=x11
    unset NO_AT_BRIDGE WAYLAND_DISPLAY
    echo "$DBUS_SESSION_BUS_ADDRESS" >"$OUT/bus.tmp"; mv "$OUT/bus.tmp" "$OUT/bus"
    kids=()
    stop_all() {
        ilog "stopping"
        if [[ -n ${ORCA:-} ]]; then
            kill -TERM "$ORCA" 2>/dev/null
            wait_for 5 "! kill -0 $ORCA 2>/dev/null" || { ilog "orca ignored SIGTERM: SIGKILL"; kill -KILL "$ORCA" 2>/dev/null; }
        fi
        local p; for p in "${kids[@]}"; do kill -TERM "$p" 2>/dev/null; done
        sleep 0.2
        for p in "${kids[@]}"; do kill -KILL "$p" 2>/dev/null; done
        # at-spi2-registryd is started by bus activation and is nobody's child here
        pkill -TERM -s "$(ps -o sid= -p $$ | tr -d ' ')" -x at-spi2-registr 2>/dev/null
        ilog "stopped"
    }
    trap 'stop_all; exit 0' TERM INT
    /usr/libexec/at-spi-bus-launcher --launch-immediately >"$OUT/atspi.log" 2>&1 &
    kids+=($!)
    has_a11y_bus() { gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
                       --method org.freedesktop.DBus.NameHasOwner org.a11y.Bus 2>/dev/null | grep -q true; }
    wait_for "$HANG" has_a11y_bus || { ilog "no org.a11y.Bus within $HANG s"; echo atspi >"$OUT/failed"; stop_all; exit 1; }
    ilog "a11y bus up"; touch "$OUT/state.atspi"
    # Orca up to 50 takes its preferences folder (-u) and turns its braille off (-d braille). Orca 51 has
    # neither option: its preferences go under the private HOME, and its braille finds no BRLTTY (a
    # BrlAPI address where none listens), so it never takes the program's display.
    orca_options=(-d braille -u "$OUT/prefs")
    orca --help 2>/dev/null | grep -q -- '--user-prefs' || orca_options=()
    SPEECHD_ADDRESS=unix_socket:$OUT/rsd/speechd.sock BRLAPI_HOST=:99 XDG_DATA_HOME="$OUT/prefs" \
        orca "${orca_options[@]}" --debug-file "$OUT/orca.debug" >"$OUT/orca.out" 2>&1 &
    ORCA=$!
    # Ready: Orca spoke its start message. Its debug file is block-buffered: do not wait on it.
    wait_for "$HANG" 'grep -qs "Screen reader on" "$OUT/rsd/spoken.txt" || ! kill -0 $ORCA 2>/dev/null' || true
    if ! kill -0 $ORCA 2>/dev/null || ! grep -qs "Screen reader on" "$OUT/rsd/spoken.txt"; then
        ilog "orca not ready: $(tail -3 "$OUT/orca.out" | tr '\n' ' ')"; echo orca >"$OUT/failed"; stop_all; exit 1
    fi
    ilog "orca ready (pid $ORCA)"; touch "$OUT/state.orca"
    sakura -c "$COLS" -r "$ROWS" -x "/bin/bash $OUT/shell.sh" >"$OUT/sakura.log" 2>&1 &
    kids+=($!)
    ilog "sakura started (pid $!)"
    # Wait for the stop request; kill Orca when asked (OUTDIR/kill-reader holds the signal's name).
    while [[ ! -e $OUT/stop ]]; do
        if [[ -e $OUT/kill-reader ]]; then
            sig=$(cat "$OUT/kill-reader"); rm -f "$OUT/kill-reader"
            kill "-$sig" "$ORCA"; t=$(date +%s.%N)
            wait "$ORCA" 2>/dev/null || true
            ilog "SIG$sig to orca ($ORCA); it ended"
            ORCA=""
            echo "$t" >"$OUT/reader-killed.tmp"; mv "$OUT/reader-killed.tmp" "$OUT/reader-killed"
        fi
        sleep 0.02
    done
    stop_all
    exit 0
fi

# ---- outside -----------------------------------------------------------------------------------
gap=0.7 braille=1 wait_exit="" pidns=0
COLS=100 ROWS=30
while (($#)); do
    case $1 in
        --gap) gap=$2; shift 2 ;;
        --no-braille) braille=0; shift ;;
        --wait-exit) wait_exit=$2; shift 2 ;;
        --pidns) pidns=1; shift ;;
        -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
        *) break ;;
    esac
done
(($# >= 3)) || { sed -n '2,12p' "$0" >&2; exit 2; }
OUT=$1 KEYS=$2; shift 2
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
rm -rf "$OUT"/{rsd,psd,brl,home,xdg,prefs,config,go,stop,failed,bus,state.*,kill-reader,reader-killed,program.pid,program.rc,program.stdout,keys.tsv,out.txt,out.json,timeline.txt,orca.debug,detect.txt,inner.log,geometry.txt}
mkdir -p "$OUT/home" "$OUT/xdg" "$OUT/prefs" "$OUT/config"; chmod 700 "$OUT/xdg"
exec 3>>"$OUT/run.log"
T0=$(now)
since() { awk -v a="$T0" -v b="$(now)" 'BEGIN{printf "%.3f", b-a}'; }
log() { echo "[$(since)] $*" >&3; echo "orca-run: [$(since)s] $*" >&2; }

XVFB="" SESS=""
cleanup() {
    local rc=$?
    set +e
    trap - EXIT INT TERM ERR
    if [[ -n $SESS ]]; then
        touch "$OUT/stop"
        wait_for 8 "! kill -0 $SESS 2>/dev/null" || log "the session did not end within 8 s"
        # whatever is left in the session (setsid below): TERM, then KILL
        pkill -TERM -s "$SESS" 2>/dev/null; sleep 0.2; pkill -KILL -s "$SESS" 2>/dev/null
        kill -KILL "$SESS" 2>/dev/null
    fi
    [[ -n $XVFB ]] && { kill -TERM "$XVFB" 2>/dev/null; wait_for 3 "! kill -0 $XVFB 2>/dev/null" || kill -KILL "$XVFB"; }
    sd_stop "$OUT/rsd" & sd_stop "$OUT/psd" & wait
    ((braille)) && "$repo/scripts/servers.sh" stop "$OUT/brl" >/dev/null 2>&1
    rm -rf "$OUT/rsd/cache" "$OUT/psd/cache"
    sleep 0.1
    ps -eo pid=,ppid=,args= >"$OUT/ps-end.txt"
    local left
    left=$(awk -v me=$$ -v out="$OUT" '$1 != me && $2 != me && index($0, out)' "$OUT/ps-end.txt")
    [[ -n $XVFB ]] && kill -0 "$XVFB" 2>/dev/null && left+=" Xvfb $XVFB"
    if [[ -n $left ]]; then log "LEFT RUNNING: $left"; rc=1; else log "stopped; nothing left running"; fi
    exit $rc
}
trap cleanup EXIT
trap 'log "failed at line $LINENO: $BASH_COMMAND"' ERR
trap 'log "interrupted"; exit 130' INT TERM

for tool in orca Xvfb xdotool sakura dbus-run-session gdbus /usr/libexec/at-spi-bus-launcher speech-dispatcher unshare /usr/bin/python3; do
    command -v "$tool" >/dev/null || { log "$tool is not installed (scripts/install-deps.sh installs it)"; exit 1; }
done
if pgrep -u "$(id -u)" -x orca >/dev/null && ((!pidns)); then
    log "another Orca of uid $(id -u) runs (pid $(pgrep -u "$(id -u)" -x orca | tr '\n' ' ')): using a PID namespace"
    pidns=1
fi
log "start: $* (keys: $KEYS; gap $gap s)"
SD_DELAY=${READER_SD_DELAY:-0} sd_start "$OUT/rsd"; SD_DELAY=${PROGRAM_SD_DELAY:-0} sd_start "$OUT/psd"
PENV=(SPEECHD_ADDRESS="unix_socket:$OUT/psd/speechd.sock" XDG_CONFIG_HOME="$OUT/config")
if ((braille)); then
    "$repo/scripts/servers.sh" start --display "$OUT/brl" 2>>"$OUT/run.log"
    # shellcheck source=/dev/null
    PENV+=(BRLAPI_HOST="$(source "$OUT/brl/env"; echo "$BRLAPI_HOST")" BRLAPI_AUTH=none)
fi
log "speech-dispatchers$( ((braille)) && echo " and BRLTTY") ready"

# Xvfb picks a free display itself and tells it on fd 5 when it accepts clients.
setsid Xvfb -displayfd 5 -nolisten tcp -screen 0 1024x768x24 5>"$OUT/display" 2>"$OUT/xvfb.log" </dev/null &
XVFB=$!
wait_for "$HANG" '[[ -s $OUT/display ]]' || { log "Xvfb did not start: $(tail -2 "$OUT/xvfb.log")"; exit 1; }
DISPLAY_NAME=:$(head -1 "$OUT/display" | tr -d ' \n')
log "Xvfb $DISPLAY_NAME (pid $XVFB)"

{
    printf 'DISPLAY_NAME=%q\n' "$DISPLAY_NAME"
    printf 'COLS=%q ROWS=%q\n' "$COLS" "$ROWS"
} >"$OUT/config.sh"
# The shell sakura runs: detect what a program there sees, then run the command in the foreground.
{
    echo '#!/bin/bash'
    printf 'OUT=%q\n' "$OUT"
    echo 'for ((i = 0; i < 1500; i++)); do [[ -e $OUT/go ]] && break; sleep 0.02; done'
    # What the program would see, as a user's shell has it: no test overrides, no ssh.
    echo 'unset ACCESSIBLE A11Y_PROC_ROOT A11Y_FENRIR_SOCKET A11Y_FENRIR_SOCKET_DIR A11Y_SPEAKUP_PATH A11Y_CONTROLS_CONFIG \'
    echo '    SSH_CONNECTION SSH_CLIENT SSH_TTY WAYLAND_DISPLAY BRLAPI_HOST BRLAPI_AUTH SPEECHD_ADDRESS'
    printf 'export %s\n' "$(printf '%q ' "${PENV[@]}")"
    echo '/usr/bin/python3 '"$(printf %q "$here/lib/detect.py")"' >"$OUT/detect.txt" 2>&1'
    printf '( echo $BASHPID >"$OUT/program.pid.tmp"; mv "$OUT/program.pid.tmp" "$OUT/program.pid"; exec %s >"$OUT/program.stdout" )\n' "$(printf '%q ' "$@")"
    echo 'echo $? >"$OUT/program.rc.tmp"; mv "$OUT/program.rc.tmp" "$OUT/program.rc"'
    echo 'exec sleep 3600'
} >"$OUT/shell.sh"

wrap=()
((pidns)) && wrap=(unshare --pid --fork --mount-proc --kill-child)
setsid "${wrap[@]}" dbus-run-session -- "$self" --inner "$OUT" >"$OUT/session.log" 2>&1 </dev/null &
SESS=$!
X() { DISPLAY=$DISPLAY_NAME DBUS_SESSION_BUS_ADDRESS=$(cat "$OUT/bus") "$@"; }
wait_for "$HANG" '[[ -e $OUT/state.orca || -e $OUT/failed ]] || ! kill -0 $SESS 2>/dev/null' || true
[[ -e $OUT/state.orca ]] || { log "Orca did not get ready: $(cat "$OUT/failed" 2>/dev/null) $(tail -3 "$OUT/inner.log" "$OUT/orca.out" 2>/dev/null | tr '\n' ' ')"; exit 1; }
T_READY=$(since)
log "Orca ready (at-spi bus up, 'Screen reader on.' spoken)"

WIN=$(X timeout 15 xdotool search --sync --onlyvisible --class sakura | head -1) || true
[[ -n $WIN ]] || { log "no sakura window within 15 s"; exit 1; }
X xdotool windowfocus --sync "$WIN"
T_WIN=$(since)
log "sakura window $WIN focused"
touch "$OUT/go"
wait_for "$HANG" '[[ -s $OUT/program.pid ]]' || { log "the program did not start"; exit 1; }
# Ready: the terminal's text, as AT-SPI shows it, stopped changing for 0.4 s.
X /usr/bin/python3 "$here/lib/atspi-text.py" --wait-stable 0.4 10 >"$OUT/screen-start.txt" 2>>"$OUT/run.log" \
    || log "the terminal text kept changing (or was empty) for 10 s"
[[ -e $OUT/program.rc ]] && log "the program exited before the first key (rc $(cat "$OUT/program.rc"))"
T_PROG=$(since)
log "program ready"

# Cell geometry: the window's, divided by the terminal's columns and rows; AT-SPI's extents of the
# terminal widget and of its first cell, where they agree with it, place the cells exactly.
eval "$(X xdotool getwindowgeometry --shell "$WIN" | sed -n 's/^\(X\|Y\|WIDTH\|HEIGHT\)=\([0-9]*\)$/WIN_\1=\2/p')"
WIN_W=$WIN_WIDTH WIN_H=$WIN_HEIGHT
CELL_W=$(awk -v w="$WIN_W" -v c="$COLS" 'BEGIN{printf "%.3f", w / c}')
CELL_H=$(awk -v h="$WIN_H" -v r="$ROWS" 'BEGIN{printf "%.3f", h / r}')
ORIGIN_X=$WIN_X ORIGIN_Y=$WIN_Y GEOMETRY_FROM=window
atspi_geometry=$(X /usr/bin/python3 "$here/lib/atspi-text.py" --geometry 2>>"$OUT/run.log") || atspi_geometry=""
read -r _ ax ay aw ah <<<"$(grep '^cell ' <<<"$atspi_geometry" || echo "cell 0 0 0 0")"
if ((aw > 0 && ah > 0)) && awk -v a="$aw" -v b="$CELL_W" -v c="$ah" -v d="$CELL_H" \
        'BEGIN{exit !((a - b) ^ 2 < 1 && (c - d) ^ 2 < 1)}'; then
    ORIGIN_X=$ax ORIGIN_Y=$ay CELL_W=$aw CELL_H=$ah GEOMETRY_FROM=atspi
fi
{
    echo "window $WIN_X $WIN_Y $WIN_W $WIN_H (columns $COLS, rows $ROWS)"
    echo "${atspi_geometry:-atspi: none}"
    echo "used $GEOMETRY_FROM: origin $ORIGIN_X $ORIGIN_Y cell $CELL_W x $CELL_H"
} >"$OUT/geometry.txt"
log "geometry: $(tr '\n' ';' <"$OUT/geometry.txt")"
# pointer_step @KIND:COL,ROW : xdotool at the middle of that cell.
pointer_step() {
    local kind=${1%%:*} cell=${1#*:} col row px py
    kind=${kind#@}; col=${cell%,*}; row=${cell#*,}
    px=$(awk -v o="$ORIGIN_X" -v w="$CELL_W" -v c="$col" 'BEGIN{printf "%d", o + (c - 0.5) * w}')
    py=$(awk -v o="$ORIGIN_Y" -v h="$CELL_H" -v r="$row" 'BEGIN{printf "%d", o + (r - 0.5) * h}')
    printf '%s\t%s\n' "$(now)" "$1" >>"$OUT/keys.tsv"
    case $kind in
        click) X xdotool mousemove "$px" "$py" mousedown 1; sleep 0.08; X xdotool mouseup 1 ;;
        press) X xdotool mousemove "$px" "$py" mousedown 1 ;;
        drag) X xdotool mousemove "$px" "$py" ;;
        release) X xdotool mousemove "$px" "$py" mouseup 1 ;;
        wheelup) X xdotool mousemove "$px" "$py" click 4 ;;
        wheeldown) X xdotool mousemove "$px" "$py" click 5 ;;
    esac
    echo "$1 -> pixel $px,$py" >>"$OUT/geometry.txt"
}

: >"$OUT/keys.tsv"
for k in $KEYS; do
    case $k in
        @kill|@term)
            sig=${k#@}; echo "${sig^^}" >"$OUT/kill-reader"
            wait_for "$HANG" '[[ -s $OUT/reader-killed ]]' || { log "Orca was not killed within $HANG s"; exit 1; }
            printf '%s\t%s\n' "$(cat "$OUT/reader-killed")" "$k" >>"$OUT/keys.tsv"
            log "SIG${sig^^} to Orca: it ended"
            ;;
        @wait:*)
            sleep "${k#@wait:}"; continue
            ;;
        @click:*|@press:*|@drag:*|@release:*|@wheelup:*|@wheeldown:*)
            pointer_step "$k"
            ;;
        *)
            printf '%s\t%s\n' "$(now)" "$k" >>"$OUT/keys.tsv"
            X xdotool key "$k"
            ;;
    esac
    sleep "$gap"
done
T_KEYS=$(since)
wait_for "${wait_exit:-$gap}" '[[ -e $OUT/program.rc ]]' || true
lines() { wc -l <"$OUT/rsd/spoken.txt"; }
prev=-1 same=0
settled() { local n; n=$(lines); if [[ $n == "$prev" ]]; then ((same++)) || true; else same=0; prev=$n; fi; ((same >= 25)); }
wait_for "$HANG" settled || true
printf '%s\t(end)\n' "$(now)" >>"$OUT/keys.tsv"
X /usr/bin/python3 "$here/lib/atspi-text.py" >"$OUT/screen-end.txt" 2>/dev/null || true
[[ -e $OUT/program.rc ]] && log "program exited with $(cat "$OUT/program.rc")" || log "program still running after the keys"
log "stopping the session (Orca: SIGTERM)"
touch "$OUT/stop"
wait_for 10 "! kill -0 $SESS 2>/dev/null" || log "the session did not end within 10 s"
T_STOP=$(since)
/usr/bin/python3 "$here/lib/collate.py" "$OUT" --orca-log "$OUT/orca.debug" \
    --program-capture "$OUT/psd/spoken.txt" --reader-capture "$OUT/rsd/spoken.txt"
printf 'orca_ready %s\nwindow_focused %s\nprogram_ready %s\nkeys_done %s\nprogram_rc %s\nsession_stopped %s\n' \
    "$T_READY" "$T_WIN" "$T_PROG" "$T_KEYS" "$(cat "$OUT/program.rc" 2>/dev/null || echo running)" "$T_STOP" >"$OUT/timings.txt"
log "done: Orca ready ${T_READY}s, window ${T_WIN}s, program ${T_PROG}s, keys ${T_KEYS}s, stopped ${T_STOP}s"
cat "$OUT/out.txt"
