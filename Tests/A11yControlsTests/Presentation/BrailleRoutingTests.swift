import Testing
@testable import A11yPresentation
import A11yModel

/// Routing kept as runs of cells reads, cell by cell, as the list of targets it stands for.
@Suite struct BrailleRoutingTests {
    /// The runs of a line: a label, a value, a track of 5 cells, a blank, a value, a blank trimmed.
    func line(currentPosition: Int? = 3) -> (runs: BrailleRouting, cells: [BrailleRoutingTarget?]) {
        var runs = BrailleRouting()
        runs.append(.status, count: 3)
        runs.append(.handle(.lower), count: 2)
        runs.append(nil)
        runs.appendTrack(cells: 5, currentPosition: currentPosition)
        runs.append(nil)
        runs.append(.handle(.upper), count: 2)
        runs.append(nil)
        runs.removeLast()
        let track = (0..<5).map { BrailleRoutingTarget.track(BrailleTrack.fraction(routing: $0, cells: 5, currentPosition: currentPosition)) }
        let cells: [BrailleRoutingTarget?] = [.status, .status, .status, .handle(.lower), .handle(.lower), nil] + track
            + [nil, .handle(.upper), .handle(.upper)]
        return (runs, cells)
    }

    @Test func runsReadAsTheirCells() {
        let (runs, cells) = line()
        #expect(Array(runs) == cells)
        #expect(runs == BrailleRouting(cells))
        #expect(runs != line(currentPosition: 2).runs)   // the track's targets follow the handle
    }

    @Test func removingCellsShortensAndDropsRuns() {
        var (runs, cells) = line()
        for _ in 0..<9 {
            runs.removeLast()
            cells.removeLast()
            #expect(Array(runs) == cells)
        }
        runs.append(.status)
        #expect(Array(runs) == cells + [.status])
    }

    @Test func aWindowIsASliceAndItsPaddingDoesNothing() {
        let (runs, cells) = line()
        for start in 0...cells.count {
            for count in 0...(cells.count + 4 - start) {
                let shown = Array(cells[start..<min(cells.count, start + count)])
                #expect(Array(runs.window(from: start, count: count))
                        == shown + Array(repeating: nil, count: count - shown.count), "start \(start), count \(count)")
            }
        }
    }
}
