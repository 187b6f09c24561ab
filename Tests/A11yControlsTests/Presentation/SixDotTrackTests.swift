import Testing
@testable import A11yPresentation
@testable import A11yModel
@testable import A11yVocabulary

/// The track in 6-dot cells (a 6-dot display, or BRLTTY's computer braille cell size 6).
@Suite struct SixDotTrackTests {
    private func unicode(_ track: BrailleTrack) -> String { String(track.cells.map(\.unicode)) }

    @Test func rangeWithFocusedLowerHandle() {
        // 6 cells = 12 positions; lower at 3 (right column of cell 1), upper at 8 (left of cell 4).
        let track = BrailleTrack(cells: 6, lower: 3, upper: 8, focused: .lower, dotsPerCell: 6)
        #expect(unicode(track) == "⠤⠼⠶⠶⠥⠤")
        #expect(track.cells[1] == [.dot3, .dot4, .dot5, .dot6])  // focused: the whole right column
        #expect(track.cells[4] == [.dot1, .dot3, .dot6])  // other: top and bottom, then plain track
    }

    @Test func rangeWithFocusedUpperHandle() {
        let track = BrailleTrack(cells: 6, lower: 3, upper: 8, focused: .upper, dotsPerCell: 6)
        #expect(unicode(track) == "⠤⠬⠶⠶⠧⠤")
    }

    @Test func oneHandleSlider() {
        let track = BrailleTrack(cells: 4, lower: nil, upper: 5, focused: .upper, dotsPerCell: 6)
        #expect(unicode(track) == "⠤⠤⠼⠤")
    }

    @Test func noPatternUsesDotSevenOrEight() {
        for lower in 0..<16 {
            for upper in lower..<16 {
                for focused in [Handle.lower, .upper] {
                    let track = BrailleTrack(cells: 8, lower: lower, upper: upper, focused: focused, dotsPerCell: 6)
                    #expect(track.cells.allSatisfy { $0.isDisjoint(with: [.dot7, .dot8]) })
                    // The focused handle is the only full column.
                    let full = track.cells.flatMap { cell in
                        [BrailleDots.sixDotColumn(.left), BrailleDots.sixDotColumn(.right)].filter { column in
                            column.allSatisfy { cell.contains($0) }
                        }
                    }
                    #expect(full.count == 1)
                }
            }
        }
    }

    @Test func preferencesAskForSixDotsWhenTheDisplayOrTheReaderHasSix() {
        #expect(BraillePreferences().dotsPerCell == 8)
        #expect(BraillePreferences(computerBrailleCellSize: 6).dotsPerCell == 6)
        #expect(BraillePreferences(deviceCellSize: 6).dotsPerCell == 6)
    }
}
