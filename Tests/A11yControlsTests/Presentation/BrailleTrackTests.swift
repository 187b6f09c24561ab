import Testing
import A11yControls
import A11yOptions

@Suite struct BrailleTrackTests {
    private func unicode(_ track: BrailleTrack) -> String { String(track.cells.map(\.unicode)) }

    @Test func dotsRoundTripThroughTheirNumbers() {
        #expect(BrailleDots([.dot1, .dot2, .dot3, .dot7]).dotNumbers == "1237")
        #expect(BrailleDots(dotNumbers: "4568") == [.dot4, .dot5, .dot6, .dot8])
        #expect(BrailleDots(dotNumbers: "19") == nil)
        #expect(BrailleDots(dotNumbers: "") == [])
        #expect(BrailleDots([.dot1, .dot8]).unicode == "\u{2881}")
    }

    @Test func rangeWithFocusedLowerHandleUsesBothColumns() {
        // 6 cells = 12 positions; lower at position 3 (right column of cell 1), upper at 8 (left of cell 4).
        let track = BrailleTrack(cells: 6, lower: 3, upper: 8, focused: .lower)
        #expect(unicode(track) == "⣀⣸⣤⣤⣆⣀")
        #expect(track.cells[1] == [.dot7, .dot4, .dot5, .dot6, .dot8])   // focused: whole right column
        #expect(track.cells[4] == [.dot2, .dot3, .dot7, .dot8])   // other: column without top dot, then plain track
    }

    @Test func focusMovesTheTallMark() {
        let track = BrailleTrack(cells: 6, lower: 3, upper: 8, focused: .upper)
        #expect(unicode(track) == "⣀⣰⣤⣤⣇⣀")
    }

    @Test func singleHandleIsAlwaysFocused() {
        #expect(unicode(BrailleTrack(cells: 4, lower: nil, upper: 0, focused: .lower)) == "⣇⣀⣀⣀")
        #expect(unicode(BrailleTrack(cells: 4, lower: nil, upper: 7, focused: .upper)) == "⣀⣀⣀⣸")
    }

    @Test func positionsAndRoutingFractions() {
        #expect(BrailleTrack.position(of: 0, cells: 10) == 0)
        #expect(BrailleTrack.position(of: 1, cells: 10) == 19)
        #expect(BrailleTrack.position(of: 0.5, cells: 10) == 10)
        #expect(BrailleTrack.position(of: .nan, cells: 10) == 0)
        #expect(BrailleTrack.fraction(routing: 0, cells: 10, currentPosition: 5) == 0)
        #expect(BrailleTrack.fraction(routing: 2, cells: 10, currentPosition: 5) == 4.0 / 19)
        #expect(BrailleTrack.fraction(routing: 2, cells: 10, currentPosition: 4) == 5.0 / 19)
        #expect(BrailleTrack.fraction(routing: 99, cells: 10, currentPosition: nil) == 18.0 / 19)
    }
}
