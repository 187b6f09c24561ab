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
public struct BrailleTrack: Equatable, Sendable {
    /// Track cells, left to right.
    public var cells: [BrailleDots]

    /// Positions on a track of `cellCount` cells (two per cell).
    public static func positionCount(cells cellCount: Int) -> Int { max(0, cellCount) * 2 }

    /// The position (0 ..< 2 * cells) of a fraction (0...1) of the track.
    public static func position(of fraction: Double, cells cellCount: Int) -> Int {
        let last = positionCount(cells: cellCount) - 1
        guard last > 0, fraction.isFinite else { return 0 }
        return Int((min(1, max(0, fraction)) * Double(last)).rounded())
    }

    /// The fraction of the track a routing key over track cell `cell` stands for. A cell covers two
    /// positions; routing goes to the one nearer `current` when the handle is already in that cell
    /// (so a second press moves it by half a cell), otherwise to the cell's left position.
    public static func fraction(routing cell: Int, cells cellCount: Int, currentPosition current: Int?) -> Double {
        let last = positionCount(cells: cellCount) - 1
        guard last > 0 else { return 0 }
        let left = min(max(0, cell), cellCount - 1) * 2
        let target = (current == left) ? left + 1 : left
        return Double(target) / Double(last)
    }

    /// Draws a track. `lower` is nil for a one-handle control; positions are clamped to the track.
    public init(cells cellCount: Int, lower: Int?, upper: Int, focused: Handle, dotsPerCell: Int = 8) {
        let count = Self.positionCount(cells: cellCount)
        var cells = [BrailleDots](repeating: [], count: max(0, cellCount))
        guard count > 0 else { self.cells = cells; return }
        let clamp = { (p: Int) in min(max(0, p), count - 1) }
        let upperPosition = clamp(upper)
        let lowerPosition = lower.map(clamp)
        for position in 0..<count {
            let side: BrailleDots.Side = position % 2 == 0 ? .left : .right
            let column = dotsPerCell == 6 ? BrailleDots.sixDotColumn(side) : BrailleDots.column(side)
            let bottom = column.count - 1
            let mark: [BrailleDots]
            if position == (focused == .upper || lowerPosition == nil ? upperPosition : lowerPosition!) {
                mark = column
            } else if position == upperPosition || position == lowerPosition {
                mark = dotsPerCell == 6 ? [column[0], column[2]] : Array(column[1...])
            } else if let lowerPosition, (lowerPosition...upperPosition).contains(position) {
                mark = Array(column[(bottom - 1)...])
            } else {
                mark = [column[bottom]]
            }
            for dots in mark { cells[position / 2].insert(dots) }
        }
        self.cells = cells
    }
}
