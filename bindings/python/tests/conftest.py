"""Fixtures for the a11y_controls tests: the real servers (speech-dispatcher with its capture file,
BRLTTY with its Virtual driver), a virtual braille display, and a pseudo-terminal to run the modal
controls in.

The servers are the project's own (``scripts/servers.sh start DIR; source DIR/env``; ``make
test`` starts them): a test that needs one FAILS when it is missing, it is never skipped.
"""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import socket
import struct
import subprocess
import sys
import termios
import fcntl
import threading
import time
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Optional, Tuple

import pytest

# The user's own preferences never reach the tests.
os.environ["A11Y_CONTROLS_CONFIG"] = "/dev/null"

ADVICE = "start the servers: scripts/servers.sh start DIR && source DIR/env (make test does this)"


def _deadline_scale() -> float:
    try:
        scale = float(os.environ.get("A11Y_TEST_DEADLINE_SCALE", "1"))
    except ValueError:
        return 1.0
    return scale if 0 < scale < float("inf") else 1.0


# The deadline of a wait for something that must happen, as the Swift tests' ``Polling.hang``:
# 30 s times A11Y_TEST_DEADLINE_SCALE. It is for a hang, not for speed: a busy machine does not
# reach it.
DEADLINE = 30.0 * _deadline_scale()

# A wait that took this long or longer says so (the figure, never a failure).
LONG_WAIT = 2.0


def _report(started: float, found: bool) -> None:
    """Prints how long a wait took, and where the test waited, when it was long."""
    took = time.monotonic() - started
    if took < LONG_WAIT:
        return
    frame = sys._getframe(1)
    while frame.f_back is not None and frame.f_code.co_filename == __file__:
        frame = frame.f_back
    print("wait at %s:%d %s after %.2f s (deadline %.0f s)" % (
        os.path.basename(frame.f_code.co_filename), frame.f_lineno, "came" if found else "gave up", took, DEADLINE))


def wait_until(condition: Callable[[], object], timeout: float = DEADLINE, every: float = 0.01) -> object:
    """``condition()`` once it is truthy, polling until ``timeout`` seconds; then its last value.
    The condition is asked once more after the deadline has passed, so a waiter stalled past it
    (a busy machine) sees what happened meanwhile instead of failing on time alone."""
    started = time.monotonic()
    deadline = started + timeout
    while True:
        expired = time.monotonic() > deadline
        value = condition()
        if value or expired:
            if value or time.monotonic() - deadline > 1.0:
                _report(started, bool(value))
            return value
        time.sleep(every)


class CaptureFile:
    """The utterances speech-dispatcher's capture module appends (one a line), from now on."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.offset = os.path.getsize(path)

    def lines(self) -> List[str]:
        with open(self.path, "rb") as file:
            file.seek(self.offset)
            text = file.read().decode("utf-8", "replace")
        return text.splitlines()

    def wait_for(self, text: str, timeout: float = DEADLINE) -> List[str]:
        """The lines once one contains ``text`` (or all of them after ``timeout``)."""
        wait_until(lambda: any(text in line for line in self.lines()), timeout)
        return self.lines()


class VirtualDisplay:
    """A braille display of 40 cells on BRLTTY's Virtual driver: what it shows, line by line."""

    def __init__(self, path: str, cells: int = 40) -> None:
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.socket.sendall(b"cells %d\n" % cells)
        self.texts: List[str] = []
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        pending = b""
        while True:
            try:
                data = self.socket.recv(4096)
            except OSError:
                return
            if not data:
                return
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                text = line.decode("utf-8", "replace")
                if text.startswith('Visual "') and text.endswith('"'):
                    with self._lock:
                        self.texts.append(text[len('Visual "'):-1])

    def seen(self) -> List[str]:
        with self._lock:
            return list(self.texts)

    def wait_for(self, prefix: str, timeout: float = DEADLINE) -> Optional[str]:
        """The first text shown (since the display connected) that starts with ``prefix``."""
        found = wait_until(lambda: next((t for t in self.seen() if t.startswith(prefix)), None), timeout)
        return found if isinstance(found, str) else None

    def close(self) -> None:
        try:
            self.socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.socket.close()
        self._reader.join(2)


def _server_environment() -> Dict[str, str]:
    missing = [name for name in ("SPEECHD_ADDRESS", "BRLAPI_HOST", "A11Y_CAPTURE_FILE", "A11Y_VR_SOCKET") if not os.environ.get(name)]
    if missing:
        pytest.fail("the real servers are not set up (%s unset): %s" % (", ".join(missing), ADVICE), pytrace=False)
    capture = os.environ["A11Y_CAPTURE_FILE"]
    if not os.path.exists(capture):
        pytest.fail("the capture file %s does not exist: speech-dispatcher is not running? %s" % (capture, ADVICE), pytrace=False)
    return dict(os.environ)


@pytest.fixture
def servers() -> Dict[str, str]:
    """The servers' environment; fails the test when they are not running."""
    return _server_environment()


@pytest.fixture
def spoken(servers: Dict[str, str]) -> CaptureFile:
    """What speech-dispatcher is given from now on."""
    return CaptureFile(servers["A11Y_CAPTURE_FILE"])


@pytest.fixture
def display(servers: Dict[str, str]) -> Iterator[VirtualDisplay]:
    """A virtual braille display connected to the private BRLTTY."""
    path = servers["A11Y_VR_SOCKET"]
    try:
        connected = VirtualDisplay(path)
    except OSError as error:
        pytest.fail("cannot connect a virtual braille display to %s (%s): %s" % (path, error, ADVICE), pytrace=False)
    # BRLTTY has taken the display once it shows it something (its first frame comes at once
    # when it took the display; the display of a test before is then surely gone).
    if not wait_until(lambda: connected.seen()):
        connected.close()
        pytest.fail("BRLTTY did not take the virtual display at %s within %.0f s" % (path, DEADLINE), pytrace=False)
    yield connected
    connected.close()


CHILD = r"""
import json, os, sys, termios
import a11y_controls
out = {"results": []}
try:
    for function, args, kwargs in json.loads(sys.argv[1]):
        out["results"].append(getattr(a11y_controls, function)(*args, **kwargs))
    out["result"] = out["results"][-1]
except BaseException as error:
    out.update(error=type(error).__name__, message=str(error))
lflag = termios.tcgetattr(0)[3]
out["cooked"] = bool(lflag & termios.ICANON) and bool(lflag & termios.ECHO)
with open(os.environ["A11Y_TEST_RESULT"], "w") as file:
    json.dump(out, file)
"""


class TerminalRun:
    """A Python program calling ``a11y_controls`` functions in a pseudo-terminal of its own, as a
    user at a terminal would run it: keys typed into it, what it drew read back, its results.
    ``calls`` are ``(function name, args, kwargs)``, made one after the other."""

    def __init__(self, tmp_path: Path, calls: List[Tuple[str, List[object], Dict[str, object]]],
                 environment: Optional[Dict[str, str]] = None) -> None:
        self.result_path = tmp_path / ("result-%d.json" % time.monotonic_ns())
        env = dict(os.environ)
        env.update(environment or {})
        env["A11Y_TEST_RESULT"] = str(self.result_path)
        env.setdefault("TERM", "xterm-256color")
        if env["TERM"] == "dumb":
            env["TERM"] = "xterm-256color"
        argv = [sys.executable, "-c", CHILD, json.dumps(calls)]
        pid, fd = pty.fork()
        if pid == 0:  # the child: the pty is its controlling terminal, stdin, stdout and stderr
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid = pid
        self.fd = fd
        self.output = b""
        self.status: Optional[int] = None

    def read(self, timeout: float = 0.05) -> None:
        """Reads what the program drew, for up to ``timeout`` seconds."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            try:
                data = os.read(self.fd, 65536)
            except OSError:  # EIO: the program has ended
                data = b""
            self.output += data

    @property
    def screen(self) -> str:
        return self.output.decode("utf-8", "replace")

    def wait_for_screen(self, text: str, timeout: float = DEADLINE) -> bool:
        """Whether ``text`` was drawn within ``timeout`` (what came by then is read once more
        after it, so a reader stalled past the deadline still sees it)."""
        started = time.monotonic()
        deadline = started + timeout
        while text not in self.screen and time.monotonic() < deadline:
            self.read()
        self.read(0)
        _report(started, text in self.screen)
        return text in self.screen

    def type(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def finish(self, timeout: float = DEADLINE) -> Dict[str, object]:
        """Waits for the program to end; what it reports: ``result`` (the last call's),
        ``results`` (every call's), or ``error`` (the exception's name) and ``message``; and
        ``cooked``, whether the terminal was back in canonical mode with echo at its end.
        ``status`` is its exit status."""
        deadline = time.monotonic() + timeout
        while True:
            expired = time.monotonic() >= deadline  # asked once more after the deadline
            self.read()
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = os.waitstatus_to_exitcode(status)
                break
            if expired:
                break
        if self.status is None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            os.close(self.fd)
            raise AssertionError("the program did not end; it drew:\n" + self.screen[-2000:])
        self.read(0)
        os.close(self.fd)
        if not self.result_path.exists():
            raise AssertionError("the program left no result (exit %s); it drew:\n%s" % (self.status, self.screen[-2000:]))
        return json.loads(self.result_path.read_text())


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Callable[..., TerminalRun]]:
    """``terminal("ask_number", "Copies", value=3)`` runs the call in a pseudo-terminal;
    ``terminal(calls=[(name, args, kwargs), ...])`` runs several, one after the other."""
    runs: List[TerminalRun] = []

    def start(function: Optional[str] = None, *args: object, environment: Optional[Dict[str, str]] = None,
              calls: Optional[List[Tuple[str, List[object], Dict[str, object]]]] = None, **kwargs: object) -> TerminalRun:
        run = TerminalRun(tmp_path, calls or [(str(function), list(args), kwargs)], environment=environment)
        runs.append(run)
        return run

    yield start
    for run in runs:
        if run.status is None:
            try:
                os.kill(run.pid, signal.SIGKILL)
                os.waitpid(run.pid, 0)
                os.close(run.fd)
            except OSError:
                pass


def run_python(code: str, environment: Optional[Dict[str, str]] = None, stdin: bytes = b"",
               timeout: float = DEADLINE) -> subprocess.CompletedProcess:
    """``code`` run by this Python in a process of its own (stdin a pipe: no terminal)."""
    env = dict(os.environ)
    env.update(environment or {})
    for name, value in list(env.items()):
        if value is None:
            del env[name]
    return subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True, env=env, timeout=timeout)
