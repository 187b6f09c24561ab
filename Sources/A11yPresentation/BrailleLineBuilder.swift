/// The cells of a line as they are laid out, one cell at a time (no array per cell: this runs
/// on every key).
struct BrailleLineBuilder {
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
