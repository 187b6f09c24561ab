#!/usr/bin/python3
"""The text of the VTE terminal (sakura) as AT-SPI (and so Orca) sees it.

atspi-text.py                      print the text once (with the caret offset on stderr)
atspi-text.py --wait-stable S T    poll every 50 ms until the text (and caret) stayed the same for S
                                   seconds (exit 0) or T seconds passed (exit 1); prints it then.
atspi-text.py --geometry           the terminal widget's extents and the first character cell's
                                   (screen pixels): "terminal X Y W H" and "cell X Y W H"
Needs DBUS_SESSION_BUS_ADDRESS of the session where the AT-SPI bus runs.
"""
import sys, time
import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi


def find_terminal():
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is None:
            continue
        stack = [app]
        while stack:
            o = stack.pop()
            try:
                if o.get_role() == Atspi.Role.TERMINAL:
                    return o
                for j in range(o.get_child_count()):
                    c = o.get_child_at_index(j)
                    if c is not None:
                        stack.append(c)
            except Exception:
                pass
    return None


def snapshot(term):
    n = Atspi.Text.get_character_count(term)
    return Atspi.Text.get_text(term, 0, n), Atspi.Text.get_caret_offset(term)


def geometry():
    term = find_terminal()
    if term is None:
        print('no terminal found', file=sys.stderr)
        return 1
    e = Atspi.Component.get_extents(term, Atspi.CoordType.SCREEN)
    print('terminal %d %d %d %d' % (e.x, e.y, e.width, e.height))
    c = Atspi.Text.get_character_extents(term, 0, Atspi.CoordType.SCREEN)
    print('cell %d %d %d %d' % (c.x, c.y, c.width, c.height))
    return 0


def main():
    if sys.argv[1:2] == ['--geometry']:
        return geometry()
    if len(sys.argv) >= 4 and sys.argv[1] == '--wait-stable':
        stable_for, timeout = float(sys.argv[2]), float(sys.argv[3])
        t0 = time.time()
        term = None
        last, since = None, None
        while time.time() - t0 < timeout:
            if term is None:
                term = find_terminal()
            if term is not None:
                try:
                    s = snapshot(term)
                except Exception:
                    term, s = None, None
                if s is not None and s[0].strip():
                    if s != last:
                        last, since = s, time.time()
                    elif time.time() - since >= stable_for:
                        print(s[0])
                        print('caret offset %d' % s[1], file=sys.stderr)
                        return 0
            time.sleep(0.05)
        if last:
            print(last[0])
        return 1
    term = find_terminal()
    if term is None:
        print('no terminal found', file=sys.stderr)
        return 1
    text, caret = snapshot(term)
    print(text)
    print('caret offset %d' % caret, file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
