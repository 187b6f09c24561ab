import Glibc
import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary

/// How a session ended, and the controls as they were then.
public struct SessionResult: Sendable {
    /// How the session ended: only `.accepted` means the user chose the values.
    public var outcome: SessionOutcome
    /// The signal that ended the session (SIGTERM, SIGHUP, SIGQUIT), if one did.
    package var signal: TerminalSignal?
    /// The controls as the session left them, in Tab order: the chosen values when accepted.
    public var panels: [ControlPanel]
    /// Cancelled with the Escape key rather than `q` (dialog's rangebox exits 255 then, not 1).
    public var cancelledWithEscape = false

    /// The number of the signal that ended the session (`SIGTERM`, `SIGHUP`, `SIGQUIT`), or nil
    /// when none did. The session catches these signals to restore the terminal, so the program
    /// does not die of them by itself: see `exitIfSignalled()`.
    public var signalNumber: Int32? { signal?.signalNumber }

    /// Ends the program as the signal that ended the session would have (its default action,
    /// so the shell sees the usual status, such as 143 for SIGTERM), and returns when no signal
    /// ended it. The terminal is already restored. The modal `run` methods call it.
    public func exitIfSignalled() {
        if let signal { SignalHandling.exit(after: signal) }
    }
}

/// Runs controls modally: one event loop over the keyboard, the braille display, signals and
/// timers, until the user accepts or cancels.
///
/// The loop sleeps in `poll()` until a key, a braille key, a signal or the next deadline (a held
/// key's step, a lone Escape's timeout, a reconnection attempt): no periodic wake-ups when idle.
/// Speech and braille each make their calls from a thread of their own: no call in the loop
/// waits for a server, so a server that stopped answering never delays keys, the screen or the
/// other output. A key tapped again is carried out from its forecast (what the engine works out
/// while the loop waits) as soon as it is read, and the engine takes it a moment later. The terminal is restored and
/// the braille display released on every way out.
public final class ControlSession {
    var engine: ControlEngine
    let options: SessionOptions
    let devices: SessionDevices
    var keys: KeySource { devices.keys }
    let screen: ScreenOutput?
    let speech: SpeechOutput
    let braille: BrailleOutput
    /// The tones (`--tones on`), nil when off.
    let tonePlayer: TonePlayer?
    /// The braille keys each control binds (taken from BRLTTY while it has the focus).
    var brailleKeys: [BrailleKeySet] = []
    /// The control whose keys were stated last.
    var keysPanel = 0
    /// The labels in contracted braille, when BRLTTY's preferences ask for it.
    var contraction = LabelContraction(override: nil)
    /// The session's time.
    var clock: any SessionClock { devices.clock }
    /// SIGPIPE ignored while the session runs (libspeechd needs it).
    let brokenPipe: IgnoredBrokenPipe

    /// Sets up the terminal (raw mode, signal handlers and, with `SessionOptions.mouse`, the
    /// pointer's reports) and connects to the servers. Throws `DeviceUnavailable` when a server in mode `.on` cannot be reached, or
    /// an error naming the terminal call that failed.
    public convenience init(panels: [ControlPanel], options: SessionOptions = SessionOptions()) throws {
        try self.init(panels: panels, options: options, devices: try SessionDevices.live(options: options))
    }

    /// A session on `devices`: the live ones, or fakes in tests.
    package init(panels: [ControlPanel], options: SessionOptions, devices: SessionDevices) throws {
        self.options = options
        forecasts = KeyForecasts(startingWith: panels[0].keyMap.kind)
        self.devices = devices
        brokenPipe = IgnoredBrokenPipe()
        // BRLTTY first, on a thread of its own; speech-dispatcher once the first braille frame is
        // out, on the speech worker (unless speech is required). The braille keys the first
        // control binds are taken as the display is (the engine starts on the first control);
        // BRLTTY keeps every other key.
        brailleKeys = panels.map(\.keyMap.acceptedBrailleKeys)
        braille = BrailleOutput(startingIn: options.braille, service: devices.braille, acceptedKeys: brailleKeys.first,
                                report: options.quietsMissingServers() ? Self.shortBrailleReport(options.report) : options.report)
        // The screen reader is looked for while BRLTTY answers.
        let screenReader = options.screenReaderInUse
        let voice = options.voice(for: screenReader)
        if let screenReader, options.screenReader == .auto, options.verbosity == .verbose {
            options.report(Self.voiceReport(screenReader, voice, throughOrca: options.speaksThroughOrca(with: screenReader)))
        }
        if voice == .addedLines, options.verbosity == .verbose, let reason = options.remoteReason(for: screenReader) {
            options.report("\(reason): each key's words are added as new lines"
                           + (options.remoteSpeech() == .off ? "; this machine's speech is off" : ""))
        }
        // The reader that carries the words is watched: when it ends, the control speaks itself.
        readerWatch = screenReader?.processID.flatMap { ProcessWatch(processID: $0) }
        readerName = screenReader?.name.rawValue
        // With the words on the screen speech-dispatcher is not used; it is connected only if the
        // reader ends (and so not required at the start either).
        let speechMode = voice == .addedLines ? options.remoteSpeech() : voice.speaks ? options.speech : readerWatch == nil ? .off : options.speech == .off ? .off : .auto
        // Told to the reader (Fenrir's socket, Orca's service), and speech-dispatcher when the
        // reader is gone or stops answering.
        let speechService = options.speechService(for: screenReader, voice: voice, fallback: devices.speech)
        speech = SpeechOutput(notConnecting: speechMode, service: speechService, settings: options.resolvedSpeechSettings,
                              clock: devices.clock, worker: devices.speechWorker, report: options.report)
        // What does not need BRLTTY is made while it answers.
        screen = devices.screen.map { screen in
            ScreenOutput(columns: screen.columns() ?? 80, movesCursor: options.theme.usesEscapes, synchronizes: voice == .addedLines,
                         write: screen.write)
        }
        engine = ControlEngine(panels: panels, announcer: Announcer(verbosity: options.verbosity, messages: options.messages,
                                                                         decimalSeparator: options.numberLocale.decimalSeparator),
                               screenTheme: options.theme, locale: options.numberLocale, holdDetection: devices.keys.holdDetection,
                               escapeTimeout: devices.keys.escapeTimeout, screenWidth: screen?.columns ?? 80, preview: options.preview,
                               voice: voice, tonePlanner: options.tones ? TonePlanner() : nil)
        // The first frame rehearsed while BRLTTY answers, on a copy of the engine (a value:
        // the copy's effects are dropped, the session's engine is untouched): the renderers' first
        // run, which pages their code in and makes the runtime's type metadata, is then not on
        // the way from the display's answer to the first braille frame.
        if options.braille != .off {
            var rehearsal = engine
            _ = rehearsal.send([.braillePreferences(BraillePreferences()), .brailleWidth(40), .start], at: devices.clock.now)
        }
        try braille.finishConnecting()
        // Speech required: its failure ends the start before the terminal is changed. Otherwise
        // the first braille frame does not wait for speech-dispatcher (its words wait in the queue).
        if speechMode == .on, voice.speaks { try speech.finishConnecting() }
        tonePlayer = options.tones ? TonePlayer(device: options.tonesDevice, onFailure: options.report) : nil
        if devices.handlesSignals { _ = try SignalHandling.install() }
        try devices.keys.terminal?.enterRawMode()
        // The pointer: reports from a terminal that takes escape sequences, placed on the frame
        // by asking the terminal where the frame stands.
        if options.mouse, options.theme.usesEscapes, let terminal = devices.keys.terminal, (try? terminal.enableMouseReporting()) != nil {
            engine.locatesScreen = true
        }
        // A lost braille display is spoken (a user reading braille cannot see it went blank).
        // It is called on this thread, from the braille output's calls in the loop, never from
        // inside the engine: the engine hears of it at once (right after the event whose frame
        // was being written, when that write found it).
        braille.onStatusChange = { [unowned self] back in send([.device(back ? .brailleBack : .brailleLost)]) }
        braille.onNotAnswering = { [unowned self] in send([.device(.brailleNotAnswering)]) }
        engine.idleTimeout = options.timeout
        // Orca reads the result line printed on its terminal: accepting does not say it too.
        engine.resultLineReadByReader = screenReader?.name == .orca && options.resultLineOnTerminal
        // BRLTTY keeps every key the focused control does not bind, and its preferences are followed.
        keysPanel = engine.focusedPanel
        braille.acceptedKeys = brailleKeys[keysPanel]
        contraction = LabelContraction(override: options.brailleTable)
        braille.onPreferencesChange = { [unowned self] preferences in send { [unowned self] in brailleEvents(following: preferences) } }
        // One first frame, braille first: laid out for the display's preferences and width.
        send(brailleEvents(following: braille.preferences) + [.brailleWidth(braille.width), .start])
        if voice.speaks { speech.startConnecting() }
        // The first frame and utterance are out: now ask whether the terminal speaks the kitty
        // keyboard protocol. The answer comes in the key stream; the engine reads it there
        // (`kittyKeyboardAnswer`) and the loop turns the protocol on then: nothing waits for it.
        if let terminal = devices.keys.terminal {
            try terminal.write(KittyKeyboardSupport.query)
            awaitingKeyboardAnswer = true
        }
    }

    /// The screen reader that carries the words, watched for its end; nil: none, or it ended.
    var readerWatch: ProcessWatch?
    var readerName: String?

    /// The keyboard-protocol query was written and its answer has not come yet.
    var awaitingKeyboardAnswer = false

    /// Told of every change the user makes while the session runs: the control's index, the
    /// change, and the control's model right after it (`RangeSliderController.run` reports them
    /// to its delegate).
    public var onChange: ((_ panel: Int, _ change: Change, _ model: ControlPanel.Model) -> Void)?

    var now: Duration { clock.now }

    /// Runs until the user accepts or cancels, the time limit passes or a signal ends the session,
    /// then restores the terminal and releases the servers; returns how it ended. SIGINT,
    /// SIGTERM, SIGHUP, SIGQUIT and the terminal hanging up end it as `.interrupted`.
    public func run() -> SessionResult {
        var endingSignal: TerminalSignal?
        loop: while engine.outcome == nil {
            workOutForecasts()
            var fds = [pollfd(fd: keys.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: devices.handlesSignals ? SignalHandling.fileDescriptor : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: speech.wakeDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: speech.monitorDescriptor ?? -1, events: Socket.pollReadHangUp, revents: 0),
                       pollfd(fd: readerWatch?.descriptor ?? -1, events: Int16(POLLIN), revents: 0)]
            if let fd = braille.fileDescriptor { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), timeout())
            if ready < 0 && errno != EINTR { break }
            // The time of this wake-up: the time of every event it brings.
            let wokeAt = now
            // A key carried out from its forecast at the last wake-up: the engine takes it now.
            catchUp()
            var events: [EngineEvent] = []

            // The speech server hung up: say so now, not at the next utterance.
            if fds[3].revents & (Socket.pollReadHangUp | Int16(POLLHUP | POLLERR)) != 0 { speech.serverClosed() }
            if fds[2].revents != 0 {
                events += speech.takeStatusChanges().map { status in
                    switch status {
                    case .lost: .device(.speechLost)
                    case .back: .device(.speechBack)
                    case .notAnswering: .device(.speechNotAnswering)
                    }
                }
            }
            if fds[1].revents != 0 {
                for signal in SignalHandling.drain() {
                    switch signal {
                    case .interrupt:
                        events.append(.interrupt)
                        endingSignal = signal
                    case .terminate, .hangup, .quit:
                        endingSignal = signal
                        break loop
                    case .resized:
                        if let columns = devices.screen?.columns() {
                            screen?.columns = columns
                            events.append(.screenWidth(columns))
                        }
                        screen?.invalidate()
                    case .resumed:
                        screen?.invalidate()
                    }
                }
            }
            if fds[0].revents != 0 {
                if let bytes = (try? keys.read()) ?? nil {
                    // Alone in this wake-up, a key foreseen is carried out at once.
                    if !events.isEmpty || !carryOutForecast(for: bytes, at: wokeAt) { events.append(.bytes(bytes)) }
                } else if keys.mode == .terminal {
                    // A terminal in raw mode ends only when it hangs up (Ctrl-D is a key there):
                    // the session ends as SIGHUP ends it, which may come a moment later.
                    endingSignal = .hangup
                    break loop
                } else {
                    events.append(.endOfInput)  // the end of scripted input
                }
            }
            if fds[4].revents != 0 { readerEnded() }
            if fds.count > 5, fds[5].revents != 0 {
                events += braille.readKeys(at: now).map(EngineEvent.brailleKey)
                // The display's size changed (BRLTTY told us): lay the line out again now.
                if braille.width != engine.brailleWidth { events.append(.brailleWidth(braille.width)) }
            }
            events.append(.tick)
            speech.checkAnswering(at: now)
            if braille.retryIfDue(at: now) { events.append(.brailleWidth(braille.width)) }
            if forecasts.untaken != nil {
                // The engine takes the key before anything else that came; alone, in a moment.
                if events == [.tick] { events = [] } else { catchUp() }
            }
            for event in events { send(event, at: wokeAt) }
            followKeyboardAnswer()
            if engine.focusedPanel != keysPanel {
                keysPanel = engine.focusedPanel
                braille.acceptedKeys = brailleKeys[keysPanel]
            }
        }
        catchUp()
        finish(signal: endingSignal)
        return SessionResult(outcome: engine.outcome ?? .interrupted, signal: endingSignal == .interrupt ? nil : endingSignal,
                             panels: engine.panels, cancelledWithEscape: engine.cancelledWithEscape)
    }


    // MARK: Keys carried out from their forecast

    /// The recent keys, what each would do, and a key carried out that the engine has not taken yet.
    var forecasts: KeyForecasts
    /// Counts the engine's changes: every event sent to it is one.
    var engineChanges = 0
    /// The event being carried out changed the braille frame.
    var brailleChanged = false

    /// Events raised while effects were carried out, to make and send after them.
    var raised: [() -> [EngineEvent]] = []
    /// The engine is handing over effects (it must not be sent anything until it is done).
    var sending = false

    /// A braille frame or a redraw was written since words were last handed to speech.
    var wroteOutput = false

    /// Milliseconds until the next deadline, or -1 (sleep until input).
    func timeout() -> Int32 {
        let deadlines = [engine.nextDeadline, braille.retryAt, speech.answerDue, forecasts.catchUpDue].compactMap { $0 }
        guard let next = deadlines.min() else { return -1 }
        let left = next - now
        if left <= .zero { return 0 }
        let ms = left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(min(ms, Int64(Int32.max)))
    }

    func finish(signal: TerminalSignal?) {
        send(.tick)
        // A reader of the words line reads the last words (accepted, cancelled) after the end.
        screen?.erase(leaving: engine.speechOnScreen || engine.voice.addsLines ? engine.lastUtterance?.text : nil)
        tonePlayer?.close()
        try? keys.terminal?.restore()
        braille.close()
        if signal != nil && signal != .interrupt { speech.cancel() }
        speech.close()
        brokenPipe.restore()
    }
}
