import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary
/// How a session ended.
public enum SessionOutcome: Sendable, Equatable {
    /// Enter: the values are chosen.
    case accepted
    /// Escape, q, or the end of scripted input.
    case cancelled
    /// Ctrl-C as a key, or SIGINT.
    case interrupted
}

/// The heart of a session, with no I/O: keys, braille keys and clock ticks in; the model updated,
/// and what to say out. The screen and braille frames are pure functions of its state, so a
/// program with its own event loop can drive a control by feeding this engine and presenting
/// what it returns (see `ControlSession` for the loop that ships with the package).
///
/// Times are `Duration`s since any fixed origin (the session uses a monotonic clock).
public struct ControlEngine: Sendable {
    /// The controls, in Tab order (a showcase has two).
    public private(set) var panels: [ControlPanel] { didSet { refresh() } }
    /// The control keys act on.
    public private(set) var focusedPanel: Int = 0 { didSet { refresh() } }
    public var announcer: Announcer
    public var brailleRenderer = BrailleRenderer() { didSet { refresh() } }
    public var screenRenderer: ScreenRenderer
    public var locale: NumberLocale { didSet { refresh() } }
    /// Cells of the braille display (0: no display).
    public private(set) var brailleWidth: Int = 0 { didSet { refresh() } }
    /// How the auto-repeat learns a key is held (from the key source).
    public let holdDetection: AutoRepeat.HoldDetection
    /// The last thing said, for the preview.
    public private(set) var lastUtterance: Utterance?
    /// The numeric entry being typed, if any.
    public private(set) var entry: NumericEntry?
    /// The outcome, once the session is over.
    public private(set) var outcome: SessionOutcome?

    private var decoder = KeyDecoder()
    private var autoRepeat: AutoRepeat
    private var pendingEscapeSince: Duration?
    private var panOffset: Int?
    private let escapeTimeout: Duration
    /// A short notice on the braille line (for example "speech lost"), and when it goes away.
    private var notice: (text: String, until: Duration)?

    public init(panels: [ControlPanel], announcer: Announcer = Announcer(), screenTheme: ScreenTheme = ScreenTheme(),
                locale: NumberLocale = .current, holdDetection: AutoRepeat.HoldDetection,
                escapeTimeout: Duration = KeyDecoder.recommendedEscapeTimeout) {
        precondition(!panels.isEmpty, "a session needs a control")
        self.panels = panels
        self.announcer = announcer
        self.screenRenderer = ScreenRenderer(theme: screenTheme)
        self.locale = locale
        self.holdDetection = holdDetection
        self.escapeTimeout = escapeTimeout
        self.autoRepeat = Self.makeAutoRepeat(panels[0], detection: holdDetection)
        refresh()
    }

    private static func makeAutoRepeat(_ panel: ControlPanel, detection: AutoRepeat.HoldDetection) -> AutoRepeat {
        AutoRepeat(configuration: panel.repeatConfiguration, detection: panel.repeats ? detection : .none)
    }

    // MARK: What is presented

    /// Every control as the presenters see it, and the focused one's braille line: formatted
    /// once per change (every change goes through a `didSet` that calls `refresh()`), not once per
    /// frame or utterance.
    public private(set) var presentedPanels: [PresentedControl] = []
    /// The whole braille line of the focused control (nil without a display).
    public private(set) var brailleLine: BrailleLine?

    /// The focused control as the presenters see it.
    public var presented: PresentedControl { presentedPanels[focusedPanel] }

    private mutating func refresh() {
        presentedPanels = panels.map { $0.presented(locale: locale) }
        brailleLine = brailleWidth > 0 ? brailleRenderer.line(for: presentedPanels[focusedPanel], width: brailleWidth) : nil
    }

    /// What the braille display shows now (nil without a display).
    public var brailleFrame: BrailleFrame? {
        guard let line = brailleLine else { return nil }
        if let notice {
            // A notice replaces the line until the next key or its time is up.
            let text = Array(notice.text.prefix(brailleWidth))
            return BrailleFrame(text: String(text) + String(repeating: " ", count: brailleWidth - text.count),
                                dots: Array(repeating: [], count: brailleWidth),
                                routing: Array(repeating: nil, count: brailleWidth), cursor: nil,
                                offset: 0, canPanLeft: false, canPanRight: false)
        }
        var frame = line.window(at: panOffset ?? line.homeOffset, width: brailleWidth)
        if let entry {
            // While a number is typed the display shows it, with the cursor after it.
            let text = Array("\(presented.focusedHandle.name): \(entry.text)")
            frame.text = String(text.prefix(brailleWidth)) + String(repeating: " ", count: max(0, brailleWidth - text.count))
            frame.dots = Array(repeating: [], count: brailleWidth)
            frame.routing = Array(repeating: nil, count: brailleWidth)
            frame.cursor = min(text.count, brailleWidth - 1)
        }
        return frame
    }

    /// What the terminal shows: every control, the focused one with the cursor, then a hint line
    /// (and, with `preview`, the braille cells and the last utterance).
    public func screenFrame(columns: Int, preview: Bool) -> ScreenFrame {
        var lines: [String] = []
        var cursor = (row: 0, column: 0)
        for index in presentedPanels.indices {
            if index > 0 { lines.append("") }
            let frame = screenRenderer.frame(for: presentedPanels[index], width: columns, focused: index == focusedPanel)
            if index == focusedPanel { cursor = (lines.count + frame.cursor.row, frame.cursor.column) }
            lines += frame.lines
        }
        if let entry {
            lines.append("Typing: \(entry.text)")
            cursor = (lines.count - 1, 8 + entry.text.count)
        } else {
            lines.append("Press ? for help, Enter to accept, Escape to cancel.")
        }
        if preview {
            lines.append("Braille: " + (brailleFrame?.preview ?? brailleRenderer.frame(for: presented, width: 40).preview))
            lines.append("Speech: " + (lastUtterance?.text ?? ""))
        }
        return ScreenFrame(lines: lines, cursor: cursor)
    }

    /// When the loop must wake next: a held key's next step or end, or a lone Escape's timeout.
    /// Nil: nothing is due, sleep until input.
    public var nextDeadline: Duration? {
        let escape = pendingEscapeSince.map { $0 + escapeTimeout }
        return [autoRepeat.nextDeadline, escape, notice?.until].compactMap { $0 }.min()
    }

    /// The braille notice shown now, if any.
    public var brailleNotice: String? { notice?.text }

    /// Shows `text` on the braille line instead of the control until the next key (keyboard or
    /// braille) or until `duration` has passed, so the control stays readable. For faults the
    /// user must learn of, such as "speech lost".
    public mutating func showBrailleNotice(_ text: String, at time: Duration, for duration: Duration = .seconds(2)) {
        notice = (text, time + duration)
    }

    // MARK: Input

    /// What was said: the loop hands these to the speech output in order.
    public typealias Speech = [Utterance]

    /// The introduction of the focused control (on start).
    public mutating func start() -> Speech {
        say([announcer.introduction(of: presented)])
    }

    /// The braille display's width changed (0: the display went away).
    public mutating func setBrailleWidth(_ width: Int) {
        brailleWidth = max(0, width)
        panOffset = nil
    }

    /// Bytes from the keyboard.
    public mutating func feed(_ bytes: [UInt8], at time: Duration) -> Speech {
        var speech = tick(at: time)
        let events = decoder.feed(bytes)
        if !events.isEmpty { notice = nil }
        pendingEscapeSince = decoder.hasPendingPrefix ? time : nil
        for event in events where outcome == nil {
            speech += handle(event, at: time)
        }
        return say(speech)
    }

    /// A key already decoded (keys typed while the terminal was being queried, or keys from a
    /// program's own decoder).
    public mutating func handle(key event: KeyEvent, at time: Duration) -> Speech {
        notice = nil
        var speech = tick(at: time)
        if outcome == nil { speech += handle(event, at: time) }
        return say(speech)
    }

    /// The end of scripted input: a pending Escape counts, then the session is cancelled unless
    /// it already ended.
    public mutating func endOfInput(at time: Duration) -> Speech {
        var speech: Speech = []
        for event in decoder.flush() where outcome == nil { speech += handle(event, at: time) }
        pendingEscapeSince = nil
        if outcome == nil { speech += finish(.cancelled) }
        return say(speech)
    }

    /// A key from the braille display.
    public mutating func handle(brailleKey key: BrailleKey, at time: Duration) -> Speech {
        notice = nil
        var speech = tick(at: time)
        speech += endHold(at: time)
        guard outcome == nil, let action = panels[focusedPanel].keyMap.action(for: key, entryActive: entry != nil) else {
            return say(speech)
        }
        speech += perform(action, at: time)
        return say(speech)
    }

    /// Time passed: held keys step, a lone Escape times out.
    public mutating func tick(at time: Duration) -> Speech {
        if let until = notice?.until, time >= until { notice = nil }
        var speech: Speech = []
        if let since = pendingEscapeSince, time >= since + escapeTimeout {
            pendingEscapeSince = nil
            for event in decoder.flush() where outcome == nil { speech += handle(event, at: time) }
        }
        speech += repeatEvents(autoRepeat.tick(at: time))
        return say(speech)
    }

    // MARK: Keys to actions

    private mutating func handle(_ event: KeyEvent, at time: Duration) -> Speech {
        let keyMap = panels[focusedPanel].keyMap
        if event.kind == .release {
            if case .command(let command)? = keyMap.binding(for: event.chord), Action.command(command).repeats {
                return repeatEvents(autoRepeat.release(command, at: time))
            }
            return []
        }
        guard let action = keyMap.action(for: event, entryActive: entry != nil) else { return [] }
        if case .command(let command) = action, action.repeats, entry == nil {
            let events = event.kind == .repeat ? autoRepeat.osRepeat(command, at: time)
                                               : autoRepeat.press(command, at: time)
            return repeatEvents(events)
        }
        var speech = endHold(at: time)
        speech += perform(action, at: time)
        return speech
    }

    private mutating func endHold(at time: Duration) -> Speech {
        repeatEvents(autoRepeat.cancel(at: time))
    }

    private mutating func repeatEvents(_ events: [AutoRepeat.Event]) -> Speech {
        var speech: Speech = []
        for event in events {
            switch event {
            case .step(let command, let scheduled):
                let change = panels[focusedPanel].apply(command)
                speech += announce(change)
                if change.limit != nil, autoRepeat.isHolding {
                    speech += repeatEvents(autoRepeat.reachedLimit(at: scheduled))
                }
            case .holdBegan:
                _ = panels[focusedPanel].apply(.beginInteraction)
            case .holdEnded:
                // The last step already spoke the final value (the `text` priority keeps the
                // latest), so a release says nothing more: no number twice.
                _ = panels[focusedPanel].apply(.endInteraction)
            }
        }
        return speech
    }

    private mutating func announce(_ change: Change) -> Speech {
        if change.valueChanged || change.focusMoved { panOffset = nil }
        return announcer.utterance(for: change, in: presented).map { [$0] } ?? []
    }

    /// Performs one action (a key's or a braille key's meaning).
    public mutating func perform(_ action: Action, at time: Duration = .zero) -> Speech {
        switch action {
        case .command(let command):
            return command == .focusNext || command == .focusPrevious ? moveFocus(command) : announce(panels[focusedPanel].apply(command))
        case .accept:
            return finish(.accepted)
        case .cancel:
            return finish(.cancelled)
        case .interrupt:
            return finish(.interrupted)
        case .help:
            return [announcer.help(for: presented)]
        case .speakStatus:
            return [announcer.status(of: presented)]
        case .entry(let input):
            return typed(input)
        case .routeCell(let cell):
            guard let frame = brailleFrame, frame.routing.indices.contains(cell), let target = frame.routing[cell] else {
                return []
            }
            switch target {
            case .track(let fraction): return announce(panels[focusedPanel].apply(.setFraction(fraction)))
            case .handle(let handle): return announce(panels[focusedPanel].apply(.focus(handle)))
            case .status: return [announcer.status(of: presented)]
            }
        case .pan(let direction):
            guard let line = brailleLine else { return [] }
            panOffset = line.panned(from: panOffset ?? line.homeOffset, width: brailleWidth, right: direction == .right)
            return []
        }
    }

    /// Tab and Shift-Tab: between the handles of a control, then on to the next control.
    private mutating func moveFocus(_ command: Command) -> Speech {
        let forward = command == .focusNext
        let panel = panels[focusedPanel]
        let handles = panel.handles
        let index = handles.firstIndex(of: panel.focusedHandle) ?? 0
        let leavesPanel = panels.count > 1 && (forward ? index == handles.count - 1 : index == 0)
        guard leavesPanel else { return announce(panels[focusedPanel].apply(command)) }
        focusedPanel = (focusedPanel + (forward ? 1 : panels.count - 1)) % panels.count
        let next = panels[focusedPanel]
        if let first = forward ? next.handles.first : next.handles.last {
            _ = panels[focusedPanel].apply(.focus(first))
        }
        autoRepeat = Self.makeAutoRepeat(panels[focusedPanel], detection: holdDetection)
        panOffset = nil
        return [announcer.introduction(of: presented)]
    }

    private mutating func typed(_ input: EntryInput) -> Speech {
        let rules = panels[focusedPanel].entryRules
        switch input {
        case .character(let character):
            var current = entry ?? NumericEntry()
            if let rejection = current.insert(character, rules: rules) {
                return [Utterance(rejection.description)]
            }
            entry = current
            return [Utterance(character == "-" ? "minus" : character == "." ? "point" : String(character))]
        case .deleteBackward:
            guard var current = entry, current.deleteBackward() else { return [] }
            entry = current.isEmpty ? nil : current
            return [Utterance(current.isEmpty ? "entry cleared" : current.text)]
        case .cancel:
            entry = nil
            return [Utterance("entry cancelled")]
        case .commit:
            guard let current = entry else { return [] }
            switch current.commit(rules: rules) {
            case .failure(let rejection):
                return [Utterance("\(current.text) rejected, \(rejection.description)")]
            case .success(let value):
                entry = nil
                return announce(panels[focusedPanel].apply(.setValue(value, handle: nil)))
            }
        }
    }

    private mutating func finish(_ outcome: SessionOutcome) -> Speech {
        self.outcome = outcome
        entry = nil
        switch outcome {
        case .accepted:
            let values = presentedPanels
            var last = announcer.accepted(values[focusedPanel])
            if values.count > 1 {
                last.text = values.map { $0.handles.map(\.text.spoken).joined(separator: " to ") }
                    .joined(separator: " and ") + ", accepted"
            }
            return [last]
        case .cancelled, .interrupted:
            return [announcer.cancelled()]
        }
    }

    private mutating func say(_ speech: Speech) -> Speech {
        if let last = speech.last { lastUtterance = last }
        return speech
    }
}
