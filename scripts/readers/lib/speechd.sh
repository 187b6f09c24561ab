# shellcheck source=../../servers/speech.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../servers/speech.sh"

# A minimal private speech-dispatcher with a capture module (after scripts/servers/speech.sh), for
# the screen-reader harnesses: one for the reader and one for the program, so each voice is told apart.
# sd_start DIR  -> DIR/speechd.sock, DIR/spoken.txt (one line per utterance), DIR/speechd.pid
# sd_stop DIR
# SD_DELAY=SECONDS: each utterance lasts that long (the end time goes to spoken.txt.end; a
# cancelled one has no end line).
# Each captured line is prefixed with the epoch time (s.ns) when the module ran.
sd_start() {
    local D=$1 i pid
    ((${#D} + 14 < 108)) || { echo "sd_start: $D/speechd.sock is too long for a Unix socket" >&2; return 1; }
    write_speechd_conf "$D" "$D/speechd.sock"
    local delim; delim=$(printf '\001')
    cat >"$D/conf/modules/capture.conf" <<CONF
GenericExecuteSynth "T=\\'\$DATA\\'; printf '%s %s\\\\n' \\"\$(date +%s.%N)\\" \\"\$T\\" >> \\"\$CAPTURE_FILE\\"; if [ \\"\$CAPTURE_DELAY\\" != 0 ]; then sleep \\"\$CAPTURE_DELAY\\"; printf '%s END %s\\\\n' \\"\$(date +%s.%N)\\" \\"\$T\\" >> \\"\$CAPTURE_FILE.end\\"; fi"
GenericCmdDependency "printf"
GenericDelimiters "$delim"
GenericMaxChunkLength 100000
GenericLanguage "en" "en" "utf-8"
AddVoice "en" "MALE1" "en"
CONF
    rm -f "$D/speechd.sock" "$D/log/speech-dispatcher.log"
    : >"$D/spoken.txt"; : >"$D/spoken.txt.end"
    setsid env XDG_CACHE_HOME="$D/cache" CAPTURE_FILE="$D/spoken.txt" CAPTURE_DELAY="${SD_DELAY:-0}" \
        speech-dispatcher -s -t 0 -C "$D/conf" -P "$D/speechd.pidfile" </dev/null >"$D/speechd.out" 2>&1 &
    pid=$!; echo $pid >"$D/speechd.pid"
    for ((i = 0; i < 200; i++)); do
        kill -0 $pid 2>/dev/null || { echo "speech-dispatcher died: $D/speechd.out" >&2; return 1; }
        grep -qs "waiting for clients" "$D/log/speech-dispatcher.log" "$D/speechd.out" && [[ -S $D/speechd.sock ]] && return 0
        sleep 0.025
    done
    echo "speech-dispatcher not ready in 5 s" >&2; return 1
}
sd_stop() {
    local D=$1 pid i
    [[ -f $D/speechd.pid ]] || return 0
    pid=$(cat "$D/speechd.pid")
    # setsid: the pid is the session/group leader; its modules are in its group
    kill -TERM -- -$pid 2>/dev/null || kill -TERM $pid 2>/dev/null
    for ((i = 0; i < 60; i++)); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
    kill -KILL -- -$pid 2>/dev/null || true
    rm -f "$D/speechd.pid" "$D/speechd.sock"
}
