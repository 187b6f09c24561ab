import A11yFormatting
import A11yInput
import A11yModel
import A11yPresentation
import A11yVocabulary

/// The heart of a session as a reducer, with no I/O: events in (bytes, keys, braille keys, ticks,
/// device status), the state changed and effects out (speak, show a braille frame, redraw the
/// screen, finish). A program with its own event loop drives controls by sending events and
/// carrying out the effects; `ControlSession` is the loop that ships with the package.
///
/// Inside, parts with their own state do the work: the key decoder and the lone Escape's timer,
/// held keys (`AutoRepeat`), typed numbers, the braille window (panning, routing keys, notices).
/// The words come only from the `Announcer`, the braille cells from the `BrailleRenderer`, the
/// screen's text from a renderer that follows the `ScreenTheme`. Each control is formatted again
/// only when it changed.
///
/// Times are `Duration`s since any fixed origin (the session uses a monotonic clock).
public struct ControlEngine: Sendable {
    /// The controls, in Tab order (a showcase has two).
    public internal(set) var panels: [ControlPanel]
    /// The control keys act on.
    public internal(set) var focusedPanel: Int = 0 {
        didSet { if focusedPanel != oldValue { staleScreenPanels += [oldValue, focusedPanel] } }
    }
    package let announcer: Announcer
    package internal(set) var brailleRenderer: BrailleRenderer
    package let screenRenderer: ScreenRenderer
    /// How the controls' values are written: decimal and grouping separators, currency symbol.
    public let locale: NumberLocale
    /// How long a lone Escape byte waits for the rest of an escape sequence (an arrow key, a
    /// mouse report) before it is the Escape key: 100 ms, long enough for a sequence split by a
    /// slow link, short enough that Escape answers at once.
    public static let recommendedEscapeTimeout: Duration = KeyDecoder.recommendedEscapeTimeout

    /// How the auto-repeat learns a key is held (from the key source; see `setHoldDetection`).
    public internal(set) var holdDetection: AutoRepeat.HoldDetection
    /// The terminal's answer to the keyboard-protocol query (`KittyKeyboardSupport.query`), once
    /// its device attributes came in the key stream: true when it speaks the kitty keyboard
    /// protocol. Nil until then. A loop that writes the query without waiting for the answer
    /// (so that the first braille frame and utterance need not wait) turns the protocol on and
    /// calls `setHoldDetection(.releaseEvents)` when this becomes true.
    package internal(set) var kittyKeyboardAnswer: Bool?
    /// A kitty flags reply came (before the device attributes that end the answer).
    var sawKittyKeyboardFlags = false
    /// Whether the screen mirrors the braille cells and the last utterance (for sighted developers).
    public let preview: Bool
    /// How the words reach the user beside braille (`--screen-reader`): spoken, or on the screen's
    /// first line for a screen reader that reads it (no `.speak` effects then), or spoken with the
    /// cursor kept still for one that echoes a moved caret. Changed by `.wordDelivery` (a reader ended).
    public internal(set) var wordDelivery: WordDelivery
    /// Whether the screen's first line carries the words instead of speech (`WordDelivery.screenLine`).
    public var speechOnScreen: Bool { wordDelivery == .screenLine }
    /// Plans the tones of value changes (`--tones on`); nil: no tones.
    package let tonePlanner: TonePlanner?
    /// The last thing said, for the preview and the screen reader's line.
    public internal(set) var lastUtterance: Utterance?
    /// The words a key (or a held key's step) last said, at `.text` priority, and when: a server
    /// notice said soon after may cut them off, and they are said again after it.
    var keyWords: (utterance: Utterance, at: Duration)?
    /// The outcome, once the session is over.
    public internal(set) var outcome: SessionOutcome?
    /// Whether the session was cancelled with the Escape key (not `q` or a braille key): dialog's
    /// rangebox tells the two apart (exit 255 and 1).
    public internal(set) var cancelledWithEscape = false
    /// A screen reader reads the result line the program prints on the terminal after Enter
    /// (Orca reads a11y-demo's "13 100"): accepting says "accepted" alone then, so the values are
    /// not heard twice and the end is always confirmed (Orca does not read every such line).
    /// `ControlSession` sets it while such a reader is there and
    /// `SessionOptions.resultLineOnTerminal` says the result goes to the terminal.
    package var resultLineReadByReader = false
    /// Ends the session as `.timedOut` when no key or braille key came for this long (counted
    /// from `.start` and from each key); nil: never. `ControlSession` sets it from
    /// `SessionOptions.timeout`.
    public var idleTimeout: Duration?
    /// When the user last pressed a key (or the session started).
    package internal(set) var lastActivity: Duration = .zero
    /// Every control as the presenters see it (formatted once per change of that control).
    package internal(set) var presentedPanels: [PresentedControl] = []

    var keyInput: KeyInput
    var autoRepeat: AutoRepeat
    /// A stepper button held down with the pointer (the terminal reports its release).
    var pointerRepeat = AutoRepeat(detection: .none)
    /// Where the frame is on the terminal, a drag, a held button.
    var pointer = PointerState()
    /// Whether the engine asks the terminal where the frame stands (`.askCursorPosition`), so
    /// that mouse reports can be placed on it: set by a loop that turned mouse reporting on.
    /// Otherwise a report's row 1 is the frame's first line, unless `.screenOrigin` says where
    /// the frame is.
    public var locatesScreen = false
    var editor = EntryEditor()
    package internal(set) var braille = BrailleViewport()
    /// The terminal's width in columns, which the screen frames are drawn to (the `.screenWidth`
    /// event changes it).
    public internal(set) var screenWidth: Int {
        didSet {
            guard screenWidth != oldValue else { return }
            staleScreenPanels = Array(panels.indices)
            // With added words the hint is laid out at the width: again at a narrower one (a
            // wider one leaves it as it is, so that no text changes for a reader to read). Not
            // under TERM=dumb, where nothing is rewritten: a new hint would print the whole
            // frame again below, the last words with it.
            if wordDelivery.addsLines, screenWidth < oldValue, screenRenderer.theme.usesEscapes { shownScreenTyping = nil }
        }
    }
    /// What the effects last showed, so that only changes are sent (at first: no display, nothing).
    private var shownBraille: BrailleFrame?? = .some(nil)
    /// The screen, kept up to date control by control (see `updateScreen()`).
    var screen: ScreenComposer
    /// The controls whose screen lines must be drawn again (changed, focus came or went, width).
    var staleScreenPanels: [Int]
    /// The typed text and words the screen's other lines were last drawn with.
    var shownScreenTyping: String??
    var shownAnnouncement: String??
    /// The user's changes during the event being handled, for `.changed` effects.
    private var changes: [EngineEffect] = []
    /// The tones of the event being handled.
    private var tones: [Tone] = []

    /// An engine over `panels`, focused on the first. Send it `.start` first, after the braille
    /// display's preferences and width in the same `send(_:at:)` when there is a display: the
    /// focused control is introduced then.
    ///
    /// - Parameters:
    ///   - panels: The controls, in Tab order. Must not be empty.
    ///   - announcer: The words: verbosity, language and the decimal separator typed numbers are
    ///     said with. Its `messages` also give the screen its words.
    ///   - screenTheme: How the controls look on the terminal.
    ///   - locale: How values are written; the environment's locale by default.
    ///   - holdDetection: How a held key shows in the key stream: `.releaseEvents` when the
    ///     terminal reports releases (the kitty keyboard protocol), `.repeatedPresses` for any
    ///     other terminal, `.none` for scripted input. `setHoldDetection(_:)` changes it later.
    ///   - escapeTimeout: How long a lone Escape byte waits for the rest of an escape sequence
    ///     before it counts as the Escape key; `recommendedEscapeTimeout` by default.
    ///   - brailleRenderer: How a control is laid out on the braille line. `.braillePreferences`
    ///     events set its dots per cell.
    ///   - screenWidth: The terminal's width in columns; the `.screenWidth` event changes it.
    ///   - preview: Whether the screen also shows the braille cells and the last utterance (for
    ///     sighted developers).
    ///   - wordDelivery: How the words reach the user beside braille; `.speech` unless a screen reader
    ///     reads the terminal. The `.wordDelivery` event changes it.
    ///   - tonePlanner: The tones of value changes (`.playTones` effects); nil for none.
    public init(panels: [ControlPanel], announcer: Announcer = Announcer(), screenTheme: ScreenTheme = ScreenTheme(),
                locale: NumberLocale = .current, holdDetection: AutoRepeat.HoldDetection,
                escapeTimeout: Duration = ControlEngine.recommendedEscapeTimeout, brailleRenderer: BrailleRenderer = BrailleRenderer(),
                screenWidth: Int = 80, preview: Bool = false, wordDelivery: WordDelivery = .speech,
                tonePlanner: TonePlanner? = nil) {
        precondition(!panels.isEmpty, "a session needs a control")
        self.panels = panels
        self.announcer = announcer
        self.screenRenderer = ScreenRenderer(theme: screenTheme, messages: announcer.messages)
        self.brailleRenderer = brailleRenderer
        self.locale = locale
        self.holdDetection = holdDetection
        self.keyInput = KeyInput(escapeTimeout: escapeTimeout)
        self.screenWidth = screenWidth
        self.preview = preview
        self.wordDelivery = wordDelivery
        self.tonePlanner = tonePlanner
        self.autoRepeat = Self.makeAutoRepeat(panels[0], detection: holdDetection)
        self.presentedPanels = panels.map { $0.presented(locale: locale) }
        self.screen = ScreenComposer(controls: panels.count)
        self.staleScreenPanels = Array(panels.indices)
    }

    static func makeAutoRepeat(_ panel: ControlPanel, detection: AutoRepeat.HoldDetection) -> AutoRepeat {
        AutoRepeat(configuration: panel.repeatConfiguration, detection: panel.repeats ? detection : .none)
    }

    // MARK: The reducer

    /// Feeds one event at `time`; returns what to do, in order.
    public mutating func send(_ event: EngineEvent, at time: Duration) -> [EngineEffect] {
        var effects: [EngineEffect] = []
        effects.reserveCapacity(6)
        send(event, at: time) { effects.append($0) }
        return effects
    }

    /// Feeds one event at `time` and hands each effect to `perform` as soon as it is known, in
    /// the order `send(_:at:)` returns them: a loop that writes each at once gets the first
    /// braille frame out before the screen's first drawing is made.
    /// `perform` must not use the engine.
    public mutating func send(_ event: EngineEvent, at time: Duration, perform: (EngineEffect) -> Void) {
        let wasOver = outcome != nil
        let speech = apply(event, at: time)
        effects(speaking: speech, finishing: wasOver ? nil : outcome, perform)
    }

    /// Feeds `events` at `time` as one change: what they say together, each output once, as
    /// they leave it. The session's start (the display's preferences, contractions and width,
    /// then `.start`) and a change of BRLTTY's preferences (cell size, then contracted labels)
    /// go this way: one frame, not a frame for each step on the way.
    public mutating func send(_ events: [EngineEvent], at time: Duration) -> [EngineEffect] {
        var effects: [EngineEffect] = []
        send(events, at: time) { effects.append($0) }
        return effects
    }

    /// `send(_:at:)` for several events, handing each effect to `perform` as soon as it is known.
    public mutating func send(_ events: [EngineEvent], at time: Duration, perform: (EngineEffect) -> Void) {
        let wasOver = outcome != nil
        var speech: [Utterance] = []
        for event in events { speech.adopt(apply(event, at: time)) }
        effects(speaking: speech, finishing: wasOver ? nil : outcome, perform)
    }

    /// Takes in one event; returns what it says.
    private mutating func apply(_ event: EngineEvent, at time: Duration) -> [Utterance] {
        var speech: [Utterance] = []
        switch event {
        case .start:
            lastActivity = time
            speech = [announcer.introduction(of: presented)]
        case .bytes(let bytes):
            lastActivity = time
            speech = tickParts(at: time)
            let inputs = receive(bytes, at: time)
            if inputs.contains(where: { if case .reply = $0 { false } else { true } }) { braille.dismissNotice() }
            for (index, input) in inputs.enumerated() where outcome == nil {
                switch input {
                case .key(let key): speech.adopt(handle(key, at: time))
                case .pointer(let event):
                    // A drag's reports read together: only the last says where the pointer is.
                    if event.kind == .drag, index + 1 < inputs.count, case .pointer(let next) = inputs[index + 1], next.kind == .drag {
                        continue
                    }
                    speech.adopt(handle(event, at: time))
                case .reply: break
                }
            }
        case .key, .pointer:
            lastActivity = time
            braille.dismissNotice()
            speech = tickParts(at: time)
            switch event {
            case .key(let key) where outcome == nil: speech.adopt(handle(key, at: time))
            case .pointer(let report) where outcome == nil: speech.adopt(handle(report, at: time))
            default: break
            }
        case .screenOrigin(let row):
            pointer.originRow = row - 1
        case .brailleKey(let key):
            lastActivity = time
            braille.dismissNotice()
            speech = tickParts(at: time) + endHold(at: time)
            if outcome == nil, let action = focused.keyMap.action(for: key, entryActive: editor.isActive) {
                speech.adopt(perform(action, at: time))
            }
        case .endOfInput:
            for key in keyInput.endOfInput() where outcome == nil { speech.adopt(handle(key, at: time)) }
            if outcome == nil { speech.adopt(endHold(at: time) + finish(.cancelled)) }
        case .tick:
            speech = tickParts(at: time)
            if outcome == nil, let deadline = idleDeadline, time >= deadline { speech.adopt(finish(.timedOut)) }
        case .interrupt:
            if outcome == nil { speech = endHold(at: time) + finish(.interrupted) }
        case .brailleWidth(let width):
            braille.setWidth(width, control: presented, renderer: brailleRenderer)
        case .braillePreferences(let preferences):
            applyBraillePreferences(preferences)
        case .brailleContractions(let contractions):
            applyBrailleContractions(contractions)
        case .screenWidth(let columns):
            screenWidth = max(1, columns)
        case .wordDelivery(let next):
            guard next != wordDelivery else { break }
            let wasOnScreen = !wordDelivery.speaks
            wordDelivery = next
            staleScreenPanels = Array(panels.indices)
            // The reader that read the words line is gone: from now on the control speaks, and
            // says so, then where it stands.
            if wasOnScreen, next.speaks { speech = [announcer.readerEnded(), announcer.status(of: presented)] }
        case .device(let status):
            if let utterance = announcer.utterance(for: status) {
                speech.append(utterance)
                if let again = keyWordsToRestate(at: time) { speech.append(again) }
            }
            if let notice = announcer.brailleNotice(for: status) { braille.showNotice(notice, at: time) }
        }
        switch event {
        case .bytes, .key, .pointer, .brailleKey, .tick:
            if let last = speech.last, last.priority == .text { keyWords = (last, time) }
        default:
            break
        }
        if let last = speech.last { lastUtterance = last }
        return speech
    }

    /// The words a key said, to say again after a notice said at `time` (a `.message`, which
    /// cancels the `.text` that speech-dispatcher is saying or still holds: a value typed just
    /// as BRLTTY stopped answering was never heard), while they may still be being said: within
    /// `restateWithin` and 80 ms a character (speech-dispatcher's default rate says about 15 a
    /// second) of the key. Nil when the words go to the screen rather than to a voice.
    private mutating func keyWordsToRestate(at time: Duration) -> Utterance? {
        guard wordDelivery.speaks, !wordDelivery.addsLines, let words = keyWords,
              time - words.at < Self.restateWithin + .milliseconds(80) * words.utterance.text.count else { return nil }
        var again = words.utterance
        again.isRestatement = true
        keyWords = (words.utterance, time)
        return again
    }

    /// How long after a key its words are said again after a notice, beside their length.
    static let restateWithin: Duration = .seconds(1)

    /// When the loop must wake next: a held key's next step or end, a lone Escape's timeout, the
    /// end of a braille notice, the idle time limit. Nil: nothing is due, sleep until input.
    public var nextDeadline: Duration? {
        [partsDeadline, idleDeadline].compactMap { $0 }.min()
    }

    /// The next time a held key, a lone Escape or a braille notice falls due (the idle time
    /// limit apart: `.tick` checks it after a key's bytes were taken).
    private var partsDeadline: Duration? {
        [autoRepeat.nextDeadline, pointerRepeat.nextDeadline, keyInput.nextDeadline, braille.nextDeadline].compactMap { $0 }.min()
    }

    /// When an untouched session times out (`idleTimeout` after the last key), or nil.
    public var idleDeadline: Duration? {
        guard outcome == nil, let idleTimeout, !autoRepeat.isHolding, pointer.drag == nil, pointer.heldPanel == nil else { return nil }
        return lastActivity + idleTimeout
    }

    /// The parts whose time has come: a lone Escape, a notice, a held key's steps.
    private mutating func tickParts(at time: Duration) -> [Utterance] {
        braille.expire(at: time)
        var speech: [Utterance] = []
        for key in keyInput.tick(at: time) where outcome == nil { speech.adopt(handle(key, at: time)) }
        return speech + repeatEvents(autoRepeat.tick(at: time)) + repeatEvents(pointerRepeat.tick(at: time), of: \.pointerRepeat)
    }

    /// The screen, the braille frame, tones, then speech; the braille frame before the screen
    /// only while the screen has not been drawn (the session's first frame: the whole drawing of
    /// every control is made then, and the first braille line would wait for it). Each frame only
    /// when it changed; the screen's lines are drawn only for what changed, while the braille
    /// frame (a window on the line laid out at the change) is taken on every event and compared:
    /// keeping and comparing a copy of the viewport to skip it would cost more on every key than
    /// it saves on a key that changes nothing. Braille never waits for speech: each effect is
    /// handed over as soon as it is known.
    ///
    /// Why the screen first on a key: each write wakes another process (the terminal, BRLTTY)
    /// that takes the CPU from the loop, so the second write waits. A key's redraw is one write of
    /// the lines that changed (worked out ahead, `ControlSession`'s forecasts): written first, it
    /// costs the braille frame next to nothing, while written second it would wait for the
    /// frame's wake-up of BRLTTY. The words come after the screen: handed over before it, they
    /// would wake speech-dispatcher and the speech thread while BRLTTY and the terminal wake too,
    /// all at once on few cores, and every output would come later. With a screen reader on the
    /// terminal, the words are on the screen and what it reads there is what the user hears: the
    /// screen goes first then too.
    private mutating func effects(speaking speech: [Utterance], finishing outcome: SessionOutcome?, _ perform: (EngineEffect) -> Void) {
        let screenFirst = wordDelivery.quietScreen || !screen.frame.lines.isEmpty
        if screenFirst { redrawScreen(saying: speech, perform) }
        let frame = brailleFrame
        if shownBraille != .some(frame) {
            shownBraille = .some(frame)
            perform(.showBraille(frame))
        }
        if !screenFirst { redrawScreen(saying: speech, perform) }
        if takeScreenQuery() { perform(.askCursorPosition) }
        if !tones.isEmpty { perform(.playTones(tones)) }
        tones.removeAll(keepingCapacity: true)
        if wordDelivery.speaks { for utterance in speech { perform(.speak(utterance)) } }
        for change in changes { perform(change) }
        changes.removeAll(keepingCapacity: true)
        if let outcome { perform(.finish(outcome)) }
    }

    /// What `bytes` from the keyboard would do, worked out on a copy of the engine (this one is
    /// untouched): if no other event comes first, `send(.bytes(bytes), at: t)` hands over
    /// exactly `effects` (and `.changed` effects) for any `t` from `time` to before `until`.
    /// Nil when the bytes are not one key, when the key would end the session or move to
    /// another control, or when what it does depends on exactly when it comes (a press of the
    /// key being held, on a terminal that sends no key releases).
    ///
    /// A loop may carry the effects out as soon as it reads those bytes, and let the engine
    /// take them once the outputs' servers have had the CPU (`ControlSession` does).
    package func forecast(after bytes: [UInt8], at time: Duration) -> KeyForecast? {
        guard outcome == nil else { return nil }
        var input = keyInput
        let decoded = input.receive(bytes, at: time)
        guard decoded.count == 1, case .key(let key) = decoded[0], input.nextDeadline == nil else { return nil }
        if key.kind != .release, !editor.isActive, let action = focused.keyMap.action(for: key, entryActive: false),
           case .command(let command) = action, action.repeats, autoRepeat.pressDependsOnTime(command) {
            return nil
        }
        var copy = self
        let effects = copy.send(.bytes(bytes), at: time).outputs
        guard copy.outcome == nil, copy.focusedPanel == focusedPanel else { return nil }
        return KeyForecast(effects: effects, until: partsDeadline)
    }

    // MARK: What is presented

    /// The focused control as the presenters see it.
    package var presented: PresentedControl { presentedPanels[focusedPanel] }
    var focused: ControlPanel { panels[focusedPanel] }

    /// The number being typed, if any.
    package var entry: NumericEntry? { editor.entry }
    /// Cells of the braille display (0: no display).
    public var brailleWidth: Int { braille.width }
    /// The braille notice on the display (a server lost or back), if any.
    public var brailleNotice: String? { braille.notice?.text }

    /// What the braille display shows (nil without a display).
    public var brailleFrame: BrailleFrame? {
        braille.frame(entry: editor.entry.map { (announcer.name(of: presented.focusedHandle), $0.text) })
    }

    /// Applies `command` to the focused control and formats it again.
    mutating func apply(_ command: Command) -> Change {
        let change = panels[focusedPanel].apply(command)
        if change.valueChanged || change.isInteraction { changes.append(.changed(panel: focusedPanel, change, focused.model)) }
        // A change brings the focused handle back into view on the braille line; a hold that
        // begins or ends changes how the handle is drawn.
        if change.valueChanged || change.focusMoved { refreshFocused(keepPan: false) } else if change.isInteraction { refreshFocused() }
        if let tonePlanner { tones += tonePlanner.tones(for: change, in: presented) }
        return change
    }

    /// The focused control changed: present it and lay its braille line out again.
    mutating func refreshFocused(keepPan: Bool = true) {
        panels[focusedPanel].update(&presentedPanels[focusedPanel], locale: locale)
        staleScreenPanels.append(focusedPanel)
        braille.relayout(presented, renderer: brailleRenderer, keepPan: keepPan)
    }
}
