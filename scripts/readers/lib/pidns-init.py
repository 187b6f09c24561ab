#!/usr/bin/python3
"""PID 1 of the PID namespace fenrir-run.sh starts Fenrir in (`unshare --pid --fork --mount-proc`).

    pidns-init.py COMMAND [ARGS...]

Runs COMMAND (Fenrir) as its child, in its own process group and session as they are (the tmux
pane's terminal stays the controlling terminal), passes SIGTERM, SIGINT and SIGHUP on to it, and
reaps every process of the namespace (the orphans are re-parented to it) until none is left; then
exits with COMMAND's status (128 + N for a signal N), as a shell would report it.

Why an init of its own and not Fenrir as PID 1: when a namespace's PID 1 ends, the kernel kills
every other process in it with SIGKILL, so Fenrir killed would take the program under it down with
SIGKILL before the program could get the SIGHUP of its hung-up terminal (what a user's shell does,
and what fenrirKilledHangsUpTheProgram checks). And PID 1 takes only the signals it handles: a
SIGTERM to Fenrir as PID 1 would depend on Fenrir's own handlers. This init stays until the last
process of the namespace has gone; a kill(-1) from Fenrir spares it (PID 1 of the caller's
namespace) and reaches only the namespace's other processes.

When COMMAND ends, the processes left on the init's own terminal (the tmux pane's: Fenrir's helper
processes) get SIGHUP, as the kernel sends when a terminal's session leader ends: without the
namespace Fenrir was the pane's process, and its end hung up the pane. Fenrir's helpers hold its
pseudo-terminal open; only once they are gone does the program's terminal hang up (the shell of that
terminal is in a session of its own, with that terminal, and is not signalled here).
"""

import os
import signal
import sys


def terminal_of(pid):
    """The controlling terminal's device number of process PID (0: none), from /proc/PID/stat."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            text = f.read().decode(errors="replace")
    except OSError:
        return None
    return int(text[text.rindex(")") + 2:].split()[4])


def hang_up_terminal():
    """SIGHUP (and SIGCONT) to every other process of the namespace on this process's terminal."""
    mine = terminal_of(os.getpid())
    if not mine:
        return
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        if terminal_of(int(name)) == mine:
            for number in (signal.SIGHUP, signal.SIGCONT):
                try:
                    os.kill(int(name), number)
                except ProcessLookupError:
                    pass


def main():
    if len(sys.argv) < 2:
        print("usage: pidns-init.py COMMAND [ARGS...]", file=sys.stderr)
        return 2
    child = os.fork()
    if child == 0:
        try:
            os.execvp(sys.argv[1], sys.argv[1:])
        except OSError as error:
            print(f"pidns-init: {sys.argv[1]}: {error}", file=sys.stderr)
            os._exit(127)

    def forward(number, _frame):
        try:
            os.kill(child, number)
        except ProcessLookupError:
            pass

    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(number, forward)
    status = 0
    while True:
        try:
            pid, raw = os.wait()
        except ChildProcessError:
            break  # nothing left in the namespace
        except InterruptedError:
            continue
        if pid == child:
            status = os.WEXITSTATUS(raw) if os.WIFEXITED(raw) else 128 + os.WTERMSIG(raw)
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
            hang_up_terminal()
    return status


if __name__ == "__main__":
    sys.exit(main())
