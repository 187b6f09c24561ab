/// What the routing key over each cell of a braille line or frame does: a collection of one
/// target for each cell, kept as runs of cells (the label, a value, the track, a blank). The
/// track's targets, a fraction for each of its cells, are worked out only when a routing key
/// (or a test) asks for one, not for every cell on every key.
package struct BrailleRouting: RandomAccessCollection, Sendable, Equatable {
    /// Cells from the end of the run before (or the line's start) up to `end`, in the line's
    /// cell numbers.
    struct Run: Sendable, Equatable {
        var end: Int
        var target: Target
    }

    enum Target: Sendable, Equatable {
        /// The same target over each cell.
        case fixed(BrailleRoutingTarget?)
        /// A track of `cells` cells from cell `start` (`BrailleTrack.fraction(routing:cells:currentPosition:)`).
        case track(start: Int, cells: Int, currentPosition: Int?)
    }

    private var runs: [Run]
    /// The line's cell shown first (a window's offset), and the cells shown; past the runs' end,
    /// a cell does nothing (a window's padding).
    private var offset: Int
    package private(set) var count: Int

    /// No cells.
    package init() {
        runs = []
        offset = 0
        count = 0
    }

    /// The targets of `targets`, one for each cell.
    package init(_ targets: [BrailleRoutingTarget?]) {
        self.init()
        for target in targets { append(target) }
    }

    /// `count` cells whose routing key does nothing.
    package init(nothing count: Int) {
        self.init()
        append(nil, count: count)
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> BrailleRoutingTarget? {
        precondition(indices.contains(position), "routing cell out of range")
        let cell = offset + position
        for run in runs where cell < run.end {
            switch run.target {
            case .fixed(let target): return target
            case .track(let start, let cells, let currentPosition):
                return .track(BrailleTrack.fraction(routing: cell - start, cells: cells, currentPosition: currentPosition))
            }
        }
        return nil
    }

    /// `count` cells more, each with `target` (a run of its own, or the last one made longer).
    mutating func append(_ target: BrailleRoutingTarget?, count: Int = 1) {
        guard count > 0 else { return }
        let end = offset + self.count + count
        if let last = runs.indices.last, runs[last].target == .fixed(target) {
            runs[last].end = end
        } else {
            runs.append(Run(end: end, target: .fixed(target)))
        }
        self.count += count
    }

    /// The cells of a track of `cells` cells, whose focused handle is at `currentPosition`.
    mutating func appendTrack(cells: Int, currentPosition: Int?) {
        guard cells > 0 else { return }
        let start = offset + count
        runs.append(Run(end: start + cells, target: .track(start: start, cells: cells, currentPosition: currentPosition)))
        count += cells
    }

    /// The last cell gone.
    mutating func removeLast() {
        precondition(count > 0, "no routing cell to remove")
        count -= 1
        let end = offset + count
        while let last = runs.last, last.end > end {
            let start = runs.count > 1 ? runs[runs.count - 2].end : offset
            if start >= end { runs.removeLast() } else { runs[runs.count - 1].end = end; break }
        }
    }

    mutating func reserveCapacity(_ runs: Int) { self.runs.reserveCapacity(runs) }

    /// The cells from `start` on, `count` of them (those past this routing's end do nothing):
    /// the runs are shared, not copied.
    func window(from start: Int, count: Int) -> BrailleRouting {
        var window = self
        window.offset = offset + start
        window.count = count
        return window
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.count == b.count && ((a.offset == b.offset && a.runs == b.runs) || a.elementsEqual(b))
    }
}
