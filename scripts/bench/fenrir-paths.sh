#!/usr/bin/env bash
# The bench's figures for the two ways Fenrir can get a11y-demo's words (make bench runs this after
# the main report): told through Fenrir's remote socket (--screen-reader-speech socket, the
# default) or read from the screen's words line (--screen-reader-speech line). Both against the
# real Fenrir (PTY mode in tmux: scripts/readers/fenrir-run.sh), in the same run:
#   - key -> heard: 16 keys (Right and Left in turn, 0.3 s apart); for each key, the time from the
#     key to the first utterance Fenrir's speech-dispatcher received after it (median, max);
#   - a held key: 20 Rights 50 ms apart with each utterance lasting 0.3 s in Fenrir's
#     speech-dispatcher, then Enter: the utterances it began after Enter other than the result
#     ("stale"), and whether "accepted" was heard.
#
#   scripts/bench/fenrir-paths.sh DEMO [OUT]     prints the figures; OUT (a file) gets them too
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
demo=${1:?usage: fenrir-paths.sh DEMO [OUT]}
out=${2:-/dev/null}
work=$(mktemp -d /tmp/a11y-fenrir-paths-XXXXXX)
trap 'rm -rf "$work"' EXIT

taps=$(for i in $(seq 1 8); do printf 'Right Left '; done)
hold=$(for i in $(seq 1 20); do printf 'Right '; done)

# The figures of one run's timeline.txt (lines "HH:MM:SS.mmm KIND [+Nms] text").
figures() {
    /usr/bin/python3 - "$1" "$2" <<'EOF'
import re, statistics, sys
kind, path = sys.argv[1], sys.argv[2]
def seconds(stamp):
    h, m, s = stamp.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)
events = []
for line in open(path, encoding="utf-8", errors="replace"):
    m = re.match(r"(\d\d:\d\d:\d\d\.\d+)\s+(\S+)\s+(?:\+\d+ms\s+)?(.*)$", line.rstrip("\n"))
    if m:
        events.append((seconds(m.group(1)), m.group(2), m.group(3).strip()))
if kind == "taps":
    delays = []
    for i, (t, what, text) in enumerate(events):
        if what == "KEY" and text in ("Right", "Left"):
            nxt = next((u for u, w, x in events[i + 1:] if w == "KEY"), None)
            first = next((u for u, w, x in events[i + 1:] if w == "READER-SD"), None)
            if first is not None and (nxt is None or first < nxt):
                delays.append((first - t) * 1000)
    if delays:
        print(f"median {statistics.median(delays):.1f} ms, max {max(delays):.1f} ms, heard {len(delays)} of 16 keys")
    else:
        print("nothing heard")
else:
    enter = next((t for t, w, x in events if w == "KEY" and x == "Enter"), None)
    after = [x for t, w, x in events if w == "READER-SD" and enter is not None and t > enter]
    accepted = any("accepted" in x for x in after)
    stale = [x for x in after if "accepted" not in x and not re.fullmatch(r"[\d.]+ [\d.]+[ ,]*", x) and "Quit Fenrir" not in x]
    print(f"stale after Enter {len(stale)} ({'; '.join(stale) or 'none'}), 'accepted' {'heard' if accepted else 'NOT heard'}")
EOF
}

for path in socket line; do
    "$repo/scripts/readers/fenrir-run.sh" --no-braille --gap 0.3 "$work/taps-$path" "$taps" \
        "$demo" range --label price --screen-reader-speech "$path" >"$work/taps-$path.log" 2>&1 \
        || { echo "fenrir-paths: Fenrir could not be run ($path; $(tail -n 1 "$work/taps-$path.log"))" >&2; exit 1; }
    READER_SD_DELAY=0.3 "$repo/scripts/readers/fenrir-run.sh" --no-braille --gap 0.05 --wait-exit 3 "$work/hold-$path" "$hold Enter" \
        "$demo" range --label price --screen-reader-speech "$path" >"$work/hold-$path.log" 2>&1 \
        || { echo "fenrir-paths: Fenrir could not be run ($path, hold; $(tail -n 1 "$work/hold-$path.log"))" >&2; exit 1; }
    {
        echo "fenrir ($path): key -> heard: $(figures taps "$work/taps-$path/timeline.txt")"
        echo "fenrir ($path): a held key: $(figures hold "$work/hold-$path/timeline.txt")"
    } | tee -a "$out"
done
