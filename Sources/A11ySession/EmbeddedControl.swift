import A11yDevices
import A11yInput
import A11yModel
import A11yPresentation
import Synchronization

/// A control placed in a host program's own screen and loop: the host draws it where it wants
/// and hands it keys, focus and its width; the control speaks, shows itself on the braille display
/// and follows the user's screen reader itself, as a11y-demo does.
///
/// The screen and the terminal are the host's: the control draws nothing and reads no key itself,
/// changes no terminal mode and catches no signal. The host asks for `lines` (or `styledLines`)
/// and `cursor` and draws them. What the control owns while it has the focus:
///
/// - speech, through speech-dispatcher or the user's screen reader (Fenrir's socket, Orca's
///   service; with a reader that reads the screen, no speech of its own), a new value cutting
///   stale speech short;
/// - the braille display: `focus()` takes it (BrlAPI tty mode on the host's terminal) with the
///   braille keys the control uses, BRLTTY keeping the others; `blur()` gives it back at once.
///
/// Braille keys, the servers' status and the control's timers (a held key's steps, a lone
/// Escape, reconnection) need the host's loop: add `descriptor` to it (poll, select, asyncio's
/// `add_reader`) and call `handleReady()` when it is readable or when `timeout` has passed.
/// An idle control has no timeout: the host's loop is not woken for it.
///
/// Several controls in one program: only the focused one holds the display. Focusing one blurs
/// the one that had the focus. A program uses its controls from one thread (its loop's).
///
/// Enter and Escape end the control's turn (`Event.accepted`, `.cancelled`): the display and
/// the speech are given back as on `blur()`, and `focus()` starts a new turn. `close()` gives
/// everything back for good; a control dropped without it, or a program that exits, still
/// gives the display back (the connection ends with it).
public final class EmbeddedControl {
    /// What the host can follow, taken with `takeEvents()`.
    public enum Event: Sendable, Equatable {
        /// The user changed the value: the values now (one or two for a range, one for a stepper).
        case valueChanged([Double])
        /// The user accepted the values (Enter).
        case accepted([Double])
        /// The user cancelled (Escape, or Ctrl-C), or the time limit (`SessionOptions.timeout`)
        /// passed without a key.
        case cancelled
    }

    /// How `EmbeddedControl` refuses a call; the host carries on.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// A key was given while the control does not have the focus.
        case notFocused
        /// A key name that names no key (`sendKey(named:)`).
        case unknownKeyName(String)
        /// A width that no terminal has (below 1 or above 10000 columns).
        case badWidth(Int)
        /// A mouse report at a negative column or row, or beyond any terminal (10000).
        case badPosition(column: Int, row: Int)
        /// The control was closed.
        case closed

        /// What went wrong, in one line.
        public var description: String {
            switch self {
            case .notFocused: "the control does not have the focus: call focus() before giving it keys"
            case .unknownKeyName(let name): "\"\(name)\" is not a key name (such as \"right\", \"shift+tab\", \"ctrl+a\", \"+\")"
            case .badWidth(let columns): "\(columns) columns is not a width (1 to 10000)"
            case .badPosition(let column, let row): "column \(column), row \(row) is not a place on the control (each 0 to 9999)"
            case .closed: "the control was closed"
            }
        }
    }

    let options: SessionOptions
    /// The speech and braille services, the clock and the speech queue (live, or fakes in tests).
    let speechService: any SpeechService
    let brailleService: any BrailleService
    let clock: any SessionClock
    let makeSpeechQueue: () -> any WorkQueue
    let yieldProcessor: () -> Void
    /// The choice of screen reader, made when the control is made, and again (with none) once
    /// the reader ended.
    private(set) var choice: ScreenReaderChoice
    /// The engine wired to the outputs while the control has the focus; nil otherwise.
    private(set) var wired: WiredEngine?
    /// The engine while the control has no focus: it keeps the value and draws the lines.
    private var resting: ControlEngine
    private var events: [Event] = []
    private var isClosed = false

    /// Draws the plain lines: the options' theme without escapes, the track in ASCII.
    let plainRenderer: ScreenRenderer

    /// The width the lines are drawn to, in columns.
    public private(set) var columns: Int

    /// A control over `panel` (a slider or a stepper with its label, formatter and keys) that
    /// presents itself as `options` say (speech, braille, screen reader, language, theme),
    /// drawn `columns` wide. Nothing is said or shown until `focus()`. Throws
    /// `Failure.badWidth` for a width no terminal has.
    public convenience init(panel: ControlPanel, options: SessionOptions = SessionOptions(), columns: Int = 80) throws {
        try self.init(panel: panel, options: options, columns: columns,
                      speech: LiveSpeechService(clientName: options.programName), braille: LiveBrailleService(),
                      clock: MonotonicClock(), speechQueue: { ThreadQueue() })
    }

    /// A control on the given services (fakes in tests).
    package init(panel: ControlPanel, options: SessionOptions, columns: Int, speech: any SpeechService, braille: any BrailleService,
                 clock: any SessionClock, speechQueue: @escaping () -> any WorkQueue,
                 yieldProcessor: @escaping () -> Void = Processor.yield) throws {
        guard Self.widths.contains(columns) else { throw Failure.badWidth(columns) }
        self.options = options
        self.columns = columns
        speechService = speech
        brailleService = braille
        self.clock = clock
        makeSpeechQueue = speechQueue
        self.yieldProcessor = yieldProcessor
        choice = ScreenReaderChoice(options: options, speechDispatcher: speech)
        resting = Self.engine(for: [panel], options: options, columns: columns, delivery: choice.delivery)
        var plainTheme = options.theme
        plainTheme.usesEscapes = false
        plainTheme.usesColor = false
        plainTheme.plainTrack = true
        plainRenderer = ScreenRenderer(theme: plainTheme, messages: options.messages)
    }

    deinit {
        wired?.close(cancellingSpeech: true)
    }

    static let widths = 1...10_000

    static func engine(for panels: [ControlPanel], options: SessionOptions, columns: Int, delivery: WordDelivery) -> ControlEngine {
        ControlEngine(panels: panels, announcer: Announcer(verbosity: options.verbosity, messages: options.messages,
                                                          decimalSeparator: options.numberLocale.decimalSeparator),
                      screenTheme: options.theme, locale: options.numberLocale, holdDetection: .repeatedPresses,
                      screenWidth: columns, wordDelivery: delivery)
    }

    /// The engine that holds the control now.
    private var engine: ControlEngine { wired?.engine ?? resting }

    // MARK: Focus

    /// Whether the control has the focus (its keys are taken, it holds the braille display).
    public var isFocused: Bool { wired != nil }

    /// The control of this program that has the focus, if any.
    private final class FocusedControl: @unchecked Sendable {
        weak var control: EmbeddedControl?
    }
    private static let focused = Mutex(FocusedControl())

    /// Gives the control the focus: it takes the braille display (BRLTTY keeps the keys the
    /// control does not use) and introduces itself (its label, value and how to use it); the
    /// control that had the focus is blurred first. Does nothing when it has the focus already.
    /// Throws `DeviceUnavailable` when a server required by the options (`.on`) cannot be
    /// reached, `Failure.closed` after `close()`.
    public func focus() throws {
        guard !isClosed else { throw Failure.closed }
        guard wired == nil else { return }
        let previous = Self.focused.withLock { holder -> EmbeddedControl? in
            defer { holder.control = self }
            return holder.control
        }
        if let previous, previous !== self { previous.blur() }
        let panels = resting.panels
        let braille = WiredEngine.connectingBraille(for: panels, options: options, service: brailleService)
        let made = try WiredEngine(panels: panels, options: options, choice: choice, braille: braille, screen: nil, clock: clock,
                                   speechQueue: makeSpeechQueue(), yieldProcessor: yieldProcessor,
                                   holdDetection: .repeatedPresses, escapeTimeout: ControlEngine.recommendedEscapeTimeout,
                                   terminal: nil, brokenPipe: IgnoredBrokenPipe())
        made.onChange = { [unowned self] _, _, model in events.append(.valueChanged(Self.values(of: model))) }
        wired = made
        made.send(.screenWidth(columns))
        made.start()
        syncReadiness()
    }

    /// Takes the focus away: the braille display goes back to BRLTTY at once, and what is still
    /// being said is cut short. Does nothing when the control does not have the focus.
    public func blur() {
        endTurn(cancellingSpeech: true)
    }

    /// Ends the focus: the engine's state is kept for drawing and the next focus.
    private func endTurn(cancellingSpeech: Bool) {
        guard let wired else { return }
        self.wired = nil
        wired.close(cancellingSpeech: cancellingSpeech)
        resting = Self.engine(for: wired.engine.panels, options: options, columns: columns, delivery: wired.engine.wordDelivery)
        syncReadiness()
    }

    /// Gives the braille display and speech back for good; `focus()`, keys, the mouse and
    /// `resize(columns:)` then throw `Failure.closed` (the lines and values can still be read).
    /// Closing twice does nothing.
    public func close() {
        blur()
        isClosed = true
    }

    // MARK: Keys

    /// Hands the control a key by name, as frameworks deliver them: "right", "shift+tab",
    /// "ctrl+a", "+", "pageup", "enter", "escape", "f1" (modifiers `ctrl`, `alt`, `shift`, `super`
    /// joined with `+`). Throws `Failure.unknownKeyName` for a name that names no key,
    /// `Failure.notFocused` without the focus.
    public func sendKey(named name: String) throws {
        guard let chord = KeyChord(name: name) else { throw Failure.unknownKeyName(name) }
        try send(.key(KeyEvent(chord.key, chord.modifiers)))
    }

    /// Hands the control bytes as the terminal sent them (one key or several, escape sequences
    /// included; a sequence cut in two is joined with the next bytes). Throws
    /// `Failure.notFocused` without the focus.
    public func sendBytes(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        try send(.bytes(bytes))
    }

    /// Hands the control a mouse report placed on its lines: `column` and `row` count from 0 in
    /// `lines`, where the host drew them (as frameworks report the mouse relative to a widget).
    /// A press on the track moves the nearest handle there and holds it, drags move it, the
    /// release lets go; a stepper's `+` and `-` step (and repeat until the release, through
    /// `timeout` and `handleReady()`); the wheel steps. A report off the control does nothing.
    /// Throws `Failure.badPosition` for a negative or impossible place, `Failure.notFocused`
    /// without the focus.
    public func sendPointer(_ button: PointerEvent.Button, _ kind: PointerEvent.Kind, column: Int, row: Int) throws {
        guard (0..<10_000).contains(column), (0..<10_000).contains(row) else { throw Failure.badPosition(column: column, row: row) }
        guard !isClosed else { throw Failure.closed }
        guard wired != nil else { throw Failure.notFocused }
        // The engine counts from the frame's first line and column, from 1; the lines may have
        // more rows than the frame where a long line was wrapped.
        let rows = fitted.frameRows
        guard row < rows.count else { return }
        try send(.pointer(PointerEvent(button, kind, column: column + 1, row: rows[row] + 1)))
    }

    private func send(_ event: EngineEvent) throws {
        guard !isClosed else { throw Failure.closed }
        guard let wired else { throw Failure.notFocused }
        wired.send(wakeUp: [event, .tick], at: wired.now)
        afterSend()
    }

    /// After events went to the engine: BRLTTY is given the focused control's keys, and an
    /// outcome ends the turn.
    private func afterSend() {
        defer { syncReadiness() }
        guard let wired else { return }
        wired.followFocus()
        guard let outcome = wired.engine.outcome else { return }
        events.append(outcome == .accepted ? .accepted(values) : .cancelled)
        wired.finishShowing()
        endTurn(cancellingSpeech: false)
    }

    // MARK: The host's loop

    /// The descriptor to add to the host's loop while the control has the focus (readable when
    /// braille keys, a server's news or the screen reader's end wait): call `handleReady()`
    /// then. -1 without the focus. It stays the same for the control's life.
    public var descriptor: Int32 {
        readiness.descriptor
    }

    private lazy var readiness = ReadinessGroup()

    /// What the control waits on now, by name.
    private var sources: WakeSources {
        guard let wired else { return WakeSources() }
        return WakeSources(keys: -1, signals: nil, speechStatus: wired.speech.wakeDescriptor, speechServer: wired.speech.monitorDescriptor,
                           screenReader: wired.readerWatch?.descriptor, braille: wired.braille.fileDescriptor)
    }

    /// How long the host's loop may sleep before calling `handleReady()` even when `descriptor`
    /// is not readable (a held key's next step, a lone Escape, a reconnection): nil when nothing
    /// is due, so an idle control never wakes the host.
    public var timeout: Duration? {
        guard let deadline = wired?.nextDeadline, let now = wired?.now else { return nil }
        return max(.zero, deadline - now)
    }

    /// `timeout` in milliseconds rounded up, -1 for none: what `poll()` takes.
    public var timeoutMilliseconds: Int32 {
        guard let wired else { return -1 }
        return WakeSources.timeout(until: wired.nextDeadline, now: wired.now)
    }

    /// Handles what is ready (braille keys, the servers' news, the screen reader's end) and
    /// what is due; cheap when nothing is. Call it when `descriptor` is readable or `timeout`
    /// has passed.
    public func handleReady() {
        guard let wired else { return }
        let ready = sources.wait(timeout: 0) ?? []
        let wokeAt = wired.now
        var events: [EngineEvent] = []
        if ready.contains(.speechServer) { wired.speech.serverClosed() }
        if ready.contains(.speechStatus) { events += wired.speechStatusEvents() }
        if ready.contains(.screenReader) {
            wired.readerEnded()
            // The next focus speaks itself too, and does not wait on the ended reader again.
            var alone = options
            alone.screenReader = .off
            choice = ScreenReaderChoice(options: alone, reader: nil, speechDispatcher: speechService)
        }
        if ready.contains(.braille) { events += wired.brailleEvents(at: wired.now) }
        events.append(.tick)
        events += wired.dueEvents(at: wired.now)
        wired.send(wakeUp: events, at: wokeAt)
        afterSend()
    }

    /// The group waits on what the control waits on now.
    private func syncReadiness() {
        readiness.set(sources.waited)
    }

    /// The events since the last call, oldest first.
    public func takeEvents() -> [Event] {
        defer { events = [] }
        return events
    }

    // MARK: Drawing

    /// Draws the lines `columns` wide from now on. Throws `Failure.badWidth` for a width no
    /// terminal has, `Failure.closed` after `close()`.
    public func resize(columns: Int) throws {
        guard !isClosed else { throw Failure.closed }
        guard Self.widths.contains(columns) else { throw Failure.badWidth(columns) }
        self.columns = columns
        if let wired {
            wired.send(wakeUp: [.screenWidth(columns)], at: wired.now)
        } else {
            resting = Self.engine(for: resting.panels, options: options, columns: columns, delivery: resting.wordDelivery)
        }
    }

    /// The lines to draw, with the theme's SGR styling (none with NO_COLOR or TERM=dumb),
    /// each reset at its end, none wider than `columns`: a line the renderer made wider (the
    /// hint, on a narrow control) is wrapped at spaces, as plain text.
    public var styledLines: [String] { fitted.styled }

    /// The lines to draw, as plain text, none wider than `columns` (wrapped as `styledLines`); a
    /// slider's track in ASCII (`-` outside the selection, `=` inside, `|` a handle, `#` the
    /// focused one), which the styled lines draw with reverse video.
    public var lines: [String] { fitted.plain }

    /// Where the terminal's cursor belongs, from 0 in the lines: on the focused handle, so that
    /// screen readers and BRLTTY's screen review follow it.
    public var cursor: (row: Int, column: Int) { fitted.cursor }

    /// The frame at `columns` twice (styled, and plain with the track in ASCII), its lines
    /// wrapped to fit, the cursor's row moved down by the lines wrapping added above it, and the
    /// frame's row of each line.
    private var fitted: (styled: [String], plain: [String], cursor: (row: Int, column: Int), frameRows: [Int]) {
        let engine = self.engine
        let styledFrame = engine.screenFrame(columns: columns, preview: false)
        let frame = engine.screenFrame(columns: columns, renderer: plainRenderer)
        var styled: [String] = [], plain: [String] = [], cursorRow = frame.cursor.row, frameRows: [Int] = []
        for (row, line) in frame.lines.enumerated() {
            let text = Self.plain(line)
            guard text.count > columns else {
                styled.append(row < styledFrame.lines.count ? styledFrame.lines[row] : text)
                plain.append(text)
                frameRows.append(row)
                continue
            }
            let pieces = Self.wrap(text, columns: columns)
            styled += pieces
            plain += pieces
            frameRows += Array(repeating: row, count: pieces.count)
            if row < frame.cursor.row { cursorRow += pieces.count - 1 }
        }
        return (styled, plain, (cursorRow, min(frame.cursor.column, max(0, columns - 1))), frameRows)
    }

    /// `text` in lines of at most `columns` characters, broken at spaces where it can.
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while rest.count > columns {
            let head = rest.prefix(columns + 1)
            if let space = head.lastIndex(of: " "), space > rest.startIndex {
                lines.append(String(rest[..<space]))
                rest = rest[rest.index(after: space)...]
            } else {
                lines.append(String(rest.prefix(columns)))
                rest = rest.dropFirst(columns)
            }
        }
        lines.append(String(rest))
        return lines
    }

    /// The control's values now: one or two for a range, one for a stepper.
    public var values: [Double] { engine.panels[0].values }

    /// The control as it stands (its model, label, formatter and keys).
    public var panel: ControlPanel { engine.panels[0] }

    static func values(of model: ControlPanel.Model) -> [Double] {
        switch model {
        case .slider(let slider): slider.handles.map { slider.value(of: $0) }
        case .stepper(let stepper): [stepper.value]
        }
    }

    /// `line` without its SGR sequences (ESC [ ... m).
    static func plain(_ line: String) -> String {
        var out = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else { out.unicodeScalars.append(scalar); continue }
            guard scalars.next() == "[" else { continue }
            while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
        }
        return out
    }
}

extension ControlEngine {
    /// `screenFrame(columns:preview:)` drawn by `renderer` (an embedded control's plain lines).
    func screenFrame(columns: Int, renderer: ScreenRenderer) -> ScreenFrame {
        wordDelivery.addsLines ? screen.frame
            : renderer.frame(for: presentedPanels, focused: focusedPanel, width: columns, typing: editor.entry?.text,
                             preview: previewLines(false), announcement: speechOnScreen ? lastUtterance?.text ?? "" : nil,
                             quiet: wordDelivery.quietScreen, stillCursor: wordDelivery.stillCursor)
    }
}
