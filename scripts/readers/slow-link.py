#!/usr/bin/python3
"""A slow link between a program and its terminal, as ssh over a poor connection gives it.

Runs COMMAND on a pseudo-terminal of its own (its controlling terminal, its standard input; its
standard output and error are left as they are) and stands between that pseudo-terminal and this
program's terminal (/dev/tty, a tmux pane in the tests), as sshd and the ssh client do:

- the keys typed in the terminal reach COMMAND as they come;
- what COMMAND writes reaches the terminal cut into pieces of 1 to --chunk bytes (sizes drawn from
  --seed), --delay-ms apart: a piece may end anywhere, inside a word, an escape sequence or a
  UTF-8 character;
- with --no-answers, the terminal answers no query: the questions COMMAND writes (device
  attributes CSI c / CSI > c, status and cursor position CSI n, the kitty keyboard query CSI ? u,
  XTVERSION CSI > q, DECRQM CSI $ p, OSC colour queries ending in '?', DCS $q / +q) are taken out
  of the stream, so no answer ever comes back, as from a terminal that does not know them;
- a window resized in the terminal is passed on (COMMAND gets SIGWINCH).

Where the stream stands is told to the test in band, after the pieces that end outside every
escape sequence: the window title (OSC 2) becomes "slow-link N P S", N pieces written so far, P
bytes still held, S 1 inside a synchronized update (CSI ? 2026 h, until CSI ? 2026 l), else 0.
A terminal handles its input in order, so once tmux shows that title (#{pane_title}) it has drawn
every piece before it.

--control FIFO: a test steps the link by hand. It writes single bytes to FIFO: 's' holds every
piece until 'n' releases the next one (in this mode a piece is never cut inside an escape sequence
or a UTF-8 character, so the title follows every piece and the test sees the terminal's text at
every point where a piece can leave it), 'r' lets the stream run again.

--dropped FILE: each query taken out is added to FILE, one a line (as Python writes bytes).

Exits with COMMAND's exit status (128 + N for a signal N) once COMMAND has ended and every byte it
wrote has been delivered.

Usage: slow-link.py [--chunk N] [--delay-ms MS] [--seed S] [--no-answers [--dropped FILE]] [--control FIFO] -- COMMAND...
"""

import argparse
import fcntl
import os
import random
import select
import signal
import struct
import sys
import termios
import time
import tty


class Parser:
    """Where a byte stream stands: outside or inside an escape sequence or a UTF-8 character."""

    def __init__(self):
        self.state = "ground"
        self.utf8_left = 0
        self.csi = bytearray()
        #: Inside a synchronized update (CSI ? 2026 h ... CSI ? 2026 l).
        self.synchronized = False

    @property
    def at_ground(self):
        return self.state == "ground" and self.utf8_left == 0

    def feed(self, byte):
        if self.state == "ground":
            if self.utf8_left:
                self.utf8_left = self.utf8_left - 1 if 0x80 <= byte < 0xC0 else 0
            if byte == 0x1B:
                self.state = "esc"
            elif 0xC0 <= byte < 0xE0:
                self.utf8_left = 1
            elif 0xE0 <= byte < 0xF0:
                self.utf8_left = 2
            elif 0xF0 <= byte < 0xF8:
                self.utf8_left = 3
        elif self.state == "esc":
            if byte == ord("["):
                self.state = "csi"
                self.csi = bytearray()
            elif byte in (ord("]"), ord("P"), ord("_"), ord("^"), ord("X")):
                self.state = "string"
            elif 0x20 <= byte < 0x30:
                self.state = "esc"  # an intermediate: the final byte follows
            else:
                self.state = "ground"
        elif self.state == "csi":
            self.csi.append(byte)
            if 0x40 <= byte <= 0x7E:
                self.state = "ground"
                if self.csi in (b"?2026h", b"?2026l"):
                    self.synchronized = self.csi == b"?2026h"
        elif self.state == "string":
            if byte == 0x07:
                self.state = "ground"
            elif byte == 0x1B:
                self.state = "string-esc"
        elif self.state == "string-esc":
            self.state = "ground" if byte == ord("\\") else "string"


def split_sequence(data, start):
    """The end of the escape sequence at data[start] (an ESC), or None when it is not complete."""
    if start + 1 >= len(data):
        return None
    kind = data[start + 1]
    if kind == ord("["):
        for index in range(start + 2, len(data)):
            if 0x40 <= data[index] <= 0x7E:
                return index + 1
        return None
    if kind in (ord("]"), ord("P"), ord("_"), ord("^"), ord("X")):
        index = start + 2
        while index < len(data):
            if data[index] == 0x07:
                return index + 1
            if data[index] == 0x1B:
                if index + 1 >= len(data):
                    return None
                if data[index + 1] == ord("\\"):
                    return index + 2
            index += 1
        return None
    index = start + 1
    while index < len(data) and 0x20 <= data[index] < 0x30:
        index += 1
    return index + 1 if index < len(data) else None


def is_query(sequence):
    """Whether a complete escape sequence asks the terminal something."""
    if sequence.startswith(b"\x1b["):
        body, final = sequence[2:-1], sequence[-1:]
        if final == b"c" or final == b"n":
            return True
        if final == b"u" and body.startswith(b"?"):
            return True
        if final == b"q" and body.startswith(b">"):
            return True
        if final == b"p" and body.endswith(b"$"):
            return True
        return False
    if sequence.startswith(b"\x1b]"):
        return sequence.rstrip(b"\x07").rstrip(b"\x1b\\").endswith(b"?")
    if sequence.startswith(b"\x1bP"):
        return sequence[2:4] in (b"$q", b"+q")
    return False


class QueryFilter:
    """Takes the queries out of a stream that may be cut inside one."""

    def __init__(self, enabled, log=None):
        self.enabled = enabled
        self.held = b""
        self.log = log

    def feed(self, data):
        if not self.enabled:
            return data
        data = self.held + data
        self.held = b""
        out = bytearray()
        index = 0
        while index < len(data):
            if data[index] != 0x1B:
                out.append(data[index])
                index += 1
                continue
            end = split_sequence(data, index)
            if end is None:
                self.held = data[index:]
                break
            sequence = data[index:end]
            if not is_query(sequence):
                out += sequence
            elif self.log:
                with open(self.log, "a") as log:
                    log.write(repr(sequence)[2:-1] + "\n")
            index = end
        return bytes(out)


def main():
    parser = argparse.ArgumentParser(description="A slow link between a program and its terminal.")
    parser.add_argument("--chunk", type=int, default=7, help="the largest piece, in bytes")
    parser.add_argument("--delay-ms", type=float, default=15, help="the time between two pieces")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the pieces' sizes")
    parser.add_argument("--no-answers", action="store_true", help="the terminal answers no query")
    parser.add_argument("--control", help="a FIFO through which a test steps the link")
    parser.add_argument("--dropped", help="a file to which each query taken out is added, one a line")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    if not command:
        parser.error("no command")

    terminal = os.open("/dev/tty", os.O_RDWR)
    main_end, sub_end = os.openpty()
    fcntl.ioctl(sub_end, termios.TIOCSWINSZ, fcntl.ioctl(terminal, termios.TIOCGWINSZ, b"\0" * 8))
    child = os.fork()
    if child == 0:
        os.setsid()
        fcntl.ioctl(sub_end, termios.TIOCSCTTY, 0)
        os.dup2(sub_end, 0)
        for descriptor in (main_end, sub_end, terminal):
            os.close(descriptor)
        try:
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    os.close(sub_end)

    saved = termios.tcgetattr(terminal)
    tty.setraw(terminal)
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)

    def on_resize(_signal, _frame):
        try:
            os.write(wake_write, b"w")
        except BlockingIOError:
            pass

    signal.signal(signal.SIGWINCH, on_resize)
    control = os.open(arguments.control, os.O_RDWR) if arguments.control else None

    sizes = random.Random(arguments.seed)
    queries = QueryFilter(arguments.no_answers, arguments.dropped)
    pending = b""
    stepping = False
    released = 0
    pieces = 0
    next_piece = 0.0
    status = None
    stream = Parser()

    def write_all(data):
        while data:
            data = data[os.write(terminal, data):]

    def piece():
        """The next piece to write: 1 to --chunk bytes; when stepping, never cut inside a sequence."""
        size = sizes.randint(1, max(1, arguments.chunk))
        if not stepping:
            return pending[:size]
        probe = Parser()
        probe.state, probe.utf8_left = stream.state, stream.utf8_left
        end = 0
        while end < len(pending) and (end < size or not probe.at_ground):
            probe.feed(pending[end])
            end += 1
        return pending[:end]

    try:
        while True:
            if status is not None and not pending and not queries.held:
                break
            ready_to_write = pending and (released > 0 if stepping else time.monotonic() >= next_piece)
            timeout = None
            if pending and not stepping:
                timeout = max(0.0, next_piece - time.monotonic())
            if ready_to_write:
                timeout = 0
            if status is not None and not pending:
                timeout = 0
            readers = [terminal, wake_read] + ([main_end] if status is None else []) + ([control] if control is not None else [])
            try:
                readable, _, _ = select.select(readers, [], [], timeout)
            except InterruptedError:
                continue
            if wake_read in readable:
                os.read(wake_read, 64)
                fcntl.ioctl(main_end, termios.TIOCSWINSZ, fcntl.ioctl(terminal, termios.TIOCGWINSZ, b"\0" * 8))
            if terminal in readable:
                keys = os.read(terminal, 4096)
                if keys:
                    os.write(main_end, keys)
            if control is not None and control in readable:
                for command_byte in os.read(control, 4096):
                    if command_byte == ord("s"):
                        stepping = True
                    elif command_byte == ord("r"):
                        stepping = False
                        released = 0
                    elif command_byte == ord("n"):
                        released += 1
            if status is None and main_end in readable:
                try:
                    data = os.read(main_end, 4096)
                except OSError:
                    data = b""
                if data:
                    pending += queries.feed(data)
                else:
                    _, raw = os.waitpid(child, 0)
                    status = os.waitstatus_to_exitcode(raw)
                    status = 128 - status if status < 0 else status
                    pending += queries.held
                    queries.held = b""
            if pending and (released > 0 if stepping else time.monotonic() >= next_piece):
                out = piece()
                pending = pending[len(out):]
                for byte in out:
                    stream.feed(byte)
                write_all(out)
                pieces += 1
                if stepping:
                    released -= 1
                next_piece = time.monotonic() + arguments.delay_ms / 1000
                if stream.at_ground:
                    write_all(b"\x1b]2;slow-link %d %d %d\x07" % (pieces, len(pending), stream.synchronized))
    finally:
        termios.tcsetattr(terminal, termios.TCSAFLUSH, saved)
    if status is None:
        status = 1
    sys.exit(status)


if __name__ == "__main__":
    main()
