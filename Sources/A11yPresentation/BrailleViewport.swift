import A11yVocabulary
import A11yModel

/// The braille line of a session as a part with its own state: the display's width, how far the
/// user panned, and a short notice that covers the line for a while ("speech lost"). Pure: the
/// engine tells it what changed and asks it for the frame; times come from the engine's clock.
///
/// - The control's line (`BrailleRenderer`) is laid out once per change of the control or width,
///   and windowed at the pan offset (a value change brings the focused handle back into view).
/// - While a number is typed the display shows `NAME: TEXT` with the cursor after it.
/// - A notice replaces the line until the next key or until its time is up.
/// - "Where am I" (`showStatus`) replaces the line with a status line until a key other than
///   panning; panning moves along it when it is longer than the display.
package struct BrailleViewport: Sendable, Equatable {
    /// Cells of the display (0: no display).
    package private(set) var width = 0
    /// The panned offset; nil: the line's home window.
    package private(set) var panOffset: Int?
    /// The notice shown instead of the line, and until when.
    package private(set) var notice: Notice?
    /// The whole line of the focused control (nil without a display).
    package private(set) var line: BrailleLine?
    /// The "where am I" line shown instead of the control's, and how far it is panned.
    package private(set) var status: StatusLine?

    /// A line of text shown instead of the control's, panned to `offset`.
    package struct StatusLine: Sendable, Equatable {
        /// The words shown, kept to write them again when the braille of words changes.
        package var text: String
        package var line: BrailleLine
        package var offset: Int
    }

    /// A short message on the braille line.
    package struct Notice: Sendable, Equatable {
        package var text: String
        package var until: Duration
    }

    package init() {}

    /// How long a notice stays unless a key comes first.
    package static let noticeDuration: Duration = .seconds(2)

    /// The display's width changed (0: it went away): the line is laid out again.
    package mutating func setWidth(_ width: Int, control: PresentedControl, renderer: BrailleRenderer) {
        self.width = max(0, width)
        panOffset = nil
        relayout(control, renderer: renderer)
    }

    /// The control changed: lay its line out again. `keepPan` false brings the home window back.
    package mutating func relayout(_ control: PresentedControl, renderer: BrailleRenderer, keepPan: Bool = true) {
        if !keepPan { panOffset = nil }
        line = width > 0 ? renderer.line(for: control, width: width) : nil
    }

    /// Pans one display width left or right; false when there is no line.
    @discardableResult
    package mutating func pan(right: Bool) -> Bool {
        guard let line else { return false }
        if let shown = status {
            status?.offset = shown.line.panned(from: shown.offset, width: width, right: right)
            return true
        }
        panOffset = line.panned(from: panOffset ?? line.homeOffset, width: width, right: right)
        return true
    }

    /// Shows `text` instead of the line from `time` for `duration` (or until `dismissNotice()`).
    package mutating func showNotice(_ text: String, at time: Duration, for duration: Duration = noticeDuration) {
        notice = Notice(text: text, until: time + duration)
    }

    /// Shows `text` ("where am I") instead of the control's line, from its start, until
    /// `dismissStatus()`; panning moves along it.
    package mutating func showStatus(_ text: String) {
        let (cells, dots) = BrailleWords.cells(for: text, contractions: wordContractions)
        status = StatusLine(text: text,
                            line: BrailleLine(text: cells, dots: dots,
                                              routing: BrailleRouting(nothing: cells.count), cursor: nil, homeOffset: 0),
                            offset: 0)
    }

    /// Words in contracted braille, for notices and "where am I" (empty: computer braille). A
    /// "where am I" line shown when they change is written again, from its start, in the new
    /// braille (the user turned literary braille on or off while reading it).
    package var wordContractions: [String: ContractedText] = [:] {
        didSet { if let status, wordContractions != oldValue { showStatus(status.text) } }
    }

    /// The control's line is back.
    package mutating func dismissStatus() { status = nil }

    /// A key came: the notice goes.
    package mutating func dismissNotice() { notice = nil }

    /// Time passed: an expired notice goes. True when one went.
    @discardableResult
    package mutating func expire(at time: Duration) -> Bool {
        guard let until = notice?.until, time >= until else { return false }
        notice = nil
        return true
    }

    /// When the notice expires, if one is shown.
    package var nextDeadline: Duration? { notice?.until }

    /// What a routing key over `cell` of the frame now shown does (nil: nothing).
    package func routingTarget(atCell cell: Int, entry: (name: String, text: String)?) -> BrailleRoutingTarget? {
        guard let frame = frame(entry: entry), frame.routing.indices.contains(cell) else { return nil }
        return frame.routing[cell]
    }

    /// What the display shows now (nil without a display). `entry`: the focused handle's name and
    /// the number being typed, if any.
    package func frame(entry: (name: String, text: String)?) -> BrailleFrame? {
        guard let line else { return nil }
        if let notice { return textFrame(notice.text, cursor: nil) }
        if let status { return status.line.window(at: status.offset, width: width) }
        if let entry {
            let text = "\(entry.name): \(entry.text)"
            return textFrame(text, cursor: min(text.count, width - 1))
        }
        return line.window(at: panOffset ?? line.homeOffset, width: width)
    }

    /// A line of words (contracted when `wordContractions` has them), cut or padded to the
    /// width, with no routing.
    private func textFrame(_ text: String, cursor: Int?) -> BrailleFrame {
        let (cells, dots) = BrailleWords.cells(for: text, contractions: wordContractions)
        let shown = min(width, cells.count), pad = width - shown
        return BrailleFrame(text: String(cells.prefix(shown)) + String(repeating: " ", count: pad),
                            dots: Array(dots.prefix(shown)) + Array(repeating: [], count: pad),
                            routing: BrailleRouting(nothing: width),
                            cursor: cursor.map { min($0, max(0, width - 1)) }, offset: 0, canPanLeft: false, canPanRight: false)
    }
}
