import A11yTestSupport
import Testing

/// The model of a screen reader that reads a terminal by comparing its text (NVDA's rules), on
/// small screens made by hand: the judge of the remote presentation must itself be right.
@Suite struct DiffReaderReplayTests {
    typealias Screen = DiffReaderReplay.Screen
    let dmp = DiffReaderReplay(algorithm: .diffMatchPatch)
    let difflib = DiffReaderReplay(algorithm: .difflib)

    @Test func aLineRewrittenInPlaceIsHeardAsItsChangedCharactersOnly() {
        // "lower 11" → "lower 12": by characters only "2" is new, dropped as a typed character.
        let old = "price\nlower 11\nPress ? for help", new = "price\nlower 12\nPress ? for help"
        #expect(dmp.newText(old: old, new: new) == ["2"])
        #expect(difflib.newText(old: old, new: new) == ["2"])
        let heard = dmp.replay(from: Screen(text: old), [("Right", Screen(text: new))])
        #expect(heard[0].text.isEmpty)
    }

    @Test func twoCharactersOfNewTextAreDroppedAsTypingEcho() {
        let heard = dmp.replay(from: Screen(text: "value 9\n"), [("Right", Screen(text: "value 10\n"))])
        #expect(dmp.newText(old: "value 9\n", new: "value 10\n") == ["10"])
        #expect(heard[0].text.isEmpty)
        // After Tab the short-line filter is off.
        let tabbed = dmp.replay(from: Screen(text: "value 9\n"), [("Tab", Screen(text: "value 10\n"))])
        #expect(tabbed[0].text == ["10"])
    }

    @Test func aLineAddedBelowIsHeardWhole() {
        let old = "price\n\nlower 11\n", new = "price\n\nlower 11\nlower 12\n"
        #expect(dmp.newText(old: old, new: new) == ["lower 12"])
        #expect(difflib.newText(old: old, new: new) == ["lower 12"])
    }

    @Test func similarLinesMovedUpAreHeardAsFragmentsByCharacters() {
        // A log whose lines all move up a row: by characters, changing each line's last digit is
        // the shorter edit, so only the digits are new. (A presentation must not do this.)
        let old = "price\nlower 10\nlower 11\nlower 12\n\n", new = "price\nlower 11\nlower 12\nlower 13\n\n"
        #expect(dmp.newText(old: old, new: new) == ["1", "2", "3"])
        #expect(difflib.newText(old: old, new: new) == ["lower 13"])
        // The terminal's own scroll (the top line leaves, one is added below) keeps the order.
        let scrolled = "lower 10\nlower 11\nlower 12\nlower 13"
        #expect(dmp.newText(old: "price\nlower 10\nlower 11\nlower 12", new: scrolled) == ["lower 13"])
    }

    @Test func theSameLineAddedAgainIsHeardWholeNotTurned() {
        let old = "a\nlower, 100, end of track\n\n", new = "a\nlower, 100, end of track\nlower, 100, end of track\n\n"
        #expect(dmp.newText(old: old, new: new) == ["lower, 100, end of track"])
        #expect(difflib.newText(old: old, new: new) == ["lower, 100, end of track"])
    }

    @Test func severalChangedPlacesAreReadWithEverythingAfterTheFirstByLines() {
        // Two separate lines changed: Diff Match Patch's line comparison reads the inserted lines
        // and every line after the first change.
        let old = "one\ntwo\nthree\nfour\n", new = "one\nTWO\nthree\nFOUR\n"
        #expect(dmp.newText(old: old, new: new) == ["TWO", "three", "FOUR"])
        // Difflib reads the changed parts of similar lines, whole lines otherwise.
        #expect(difflib.newText(old: old, new: new) == ["TWO", "FOUR"])
    }

    @Test func difflibSpeaksTheChangedChunkOfASimilarLine() {
        let old = "status: lower 11 of 100\n", new = "status: lower 12 of 100\n"
        #expect(difflib.newText(old: old, new: new) == ["2"])
        let longer = "status: lower 9 of 100\n", next = "status: lower 10 of 100\n"
        // Lengths differ: from the first difference to the end of the line.
        #expect(difflib.newText(old: longer, new: next) == ["10 of 100"])
    }

    @Test func typedCharactersAreEchoedAndCaretKeysSpeakTheCharacterOrLine() {
        let start = Screen(lines: ["Copies", "  +", "", "Copies 2"], cursor: (0, 4))
        let after = Screen(lines: ["Copies", "  +", "", "Copies 2", "Copies 3"], cursor: (0, 5))
        let heard = dmp.replay(from: start, [("+", after)])
        #expect(heard[0].echo == ["+"])
        #expect(heard[0].text == ["Copies 3"])
        let moved = Screen(lines: ["abc", "def"], cursor: (1, 1))
        let caret = dmp.replay(from: moved, [("Left", moved), ("PageUp", moved), ("End", Screen(lines: ["abc", "def"], cursor: (9, 1)))])
        #expect(caret.map(\.echo) == [["e"], ["def"], [" "]])
        #expect(caret.allSatisfy { $0.text.isEmpty })
    }

    @Test func aWholeFrameDrawnAgainBelowIsReadWhole() {
        // TERM=dumb: the frame printed again under the old one.
        let frame = "price\nlower 11, upper 90\nPress ? for help."
        let next = "price\nlower 12, upper 90\nPress ? for help."
        let heard = dmp.replay(from: Screen(text: frame), [("Right", Screen(text: frame + "\n" + next))])
        #expect(heard[0].text == ["price", "lower 12, upper 90", "Press ? for help."])
    }

    @Test func aBlankInsertionIsNotHeard() {
        #expect(dmp.newText(old: "a\nb", new: "a\n   \nb").isEmpty)
        #expect(difflib.newText(old: "a\nb", new: "a\n   \nb").isEmpty)
    }

    @Test func aLineLeavingTheTopIsNotHeard() {
        // The terminal scrolls: "21" leaves the top. However the comparison splits that deletion,
        // what a deletion and an insertion share at their ends is not new.
        let old = "21\n22\n23\nlower, 7\n", new = "22\n23\nlower, 7\nlower, 8\n"
        #expect(dmp.newText(old: old, new: new) == ["lower, 8"])
        #expect(difflib.newText(old: old, new: new) == ["lower, 8"])
    }
}
