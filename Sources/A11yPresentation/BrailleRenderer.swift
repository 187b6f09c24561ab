import A11yFormatting
import A11yModel
import A11yVocabulary
/// What a routing key over a cell of the braille line does.
public enum BrailleRoutingTarget: Sendable, Equatable {
    /// Over the track: move the focused handle to this fraction of the track.
    case track(Double)
    /// Over a value: focus that handle.
    case handle(Handle)
    /// Over the label: say where things stand.
    case status
}

/// A whole braille line of a control, which may be longer than the display: text cells (shown
/// through the user's text table), dots OR-ed on top (the track), the cursor cell and a routing map.
public struct BrailleLine: Sendable, Equatable {
    /// The cells' text: as UTF-8 bytes while every cell is one byte (the usual line: an ASCII
    /// label, digits, the track's blanks), so that a window is a slice of it and no `Character`
    /// is made or dropped for each cell on every key; as characters otherwise.
    enum Cells: Sendable, Equatable {
        case ascii([UInt8])
        case characters([Character])

        /// `characters` as bytes when each is one byte.
        init(_ characters: [Character]) {
            self = .ascii([])
            reserveCapacity(characters.count)
            for character in characters { append(character) }
        }

        var count: Int {
            switch self {
            case .ascii(let bytes): bytes.count
            case .characters(let characters): characters.count
            }
        }

        /// One character per cell.
        var characters: [Character] {
            switch self {
            case .ascii(let bytes): bytes.map { Character(Unicode.Scalar($0)) }
            case .characters(let characters): characters
            }
        }

        /// Whether the last cell is a blank.
        var endsWithBlank: Bool {
            switch self {
            case .ascii(let bytes): bytes.last == UInt8(ascii: " ")
            case .characters(let characters): characters.last == " "
            }
        }

        mutating func reserveCapacity(_ capacity: Int) {
            change(ascii: { $0.reserveCapacity(capacity) }, characters: { $0.reserveCapacity(capacity) })
        }

        /// `cell` after the others: as characters from the first cell that is not one byte.
        mutating func append(_ cell: Character) {
            let utf8 = cell.utf8
            if case .ascii(let bytes) = self, utf8.count != 1 {
                self = .characters(Cells.ascii(bytes).characters + [cell])
            } else {
                change(ascii: { $0.append(utf8[utf8.startIndex]) }, characters: { $0.append(cell) })
            }
        }

        /// Cells of one byte each (`text.isOneBytePerCharacter`).
        mutating func append(oneByteCharacters text: String) {
            change(ascii: { $0.append(utf8Of: text) }, characters: { $0 += text.map { $0 } })
        }

        /// Blank cells to copy from.
        private static let blanks = [UInt8](repeating: UInt8(ascii: " "), count: 64)

        mutating func appendBlanks(_ count: Int) {
            change(ascii: { $0.append(count, from: Self.blanks) },
                   characters: { $0.append(contentsOf: repeatElement(" ", count: count)) })
        }

        mutating func removeLast() {
            change(ascii: { $0.removeLast() }, characters: { $0.removeLast() })
        }

        /// Changes the array in place (taken out of `self` first, so that it is not copied).
        private mutating func change(ascii: (inout [UInt8]) -> Void, characters: (inout [Character]) -> Void) {
            switch self {
            case .ascii(var bytes):
                self = .ascii([])
                ascii(&bytes)
                self = .ascii(bytes)
            case .characters(var cells):
                self = .ascii([])
                characters(&cells)
                self = .characters(cells)
            }
        }
    }

    var cells: Cells
    /// Dots OR-ed on top of `text`, one per cell.
    public var dots: [BrailleDots]
    /// What each cell's routing key does.
    public var routing: BrailleRouting
    /// The cell of the focused handle (or the stepper's value), for BrlAPI's cursor.
    public var cursor: Int?
    /// The first cell of the window that shows the control best when the line does not fit.
    public var homeOffset: Int

    init(text: [Character], dots: [BrailleDots], routing: BrailleRouting, cursor: Int?, homeOffset: Int) {
        self.init(cells: Cells(text), dots: dots, routing: routing, cursor: cursor, homeOffset: homeOffset)
    }

    init(cells: Cells, dots: [BrailleDots], routing: BrailleRouting, cursor: Int?, homeOffset: Int) {
        self.cells = cells
        self.dots = dots
        self.routing = routing
        self.cursor = cursor
        self.homeOffset = homeOffset
    }

    /// One character per cell; blanks where the track's dots go.
    public var text: [Character] {
        get { cells.characters }
        set { cells = Cells(newValue) }
    }

    public var count: Int { cells.count }

    /// The window of `width` cells starting at `offset` (clamped so the window stays on the line).
    public func window(at offset: Int, width: Int) -> BrailleFrame {
        let start = Self.clampOffset(offset, count: count, width: width)
        let end = min(count, start + width)
        let pad = max(0, width - (end - start))
        let shown: String
        switch cells {
        case .ascii(let ascii):
            // Straight into the string's storage (no array of bytes made and dropped on every key).
            shown = String(unsafeUninitializedCapacity: end - start + pad) { text in
                let shown = end - start
                ascii.withUnsafeBytes { line in
                    UnsafeMutableRawBufferPointer(text).copyMemory(from: UnsafeRawBufferPointer(rebasing: line[start..<end]))
                }
                UnsafeMutableBufferPointer(rebasing: text[shown..<shown + pad]).initialize(repeating: UInt8(ascii: " "))
                return shown + pad
            }
        case .characters(let characters):
            var text = String(characters[start..<end])
            text += String(repeating: " ", count: pad)
            shown = text
        }
        // The whole line fits (the usual case): its arrays are shared, not copied.
        let whole = start == 0 && end == count && pad == 0
        return BrailleFrame(
            text: shown,
            dots: whole ? dots : Array(dots[start..<end]) + Array(repeating: [], count: pad),
            routing: routing.window(from: start, count: end - start + pad),
            cursor: cursor.flatMap { (start..<end).contains($0) ? $0 - start : nil },
            offset: start, canPanLeft: start > 0, canPanRight: end < count)
    }

    /// The offset of the window after panning one display width from `offset`.
    public func panned(from offset: Int, width: Int, right: Bool) -> Int {
        Self.clampOffset(Self.clampOffset(offset, count: count, width: width) + (right ? width : -width),
                         count: count, width: width)
    }

    static func clampOffset(_ offset: Int, count: Int, width: Int) -> Int {
        min(max(0, offset), max(0, count - width))
    }
}

/// Exactly what one braille display shows: `width` cells.
///
/// A value kept in one shared, immutable box: a frame passes through several hands on every key
/// (the engine's last frame, the effect, the session's and the worker's last frame), and a copy
/// or a drop is one reference count, not one for each of its arrays and its text; two copies of
/// one frame compare equal at once.
public struct BrailleFrame: Sendable, Equatable {
    private final class Storage: Sendable {
        let text: String
        let dots: [BrailleDots]
        let routing: BrailleRouting
        let cursor: Int?
        let offset: Int
        let canPanLeft: Bool
        let canPanRight: Bool

        init(text: String, dots: [BrailleDots], routing: BrailleRouting, cursor: Int?, offset: Int,
             canPanLeft: Bool, canPanRight: Bool) {
            self.text = text
            self.dots = dots
            self.routing = routing
            self.cursor = cursor
            self.offset = offset
            self.canPanLeft = canPanLeft
            self.canPanRight = canPanRight
        }
    }

    private var storage: Storage

    /// Text of the cells (through the user's text table), one character per cell.
    public var text: String {
        get { storage.text }
        set { change { $0.text = newValue } }
    }
    /// Dots OR-ed on top of the text (BrlAPI's orMask).
    public var dots: [BrailleDots] {
        get { storage.dots }
        set { change { $0.dots = newValue } }
    }
    /// What each cell's routing key does.
    public var routing: BrailleRouting {
        get { storage.routing }
        set { change { $0.routing = newValue } }
    }
    /// The cursor cell, or nil.
    public var cursor: Int? {
        get { storage.cursor }
        set { change { $0.cursor = newValue } }
    }
    /// The first cell of the line shown.
    public var offset: Int {
        get { storage.offset }
        set { change { $0.offset = newValue } }
    }
    /// Whether panning shows more of the line.
    public var canPanLeft: Bool {
        get { storage.canPanLeft }
        set { change { $0.canPanLeft = newValue } }
    }
    public var canPanRight: Bool {
        get { storage.canPanRight }
        set { change { $0.canPanRight = newValue } }
    }

    public init(text: String, dots: [BrailleDots], routing: [BrailleRoutingTarget?], cursor: Int?, offset: Int,
                canPanLeft: Bool, canPanRight: Bool) {
        self.init(text: text, dots: dots, routing: BrailleRouting(routing), cursor: cursor, offset: offset,
                  canPanLeft: canPanLeft, canPanRight: canPanRight)
    }

    public init(text: String, dots: [BrailleDots], routing: BrailleRouting, cursor: Int?, offset: Int,
                canPanLeft: Bool, canPanRight: Bool) {
        storage = Storage(text: text, dots: dots, routing: routing, cursor: cursor, offset: offset,
                      canPanLeft: canPanLeft, canPanRight: canPanRight)
    }

    /// A new box with one field changed (frames are rarely changed after they are made).
    private mutating func change(_ body: (inout (text: String, dots: [BrailleDots], routing: BrailleRouting, cursor: Int?,
                                                 offset: Int, canPanLeft: Bool, canPanRight: Bool)) -> Void) {
        var fields = (text: text, dots: dots, routing: routing, cursor: cursor, offset: offset,
                      canPanLeft: canPanLeft, canPanRight: canPanRight)
        body(&fields)
        self = BrailleFrame(text: fields.text, dots: fields.dots, routing: fields.routing, cursor: fields.cursor,
                            offset: fields.offset, canPanLeft: fields.canPanLeft, canPanRight: fields.canPanRight)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.storage === b.storage
            || (a.text == b.text && a.dots == b.dots && a.routing == b.routing && a.cursor == b.cursor
                && a.offset == b.offset && a.canPanLeft == b.canPanLeft && a.canPanRight == b.canPanRight)
    }

    /// The cells for a preview or a test: text characters where the text has them (untranslated),
    /// Unicode braille where the track's dots are.
    public var preview: String {
        String(zip(text, dots).map { character, dots in
            character == " " && !dots.isEmpty ? dots.unicode : character
        })
    }
}

/// Lays a control out on one braille line. Pure: from a `PresentedControl` and the display's
/// width to cells, cursor and routing map.
///
/// Layout (a segment is left out when it is empty):
/// - range slider: `LABEL LOWER TRACK UPPER`
/// - one-handle slider: `LABEL VALUE TRACK`
/// - stepper: `LABEL VALUE -+ TRACK`, where `-` and `+` show only while a step down or up is possible
/// The track takes the room that is left. When it would be shorter than `minimumTrackCells`, the
/// label moves out of the first window (panning left shows it) and the track takes its room.
public struct BrailleRenderer: Sendable {
    /// The fewest track cells worth showing beside the label.
    public var minimumTrackCells: Int
    /// Dots the track may use per cell: 8, or 6 for a 6-dot display or reader (`BrailleTrack`).
    public var dotsPerCell: Int
    /// Labels in contracted braille, by label (empty: labels in computer braille). Contracted
    /// once per change of text or table, never on the key path.
    public var contractions: [String: ContractedText] = [:]

    public init(minimumTrackCells: Int = 8, dotsPerCell: Int = 8) {
        self.minimumTrackCells = minimumTrackCells
        self.dotsPerCell = dotsPerCell
    }

    public func line(for control: PresentedControl, width: Int) -> BrailleLine {
        var builder = LineBuilder(capacity: max(width, 16) + 16)
        let contracted = contractions[control.label]
        let labelCells = control.label.isEmpty ? 0 : (contracted?.count ?? control.label.characterCount) + 1
        // A value's cells and the blank after it (none for an empty value).
        func segment(_ index: Int) -> Int {
            let cells = control.handles[index].text.braille.characterCount
            return cells == 0 ? 0 : cells + 1
        }
        let indicator: [Character] = [control.canDecrease ? "-" : " ", control.canIncrease ? "+" : " "]
        let fixed: Int
        switch control.kind {
        case .rangeSlider: fixed = segment(0) + segment(1)
        case .slider: fixed = segment(0)
        case .stepper: fixed = segment(0) + indicator.count + 1
        }
        var trackCells = width - labelCells - fixed
        var homeOffset = 0
        if trackCells < min(minimumTrackCells, width / 2), labelCells > 0 {
            trackCells = width - fixed
            homeOffset = labelCells
        }
        trackCells = max(2, trackCells)

        if labelCells > 0, let contracted {
            // Contracted cells go as dots (BRLTTY must not translate them again), digits as text.
            for (character, dots) in zip(contracted.text, contracted.dots) {
                builder.append(character, routing: .status, dots: BrailleDots(rawValue: dots))
            }
            builder.append(" ", routing: .status)
        } else if labelCells > 0 {
            builder.append(text: control.label, routing: .status)
            builder.append(" ", routing: .status)
        }
        let trackStart = { (builder: LineBuilder) in builder.count }
        // Handles by index: their fields are read in place (a HandleState is six strings).
        func appendValue(_ index: Int) {
            guard !control.handles[index].text.braille.isEmpty else { return }
            if control.kind == .stepper { builder.cursor = builder.count }
            builder.append(text: control.handles[index].text.braille, routing: .handle(control.handles[index].handle))
            builder.append(" ", routing: nil)
        }
        var startOfTrack = 0
        switch control.kind {
        case .rangeSlider:
            appendValue(0)
            startOfTrack = trackStart(builder)
            appendTrack(&builder, control: control, cells: trackCells)
            builder.append(" ", routing: nil)
            appendValue(1)
            builder.trimTrailingBlank()
        case .slider:
            appendValue(0)
            startOfTrack = trackStart(builder)
            appendTrack(&builder, control: control, cells: trackCells)
        case .stepper:
            appendValue(0)
            builder.append(text: indicator, routing: nil)
            builder.append(" ", routing: nil)
            startOfTrack = trackStart(builder)
            appendTrack(&builder, control: control, cells: trackCells)
        }
        if control.kind != .stepper {
            let focused = control.handles[control.focusedIndex].fraction
            builder.cursor = startOfTrack + BrailleTrack.position(of: focused, cells: trackCells) / 2
        }
        return BrailleLine(cells: builder.cells, dots: builder.dots, routing: builder.routing,
                           cursor: builder.cursor, homeOffset: homeOffset)
    }

    /// The window a display of `width` cells shows at first.
    public func frame(for control: PresentedControl, width: Int) -> BrailleFrame {
        let line = line(for: control, width: width)
        return line.window(at: line.homeOffset, width: width)
    }

    private func appendTrack(_ builder: inout LineBuilder, control: PresentedControl, cells: Int) {
        var upper = 0, lower: Int?, focusedPosition: Int?
        for index in control.handles.indices {
            let handle = control.handles[index].handle
            let position = BrailleTrack.position(of: control.handles[index].fraction, cells: cells)
            if handle == .upper { upper = position } else if control.handles.count > 1 { lower = position }
            if handle == control.focused { focusedPosition = position }
        }
        builder.appendTrack(cells, currentPosition: focusedPosition) {
            BrailleTrack.append(to: &$0, cells: cells, lower: lower, upper: upper, focused: control.focused, dotsPerCell: dotsPerCell)
        }
    }
}

/// The cells of a line as they are laid out, one cell at a time (no array per cell: this runs
/// on every key).
private struct LineBuilder {
    /// The text: bytes while every cell is one byte (`BrailleLine.Cells`).
    var cells = BrailleLine.Cells.ascii([])
    var dots: [BrailleDots] = []
    var routing = BrailleRouting()
    var cursor: Int?

    init(capacity: Int) {
        cells.reserveCapacity(capacity)
        dots.reserveCapacity(capacity)
        routing.reserveCapacity(8)
    }

    /// The number of cells so far.
    var count: Int { dots.count }

    mutating func append(_ cell: Character, routing target: BrailleRoutingTarget?, dots pattern: BrailleDots = []) {
        dots.append(pattern)
        routing.append(target)
        cells.append(cell)
    }

    /// A track of `count` blank cells, all at once: `draw` appends their dots (drawn on top); a
    /// routing key over one moves the focused handle, at `currentPosition`, there.
    mutating func appendTrack(_ count: Int, currentPosition: Int?, dots draw: (inout [BrailleDots]) -> Void) {
        draw(&dots)
        routing.appendTrack(cells: count, currentPosition: currentPosition)
        cells.appendBlanks(count)
    }

    mutating func append(text cells: [Character], routing target: BrailleRoutingTarget?, dots pattern: BrailleDots = []) {
        for cell in cells { append(cell, routing: target, dots: pattern) }
    }

    /// `text`, a cell for each character; at once while every cell is a byte.
    mutating func append(text: String, routing target: BrailleRoutingTarget?, dots pattern: BrailleDots = []) {
        guard case .ascii = cells, text.isOneBytePerCharacter else {
            for cell in text { append(cell, routing: target, dots: pattern) }
            return
        }
        for _ in 0..<text.utf8.count { dots.append(pattern) }
        routing.append(target, count: text.utf8.count)
        cells.append(oneByteCharacters: text)
    }

    mutating func trimTrailingBlank() {
        while dots.last == [], cells.endsWithBlank {
            dots.removeLast(); routing.removeLast(); cells.removeLast()
        }
    }
}
