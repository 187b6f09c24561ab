import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary

/// A `ControlEngine` wired to its outputs: every event sent through it reaches the engine, and
/// every effect the engine hands over reaches its output at once, in the engine's order: the
/// braille display (BRLTTY), the screen, the tones, the words (speech-dispatcher or the screen
/// reader's channel), the terminal's cursor question. What an output raises (a display lost or
/// back, BRLTTY's preferences changed, speech lost) goes back to the engine, and the reader that
/// carries the words is followed (when it ends, the control speaks itself).
///
/// It owns no loop and no descriptor wait: `SessionLoop` (a modal session) or a host's own loop
/// tells it what is ready (`speechStatusEvents()`, `brailleEvents(at:)`, `readerEnded()`), when
/// the next deadline is (`nextDeadline`), and hands it the events of each wake-up.
package final class WiredEngine {
    /// The controls' state; changed only through `send`.
    package internal(set) var engine: ControlEngine
    let options: SessionOptions
    package let speech: SpeechOutput
    package let braille: BrailleOutput
    /// The screen, nil when there is none (or when a host draws the frames itself).
    package let screen: ScreenOutput?
    /// The tones (`--tones on`), nil when off.
    let tonePlayer: TonePlayer?
    /// Where the cursor question (`.askCursorPosition`) is written: the terminal of the keys.
    let terminal: Terminal?
    /// The session's time.
    let clock: any SessionClock
    /// Gives the CPU to the threads a write woke (see `say(_:)`).
    let yieldProcessor: () -> Void
    /// SIGPIPE ignored while the outputs are open (libspeechd needs it).
    let brokenPipe: IgnoredBrokenPipe
    /// The screen reader that carries the words, watched for its end; nil: none, or it ended.
    package private(set) var readerWatch: ProcessWatch?
    let readerName: String?
    /// The braille keys each control binds (taken from BRLTTY while it has the focus).
    let brailleKeys: [BrailleKeySet]
    /// The control whose keys were stated last.
    var keysPanel = 0
    /// The labels in contracted braille, when BRLTTY's preferences ask for it.
    var contraction: LabelContraction

    /// Told of every change the user makes: the control's index, the change, and the control's
    /// model right after it (the `.changed` effects).
    package var onChange: ((_ panel: Int, _ change: Change, _ model: ControlPanel.Model) -> Void)?

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

    /// BRLTTY's connection, started first (on a thread of its own) so that the rest is made
    /// while it answers. The braille keys the first control binds are taken as the display is
    /// (the engine starts on the first control); BRLTTY keeps every other key.
    package static func connectingBraille(for panels: [ControlPanel], options: SessionOptions,
                                          service: any BrailleService) -> BrailleOutput {
        BrailleOutput(startingIn: options.braille, service: service, acceptedKeys: panels.first?.keyMap.acceptedBrailleKeys,
                      report: options.quietsMissingServers() ? shortBrailleReport(options.report) : options.report)
    }

    /// Wires an engine over `panels` to `braille` (from `connectingBraille`, still connecting),
    /// the speech the `choice` of screen reader gives, the screen and the tones, and waits for
    /// BRLTTY (and for speech-dispatcher when speech is required, `DeviceMode.on`): throws
    /// `DeviceUnavailable` when a required server cannot be reached. Nothing is shown or said
    /// before `start()`. The keys' hold detection and Escape timeout, and the terminal the cursor
    /// question goes to, are `devices.keys`'.
    package convenience init(panels: [ControlPanel], options: SessionOptions, choice: ScreenReaderChoice, braille: BrailleOutput,
                             devices: SessionDevices, brokenPipe: IgnoredBrokenPipe) throws {
        try self.init(panels: panels, options: options, choice: choice, braille: braille, screen: devices.screen,
                      clock: devices.clock, speechQueue: devices.speechQueue, yieldProcessor: devices.yieldProcessor,
                      holdDetection: devices.keys.holdDetection, escapeTimeout: devices.keys.escapeTimeout,
                      terminal: devices.keys.terminal, brokenPipe: brokenPipe)
    }

    /// Wires an engine as above, for a loop that is not a `SessionLoop` (a host program's, whose
    /// keys are its own): `screen` nil when the host draws the frames itself, `terminal` nil when
    /// the cursor question is not to be written.
    package init(panels: [ControlPanel], options: SessionOptions, choice: ScreenReaderChoice, braille: BrailleOutput,
                 screen: SessionDevices.Screen?, clock: any SessionClock, speechQueue: any WorkQueue,
                 yieldProcessor: @escaping () -> Void, holdDetection: AutoRepeat.HoldDetection, escapeTimeout: Duration,
                 terminal: Terminal?, brokenPipe: IgnoredBrokenPipe) throws {
        self.options = options
        self.braille = braille
        self.brokenPipe = brokenPipe
        brailleKeys = panels.map(\.keyMap.acceptedBrailleKeys)
        forecasts = KeyForecasts(startingWith: panels[0].keyMap.kind)
        self.clock = clock
        self.yieldProcessor = yieldProcessor
        self.terminal = terminal
        readerWatch = choice.readerWatch
        readerName = choice.readerName
        // Told to the reader (Fenrir's socket, Orca's service), and speech-dispatcher when the
        // reader is gone or stops answering.
        speech = SpeechOutput(notConnecting: choice.speechMode, service: choice.speechService, settings: options.resolvedSpeechSettings,
                              clock: clock, queue: speechQueue, report: options.report)
        // What does not need BRLTTY is made while it answers.
        self.screen = screen.map { screen in
            ScreenOutput(columns: screen.columns() ?? 80, movesCursor: options.theme.usesEscapes,
                         synchronizes: choice.delivery == .addedLines, write: screen.write)
        }
        engine = ControlEngine(panels: panels, announcer: Announcer(verbosity: options.verbosity, messages: options.messages,
                                                                         decimalSeparator: options.numberLocale.decimalSeparator),
                               screenTheme: options.theme, locale: options.numberLocale, holdDetection: holdDetection,
                               escapeTimeout: escapeTimeout, screenWidth: self.screen?.columns ?? 80, preview: options.preview,
                               wordDelivery: choice.delivery, tonePlanner: options.tones ? TonePlanner() : nil)
        // The first frame rehearsed while BRLTTY answers, on a copy of the engine (a value:
        // the copy's effects are dropped, the session's engine is untouched): the renderers' first
        // run, which pages their code in and makes the runtime's type metadata, is then not on
        // the way from the display's answer to the first braille frame.
        if options.braille != .off {
            var rehearsal = engine
            _ = rehearsal.send([.braillePreferences(BraillePreferences()), .brailleWidth(40), .start], at: clock.now)
        }
        try braille.finishConnecting()
        // Speech required: its failure ends the start before the terminal is changed. Otherwise
        // the first braille frame does not wait for speech-dispatcher (its words wait in the queue).
        if choice.speechMode == .on, choice.delivery.speaks { try speech.finishConnecting() }
        tonePlayer = options.tones ? TonePlayer(device: options.tonesDevice, onFailure: options.report) : nil
        contraction = LabelContraction(override: options.brailleTable)
        engine.idleTimeout = options.timeout
        // Orca reads the result line printed on its terminal: accepting does not say it too.
        engine.resultLineReadByReader = choice.readsResultLine(options: options)
    }

    /// Turns on placing mouse reports on the frame, by asking the terminal where the frame
    /// stands (a loop that turned the terminal's mouse reports on); before `start()`.
    package func locateScreen() {
        engine.locatesScreen = true
    }

    /// Follows the outputs and shows the first frame, braille first (laid out for the display's
    /// preferences and width), then connects speech-dispatcher when the words are spoken.
    package func start() {
        // A lost braille display is spoken (a user reading braille cannot see it went blank).
        // It is called on this thread, from the braille output's calls, never from inside the
        // engine: the engine hears of it at once (right after the event whose frame was being
        // written, when that write found it).
        braille.onStatusChange = { [unowned self] back in send([.device(back ? .brailleBack : .brailleLost)]) }
        braille.onNotAnswering = { [unowned self] in send([.device(.brailleNotAnswering)]) }
        // BRLTTY keeps every key the focused control does not bind, and its preferences are followed.
        keysPanel = engine.focusedPanel
        braille.acceptedKeys = brailleKeys[keysPanel]
        braille.onPreferencesChange = { [unowned self] preferences in send { [unowned self] in brailleEvents(following: preferences) } }
        send(brailleEvents(following: braille.preferences) + [.brailleWidth(braille.width), .start])
        if engine.wordDelivery.speaks { speech.startConnecting() }
    }

    /// The session's time now.
    var now: Duration { clock.now }

    /// The earliest thing due: the engine's next deadline (a held key's step, a lone Escape), a
    /// braille or speech reconnection, a speech answer awaited, a key carried out from its
    /// forecast for the engine to take. Nil: nothing is due.
    package var nextDeadline: Duration? {
        [engine.nextDeadline, braille.retryAt, speech.answerDue, forecasts.catchUpDue].compactMap { $0 }.min()
    }

    /// How many keys were carried out from their forecast (for tests and the benchmark).
    package var keysForeseen: Int { forecasts.keysForeseen }

    // MARK: What the outputs and the reader report

    /// The events of speech's news (`SpeechOutput`'s status descriptor was readable).
    package func speechStatusEvents() -> [EngineEvent] {
        speech.takeStatusChanges().map { status in
            switch status {
            case .lost: .device(.speechLost)
            case .back: .device(.speechBack)
            case .notAnswering: .device(.speechNotAnswering)
            }
        }
    }

    /// The events of BRLTTY's news (the braille descriptor was readable): its keys, and the
    /// line laid out again when the display's size changed.
    package func brailleEvents(at time: Duration) -> [EngineEvent] {
        var events = braille.readKeys(at: time).map(EngineEvent.brailleKey)
        if braille.width != engine.brailleWidth { events.append(.brailleWidth(braille.width)) }
        return events
    }

    /// What falls due at `time` apart from the engine's own deadlines: speech that stopped
    /// answering is noticed, and BRLTTY is tried again (the line laid out for what it has then).
    package func dueEvents(at time: Duration) -> [EngineEvent] {
        speech.checkAnswering(at: time)
        return braille.retryIfDue(at: time) ? [.brailleWidth(braille.width)] : []
    }

    /// The terminal was resized to `columns` (nil: unknown): drawn again at its width.
    package func screenResized(to columns: Int?) -> [EngineEvent] {
        defer { screen?.invalidate() }
        guard let columns, let screen else { return [] }
        screen.columns = columns
        return [.screenWidth(columns)]
    }

    /// The program was resumed (after SIGTSTP): the screen is drawn whole again.
    package func screenResumed() {
        screen?.invalidate()
    }

    /// The reader ended: the control speaks from now on (connecting to speech-dispatcher when it
    /// was not), says so and where it stands.
    package func readerEnded() {
        readerWatch = nil
        engine.resultLineReadByReader = false
        options.report("the screen reader \(readerName ?? "") ended: the control speaks itself")
        if !engine.wordDelivery.speaks { speech.startConnecting() }
        send(.wordDelivery(.speech))
    }

    /// Sends the events of one wake-up, each at `time`: a key carried out from its forecast is
    /// taken by the engine first, or, when nothing but the tick came, a moment later.
    package func send(wakeUp events: [EngineEvent], at time: Duration) {
        var events = events
        if forecasts.untaken != nil {
            if events == [.tick] { events = [] } else { catchUp() }
        }
        for event in events { send(event, at: time) }
    }

    /// BRLTTY is given the keys of the focused control (after the focus moved).
    package func followFocus() {
        guard engine.focusedPanel != keysPanel else { return }
        keysPanel = engine.focusedPanel
        braille.acceptedKeys = brailleKeys[keysPanel]
    }

    // MARK: The end

    /// The last tick, and the screen and the tones closed: a reader of the words line reads the
    /// last words (accepted, cancelled) after the end.
    package func finishShowing() {
        send(.tick)
        screen?.erase(leaving: engine.speechOnScreen || engine.wordDelivery.addsLines ? engine.lastUtterance?.text : nil)
        tonePlayer?.close()
    }

    /// Releases the braille display and speech (what is still being said is cut short when
    /// `cancellingSpeech`), and puts SIGPIPE back.
    package func close(cancellingSpeech: Bool) {
        braille.close()
        if cancellingSpeech { speech.cancel() }
        speech.close()
        brokenPipe.restore()
    }

    /// `report` with BRLTTY's absence said in one short line (over ssh or in WSL it is the usual
    /// case, and the user's own screen reader reads every line written): before the first frame,
    /// once; `--verbosity verbose` and `--diagnose` say why.
    static func shortBrailleReport(_ report: @escaping @Sendable (String) -> Void) -> (String) -> Void {
        { message in
            report(message.hasPrefix("braille unavailable") ? "no braille display here (BRLTTY not reachable); retrying in the background" : message)
        }
    }
}
