#!/usr/bin/python3
"""Match what a screen reader said and what the program said to the keys that were sent.

collate.py OUTDIR (--fenrir-log FILE | --orca-log FILE) [--program-capture FILE] [--reader-capture FILE]

OUTDIR/keys.tsv holds "EPOCH<TAB>KEY" lines (the moment each key was sent, plus a last
"EPOCH<TAB>(end)" line). An utterance belongs to the last key sent before it; utterances
before the first key belong to "(start)".
Writes OUTDIR/out.txt (one line per key: KEY <TAB> reader: ... <TAB> program: ...), OUTDIR/out.json
(the same as a list of {"key", "reader": [utterances], "program": [utterances]}; an interruption of
the reader's speech is the utterance "<interrupt>"),
OUTDIR/timeline.txt (every event, with milliseconds since the key it belongs to) and
OUTDIR/reader.tsv / program.tsv (EPOCH<TAB>TEXT).
"""
import argparse, datetime, json, os, re, sys


def fenrir_events(path):
    """Fenrir's debug log (UTC time stamps), in either of its formats:
    up to 2025: "INFO 2026-12-04 21:15:45.021438: Speak: Start Fenrir"
    2026 and later: "Speak: Start Fenrir - INFO 2026-12-04 21:15:45.021438" (the text first; an
    entry whose text holds a line break ends on a later line, at its time stamp)."""
    stamp = r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+)'
    old = re.compile(r'^\S+ ' + stamp + r': (Speak: (.*)|Interrupt speech)$')
    new = re.compile(r'^(Speak: (.*)|Interrupt speech) - [A-Z]+(?: ANY)? ' + stamp + r'$', re.S)
    new_end = re.compile(r' - [A-Z]+(?: ANY)? ' + stamp + r'$')
    out, pending = [], None

    def add(when, spoken):
        t = datetime.datetime.strptime(when, '%Y-%m-%d %H:%M:%S.%f').replace(
            tzinfo=datetime.timezone.utc).timestamp()
        out.append((t, ' '.join(spoken.split()) if spoken is not None else '<interrupt>'))

    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        if pending is not None:  # a 2026 entry running over several lines
            pending += '\n' + line
            if new_end.search(line):
                m = new.match(pending)
                if m:
                    add(m.group(3), m.group(2))
                pending = None
            continue
        m = old.match(line)
        if m:
            add(m.group(1), m.group(3))
            continue
        m = new.match(line)
        if m:
            add(m.group(3), m.group(2))
        elif line.startswith('Speak: ') and not new_end.search(line) and not old.match(line):
            pending = line
    return out


def orca_events(path, day_epoch):
    """Orca 43 debug file: "21:15:45.021438 - SPEECH OUTPUT: 'text'{acss}" (local time, no date).
    The text may run over several lines (continuation lines are indented by 18 spaces); the
    closing quote is followed by the voice (a dict, a list of dicts, or voice=NAME)."""
    head = re.compile(r"^(\d\d):(\d\d):(\d\d\.\d+) - SPEECH OUTPUT: '(.*)$")
    stamp = re.compile(r"^\d\d:\d\d:\d\d\.\d+ - ")
    tail = re.compile(r"'\s*(voice=\S+\s*)?(\[?\{.*\}\]?)?\s*$", re.S)
    day = datetime.datetime.fromtimestamp(day_epoch).replace(hour=0, minute=0, second=0, microsecond=0)
    out, cur = [], None

    def finish():
        if cur is None:
            return
        t, parts = cur
        text = '\n'.join(parts)
        m = tail.search(text)
        if m:
            text = text[:m.start()]
        out.append((t, ' / '.join(x.strip() for x in text.split('\n') if x.strip()) or text))

    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        m = head.match(line)
        if m:
            finish()
            h, mi, sec = int(m.group(1)), int(m.group(2)), float(m.group(3))
            t = (day + datetime.timedelta(hours=h, minutes=mi, seconds=sec)).timestamp()
            if t < day_epoch - 43200:  # the run crossed midnight
                t += 86400
            cur = (t, [m.group(4)])
        elif cur is not None and line.startswith(' ' * 18) and not stamp.match(line):
            cur[1].append(line[18:])
        else:
            finish()
            cur = None
    finish()
    return out


def capture_events(path):
    # speechd capture module lines: "EPOCH TEXT"
    out = []
    if not path or not os.path.exists(path):
        return out
    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        head, _, text = line.partition(' ')
        try:
            out.append((float(head), ' '.join(text.split())))
        except ValueError:
            if out:  # a continuation line of a multi-line utterance
                out[-1] = (out[-1][0], out[-1][1] + ' / ' + line)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('outdir')
    ap.add_argument('--fenrir-log')
    ap.add_argument('--orca-log')
    ap.add_argument('--program-capture')
    ap.add_argument('--reader-capture')
    a = ap.parse_args()
    keys = []
    for line in open(os.path.join(a.outdir, 'keys.tsv')):
        t, _, k = line.rstrip('\n').partition('\t')
        keys.append((float(t), k))
    if not keys:
        sys.exit('no keys.tsv entries')
    if a.fenrir_log:
        reader = fenrir_events(a.fenrir_log)
    else:
        reader = orca_events(a.orca_log, keys[0][0])
    program = capture_events(a.program_capture)
    rcap = capture_events(a.reader_capture)

    def slot(t):
        idx = -1
        for i, (kt, _) in enumerate(keys):
            if t >= kt:
                idx = i
        return idx

    names = ['(start)'] + [k for _, k in keys]
    said = {i: [] for i in range(-1, len(keys))}
    spoke = {i: [] for i in range(-1, len(keys))}
    for t, x in reader:
        said[slot(t)].append(x)
    for t, x in program:
        spoke[slot(t)].append(x)

    def show(x):
        if not x.strip():
            return '<newline>' if '\n' in x else '<space>' if x else '<empty>'
        return ' '.join(x.split())

    with open(os.path.join(a.outdir, 'out.txt'), 'w') as f:
        for i in range(-1, len(keys)):
            r = ' | '.join(show(x) for x in said[i]) or '-'
            p = ' | '.join(show(x) for x in spoke[i]) or '-'
            f.write('%s\treader: %s\tprogram: %s\n' % (names[i + 1], r, p))
    with open(os.path.join(a.outdir, 'out.json'), 'w') as f:
        json.dump([{'key': names[i + 1], 'reader': said[i], 'program': spoke[i]} for i in range(-1, len(keys))],
                  f, ensure_ascii=False, indent=1)

    ev = [(t, 'KEY', k) for t, k in keys] + [(t, 'READER', x) for t, x in reader] + \
         [(t, 'PROGRAM', x) for t, x in program] + [(t, 'READER-SD', x) for t, x in rcap]
    ev.sort(key=lambda e: e[0])
    with open(os.path.join(a.outdir, 'timeline.txt'), 'w') as f:
        last = None
        for t, kind, x in ev:
            if kind == 'KEY':
                last = t
            rel = '' if last is None or kind == 'KEY' else '+%.0fms' % ((t - last) * 1000)
            f.write('%s %-9s %-8s %s\n' % (datetime.datetime.utcfromtimestamp(t).strftime('%H:%M:%S.%f')[:-3],
                                          kind, rel, x if kind == 'KEY' else show(x)))
    for name, evs in (('reader.tsv', reader), ('program.tsv', program)):
        with open(os.path.join(a.outdir, name), 'w') as f:
            for t, x in evs:
                f.write('%.6f\t%s\n' % (t, x))


if __name__ == '__main__':
    main()
