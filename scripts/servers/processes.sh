# Sourced by scripts/servers.sh: the processes it starts, and how they are stopped or killed.
# Each daemon runs under setsid, so its process group is everything it started (modules,
# BRLTTY's supervisor); its pid is in $D/NAME.pid. Uses $D and say() from servers.sh.

alive() { [[ -n ${1:-} ]] && kill -0 "$1" 2>/dev/null; }

# A wait for a server is for a hang, not for speed (a busy machine must not fail it): 30 s
# times A11Y_TEST_DEADLINE_SCALE, as the tests' waits (Polling.hang). `hang_seconds` is that
# time; `hang_steps STEP` how many sleeps of STEP seconds make it (a loop of that many looks
# takes at least that long, longer on a slow machine).
hang_seconds() { awk -v s="${A11Y_TEST_DEADLINE_SCALE:-1}" 'BEGIN { s += 0; if (s <= 0) s = 1; printf "%d\n", 30 * s + 0.5 }'; }
hang_steps() { awk -v t="$(hang_seconds)" -v step="$1" 'BEGIN { printf "%d\n", t / step + 0.5 }'; }
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

# Alive and not a zombie (nobody may reap the daemons we started in a container without init).
running() { alive "$1" && [[ $(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) != Z ]]; }

# SIGKILL to a server's process group (for BRLTTY that includes its supervisor).
kill_now() {
    local name=$1 pid i
    pid=$(pid_of "$name")
    rm -f "$D/$name.pid"
    running "$pid" || { say "$name is not running"; return 1; }
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    local steps; steps=$(hang_steps 0.02)
    for ((i = 0; i < steps; i++)); do running "$pid" || return 0; sleep 0.02; done
    running "$pid" || return 0
    say "$name (pid $pid) did not die within $(hang_seconds) s"
    return 1
}
