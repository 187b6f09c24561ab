#!/usr/bin/python3
"""A braille display for BRLTTY releases without the Virtual (vr) driver (BRLTTY 6.9 and later).

BRLTTY drives it with its Baum driver (`brltty -b bm -d serial:PTY_LINK`): this program is the
device at the other end of a pseudo-terminal and speaks the Baum "escape" protocol, as a 40-cell
display with the six display keys, the routing keys and the entry keys (B9, B10, dots 1-8) of
BRLTTY's default Baum key table (bm/default.ktb). Towards the tests it offers what BRLTTY's vr
driver offered, on a unix socket (SOCKET), so the tests' virtual display (VirtualBrailleDisplay)
and the display keeper work unchanged:

- a display connects and sends `cells N`; a width other than the current one is told to BRLTTY on
  the same line, as a Baum display whose width changes (a modular one, or another one in the same
  connection) says its new cell count: BRLTTY's driver takes it, resizes, and tells its BrlAPI
  clients the new display size. (Unplugging the device instead, a new pseudo-terminal behind
  PTY_LINK and the old one closed, leaves BRLTTY 6.9.1 spinning on the hung-up terminal without
  restarting its driver until a write fails: BRLTTY's matter, not the clients'.)
- every time BRLTTY writes the cells it receives `Visual "<text>"` and `Braille "<dots>"`: the dots
  are BRLTTY's cells as written; the text is read back from them through BRLTTY's text table
  (TABLE, the one BRLTTY was started with; a cell under BRLTTY's cursor, dots 7 and 8 over a
  character, as that character), a cell that no character of the table has shown as Unicode
  braille. (The vr driver sent the text BRLTTY had; a real display only has the dots.)
- it sends BRLTTY command names, one per line; each is pressed as the keys that BRLTTY's key table
  binds to it (`LNUP` is Display4, `ROUTE 5` the sixth routing key, `KEY_ESCAPE` the chord
  B10+Dot2+Dot6, `KEY_ENTER` Dot8, `KEY_FUNCTION 2` B10 with the third routing key, `PASSDOTS 65`
  dots 1 and 7 typed, ...), so the command reaches the client through BRLTTY's own key handling.

Usage: baum-display.py --pty-link PATH --socket PATH --table TTB [--cells N]
"""

import argparse
import os
import pty
import re
import select
import socket
import sys
import time
import tty

# A11Y_BAUM_TRACE=1: every frame and key in the log.
TRACE = os.environ.get("A11Y_BAUM_TRACE") == "1"
ESC = 0x1B
# Requests BRLTTY's Baum driver sends, and the device's answers (Baum's escape protocol).
REQ_DISPLAY_DATA = 0x01
REQ_GET_SERIAL_NUMBER = 0x8A
RSP_CELL_COUNT = 0x01
RSP_SERIAL_NUMBER = 0x8A
RSP_ROUTING_KEYS = 0x22
RSP_DISPLAY_KEYS = 0x24
RSP_ENTRY_KEYS = 0x33

# The display keys of BRLTTY's default Baum table (bm/d6.kti): command -> keys pressed together.
DISPLAY_COMMANDS = {
    "FWINLT": [2], "FWINRT": [5], "LNUP": [4], "LNDN": [6], "TOP": [1, 4], "BOT": [3, 6],
    "CHRLT": [1, 3], "CHRRT": [4, 6], "LNBEG": [1, 2, 3], "LNEND": [4, 5, 6],
    "TOP_LEFT": [2, 4], "BOT_LEFT": [2, 6], "PRDIFLN": [5, 4], "NXDIFLN": [5, 6],
    "HOME": [2, 4, 6], "INFO": [2, 5], "HELP": [1, 2, 5], "PREFMENU": [1, 3, 4],
    "LEARN": [1, 4, 5, 6], "FREEZE": [1, 2, 4], "TIME": [1, 5], "BACK": [1, 6],
}
# Chords on the entry keys (bm/b9b10.kti: B10 is the chord key; ../chords.kti): the dots pressed with B10.
CHORD_COMMANDS = {
    "KEY_ESCAPE": [2, 6], "KEY_CURSOR_LEFT": [3], "KEY_CURSOR_RIGHT": [6], "KEY_CURSOR_UP": [1],
    "KEY_CURSOR_DOWN": [4], "KEY_HOME": [2], "KEY_END": [5], "KEY_PAGE_UP": [2, 3], "KEY_PAGE_DOWN": [5, 6],
    "KEY_TAB": [4, 5], "KEY_DELETE": [2, 5, 6], "KEY_INSERT": [3, 5],
    "CSRTRK": [2, 3, 4, 5],
}
# Dots alone (../chords.kti: dot 7 and dot 8 on their own are commands).
DOT_COMMANDS = {"KEY_BACKSPACE": [7], "KEY_ENTER": [8]}
B10 = 0x02  # in the entry keys' first byte (B9, B10, B11, B12, F1-F4)


def log(message):
    print(f"baum-display: {message}", file=sys.stderr, flush=True)


def load_table(path, seen=None):
    """dots byte -> character, from a BRLTTY text table (`char \\xHH (dots)` lines and includes)."""
    seen = seen if seen is not None else set()
    table = {}
    if path in seen or not os.path.exists(path):
        return table
    seen.add(path)
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            line = line.split("#", 1)[0].strip()
            words = line.split(None, 1)
            if not words:
                continue
            if words[0] == "include" and len(words) > 1:
                sub = os.path.join(os.path.dirname(path), words[1].split()[0])
                for dots, char in load_table(sub, seen).items():
                    table.setdefault(dots, char)
            elif words[0] == "char" and len(words) > 1:
                m = re.match(r"(\\[xX][0-9A-Fa-f]+|\\[uU][0-9A-Fa-f]+|\S)\s+\(([1-8 ]*)\)", words[1])
                if not m:
                    continue
                spec, dots = m.groups()
                char = chr(int(spec[2:], 16)) if spec.startswith("\\") and len(spec) > 2 else spec
                byte = 0
                for d in dots.replace(" ", ""):
                    byte |= 1 << (int(d) - 1)
                table.setdefault(byte, char)
    return table


class Display:
    def __init__(self, args):
        self.cells = args.cells
        self.table = load_table(args.table)
        if not self.table:
            log(f"no characters in the text table {args.table}")
            sys.exit(1)
        # The device stays "plugged in": this end keeps the terminal open while BRLTTY restarts.
        self.link = args.pty_link
        self.master = self.slave = None
        self.plug()
        if os.path.exists(args.socket):
            os.unlink(args.socket)
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(args.socket)
        self.server.listen(1)
        self.client = None
        self.client_buffer = b""
        self.input = bytearray()  # bytes from BRLTTY, not yet a whole packet
        self.shown = None  # the last cells BRLTTY wrote
        log(f"{self.cells} cells on {os.ttyname(self.slave)} ({self.link}); displays connect to {args.socket}")

    def plug(self):
        """A new pseudo-terminal behind the link (the device plugged in); the old one, if any, is
        closed: BRLTTY, which has it open, sees the device go."""
        master, slave = pty.openpty()
        tty.setraw(slave)
        temporary = self.link + ".new"
        if os.path.lexists(temporary):
            os.unlink(temporary)
        os.symlink(os.ttyname(slave), temporary)
        os.replace(temporary, self.link)
        old = (self.master, self.slave)
        self.master, self.slave = master, slave
        self.input = bytearray()
        self.shown = None
        for fd in old:
            if fd is not None:
                os.close(fd)

    # --- towards BRLTTY ---------------------------------------------------------------------
    def send(self, payload):
        data = bytearray([ESC])
        for b in payload:
            data.append(b)
            if b == ESC:
                data.append(ESC)
        os.write(self.master, bytes(data))

    def packets(self):
        """Whole packets in self.input: ESC starts one, ESC ESC is a data byte."""
        out = []
        i = 0
        buf = self.input
        starts = []
        tail = len(buf)  # where unparsed bytes begin (a trailing lone ESC)
        while i < len(buf):
            if buf[i] == ESC:
                if i + 1 < len(buf) and buf[i + 1] == ESC:
                    i += 2
                    continue
                if i + 1 == len(buf):
                    tail = i  # an ESC whose next byte has not come yet
                    break
                starts.append(i)
            i += 1
        # Every packet but the last is complete; the last one is complete once its length is known.
        for n, start in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else None
            raw = bytes(buf[start + 1:end] if end is not None else buf[start + 1:tail])
            data = raw.replace(bytes([ESC, ESC]), bytes([ESC]))
            if end is None and not self.complete(data):
                del buf[:start]
                return out
            out.append(data)
        del buf[:tail]
        return out

    def complete(self, data):
        if not data:
            return False
        code = data[0]
        if code == REQ_DISPLAY_DATA:
            return len(data) >= 1 + self.cells or data == bytes([REQ_DISPLAY_DATA, 0])
        if code == 0x50:  # module registration: length byte, then that many
            return len(data) >= 2 and len(data) >= 2 + data[1]
        if code == 0x51:
            return len(data) >= 2 and len(data) >= 2 + data[1]
        if code in (0x11, 0x12):  # get/set mode
            return len(data) >= 3 if code == 0x12 else len(data) >= 2
        return True  # requests without data (identity, serial number, keys, ...)

    def handle(self, data):
        code = data[0]
        if code == REQ_DISPLAY_DATA and len(data) == 2 and data[1] == 0 and self.cells != 1:
            self.send([RSP_CELL_COUNT, self.cells])  # "how many cells?"
        elif code == REQ_DISPLAY_DATA:
            self.show(data[1:1 + self.cells])
        elif code == REQ_GET_SERIAL_NUMBER:
            self.send([RSP_SERIAL_NUMBER] + list(b"A11YEMUL"))
        # Identity, key state, mode and module requests go unanswered: a plain Baum display.

    def show(self, cells):
        cells = bytes(cells).ljust(self.cells, b"\0")
        self.shown = cells
        frame = self.frame(cells)
        if TRACE:
            log("frame " + frame.decode().replace("\n", " "))
        self.to_client(frame)

    def frame(self, cells):
        text = "".join(self.character(c) for c in cells)
        text = text.replace("\\", "\\\\").replace('"', '\\"')
        dots = "|".join("".join(str(d + 1) for d in range(8) if c & (1 << d)) for c in cells)
        return f'Visual "{text}"\nBraille "{dots}"\n'.encode()

    def character(self, cell):
        """The text a cell shows: the table's printable ASCII character for its dots; else, for a
        cell with dots 7 and 8 (BRLTTY's cursor over a character, or dots a client added), the
        ASCII character without them (so a capital letter under the cursor reads as small); else
        the table's other character; else the cell as Unicode braille."""
        for dots in (cell, cell & 0x3F):
            char = self.table.get(dots)
            if char is not None and " " <= char <= "~":
                return char
        char = self.table.get(cell)
        if char is not None and char.isprintable():
            return char
        return chr(0x2800 + cell)

    def press(self, command):
        """Presses the keys the Baum table binds to COMMAND (a BRLTTY command name, as the vr driver
        took them), then lets them go."""
        words = command.split()
        name = words[0] if words else ""
        argument = int(words[1]) if len(words) == 2 and words[1].isdigit() else None
        entry = [0, 0]  # B9..F4, dots 1-8
        display = 0
        routing = None
        if name == "ROUTE" and argument is not None:
            routing = argument
        elif name == "KEY_FUNCTION" and argument is not None:
            entry[0], routing = B10, argument  # bm/keyboard.kti: B10 + routing key n is function key n+1
        elif name in DISPLAY_COMMANDS:
            for k in DISPLAY_COMMANDS[name]:
                display |= 1 << (k - 1)
        elif name in CHORD_COMMANDS:
            entry[0] = B10
            for d in CHORD_COMMANDS[name]:
                entry[1] |= 1 << (d - 1)
        elif name in DOT_COMMANDS:
            for d in DOT_COMMANDS[name]:
                entry[1] |= 1 << (d - 1)
        elif name == "PASSDOTS" and argument is not None and 0 < argument < 256:
            entry[1] = argument  # the dots' bits, as the vr driver took them (65 = dots 1 and 7)
        else:
            log(f"no key of the Baum table is bound to {command!r}")
            return
        if routing is not None and not 0 <= routing < self.cells:
            log(f"no routing key {routing} on {self.cells} cells")
            return
        size = (max(self.cells, 40) + 7) // 8
        keys = bytearray(size)
        if routing is not None:
            keys[routing // 8] |= 1 << (routing % 8)
        # Down: the chord key first, then the rest; up in the reverse order.
        downs, ups = [], []
        if entry != [0, 0]:
            downs.append([RSP_ENTRY_KEYS] + entry)
            ups.insert(0, [RSP_ENTRY_KEYS, 0, 0])
        if routing is not None:
            downs.append([RSP_ROUTING_KEYS] + list(keys))
            ups.insert(0, [RSP_ROUTING_KEYS] + [0] * size)
        if display:
            downs.append([RSP_DISPLAY_KEYS, display])
            ups.insert(0, [RSP_DISPLAY_KEYS, 0])
        if TRACE:
            log(f"{command}: keys " + " ".join(bytes(d).hex() for d in downs))
        for packet in downs:
            self.send(packet)
        time.sleep(0.03)
        for packet in ups:
            self.send(packet)

    # --- towards the tests' display ------------------------------------------------------------
    def to_client(self, data):
        if self.client is None:
            return
        try:
            self.client.sendall(data)
        except OSError:
            self.drop_client()

    def drop_client(self):
        if self.client is not None:
            self.client.close()
        self.client = None
        self.client_buffer = b""

    def client_line(self, line):
        line = line.strip()
        if not line:
            return
        if line.startswith("cells "):
            try:
                cells = int(line.split()[1])
            except ValueError:
                return
            if cells != self.cells and 1 <= cells <= 80:
                self.cells = cells
                self.input = bytearray()
                self.shown = None
                self.send([RSP_CELL_COUNT, cells])
                log(f"the display now has {cells} cells (told to BRLTTY on {os.ttyname(self.slave)})")
            elif self.shown is not None:
                self.to_client(self.frame(self.shown))
            return
        self.press(line)

    def run(self):
        while True:
            fds = [self.master, self.server] + ([self.client] if self.client else [])
            ready, _, _ = select.select(fds, [], [], 0.05)
            if self.master in ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    chunk = b""
                self.input.extend(chunk)
            # A packet is whole when its length is known or the next one has started.
            for packet in self.packets():
                self.handle(packet)
            if self.server in ready:
                conn, _ = self.server.accept()
                if self.client is not None:
                    conn.close()  # one display at a time, as the vr driver
                else:
                    self.client = conn
                    log("a display connected")
            if self.client is not None and self.client in ready:
                try:
                    chunk = self.client.recv(4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    log("the display disconnected")
                    self.drop_client()
                    continue
                self.client_buffer += chunk
                while b"\n" in self.client_buffer:
                    line, self.client_buffer = self.client_buffer.split(b"\n", 1)
                    self.client_line(line.decode(errors="replace"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pty-link", required=True)
    parser.add_argument("--socket", required=True)
    parser.add_argument("--table", required=True)
    parser.add_argument("--cells", type=int, default=40)
    Display(parser.parse_args()).run()


if __name__ == "__main__":
    main()
