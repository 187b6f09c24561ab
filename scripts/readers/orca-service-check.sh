#!/usr/bin/env bash
# a11y-demo against the real Orca 49+ service, in a chroot of a distribution that has it (Debian
# testing: Orca 51.1), without a terminal for Orca to read: what goes over D-Bus, checked.
#
#   orca-service-check.sh CHROOT DEMO OUTDIR
#
# CHROOT: a chroot with orca, Xvfb, dbus, at-spi2-core, tmux, speech-dispatcher and python3 (the
# matrix's). DEMO: a release a11y-demo (it needs only libc and libm). Runs in a mount, PID and
# network namespace of its own (unshare): a tmpfs on the chroot's /tmp, /proc and /dev mounted
# there, OUTDIR bound at /tmp/w; nothing is written into the chroot and nothing outlives the run.
# Inside: Xvfb, a D-Bus session, the AT-SPI bus, a capturing speech-dispatcher (scripts/servers'
# capture module, shared by Orca and the demo), Orca; then a11y-demo --diagnose, a11y-demo in tmux
# with keys (taps, a Tab, a burst), Enter; a second a11y-demo with Orca stopped after its first key.
#
# Checks (exit 1 when one fails, each printed): Orca found on the bus (--diagnose), each value told
# to Orca with SpeakMessage after an InterruptSpeech, Orca spoke it (its debug log), Enter told it
# "accepted" alone (the result line is on the terminal), and after Orca quit the next value in the
# control's own voice (the capture file). Output in OUTDIR: diagnose.txt,
# orca.debug, spoken.txt (capture), demo.err, demo2.err, session.log.
set -euo pipefail
(($# == 3)) || { sed -n '2,18p' "$0" >&2; exit 2; }
root=$(cd "$1" && pwd) demo=$2 out=$3
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"; out=$(cd "$out" && pwd)
rm -rf "${out:?}"/*
cp "$demo" "$out/a11y-demo"
mkdir -p "$out/scripts/readers"
cp -r "$repo/scripts/readers/lib" "$out/scripts/readers/"
cp -r "$repo/scripts/servers" "$out/scripts/"

cat >"$out/inner.sh" <<'INNER'
set -u
export HOME=/tmp/home XDG_RUNTIME_DIR=/tmp/xdg GSETTINGS_BACKEND=memory DISPLAY=:5 GDK_BACKEND=x11 LANG=C.UTF-8
mkdir -p "$HOME" "$XDG_RUNTIME_DIR"; chmod 700 "$XDG_RUNTIME_DIR"
unset NO_AT_BRIDGE WAYLAND_DISPLAY SPEECHD_ADDRESS BRLAPI_HOST SSH_CONNECTION SSH_CLIENT SSH_TTY
Xvfb :5 -nolisten tcp >/tmp/w/xvfb.log 2>&1 &
for _ in $(seq 100); do [[ -e /tmp/.X11-unix/X5 ]] && break; sleep 0.05; done
dbus-run-session -- bash /tmp/w/session.sh >/tmp/w/session.log 2>&1
INNER

cat >"$out/session.sh" <<'SESSION'
set -u
tm() { tmux -S /tmp/tmux.sock "$@"; }
owned() { gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.NameHasOwner org.gnome.Orca1.Service 2>/dev/null | grep -q true; }
/usr/libexec/at-spi-bus-launcher --launch-immediately >/tmp/w/atspi.log 2>&1 &
source /tmp/w/scripts/readers/lib/speechd.sh
mkdir -p /tmp/sd
sd_start /tmp/sd || echo "speech-dispatcher did not start"
export SPEECHD_ADDRESS=unix_socket:/tmp/sd/speechd.sock
orca --version
orca -d braille --debug-file /tmp/w/orca.debug >/tmp/w/orca.out 2>&1 &
ORCA=$!
for _ in $(seq 150); do owned && break; sleep 0.2; done
owned && echo "orca owns org.gnome.Orca1.Service" || echo "orca owns no name"
sleep 2
/tmp/w/a11y-demo --diagnose >/tmp/w/diagnose.txt 2>&1
tm new-session -d -s t -x 100 -y 30 "/tmp/w/a11y-demo range --label Price --braille off --verbosity verbose 2>/tmp/w/demo.err; echo \$? >/tmp/w/demo.status; sleep 1"
sleep 3
for k in Right Right Right Tab Left; do tm send-keys -t t "$k"; sleep 0.7; done
for _ in $(seq 10); do tm send-keys -t t Right; sleep 0.04; done
sleep 1.5
tm send-keys -t t Enter
sleep 2
tm new-session -d -s u -x 100 -y 30 "/tmp/w/a11y-demo range --label Price --braille off 2>/tmp/w/demo2.err; echo \$? >/tmp/w/demo2.status; sleep 1"
sleep 3
tm send-keys -t u Right; sleep 0.7
kill -TERM "$ORCA"
for _ in $(seq 50); do kill -0 "$ORCA" 2>/dev/null || break; sleep 0.1; done
sleep 1
tm send-keys -t u Right; sleep 1.5
tm send-keys -t u Enter; sleep 1.5
kill -KILL "$ORCA" 2>/dev/null
tm kill-server 2>/dev/null
cp /tmp/sd/spoken.txt /tmp/w/spoken.txt
sd_stop /tmp/sd
echo "session done"
SESSION

# The namespace's first process is bash: when it ends, every process left in the namespace ends.
unshare --mount --pid --fork --net bash -c '
    set -e
    mount --make-rprivate /
    mount -t tmpfs tmpfs "$1/tmp"
    mount -t proc proc "$1/proc"
    mount --rbind /dev "$1/dev"
    mkdir -p "$1/tmp/w"
    mount --bind "$2" "$1/tmp/w"
    chroot "$1" /bin/bash /tmp/w/inner.sh
' check "$root" "$out"

failures=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAILED: $1"; failures=$((failures + 1)); fi; }
grep -v '^dbus-daemon' "$out/session.log" || true
check "Orca found on the session bus" "grep -q '^screen reader: in use: Orca: org.gnome.Orca1.Service on the session bus' '$out/diagnose.txt'"
check "the mode says Orca speaks the words" "grep -q '^screen reader: mode: Orca speaks the words, told over D-Bus' '$out/diagnose.txt'"
for value in 11 12 13 89; do
    check "'$value' told to Orca after an interrupt" \
        "grep -B4 \"DBUS SERVICE: SpeakMessage called with: '$value'\" '$out/orca.debug' | grep -q interrupt_speech"
    check "'$value' spoken by Orca" "grep -q \"SPEECH OUTPUT: '$value'\" '$out/orca.debug'"
done
check "the own voice after Orca quit (the second run's '12' captured after 'Screen reader off')" \
    "awk '/Screen reader off/ {off=1} off && \$2 == \"12\" {found=1} END {exit !found}' '$out/spoken.txt'"
check "the first run ended accepted" "[[ \$(cat '$out/demo.status' 2>/dev/null) == 0 ]]"
check "Enter told Orca 'accepted' alone (the result line is on its terminal)" \
    "grep -q \"SpeakMessage called with: 'accepted'\" '$out/orca.debug' && ! grep -q 'SpeakMessage called with: .*, accepted' '$out/orca.debug'"
exit $((failures > 0))
