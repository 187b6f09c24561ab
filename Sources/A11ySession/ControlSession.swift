import Glibc
import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary

/// How a session ended, and the controls as they were then.
public struct SessionResult: Sendable {
    public var outcome: SessionOutcome
    /// The signal that ended the session (SIGTERM, SIGHUP, SIGQUIT), if one did: call
    /// `SignalHandling.exit(after:)` to end the program as that signal would.
    public var signal: TerminalSignal?
    public var panels: [ControlPanel]
    /// Cancelled with the Escape key rather than `q` (dialog's rangebox exits 255 then, not 1).
    public var cancelledWithEscape = false
}

/// Runs controls modally: one event loop over the keyboard, the braille display, signals and
/// timers, until the user accepts or cancels.
///
/// The loop sleeps in `poll()` until a key, a braille key, a signal or the next deadline (a held
/// key's step, a lone Escape's timeout, a reconnection attempt): no periodic wake-ups when idle.
/// Speech and braille each make their calls from a thread of their own (`SpeechOutput`'s
/// worker, `BrailleOutput`'s worker): no call here waits for a server, so a server that stopped
/// answering never delays keys, the screen or the other output. A key tapped again is carried out
/// from its forecast (`ControlEngine.forecast(after:at:)`, worked out while the loop waited) as
/// soon as it is read, and the engine takes it a moment later. The terminal is restored and
/// the braille display released on every way out.
public final class ControlSession {
    private var engine: ControlEngine
    private let options: SessionOptions
    private let devices: SessionDevices
    private var keys: KeySource { devices.keys }
    private let screen: ScreenOutput?
    private let speech: SpeechOutput
    private let braille: BrailleOutput
    /// The tones (`--tones on`), nil when off.
    private let tonePlayer: TonePlayer?
    /// The braille keys each control binds (taken from BRLTTY while it has the focus).
    private var brailleKeys: [BrailleKeySet] = []
    /// The control whose keys were stated last.
    private var keysPanel = 0
    /// The labels in contracted braille, when BRLTTY's preferences ask for it.
    private var contraction = LabelContraction(override: nil)
    /// The session's time.
    private var clock: any SessionClock { devices.clock }
    /// SIGPIPE's disposition before the session: libspeechd needs it ignored while connected;
    /// afterwards the program's own choice is back (a closed result pipe ends it with status 141,
    /// as any program's, unless it ignores SIGPIPE itself).
    private let previousBrokenPipeAction: sighandler_t?

    /// Sets up the terminal and connects to the servers. Throws `DeviceUnavailable` when a server
    /// in mode `.on` cannot be reached, or a `TerminalError`.
    public convenience init(panels: [ControlPanel], options: SessionOptions = SessionOptions()) throws {
        try self.init(panels: panels, options: options, devices: try SessionDevices.live(options: options))
    }

    /// A session on `devices`: the live ones, or fakes in tests.
    public init(panels: [ControlPanel], options: SessionOptions, devices: SessionDevices) throws {
        self.options = options
        forecasts = KeyForecasts(startingWith: panels[0].keyMap.kind)
        self.devices = devices
        previousBrokenPipeAction = signal(SIGPIPE, SIG_IGN)
        // BRLTTY first, on a thread of its own; speech-dispatcher once the first braille frame is
        // out, on the speech worker (unless speech is required). The braille keys the first
        // control binds are taken as the display is (the engine starts on the first control);
        // BRLTTY keeps every other key.
        brailleKeys = panels.map(\.keyMap.acceptedBrailleKeys)
        braille = BrailleOutput(startingIn: options.braille, service: devices.braille, acceptedKeys: brailleKeys.first,
                                report: options.report)
        // The screen reader is looked for while BRLTTY answers.
        let screenReader = options.screenReaderInUse
        let voice = options.voice(for: screenReader)
        if let screenReader, options.screenReader == .auto, options.verbosity == .verbose {
            options.report(Self.voiceReport(screenReader, voice))
        }
        // The reader that carries the words is watched: when it ends, the control speaks itself.
        readerWatch = screenReader?.processID.flatMap { ProcessWatch(processID: $0) }
        readerName = screenReader?.name.rawValue
        // With the words on the screen speech-dispatcher is not used; it is connected only if the
        // reader ends (and so not required at the start either).
        let speechMode = voice.speaks ? options.speech : readerWatch == nil ? .off : options.speech == .off ? .off : .auto
        // Told to the reader: its socket, and speech-dispatcher when the reader is gone.
        let speechService: any SpeechService = if voice == .throughReader, let socket = screenReader?.remoteSocket {
            ReaderSpeechService(reader: FenrirRemote(path: socket), fallback: devices.speech)
        } else {
            devices.speech
        }
        speech = SpeechOutput(notConnecting: speechMode, service: speechService, settings: options.resolvedSpeechSettings,
                              clock: devices.clock, worker: devices.speechWorker, report: options.report)
        // What does not need BRLTTY is made while it answers.
        screen = devices.screen.map { screen in
            ScreenOutput(columns: screen.columns() ?? 80, movesCursor: options.theme.usesEscapes, write: screen.write)
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
    private var readerWatch: ProcessWatch?
    private var readerName: String?

    /// The line a verbose run prints on stderr: the reader found, and what the control does.
    static func voiceReport(_ reader: ScreenReader, _ voice: Voice) -> String {
        let what = switch voice {
        case .screenLine: "the words go to the screen's first line for it to read, not to speech"
        case .speechWithStillCursor: "the control speaks and keeps the cursor still, so it echoes nothing"
        case .throughReader: "the words are told to it through its socket; nothing on the screen changes as text"
        case .speech: "the control speaks"
        }
        return "screen reader \(reader.name.rawValue) (\(reader.evidence)): \(what)"
    }

    /// The reader ended: the control speaks from now on (connecting to speech-dispatcher when it
    /// was not), says so and where it stands.
    private func readerEnded() {
        readerWatch = nil
        options.report("the screen reader \(readerName ?? "") ended: the control speaks itself")
        if !engine.voice.speaks { speech.startConnecting() }
        send(.voice(.speech))
    }

    /// The keyboard-protocol query was written and its answer has not come yet.
    private var awaitingKeyboardAnswer = false

    /// Turns the kitty keyboard protocol on once the terminal said it speaks it.
    private func followKeyboardAnswer() {
        guard awaitingKeyboardAnswer, let answer = engine.kittyKeyboardAnswer, let terminal = devices.keys.terminal else { return }
        awaitingKeyboardAnswer = false
        guard answer, (try? terminal.enableKittyKeyboard()) != nil else { return }
        engine.setHoldDetection(devices.keys.holdDetection)
    }

    /// Told of every change the user makes while the session runs: the control's index, the
    /// change, and the control's model right after it (`RangeSliderController.run` reports them
    /// to its delegate).
    public var onChange: ((_ panel: Int, _ change: Change, _ model: ControlPanel.Model) -> Void)?

    private var now: Duration { clock.now }

    /// Runs until the user accepts or cancels, or a signal ends the session.
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
            if forecasts.owed != nil {
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

    /// Sends `event` to the engine and carries out each effect as the engine hands it over, in
    /// the engine's order (the screen, braille, tones, then the words; braille first at the
    /// start): each is written before the next is made.
    private func send(_ event: EngineEvent, at time: Duration? = nil) {
        guard !sending else { return raised.append { [event] } }
        carryingOut { engine, perform in engine.send(event, at: time ?? now, perform: perform) }
        if case .bytes(let bytes) = event { noteKey(bytes) }
    }

    // MARK: Keys carried out from their forecast

    /// The recent keys, what each would do, and a key carried out that the engine owes.
    private var forecasts: KeyForecasts
    /// Counts the engine's changes: every event sent to it is one.
    private var engineChanges = 0
    /// The event being carried out changed the braille frame.
    private var brailleChanged = false

    /// How many keys were carried out from their forecast (for tests and the benchmark).
    public var keysForeseen: Int { forecasts.keysForeseen }

    /// A key that changed the braille display becomes a recent key.
    private func noteKey(_ bytes: [UInt8]) {
        if brailleChanged { forecasts.note(bytes) }
    }

    /// When the loop is about to sleep: what each recent key would do, with their braille
    /// packets and terminal writes made ready too: carried out, the key's frames are then only
    /// sent, with nothing left to make on the key's way out.
    private func workOutForecasts() {
        guard let frames = forecasts.workOut(on: engine, change: engineChanges, at: now) else { return }
        braille.prepare(frames.braille)
        screen?.prepare(frames.screen)
    }

    /// Carries out the forecast effects of `bytes`, read at `time` (when the engine will take
    /// them), if the engine did not change since and nothing fell due meanwhile.
    private func carryOutForecast(for bytes: [UInt8], at time: Duration) -> Bool {
        guard let effects = forecasts.carryOut(bytes, at: time, change: engineChanges) else { return false }
        var said: [Utterance] = []
        brailleChanged = false
        sending = true
        for effect in effects { perform(effect, said: &said) }
        sent(saying: said)
        noteKey(bytes)
        return true
    }

    /// The engine takes the key carried out from its forecast: the effects it hands over are the
    /// forecast ones (not carried out again) and its `.changed` ones. Any other would be carried
    /// out: whatever happens, the outputs end as the engine says.
    private func catchUp() {
        guard let key = forecasts.takeOwed() else { return }
        carryingOut { engine, perform in
            var effects: [EngineEffect] = []
            engine.send(.bytes(key.bytes), at: key.at) { effects.append($0) }
            let foreseen = effects.outputs == key.effects
            for effect in effects {
                if case .changed = effect { perform(effect) } else if !foreseen { perform(effect) }
            }
        }
        send(.tick, at: key.at)
    }

    /// Sends `events` as one change (see `ControlEngine.send(_:at:)`).
    private func send(_ events: [EngineEvent]) {
        send { events }
    }

    /// Sends the events `makeEvents` makes, as one change. Events raised while the engine's
    /// effects are carried out (an output reported a loss or new preferences as a frame was
    /// written) are made and sent once the engine is done with the event before: making them
    /// may read the engine (the braille vocabulary, for new preferences), which must not be
    /// read while it is being changed (Swift's exclusivity check stops the program there).
    private func send(_ makeEvents: @escaping () -> [EngineEvent]) {
        guard !sending else { return raised.append(makeEvents) }
        let events = makeEvents()
        carryingOut { engine, perform in engine.send(events, at: now, perform: perform) }
    }

    /// Runs `body` (a send to the engine) with `perform` for its effects, then `sent`.
    private func carryingOut(_ body: (inout ControlEngine, (EngineEffect) -> Void) -> Void) {
        var said: [Utterance] = []
        engineChanges += 1
        brailleChanged = false
        sending = true
        body(&engine) { perform($0, said: &said) }
        sent(saying: said)
    }

    /// Events raised while effects were carried out, to make and send after them.
    private var raised: [() -> [EngineEvent]] = []
    /// The engine is handing over effects (it must not be sent anything until it is done).
    private var sending = false

    /// Carries out one effect; the words are collected and handed to the speech worker together,
    /// before the effect that follows them (after what an output raised meanwhile, if it did: a
    /// display lost as the frame was written is said before the value the key set).
    private func perform(_ effect: EngineEffect, said: inout [Utterance]) {
        if case .speak(let utterance) = effect { return said.append(utterance) }
        if !said.isEmpty, raised.isEmpty {
            say(said)
            said = []
        }
        switch effect {
        case .showBraille(let frame):
            braille.show(frame, at: now)
            brailleChanged = true
            wroteOutput = true
        case .playTones(let tones): tonePlayer?.play(tones)
        case .redraw(let frame):
            screen?.show(frame)
            wroteOutput = true
        case .changed(let panel, let change, let model): onChange?(panel, change, model)
        case .askCursorPosition: try? keys.terminal?.write(PointerReporting.cursorPositionQuery)
        case .speak, .finish: break
        }
    }

    /// After an event's effects: when the display turned out to have another width (it
    /// reconnected, or went away), the line laid out again; what was raised meanwhile; then the
    /// rest of the event's words.
    private func sent(saying said: [Utterance]) {
        sending = false
        // An output raised something as a key's forecast effects went out: the engine takes
        // the key first.
        if forecasts.owed != nil, !raised.isEmpty || braille.width != engine.brailleWidth { catchUp() }
        if braille.width != engine.brailleWidth { send(.brailleWidth(braille.width)) }
        while !raised.isEmpty { send(raised.removeFirst()) }
        say(said)
        wroteOutput = false
    }

    /// A braille frame or a redraw was written since words were last handed to speech.
    private var wroteOutput = false

    /// Hands `said` to speech; after a braille frame or a redraw, once the threads those writes
    /// woke (BRLTTY's, the terminal's) had the CPU. Woken threads wait on the CPU of the thread
    /// that woke them: the key's words, sent at once, set off speech-dispatcher, its output
    /// module and their threads, and BRLTTY's thread that writes the frame to the display would
    /// wait behind them, even with another CPU idle. Given the CPU first, BRLTTY and the
    /// terminal are done before speech-dispatcher starts: braille, the redraw and speech all
    /// come sooner, and speech-dispatcher does not share the CPU with BRLTTY.
    private func say(_ said: [Utterance]) {
        guard !said.isEmpty else { return }
        if wroteOutput {
            wroteOutput = false
            devices.yieldProcessor()
        }
        speech.say(said)
    }

    /// What following BRLTTY's preferences (at the start, or changed) takes: cell size, then
    /// contracted labels; sent together, so the display gets one frame for both.
    private func brailleEvents(following preferences: BraillePreferences) -> [EngineEvent] {
        [.braillePreferences(preferences),
         .brailleContractions(contraction.contractions(of: engine.brailleVocabulary, preferences: preferences, report: options.report))]
    }

    /// Milliseconds until the next deadline, or -1 (sleep until input).
    private func timeout() -> Int32 {
        let deadlines = [engine.nextDeadline, braille.retryAt, speech.answerDue, forecasts.catchUpDue].compactMap { $0 }
        guard let next = deadlines.min() else { return -1 }
        let left = next - now
        if left <= .zero { return 0 }
        let ms = left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(min(ms, Int64(Int32.max)))
    }

    private func finish(signal: TerminalSignal?) {
        send(.tick)
        // A reader of the words line reads the last words (accepted, cancelled) after the end.
        screen?.erase(leaving: engine.speechOnScreen ? engine.lastUtterance?.text : nil)
        tonePlayer?.close()
        try? keys.terminal?.restore()
        braille.close()
        if signal != nil && signal != .interrupt { speech.cancel() }
        speech.close()
        _ = Glibc.signal(SIGPIPE, previousBrokenPipeAction)
    }
}
