#!/usr/bin/env bash
# Runs a program under the real Fenrir in PTY mode inside a private tmux, types a key script, and
# writes what Fenrir said and what the program's own speech said per key. Works with the Fenrir
# releases Debian ships (1.9.5 in Debian 12, 2025.0.2.26 in Debian 13, 2026.0.9.12 in testing): the
# release is read from `fenrir --version` (2025 and later) or the package's version (1.9.5 has no
# --version), and Fenrir is started the way that release wants (see start_options below).
#
#   fenrir-run.sh [--gap S] [--no-braille] [--wait-exit S] [--keep] OUTDIR 'KEY KEY ...' COMMAND [ARGS...]
#
#   KEYs are tmux send-keys names (Right, Left, Home, End, Tab, Enter, Escape, BSpace, a, ...), or
#   @kill / @term: SIGKILL / SIGTERM to Fenrir at that point. Fenrir's pseudo-terminal goes with it
#   (the program gets SIGHUP) and so does its tmux pane: the keys after it are not typed; or a
#   mouse report at the terminal cell COL,ROW (from 1,1 at the top left) in SGR form (1006), typed
#   into the pane (`send-keys -H`) as a terminal sends it: @click:COL,ROW (left press, then the
#   release 80 ms later), @press:COL,ROW, @drag:COL,ROW (motion with the left button held),
#   @release:COL,ROW, @wheelup:COL,ROW / @wheeldown:COL,ROW; or @wait:S (S seconds more before the
#   next step; not a key of its own in the output).
#   --gap: seconds between keys (default 0.7). --no-braille: no BRLTTY for the program (it gets
#   no BRLAPI_HOST). --wait-exit S: after the last key, wait up to S seconds for the program to
#   exit (default: the gap). --keep: keep the speech-dispatchers' caches.
#   Environment: READER_SD_DELAY / PROGRAM_SD_DELAY = seconds each utterance "lasts" in that
#   speech-dispatcher (to see what is cut off; default 0).
#
# Every run starts its own: speech-dispatcher for Fenrir (OUTDIR/rsd), speech-dispatcher for the
# program (OUTDIR/psd), BRLTTY + a 40-cell virtual display via scripts/servers.sh (OUTDIR/brl,
# unless --no-braille), a tmux server on a private socket, Fenrir in its pane; Fenrir's shell runs
# COMMAND with its standard output to OUTDIR/program.stdout (as `x=$(COMMAND)` would: the screen
# is the terminal's, and the result printed at the end is not read out as screen text). The
# program sees no detection overrides, no preferences file, no ssh, no display. Everything is
# stopped at the end (also on error or Ctrl-C) and ps is checked.
#
# Output in OUTDIR: out.txt (KEY <TAB> reader: ... <TAB> program: ...), out.json (the same, one
# list of utterances per key), timeline.txt (every key and utterance with ms since its key),
# fenrir.log (Fenrir's debug log), fenrir-version.txt (the release and how it was started),
# reader.tsv, program.tsv, program.rc (the program's exit status as
# a shell reports it), program.stdout, screen-*.txt (the pane before the first key and at the end),
# timings.txt, detect.txt (what a process in the program's place sees), mouse.txt (the pane's
# mouse flags, as tmux took them from what Fenrir wrote, before the first key and at the end), run.log.
#
# Fenrir runs in a PID namespace of its own when it can (as root, with unshare; the test below says
# when it cannot, in run.log): Fenrir 2025.0.2.26
# and 2026.0.9.12 in PTY mode send SIGTERM to process -1 when they stop (seen with strace: 2026's
# PTY driver sets its shell's pid to -1 and its cleanup only checks for None), and kill(-1) reaches
# every process the caller may signal: as root, every process of the machine (in the matrix's
# namespace, the whole test run). In a namespace of its own (`unshare --pid --fork --mount`, its
# own /proc, lib/pidns-init.py as PID 1, which kill(-1) spares) it reaches only Fenrir's own processes:
# its shell and the program under it. Only the PID namespace and the /proc mounted for it are
# Fenrir's own: /tmp (Fenrir's remote socket, its instance file, OUTDIR), the tmux pane's terminal
# and the speech-dispatchers' sockets are the same as outside, and the program under Fenrir sees
# its ancestry (the program, the shell, fenrir, the init) in the namespace's /proc, where the pids
# in the socket's and the instance file's names are the namespace's. A11Y_FENRIR_PIDNS=0 turns it
# off; as another user Fenrir runs without one (its kill(-1) then reaches that user's processes).
# Exit 0 when the run completed; 1 when something could not be started (run.log says what) or was
# left running.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
gap=0.7 braille=1 keep=0 wait_exit=""
while (($#)); do
    case $1 in
        --gap) gap=$2; shift 2 ;;
        --no-braille) braille=0; shift ;;
        --keep) keep=1; shift ;;
        --wait-exit) wait_exit=$2; shift 2 ;;
        -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
        *) break ;;
    esac
done
(($# >= 3)) || { sed -n '2,11p' "$0" >&2; exit 2; }
OUT=$1 KEYS=$2; shift 2
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
case $OUT in *[\;\ \']*) echo "OUTDIR must not contain ';', quotes or spaces (Fenrir's -o syntax)" >&2; exit 2 ;; esac
rm -rf "$OUT"/{rsd,psd,brl,config,go,shell.pid,program.pid,program.rc,program.stdout,keys.tsv,out.txt,out.json,timeline.txt,fenrir.log,detect.txt,shell-hup,mouse.txt}
exec 3>>"$OUT/run.log"
source "$here/lib/speechd.sh"

now() { date +%s.%N; }
T0=$(now)
since() { awk -v a="$T0" -v b="$(now)" 'BEGIN{printf "%.3f", b-a}'; }
log() { echo "[$(since)] $*" >&3; echo "fenrir-run: [$(since)s] $*" >&2; }
# HANG: the deadline of a wait for what must happen (a process, a socket, a file): 30 s times
# A11Y_TEST_DEADLINE_SCALE, as the tests' own waits. A busy machine does not reach it.
HANG=$(awk -v s="${A11Y_TEST_DEADLINE_SCALE:-1}" 'BEGIN { s += 0; if (s <= 0) s = 1; printf "%d", 30 * s + 0.5 }')
# wait_for SECONDS 'shell condition' : polls every 20 ms; fails at the deadline (the condition
# is asked once more after it: a script stalled past it still sees what happened)
wait_for() {
    local deadline; deadline=$(awk -v n="$(now)" -v s="$1" 'BEGIN{printf "%.3f", n+s}')
    while ! eval "$2"; do
        [[ $(awk -v n="$(now)" -v d="$deadline" 'BEGIN{print (n>d)}') == 1 ]] && return 1
        sleep 0.02
    done
}

# The tmux socket path must fit in sun_path.
TMUXSOCK=$OUT/tmux.sock
((${#TMUXSOCK} < 100)) || TMUXSOCK=$(mktemp -u /tmp/fenrir-run.XXXXXX.sock)
tm() { tmux -S "$TMUXSOCK" "$@"; }
FENRIR_PID="" FENRIR_NSPID="" FENRIR_SOCK="" SHELL_SID="" PANE_PID=""
PIDS_SEEN=()
# alive PID: the process exists and is not a zombie waiting to be reaped.
alive() { local s; s=$(ps -o stat= -p "$1" 2>/dev/null) && [[ $s != Z* ]]; }
none_alive() {
    local p
    for p in "${PIDS_SEEN[@]}"; do alive "$p" && return 1; done
    ! session_alive
}
# session_alive: a process of the shell's session (the program, the shell's sleep) runs.
session_alive() { [[ -n $SHELL_SID ]] && ps -o stat= -s "$SHELL_SID" 2>/dev/null | grep -qv '^Z'; }

# Fenrir 2026 in PTY mode also binds the shared daemon socket when it is free, and lists itself
# in the instances folder (in Fenrir's temporary folder).
SHARED_SOCK=/tmp/fenrirscreenreader-daemon.sock
INSTANCES=${TMPDIR:-/tmp}/fenrirscreenreader-instances
SHARED_BEFORE=1
# socket_listens PATH: something accepts a connection on the Unix socket PATH (nothing is written).
socket_listens() {
    /usr/bin/python3 -c 'import socket,sys
s = socket.socket(socket.AF_UNIX); s.settimeout(0.2)
try: s.connect(sys.argv[1])
except OSError: sys.exit(1)' "$1"
}

cleanup() {
    local rc=$?
    set +e
    trap - EXIT INT TERM
    if [[ -n $FENRIR_PID ]] && alive "$FENRIR_PID"; then
        kill -TERM "$FENRIR_PID" 2>/dev/null
        wait_for 5 '! alive $FENRIR_PID' || { log "fenrir ignored SIGTERM for 5 s: SIGKILL"; kill -KILL "$FENRIR_PID"; }
    fi
    # Fenrir's helper processes (left behind when Fenrir was killed), the shell's session
    # (program, sleep): SIGTERM, then SIGKILL to what is left after 1 s.
    local p
    for p in "${PIDS_SEEN[@]}"; do kill -TERM "$p" 2>/dev/null; done
    [[ -n $SHELL_SID ]] && pkill -TERM -s "$SHELL_SID" 2>/dev/null
    wait_for 1 'none_alive' || log "after SIGTERM: $(for p in "${PIDS_SEEN[@]}"; do alive "$p" && ps -o pid=,stat=,args= -p "$p"; done; session_alive && ps -o pid=,stat=,args= -s "$SHELL_SID")"
    for p in "${PIDS_SEEN[@]}"; do kill -KILL "$p" 2>/dev/null; done
    [[ -n $SHELL_SID ]] && pkill -KILL -s "$SHELL_SID" 2>/dev/null
    wait_for 3 'none_alive' || true
    tm kill-server 2>/dev/null
    [[ $TMUXSOCK == /tmp/* ]] && rm -f "$TMUXSOCK"
    # Fenrir killed by SIGHUP/SIGKILL leaves its socket file behind: remove ours only (and the
    # daemon socket and instance file that a Fenrir 2026 of ours took, when nobody listens).
    [[ -n $FENRIR_SOCK && -S $FENRIR_SOCK ]] && { log "stale $FENRIR_SOCK left behind: removed"; rm -f "$FENRIR_SOCK"; }
    if [[ -n $FENRIR_PID && $SHARED_BEFORE == 0 && -S $SHARED_SOCK ]] && ! socket_listens "$SHARED_SOCK"; then
        log "stale $SHARED_SOCK (taken by our Fenrir) left behind: removed"; rm -f "$SHARED_SOCK"
    fi
    [[ -n $FENRIR_NSPID && -f $INSTANCES/$FENRIR_NSPID.json ]] && { log "stale $INSTANCES/$FENRIR_NSPID.json removed"; rm -f "$INSTANCES/$FENRIR_NSPID.json"; }
    sd_stop "$OUT/rsd" & sd_stop "$OUT/psd" & wait
    ((braille)) && "$repo/scripts/servers.sh" stop "$OUT/brl" >/dev/null 2>&1
    local left
    ps -eo pid=,ppid=,args= >"$OUT/ps-end.txt"
    left=$(awk -v me=$$ -v out="$OUT" '$1 != me && $2 != me && index($0, out)' "$OUT/ps-end.txt")
    for p in "${PIDS_SEEN[@]}"; do alive "$p" && left+=" pid $p"; done
    session_alive && left+=" session $SHELL_SID: $(ps -o pid=,stat=,args= -s "$SHELL_SID" | tr '\n' ' ')"
    if [[ -n $left ]]; then log "LEFT RUNNING: $left"; rc=1; else log "stopped; nothing left running"; fi
    ((keep)) || rm -rf "$OUT/rsd/cache" "$OUT/psd/cache"
    exit $rc
}
trap cleanup EXIT
trap 'log "failed at line $LINENO: $BASH_COMMAND"' ERR
trap 'log "interrupted"; exit 130' INT TERM

for tool in fenrir tmux speech-dispatcher /usr/bin/python3; do
    command -v "$tool" >/dev/null || { log "$tool is not installed (scripts/install-deps.sh installs it)"; exit 1; }
done
log "start: $* (keys: $KEYS; gap $gap s)"
SD_DELAY=${READER_SD_DELAY:-0} sd_start "$OUT/rsd"; SD_DELAY=${PROGRAM_SD_DELAY:-0} sd_start "$OUT/psd"
PENV=(SPEECHD_ADDRESS="unix_socket:$OUT/psd/speechd.sock" XDG_CONFIG_HOME="$OUT/config")
mkdir -p "$OUT/config"
if ((braille)); then
    "$repo/scripts/servers.sh" start --display "$OUT/brl" 2>>"$OUT/run.log"
    # shellcheck source=/dev/null
    PENV+=(BRLAPI_HOST="$(source "$OUT/brl/env"; echo "$BRLAPI_HOST")" BRLAPI_AUTH=none)
fi
log "speech-dispatchers$( ((braille)) && echo " and BRLTTY") ready"

# The shell Fenrir starts in its pseudo-terminal: wait for the go file, then run the command on
# the terminal; afterwards keep the terminal open (Fenrir exits when its shell does). When the
# terminal hangs up (Fenrir killed), the shell does what a user's interactive shell does (it gets
# the SIGHUP as the session leader): it sends SIGHUP to the program; it then writes the program's
# status. So the shell can take the signal while the program runs, the program is its
# asynchronous child (in the shell's process group, the terminal's foreground one; stdin the
# terminal), waited for.
{
    echo '#!/bin/bash'
    printf 'OUT=%q\n' "$OUT"
    echo 'echo $$ >"$OUT/shell.pid"   # the session leader of the pseudo-terminal (pty.fork does setsid)'
    echo 'child=""'
    echo 'trap '"'"'echo hup >>"$OUT/shell-hup"; [[ -n $child ]] && kill -HUP "$child" 2>/dev/null'"'"' HUP'
    echo 'for ((i = 0; i < 1000; i++)); do [[ -e $OUT/go ]] && break; sleep 0.02; done'
    # What the program would see, as a user's shell has it: no test overrides, no ssh, no display.
    echo 'unset ACCESSIBLE A11Y_PROC_ROOT A11Y_FENRIR_SOCKET A11Y_FENRIR_SOCKET_DIR A11Y_FENRIR_INSTANCES_DIR A11Y_SPEAKUP_PATH A11Y_CONTROLS_CONFIG \'
    echo '    SSH_CONNECTION SSH_CLIENT SSH_TTY DISPLAY WAYLAND_DISPLAY BRLAPI_HOST BRLAPI_AUTH SPEECHD_ADDRESS'
    printf 'export %s\n' "$(printf '%q ' "${PENV[@]}")"
    echo '/usr/bin/python3 '"$(printf %q "$here/lib/detect.py")"' >"$OUT/detect.txt" 2>&1'
    printf '( echo $BASHPID >"$OUT/program.pid.tmp"; mv "$OUT/program.pid.tmp" "$OUT/program.pid"; exec %s ) <&0 >"$OUT/program.stdout" &\n' "$(printf '%q ' "$@")"
    echo 'child=$!'
    # wait returns early when the trap runs; the last wait gives the program's own status.
    echo 'wait "$child"; while kill -0 "$child" 2>/dev/null; do wait "$child"; done; wait "$child"'
    echo 'echo $? >"$OUT/program.rc.tmp"; mv "$OUT/program.rc.tmp" "$OUT/program.rc"'
    echo 'exec sleep 3600'
} >"$OUT/shell.sh"
chmod +x "$OUT/shell.sh"

# The release: `fenrir --version` says "Fenrir screen reader version 2026.09.12-master" (2025 and
# later); 1.9.5 has no --version, and its package's version says it.
FENRIR_VERSION=$(fenrir --version 2>/dev/null | grep -o '[0-9][0-9.]*[0-9]' | head -1 || true)
[[ -n $FENRIR_VERSION ]] || FENRIR_VERSION=$(dpkg-query -W -f '${Version}' fenrir 2>/dev/null || true)
[[ -n $FENRIR_VERSION ]] || { log "cannot tell Fenrir's release (no --version, no fenrir package)"; exit 1; }
FENRIR_MAJOR=${FENRIR_VERSION%%.*}
# start_options: Fenrir's PTY mode with its speech going to the reader's speech-dispatcher, its
# debug log in OUTDIR, its shell our shell.sh, as each release spells it (-e would set the PTY
# drivers too, but forces its own debug file):
# - 1.9.5: camelCase settings, the PTY keyboard driver; it stays in the foreground.
# - 2025: the same settings, and -f: without it Fenrir becomes a daemon (and, as a user, fails
#   to write /run/fenrir.pid).
# - 2026 and later: -f, snake_case settings (general#debug_file), -d for the debug level (its
#   general#debug_level cannot be set with -o: "Datatype missmatch"), and no PTY keyboard
#   driver: the PTY screen driver passes the keys to the shell itself, with the dummy keyboard
#   driver.
if ((FENRIR_MAJOR < 2025)); then
    FENRIR_FLAGS="" FENRIR_STYLE=1.9
    OPTS="screen#driver=ptyDriver;keyboard#driver=ptyDriver;keyboard#keyboardLayout=pty"
    OPTS+=";general#debugLevel=3;general#debugFile=$OUT/fenrir.log"
elif ((FENRIR_MAJOR < 2026)); then
    FENRIR_FLAGS="-f" FENRIR_STYLE=2025
    OPTS="screen#driver=ptyDriver;keyboard#driver=ptyDriver;keyboard#keyboardLayout=pty"
    OPTS+=";general#debugLevel=3;general#debugFile=$OUT/fenrir.log"
else
    FENRIR_FLAGS="-f -d" FENRIR_STYLE=2026
    OPTS="screen#driver=ptyDriver;keyboard#driver=dummyDriver"
    OPTS+=";general#debug_mode=FILE;general#debug_file=$OUT/fenrir.log"
fi
OPTS+=";speech#driver=speechdDriver;speech#module=capture;sound#enabled=False;general#shell=/bin/bash $OUT/shell.sh"
printf 'version %s\nstyle %s\ncommand fenrir %s -o %s\n' "$FENRIR_VERSION" "$FENRIR_STYLE" "$FENRIR_FLAGS" "$OPTS" >"$OUT/fenrir-version.txt"
log "Fenrir $FENRIR_VERSION (started as $FENRIR_STYLE: fenrir $FENRIR_FLAGS -o ...)"
[[ -e $SHARED_SOCK ]] || SHARED_BEFORE=0
# The PID namespace (see the top): root only (a user namespace would change the program's user),
# and only where unshare can make one. --kill-child: should unshare go (the pane killed), its
# child, the namespace's init, goes with it, and the kernel ends the rest of the namespace.
# The namespace's own /proc: not unshare's --mount-proc, which first makes every mount private
# from / down and fails in a chroot (its / is no mount point, as in the matrix): the new mount
# namespace keeps the propagation it has, only its copy of /proc is made private (so nothing
# mounted there reaches the outside), and a proc of the new PID namespace is mounted over it.
PIDNS=0
NS_PROC="mount --make-rprivate /proc && mount -t proc -o nosuid,nodev,noexec proc /proc"
if [[ ${A11Y_FENRIR_PIDNS:-1} != 0 ]] && ((EUID == 0)) \
    && unshare --pid --fork --mount --propagation unchanged /bin/sh -c "$NS_PROC" 2>>"$OUT/run.log"; then PIDNS=1; fi
if ((PIDNS)); then
    LAUNCH="unshare --pid --fork --mount --propagation unchanged --kill-child /bin/sh -c '$NS_PROC && exec \"\$0\" \"\$@\"' /usr/bin/python3 $(printf %q "$here/lib/pidns-init.py") fenrir"
    log "Fenrir in a PID namespace of its own (its kill(-1) reaches only its own processes)"
else
    LAUNCH=fenrir
    why="not root"; ((EUID == 0)) && why="unshare cannot make one: run.log says why"; [[ ${A11Y_FENRIR_PIDNS:-1} == 0 ]] && why="A11Y_FENRIR_PIDNS=0"
    log "Fenrir WITHOUT a PID namespace of its own ($why): its kill(-1), if it sends one, reaches every process of this user"
fi
echo "pid namespace $PIDNS" >>"$OUT/fenrir-version.txt"
tm -f /dev/null new-session -d -x 100 -y 30 -s fenrir \
    "exec env SPEECHD_ADDRESS=unix_socket:$OUT/rsd/speechd.sock $LAUNCH $FENRIR_FLAGS -o '$OPTS'"
PANE_PID=$(tm display-message -p -t fenrir '#{pane_pid}')
# nspid PID: the pid of process PID in its own (innermost) PID namespace: what Fenrir, its shell
# and the program see, and what Fenrir names its socket and instance file with.
nspid() { awk '/^NSpid:/ {print $NF}' "/proc/$1/status" 2>/dev/null || true; }
if ((PIDNS)); then
    # The pane runs unshare; its child is the namespace's init (a shell that mounts the /proc, then
    # lib/pidns-init.py), whose child named fenrir is Fenrir (not the mount commands before it).
    child_of() { ps -o pid=,comm= --ppid "$1" 2>/dev/null | awk -v name="${2:-}" 'name == "" || $2 == name {print $1; exit}'; }
    INIT_PID=""
    wait_for "$HANG" 'INIT_PID=$(child_of $PANE_PID); [[ -n $INIT_PID ]] && FENRIR_PID=$(child_of $INIT_PID fenrir) && [[ -n $FENRIR_PID ]]' \
        || { log "Fenrir did not start in its PID namespace within 5 s (pane $PANE_PID, init ${INIT_PID:-none})"; exit 1; }
    NS_PIDS=("$PANE_PID" "$INIT_PID")
    # outer_pid NSPID: the pid here of the process with pid NSPID in Fenrir's namespace (the
    # shell and the program write their own pids, the namespace's).
    PIDNS_ID=$(readlink "/proc/$INIT_PID/ns/pid")
    outer_pid() {
        local p
        for p in /proc/[0-9]*; do
            [[ $(readlink "$p/ns/pid" 2>/dev/null) == "$PIDNS_ID" && $(nspid "${p#/proc/}") == "$1" ]] && { echo "${p#/proc/}"; return 0; }
        done
        return 1
    }
else
    FENRIR_PID=$PANE_PID NS_PIDS=()
    outer_pid() { echo "$1"; }
fi
FENRIR_NSPID=$(nspid "$FENRIR_PID")
[[ -n $FENRIR_NSPID ]] || { log "Fenrir's process $FENRIR_PID ended at once"; exit 1; }
log "fenrir pid $FENRIR_PID$( ((PIDNS)) && echo " ($FENRIR_NSPID in its namespace; init $INIT_PID, unshare $PANE_PID)")"

# Ready: Fenrir said "Start Fenrir" (its speech driver works) and its remote socket exists:
# /tmp/fenrirscreenreader-<pid>.sock, pid Fenrir's own (2025 and later) or a child's (1.9.5), as
# its namespace numbers them.
find_sock() {
    local c n
    for c in "$FENRIR_PID" $(ps -o pid= --ppid "$FENRIR_PID" 2>/dev/null); do
        n=$(nspid "$c"); n=${n:-$c}
        [[ -S /tmp/fenrirscreenreader-$n.sock ]] && { FENRIR_SOCK=/tmp/fenrirscreenreader-$n.sock; return 0; }
    done
    return 1
}
# Fenrir's debug log is block-buffered at start (seen 8 s late): look at its speech capture first.
started() { grep -qs "Start Fenrir" "$OUT/rsd/spoken.txt" || grep -qs "Speak: Start Fenrir" "$OUT/fenrir.log"; }
wait_for "$HANG" 'alive $FENRIR_PID && started' \
    || { log "Fenrir did not say Start Fenrir within 15 s"; tm capture-pane -p -t fenrir >"$OUT/screen-failed.txt" 2>/dev/null; exit 1; }
log "Fenrir said Start Fenrir"
wait_for "$HANG" 'alive $FENRIR_PID && find_sock' \
    || { log "Fenrir's remote socket did not appear within 10 s"; exit 1; }
T_READY=$(since)
mapfile -t PIDS_SEEN < <(ps -o pid= --ppid "$FENRIR_PID" | tr -d ' ')
log "Fenrir ready (socket $FENRIR_SOCK, helpers ${PIDS_SEEN[*]})"
# The namespace's init and unshare: checked like Fenrir's helpers at the end (they end once the
# namespace's last process has).
PIDS_SEEN+=("${NS_PIDS[@]}")
# Fenrir 2026: what it lists about itself (its sockets, its drivers), for the run's record.
if [[ -f $INSTANCES/$FENRIR_NSPID.json ]]; then
    cp "$INSTANCES/$FENRIR_NSPID.json" "$OUT/fenrir-instance.json"
    log "instance file $INSTANCES/$FENRIR_NSPID.json: $(cat "$OUT/fenrir-instance.json")"
fi

touch "$OUT/go"
wait_for "$HANG" '[[ -s $OUT/program.pid ]]' || { log "the program did not start"; exit 1; }
# The shell and the program wrote their pids as Fenrir's namespace numbers them.
PROGRAM_PID=$(outer_pid "$(cat "$OUT/program.pid")") || { log "the program's process $(cat "$OUT/program.pid") is not found in Fenrir's namespace"; exit 1; }
SHELL_SID=$(outer_pid "$(cat "$OUT/shell.pid")") || { log "the shell's process $(cat "$OUT/shell.pid") is not found in Fenrir's namespace"; exit 1; }
# The program is ready when its screen has stopped changing for 0.4 s (and it still runs).
last="" stable=0
screen_settled() {
    local s; s=$(tm capture-pane -p -t fenrir | md5sum)
    if [[ $s == "$last" ]]; then ((stable++)) || true; else stable=0; last=$s; fi
    ((stable >= 20))
}
wait_for "$HANG" '[[ -e $OUT/program.rc ]] || screen_settled' || log "the screen kept changing for $HANG s"
[[ -e $OUT/program.rc ]] && log "the program exited before the first key (rc $(cat "$OUT/program.rc"))"
T_PROG=$(since)
tm capture-pane -p -t fenrir >"$OUT/screen-start.txt"
mouse_flags() { tm display-message -p -t fenrir "$1 any #{mouse_any_flag} button #{mouse_button_flag} sgr #{mouse_sgr_flag}" 2>/dev/null; }
mouse_flags start >"$OUT/mouse.txt"
log "program pid $PROGRAM_PID ready (mouse flags: $(cat "$OUT/mouse.txt"))"
# sgr CODE COL ROW M|m : the bytes of an SGR mouse report, typed into the pane.
sgr() { tm send-keys -t fenrir -H $(printf '\033[<%s;%s;%s%s' "$@" | od -An -tx1); }
pointer_step() {
    local kind=${1%%:*} cell=${1#*:} col row
    kind=${kind#@}; col=${cell%,*}; row=${cell#*,}
    case $kind in
        click) sgr 0 "$col" "$row" M; sleep 0.08; sgr 0 "$col" "$row" m ;;
        press) sgr 0 "$col" "$row" M ;;
        drag) sgr 32 "$col" "$row" M ;;
        release) sgr 0 "$col" "$row" m ;;
        wheelup) sgr 64 "$col" "$row" M ;;
        wheeldown) sgr 65 "$col" "$row" M ;;
    esac
}

: >"$OUT/keys.tsv"
killed=""
for k in $KEYS; do
    if [[ -n $killed ]]; then log "key $k not typed: Fenrir was killed"; continue; fi
    [[ $k == @wait:* ]] && { sleep "${k#@wait:}"; continue; }
    printf '%s\t%s\n' "$(now)" "$k" >>"$OUT/keys.tsv"
    case $k in
        @kill|@term)
            killed=${k#@}
            log "SIG${killed^^} to Fenrir ($FENRIR_PID)"
            kill "-${killed^^}" "$FENRIR_PID"
            ;;
        @click:*|@press:*|@drag:*|@release:*|@wheelup:*|@wheeldown:*) pointer_step "$k" ;;
        *) tm send-keys -t fenrir "$k" ;;
    esac
    sleep "$gap"
done
T_KEYS=$(since)
# After the last key: let the program finish (if the keys end it) and Fenrir's speech settle.
wait_for "${wait_exit:-$gap}" '[[ -e $OUT/program.rc ]]' || true
n_speak() { grep -c 'Speak:' "$OUT/fenrir.log" 2>/dev/null || true; }
prev=-1 same=0
speech_settled() { local n; n=$(n_speak); if [[ $n == "$prev" ]]; then ((same++)) || true; else same=0; prev=$n; fi; ((same >= 15)); }
if [[ -z $killed ]]; then wait_for "$HANG" speech_settled || true; fi
printf '%s\t(end)\n' "$(now)" >>"$OUT/keys.tsv"
tm capture-pane -p -t fenrir >"$OUT/screen-end.txt" 2>/dev/null || echo "(the pane is gone)" >"$OUT/screen-end.txt"
mouse_flags end >>"$OUT/mouse.txt" || true
[[ -e $OUT/program.rc ]] && log "program exited with $(cat "$OUT/program.rc")" || log "program still running after the keys"

if alive "$FENRIR_PID"; then
    log "speech settled; stopping Fenrir (SIGTERM)"
    kill -TERM "$FENRIR_PID"
    wait_for 5 '! alive $FENRIR_PID' || { log "fenrir ignored SIGTERM for 5 s: SIGKILL"; kill -KILL "$FENRIR_PID"; }
fi
T_STOP=$(since)
/usr/bin/python3 "$here/lib/collate.py" "$OUT" --fenrir-log "$OUT/fenrir.log" \
    --program-capture "$OUT/psd/spoken.txt" --reader-capture "$OUT/rsd/spoken.txt"
printf 'fenrir_ready %s\nprogram_ready %s\nkeys_done %s\nprogram_rc %s\nfenrir_stopped %s\n' \
    "$T_READY" "$T_PROG" "$T_KEYS" "$(cat "$OUT/program.rc" 2>/dev/null || echo running)" "$T_STOP" >"$OUT/timings.txt"
log "done: ready ${T_READY}s, program ${T_PROG}s, keys ${T_KEYS}s, stopped ${T_STOP}s"
cat "$OUT/out.txt"
