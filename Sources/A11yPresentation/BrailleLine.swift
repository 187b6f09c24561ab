/// A whole braille line of a control, which may be longer than the display: text cells (shown
/// through the user's text table), dots OR-ed on top (the track), the cursor cell and a routing map.
package struct BrailleLine: Sendable, Equatable {
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
    package var dots: [BrailleDots]
    /// What each cell's routing key does.
    package var routing: BrailleRouting
    /// The cell of the focused handle (or the stepper's value), for BrlAPI's cursor.
    package var cursor: Int?
    /// The first cell of the window that shows the control best when the line does not fit.
    package var homeOffset: Int

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
    package var text: [Character] {
        get { cells.characters }
        set { cells = Cells(newValue) }
    }

    package var count: Int { cells.count }

    /// The window of `width` cells starting at `offset` (clamped so the window stays on the line).
    package func window(at offset: Int, width: Int) -> BrailleFrame {
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
    package func panned(from offset: Int, width: Int, right: Bool) -> Int {
        Self.clampOffset(Self.clampOffset(offset, count: count, width: width) + (right ? width : -width),
                         count: count, width: width)
    }

    static func clampOffset(_ offset: Int, count: Int, width: Int) -> Int {
        min(max(0, offset), max(0, count - width))
    }
}
