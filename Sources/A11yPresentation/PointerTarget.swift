import A11yModel

/// How a control's track lies on the screen (`ControlPanel.setLayout(_:)`); speech and braille
/// are the same whatever the layout.
public struct TrackLayout: Sendable, Hashable {
    /// Which way the track runs.
    public enum Orientation: String, Sendable, Hashable, CaseIterable {
        /// Across the line (the default).
        case horizontal
        /// Upright: the maximum at the top.
        case vertical
    }

    /// Where the minimum of a horizontal track is: on the left (`leftToRight`) or the right. A
    /// vertical track ignores it.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// The minimum on the left, values growing to the right (the default; raw value "ltr").
        case leftToRight = "ltr"
        /// The minimum on the right, values growing to the left (raw value "rtl").
        case rightToLeft = "rtl"
    }

    /// Which way the track runs: across the line or upright.
    public var orientation: Orientation
    /// Which end of a horizontal track holds the minimum.
    public var direction: Direction

    /// A layout; the default is a horizontal track, left to right.
    public init(orientation: Orientation = .horizontal, direction: Direction = .leftToRight) {
        self.orientation = orientation
        self.direction = direction
    }

    /// Whether the minimum is drawn on the right (a horizontal track, right to left).
    public var isMirrored: Bool { orientation == .horizontal && direction == .rightToLeft }
}

/// A place on a control's screen frame where the pointer acts, and what a press there does:
/// the ScreenRenderer lays these out with the lines, so hit-testing follows the drawing
/// whatever its orientation and direction.
package struct PointerTarget: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The track: each cell along it stands for a value.
        case track
        /// The stepper's `+`.
        case increment
        /// The stepper's `-`.
        case decrement
    }

    /// Where a handle is drawn on the track: its first and last cell along the track's axis.
    package struct HandleSpan: Sendable, Equatable {
        package var handle: Handle
        package var cells: ClosedRange<Int>
    }

    package var kind: Kind
    /// The rectangle, in rows and columns of the frame (from 0).
    package var row: Int
    package var column: Int
    package var rows: Int
    package var columns: Int
    /// For a track: the way values grow along it.
    package var layout: TrackLayout
    /// For a track: where each handle is drawn, in cells along the axis (columns of a horizontal
    /// track, rows of a vertical one, counted as the frame counts them).
    package var handles: [HandleSpan]

    package init(_ kind: Kind, row: Int, column: Int, rows: Int = 1, columns: Int, layout: TrackLayout = TrackLayout(),
                handles: [HandleSpan] = []) {
        self.kind = kind
        self.row = row
        self.column = column
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        self.layout = layout
        self.handles = handles
    }

    /// Whether the cell at `row`, `column` (of the frame) is inside.
    package func contains(row: Int, column: Int) -> Bool {
        (self.row..<self.row + rows).contains(row) && (self.column..<self.column + columns).contains(column)
    }

    /// The same target `rows` lower on the screen (a control placed below others).
    package func moved(down offset: Int) -> PointerTarget {
        var moved = self
        moved.row += offset
        if layout.orientation == .vertical {
            moved.handles = handles.map { HandleSpan(handle: $0.handle, cells: ($0.cells.lowerBound + offset)...($0.cells.upperBound + offset)) }
        }
        return moved
    }

    /// The fraction of the track (0: its minimum, 1: its maximum) that the cell at `row`,
    /// `column` stands for; a cell beyond an end counts as that end (a drag past the track).
    package func fraction(row: Int, column: Int) -> Double {
        let (cell, first, count) = layout.orientation == .vertical ? (row, self.row, rows) : (column, self.column, columns)
        guard count > 1 else { return 0 }
        var position = Double(min(max(cell - first, 0), count - 1)) / Double(count - 1)
        if layout.orientation == .vertical || layout.isMirrored { position = 1 - position }
        return position
    }

    /// The handle drawn on the cell at `row`, `column`, if any.
    package func handle(atRow row: Int, column: Int) -> Handle? {
        let cell = layout.orientation == .vertical ? row : column
        return handles.last { $0.cells.contains(cell) }?.handle
    }
}
