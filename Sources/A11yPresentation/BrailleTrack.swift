import A11yFormatting
import A11yModel
import A11yVocabulary
/// A slider's track drawn as 8-dot braille cells at half-cell resolution: every cell holds two
/// positions, one per dot column, so a track of `n` cells has `2n` positions.
///
/// The patterns, each column top to bottom (left column dots 1 2 3 7, right column 4 5 6 8):
/// - track outside the selection: the bottom dot only (⣀ for a whole cell),
/// - selection between the handles: the two bottom dots (⣤),
/// - the focused handle: the whole column (⡇ left, ⢸ right) — the tallest mark, found by touch,
/// - the other handle: the column without its top dot (⡆ left, ⢰ right).
///
/// With 6 dots per cell (a 6-dot display, or a reader of 6-dot computer braille), columns are
/// dots 1 2 3 and 4 5 6, and no pattern uses dots 7 or 8:
/// - track outside the selection: the bottom dot (⠤ for a whole cell),
/// - selection: the two bottom dots (⠶),
/// - the focused handle: the whole column (⠇ left, ⠸ right), still the only full column,
/// - the other handle: top and bottom dots, a gap between (⠅ left, ⠨ right).
package struct BrailleTrack: Equatable, Sendable {
    /// Track cells, left to right.
    package var cells: [BrailleDots]

    /// Positions on a track of `cellCount` cells (two per cell).
    package static func positionCount(cells cellCount: Int) -> Int { max(0, cellCount) * 2 }

    /// The position (0 ..< 2 * cells) of a fraction (0...1) of the track.
    package static func position(of fraction: Double, cells cellCount: Int) -> Int {
        let last = positionCount(cells: cellCount) - 1
        guard last > 0, fraction.isFinite else { return 0 }
        return Int((min(1, max(0, fraction)) * Double(last)).rounded())
    }

    /// The fraction of the track a routing key over track cell `cell` stands for. A cell covers two
    /// positions; routing goes to the one nearer `current` when the handle is already in that cell
    /// (so a second press moves it by half a cell), otherwise to the cell's left position.
    package static func fraction(routing cell: Int, cells cellCount: Int, currentPosition current: Int?) -> Double {
        let last = positionCount(cells: cellCount) - 1
        guard last > 0 else { return 0 }
        let left = min(max(0, cell), cellCount - 1) * 2
        let target = (current == left) ? left + 1 : left
        return Double(target) / Double(last)
    }

    /// Draws a track. `lower` is nil for a one-handle control; positions are clamped to the track.
    package init(cells cellCount: Int, lower: Int?, upper: Int, focused: Handle, dotsPerCell: Int = 8) {
        var cells: [BrailleDots] = []
        Self.append(to: &cells, cells: cellCount, lower: lower, upper: upper, focused: focused, dotsPerCell: dotsPerCell)
        self.cells = cells
    }

    /// Draws a track at the end of `line` (the braille line's dots, without an array of its own
    /// on every key).
    package static func append(to line: inout [BrailleDots], cells cellCount: Int, lower: Int?, upper: Int, focused: Handle,
                              dotsPerCell: Int = 8) {
        let start = line.count
        line.append(cellCount, from: Self.noDots)
        let count = positionCount(cells: cellCount)
        guard count > 0 else { return }
        let clamp = { (p: Int) in min(max(0, p), count - 1) }
        let upperPosition = clamp(upper)
        let lowerPosition = lower.map(clamp)
        let focusedPosition = focused == .upper || lowerPosition == nil ? upperPosition : lowerPosition!
        let marks = dotsPerCell == 6 ? Self.sixDotMarks : Self.eightDotMarks
        // Each position's mark OR-ed into its cell, in place, a run of one kind at a time (this
        // runs on every key): outside, the selection between two handles, the handles.
        line.withUnsafeMutableBufferPointer { line in
            marks.table.withUnsafeBufferPointer { table in
                func mark(_ position: Int, _ kind: Int) { line[start + position / 2].formUnion(table[kind * 2 + position % 2]) }
                func fill(_ from: Int, _ to: Int, _ kind: Int) {
                    var position = from
                    while position < to { mark(position, kind); position += 1 }
                }
                let first = min(lowerPosition ?? upperPosition, upperPosition)
                let last = max(lowerPosition ?? upperPosition, upperPosition)
                fill(0, first, Marks.outside)
                fill(first + 1, last, lowerPosition.map { $0 < upperPosition } == true ? Marks.selection : Marks.outside)
                fill(last + 1, count, Marks.outside)
                func markHandle(_ position: Int) { mark(position, position == focusedPosition ? Marks.focused : Marks.handle) }
                markHandle(first)
                if last != first { markHandle(last) }
            }
        }
    }

    /// Cells without dots, to copy from.
    private static let noDots = [BrailleDots](repeating: [], count: 64)

    /// The four marks of a position, for the left and the right column: `table[kind * 2 + side]`
    /// (side 0 left, 1 right).
    private struct Marks: Sendable {
        static let focused = 0, handle = 1, selection = 2, outside = 3
        var table: [BrailleDots]

        init(columns: (BrailleDots.Side) -> [BrailleDots], handle: ([BrailleDots]) -> [BrailleDots]) {
            let sides = [BrailleDots.Side.left, .right].map(columns)
            let union = { (dots: ArraySlice<BrailleDots>) in dots.reduce(into: BrailleDots()) { $0.formUnion($1) } }
            let focused = sides.map { union($0[...]) }
            let handle = sides.map { union(handle($0)[...]) }
            let selection = sides.map { union($0[($0.count - 2)...]) }
            let outside = sides.map { $0[$0.count - 1] }
            table = focused + handle + selection + outside
        }
    }

    private static let eightDotMarks = Marks(columns: BrailleDots.column, handle: { Array($0[1...]) })
    private static let sixDotMarks = Marks(columns: BrailleDots.sixDotColumn, handle: { [$0[0], $0[2]] })
}

extension Array {
    /// Appends the first `count` elements of `run` repeated (a run of alike elements: blanks),
    /// a slice at a time: a copy of memory, where a loop of appends or
    /// `append(contentsOf: repeatElement(...))` goes element by element through the array's
    /// checks (the braille line's blank track cells and their dots, on every key).
    mutating func append(_ count: Int, from run: [Element]) {
        precondition(!run.isEmpty, "an empty run to repeat")
        var left = count
        while left > 0 {
            let slice = Swift.min(left, run.count)
            append(contentsOf: run[..<slice])
            left -= slice
        }
    }
}
