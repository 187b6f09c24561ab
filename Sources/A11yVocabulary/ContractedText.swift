/// Text in contracted (literary) braille, cell for cell: each cell is either a dot pattern sent
/// as dots (so BRLTTY does not translate it again) or, for digits, a character left to the
/// user's text table (numbers stay digits, as Orca keeps them).
public struct ContractedText: Sendable, Equatable, Hashable {
    /// One character per cell: a blank where the cell is dots.
    public var text: [Character]
    /// Dots of each cell (BrlAPI bits, dot 1 = 0x01); 0 where the cell is text.
    public var dots: [UInt8]
    /// For each cell, the index of the source character it starts from (liblouis's mapping), so
    /// a routing key over a cell still finds its place in the text.
    public var sourceIndex: [Int]

    /// Cells given as three arrays of the same length, one entry per cell, left to right.
    public init(text: [Character], dots: [UInt8], sourceIndex: [Int]) {
        self.text = text
        self.dots = dots
        self.sourceIndex = sourceIndex
    }

    /// The number of cells.
    public var count: Int { text.count }
}
