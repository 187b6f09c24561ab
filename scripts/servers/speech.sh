# Sourced by scripts/servers.sh: speech-dispatcher with its configuration written into $D/conf,
# and the capture module (sd_generic) that appends every utterance to $D/spoken.txt.
# Uses $D, say() and alive() from servers.sh and processes.sh.

# Writes DIR/conf/speechd.conf: a private server on the Unix socket SOCKET, its log in DIR/log,
# audio to ALSA's null device, the capture module as the only one, never autospawned. Also used by
# the screen-reader harnesses (scripts/readers/lib/speechd.sh), whose capture module differs.
write_speechd_conf() {
    local dir=$1 socket=$2
    mkdir -p "$dir/conf/modules" "$dir/log" "$dir/cache"
    cat >"$dir/conf/speechd.conf" <<CONF
CommunicationMethod "unix_socket"
SocketPath "$socket"
LogLevel 3
LogDir "$dir/log"
DefaultLanguage "en"
AudioOutputMethod "alsa"
AudioALSADevice "null"
AddModule "capture" "sd_generic" "capture.conf"
DefaultModule capture
DisableAutoSpawn
CONF
}

start_speechd() {
    local s=$1
    write_speechd_conf "$D" "$s/speechd.sock"
    # sd_generic runs this with /bin/sh -c after replacing $DATA with the text, in which it
    # escapes single quotes for a single-quoted context: $DATA must stay inside '...'.
    # CAPTURE_FILE and CAPTURE_DELAY_FILE come from the server's environment (set below).
    # The delay (seconds) is read at every utterance, so tests can change it at run time.
    local delim
    delim=$(printf '\001')
    cat >"$D/conf/modules/capture.conf" <<CONF
GenericExecuteSynth "printf '%s\\\\n' \\'\$DATA\\' >> \\"\$CAPTURE_FILE\\"; printf '%s\\\\n' \\'\$LANGUAGE\\' >> \\"\$CAPTURE_FILE.language\\"; sleep \\"\$(cat \\"\$CAPTURE_DELAY_FILE\\" 2>/dev/null || echo 0)\\""
GenericCmdDependency "printf"
GenericDelimiters "$delim"
GenericMaxChunkLength 100000
GenericLanguage "en" "en" "utf-8"
GenericLanguage "de" "de" "utf-8"
GenericLanguage "fr" "fr" "utf-8"
GenericLanguage "es" "es" "utf-8"
AddVoice "en" "MALE1" "en"
AddVoice "de" "MALE1" "de"
AddVoice "fr" "MALE1" "fr"
AddVoice "es" "MALE1" "es"
CONF
    rm -f "$s/speechd.sock" "$D/log/speech-dispatcher.log"
    [[ ${2:-} == keep ]] || { : >"$D/spoken.txt"; : >"$D/spoken.txt.language"; }
    setsid env XDG_CACHE_HOME="$D/cache" CAPTURE_FILE="$D/spoken.txt" CAPTURE_DELAY_FILE="$D/capture-delay" \
        speech-dispatcher -s -t 0 -C "$D/conf" -P "$D/speechd.pidfile" </dev/null >"$D/speechd.out" 2>&1 &
    echo $! >"$D/speechd.pid"
    local pid=$! i steps
    steps=$(hang_steps 0.05)
    for ((i = 0; i <= steps; i++)); do  # (the last look comes after the deadline)
        alive "$pid" || { say "speech-dispatcher exited at start; see $D/speechd.out and $D/log/"; tail -n 20 "$D/speechd.out" >&2; return 1; }
        if grep -qs "waiting for clients" "$D/log/speech-dispatcher.log" "$D/speechd.out" && [[ -S $s/speechd.sock ]]; then
            return 0
        fi
        sleep 0.05
    done
    say "speech-dispatcher was not waiting for clients within $(hang_seconds) s; see $D/log/speech-dispatcher.log"
    return 1
}
