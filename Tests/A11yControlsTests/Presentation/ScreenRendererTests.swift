import Testing
import A11yControls
import A11yOptions
import A11yTestSupport

@Suite struct ScreenRendererTests {
    @Test func sliderReadsAsWordsAndTheCursorSitsOnTheFocusedHandle() {
        let frame = ScreenRenderer().frame(for: .priceSlider(), width: 40)
        #expect(frame.lines.count == 2)
        #expect(screenReaderText(frame.lines[0]) == "Price: 10 to 90")
        // "10 " then a 33-column track, then " 90": 10% of 32 -> column 3, 90% -> 28.8 -> 29.
        let track = screenReaderText(frame.lines[1])
        #expect(track.hasPrefix("10 ") && track.hasSuffix(" 90") && track.count == 39)
        #expect(track.dropFirst(3).dropLast(3).allSatisfy { $0 == " " })   // nothing decorative to read aloud
        #expect(frame.cursor.row == 1 && frame.cursor.column == 3 + 3)
        let upper = ScreenRenderer().frame(for: .priceSlider(focus: .upper), width: 40)
        #expect(upper.cursor.column == 3 + 29)
    }

    @Test func colourDrawsTheSelectionAndTheFocusedHandle() {
        let line = ScreenRenderer().frame(for: .priceSlider(), width: 40).lines[1]
        #expect(line.contains("\u{1B}[44m"))       // between the handles
        #expect(line.contains("\u{1B}[1;47m"))     // the focused handle, bold
        #expect(line.contains("\u{1B}[100m"))      // the track outside
    }

    /// TTRangeSlider's minLabelColour and maxLabelColour belong to the values, not to the sides:
    /// right to left, the lower value stands at the right end in its own colour; upright, each
    /// handle's value and the end it belongs to keep theirs.
    @Test("label colours follow the lower and upper values in every direction and orientation")
    func labelColoursFollowTheValues() {
        var theme = ScreenTheme()
        theme.lowerLabelColor = "31"
        theme.upperLabelColor = "32"
        let renderer = ScreenRenderer(theme: theme)
        var control = PresentedControl.priceSlider()
        for direction in [TrackLayout.Direction.leftToRight, .rightToLeft] {
            control.layout = TrackLayout(direction: direction)
            let track = renderer.frame(for: control, width: 40).lines[1]
            #expect(track.contains("\u{1B}[31m10\u{1B}[") && track.contains("\u{1B}[32m90\u{1B}["), "\(direction)")
            let ten = track.range(of: "10")!.lowerBound, ninety = track.range(of: "90")!.lowerBound
            #expect((ten < ninety) == (direction == .leftToRight), "\(direction)")
        }
        control.layout = TrackLayout(orientation: .vertical)
        let lines = renderer.frame(for: control, width: 40).lines
        for (value, colour) in [("10", "31"), ("90", "32"), ("100", "32"), ("0", "31")] {
            #expect(lines.contains { $0.contains("\u{1B}[\(colour)m\(value)\u{1B}[") }, "\(value)")
        }
    }

    @Test func noColorUsesAttributesOnlyAndDumbTerminalsGetPlainText() {
        let noColor = ScreenRenderer(theme: .standard(environment: ["NO_COLOR": "1"])).frame(for: .priceSlider(), width: 40)
        #expect(!noColor.lines.joined().contains("[44m") && noColor.lines[1].contains("\u{1B}[7m"))
        let dumb = ScreenRenderer(theme: .standard(environment: ["TERM": "dumb"])).frame(for: .priceSlider(), width: 40)
        #expect(dumb.lines == ["Price: 10 to 90"])
        #expect(!dumb.lines.joined().contains("\u{1B}"))
        #expect(ScreenTheme.standard(environment: ["NO_COLOR": ""]).usesColor)   // empty NO_COLOR is unset
    }

    @Test func stepperIsVerticalWithDisabledKeysNamed() {
        #expect(ScreenRenderer(theme: .standard(environment: ["TERM": "dumb"])).frame(for: .stepper(at: 5), width: 40).lines
                == ["value", "  +", "  5", "  -"])
        let bottom = ScreenRenderer(theme: .standard(environment: ["TERM": "dumb"])).frame(for: .stepper(at: 1), width: 40)
        #expect(bottom.lines == ["value", "  +", "  1", "  - (at minimum)"])
        #expect(bottom.cursor == (row: 2, column: 2))
        let top = ScreenRenderer().frame(for: .stepper(at: 99), width: 40)
        #expect(top.lines[1] == "  \u{1B}[2m+ (at maximum)\u{1B}[0m")
    }

    @Test func themeOptionsShapeTheTrack() {
        var theme = ScreenTheme()
        theme.lineThickness = 3
        theme.labelsBelow = true
        theme.handleGlyph = "#"
        theme.handleBorder = true
        let frame = ScreenRenderer(theme: theme).frame(for: .priceSlider(), width: 40)
        #expect(frame.lines.count == 4)
        #expect(screenReaderText(frame.lines[3]) == "Price: 10 to 90")
        #expect(screenReaderText(frame.lines[1]).contains("[##]"))
        #expect(frame.cursor.row == 1)
    }

    @Test func screenOutputRewritesOnlyChangedLinesAndCutsToTheWidth() {
        var written: [String] = []
        let output = ScreenOutput(columns: 20) { written.append($0) }
        output.show(ScreenFrame(lines: ["one", "two"], cursor: (1, 2)))
        output.show(ScreenFrame(lines: ["one", "TWO"], cursor: (1, 0)))
        #expect(!written[1].contains("one") && written[1].contains("TWO\u{1B}[K"))
        output.show(ScreenFrame(lines: ["one", String(repeating: "x", count: 30)], cursor: (0, 0)))
        #expect(written[2].contains(String(repeating: "x", count: 19) + "\u{1B}[0m") && !written[2].contains(String(repeating: "x", count: 20)))
        // The same frame again: no line is written, only the cursor placed; one write per frame.
        let count = written.count
        output.show(ScreenFrame(lines: ["one", String(repeating: "x", count: 30)], cursor: (0, 0)))
        #expect(written.count == count + 1 && !written[count].contains("one") && !written[count].contains("x"))
        output.erase()
        #expect(written.last?.hasSuffix("\r\u{1B}[J") == true)
    }

    /// A frame made ready ahead (a key's forecast) is written exactly as if it were worked out
    /// when shown; made ready before the screen changed (another frame shown, a resize, the
    /// screen forgotten), it is worked out again. Lines are made safe for the terminal either way.
    @Test func screenOutputWritesAFrameMadeReadyAsItWouldHaveWorkedItOut() {
        let first = ScreenFrame(lines: ["Price: 10 to 90", "[#]---", "hint"], cursor: (1, 1))
        let right = ScreenFrame(lines: ["Price: 11 to 90", "-[#]--", "hint"], cursor: (1, 2))
        let left = ScreenFrame(lines: ["Price: 9 to 90", "[#]---", "hint \u{1B}[2Jcleared?"], cursor: (1, 0))
        var plainWrites: [String] = []
        let plain = ScreenOutput(columns: 20) { plainWrites.append($0) }
        var readyWrites: [String] = []
        let ready = ScreenOutput(columns: 20) { readyWrites.append($0) }
        plain.show(first)
        ready.show(first)
        ready.prepare([right, left])
        plain.show(left)
        ready.show(left)
        #expect(readyWrites == plainWrites)
        #expect(readyWrites.last?.contains("\u{1B}[2J") == false && readyWrites.last?.contains("hint cleared?") == true)
        // Made ready for the screen as it was before `left`: stale now, worked out again.
        plain.show(right)
        ready.show(right)
        #expect(readyWrites == plainWrites)
        for change in [{ (output: ScreenOutput) in output.invalidate() }, { $0.columns = 12 }] {
            ready.prepare([left])
            change(ready)
            change(plain)
            plain.show(left)
            ready.show(left)
            #expect(readyWrites.last == plainWrites.last)
        }
    }

    /// Words added for a reader on another machine (`ScreenFrame.history`): the earlier words stay
    /// above, blank lines are inserted below them and only the new words are written, so at every
    /// point of the write (a slow link may cut it anywhere) the screen's text has only gained the
    /// words or blank lines. Under TERM=dumb only the words are printed.
    @Test func addedWordsAreTheOnlyTextWritten() {
        var written: [String] = []
        let output = ScreenOutput(columns: 40) { written.append($0) }
        output.show(ScreenFrame(lines: ["lower, 11", "────", "price", "", "Press ? for help.", ""], cursor: (5, 0)))
        var next = ScreenFrame(lines: ["lower, 12", "────", "price", "", "Press ? for help.", ""], cursor: (5, 0))
        next.history = 1
        next.words = 1
        output.show(next)
        let bytes = written[1]
        // Room made below (a newline), blank lines inserted under the history (CSI 1 L).
        #expect(bytes.contains("\n") && bytes.contains("\u{1B}[1L"), "\(bytes.debugDescription)")
        var text = bytes
        while let range = text.range(of: "\u{1B}\\[[0-9;]*[A-Za-z]", options: .regularExpression) { text.removeSubrange(range) }
        #expect(text.filter { $0 != "\r" && $0 != "\n" } == "lower, 12", "\(bytes.debugDescription)")
        // The frame below stands where it stood, one row lower: another key rewrites nothing else.
        var third = ScreenFrame(lines: ["lower, 13", "────", "price", "", "Press ? for help.", ""], cursor: (5, 0))
        third.history = 1
        third.words = 1
        output.show(third)
        text = written[2]
        while let range = text.range(of: "\u{1B}\\[[0-9;]*[A-Za-z]", options: .regularExpression) { text.removeSubrange(range) }
        #expect(text.filter { $0 != "\r" && $0 != "\n" } == "lower, 13")

        var dumbWrites: [String] = []
        let dumb = ScreenOutput(columns: 40, movesCursor: false) { dumbWrites.append($0) }
        dumb.show(ScreenFrame(lines: ["lower, 11", "", "price", ""], cursor: (3, 0)))
        var more = ScreenFrame(lines: ["lower, 12", "", "price", ""], cursor: (3, 0))
        more.history = 1
        more.words = 1
        dumb.show(more)
        #expect(dumbWrites == ["lower, 11\r\n\r\nprice\r\n\r\n", "lower, 12\r\n"])
    }

    /// With `synchronizes` (the added words) every write, a frame made ready ahead and the last
    /// words left at the end too, is one synchronized update (mode 2026), so a terminal that knows
    /// the mode draws a frame a slow link cut only once all of it came; under TERM=dumb (no
    /// escapes) nothing is added.
    @Test func addedWordsAreWrittenAsSynchronizedUpdates() {
        var written: [String] = []
        let output = ScreenOutput(columns: 40, synchronizes: true) { written.append($0) }
        output.show(ScreenFrame(lines: ["lower, 11", "────", "price", ""], cursor: (0, 3)))
        var next = ScreenFrame(lines: ["lower, 12", "────", "price", ""], cursor: (0, 3))
        next.history = 1
        next.words = 1
        output.prepare([next])
        output.show(next)
        output.erase(leaving: "cancelled")
        #expect(written.count == 3)
        for bytes in written {
            #expect(bytes.hasPrefix("\u{1B}[?2026h") && bytes.hasSuffix("\u{1B}[?2026l"), "\(bytes.debugDescription)")
            #expect(bytes.components(separatedBy: "\u{1B}[?2026").count == 3, "\(bytes.debugDescription)")
        }
        var plain: [String] = []
        let unsynchronized = ScreenOutput(columns: 40) { plain.append($0) }
        unsynchronized.show(ScreenFrame(lines: ["lower, 11", "────", "price", ""], cursor: (0, 3)))
        #expect(plain.count == 1 && !plain[0].contains("2026"))
        var dumbWrites: [String] = []
        let dumb = ScreenOutput(columns: 40, movesCursor: false, synchronizes: true) { dumbWrites.append($0) }
        dumb.show(ScreenFrame(lines: ["lower, 11", "", "price", ""], cursor: (3, 0)))
        #expect(dumbWrites == ["lower, 11\r\n\r\nprice\r\n\r\n"])
    }

    /// With added words, a window made narrower than a line on screen (the terminal may have
    /// rewrapped it, moving the rows above the cursor) starts the frame again from the cursor's
    /// line, its words as blank lines, nothing moved up into the old frame; the next key's words
    /// go in above the controls as before, and the blank lines go up as history. Narrower but
    /// not narrower than any line: redrawn in place, as without added words.
    @Test func aNarrowerWindowStartsAddedWordsAgainBelow() {
        var written: [String] = []
        let output = ScreenOutput(columns: 80, synchronizes: true) { written.append($0) }
        var first = ScreenFrame(lines: ["upper, horizontal slider, 90, from 11", "to 100", "────", "price", "Press ? for help.", ""],
                                cursor: (5, 0))
        first.words = 2
        output.show(first)
        func text(_ bytes: String) -> String {
            var text = bytes
            while let range = text.range(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", options: .regularExpression) { text.removeSubrange(range) }
            return text
        }
        output.columns = 38  // no line is wider: redrawn in place, from the frame's first row
        output.invalidate()
        output.show(first)
        #expect(written.last?.contains("\u{1B}[5A\rupper, horizontal slider, 90, from 11") == true, "\(written.last.map { $0.debugDescription } ?? "")")
        output.columns = 30
        output.invalidate()
        output.show(first)
        let again = written.last ?? ""
        // From the cursor's line down (room made below it, then back up to it: no higher), the
        // words left out, the rest written.
        #expect(again.hasPrefix("\u{1B}[?2026h\r\n\n\n\n\n\u{1B}[5A\r\u{1B}[K"), "\(again.debugDescription)")
        #expect(!text(again).contains("upper") && !text(again).contains("to 100"), "\(again.debugDescription)")
        #expect(text(again).contains("price") && text(again).contains("Press ? for help."), "\(again.debugDescription)")
        // The next key's frame made ready ahead changes nothing shown: the same frame again
        // writes no words; then the next key: only its words are written.
        var next = ScreenFrame(lines: ["upper, 89", "────", "price", "Press ? for help.", ""], cursor: (4, 0))
        next.history = 2
        next.words = 1
        output.prepare([next])
        output.invalidate()
        output.show(first)
        #expect(!text(written.last ?? "").contains("upper") && !text(written.last ?? "").contains("to 100"),
                "\(written.last.map { $0.debugDescription } ?? "")")
        output.show(next)
        #expect(text(written.last ?? "").filter { $0 != "\r" && $0 != "\n" } == "upper, 89", "\(written.last.map { $0.debugDescription } ?? "")")
    }

    /// The cursor goes up and down by counts, and right to the focused column (cut to the width).
    @Test func screenOutputMovesTheCursorByCounts() {
        var written: [String] = []
        let output = ScreenOutput(columns: 20) { written.append($0) }
        let lines = (0..<12).map { "line \($0)" }
        output.show(ScreenFrame(lines: lines, cursor: (0, 15)))
        #expect(written.last?.hasSuffix("\u{1B}[11A\r\u{1B}[15C") == true, "\(written.last.map { $0.debugDescription } ?? "")")
        output.show(ScreenFrame(lines: lines, cursor: (10, 130)))
        #expect(written.last == "\u{1B}[10B\r\u{1B}[19C")
    }

    /// Lines longer than the width lose the characters past it, never an escape sequence (the
    /// colours after the cut still end), ASCII lines and others alike.
    @Test func screenOutputCutsStyledLinesKeepingTheirEscapes() {
        for first in ["a", "é", "👍🏽"] {
            var written: [String] = []
            let output = ScreenOutput(columns: 10) { written.append($0) }
            output.show(ScreenFrame(lines: ["\u{1B}[1m\(first)b\u{1B}[0m\u{1B}[44mcdefghijkl\u{1B}[0mmn"], cursor: (0, 0)))
            #expect(written.last?.contains("\r\u{1B}[1m\(first)b\u{1B}[0m\u{1B}[44mcdefghi\u{1B}[0m\u{1B}[0m\u{1B}[K") == true,
                    "\(first): \(written.last.map { $0.debugDescription } ?? "nothing")")
            // Exactly as many visible characters as the width: as it is.
            output.show(ScreenFrame(lines: ["\u{1B}[1m\(first)b\u{1B}[0mcdefghi"], cursor: (0, 0)))
            #expect(written.last?.contains("\r\u{1B}[1m\(first)b\u{1B}[0mcdefghi\u{1B}[K") == true)
        }
    }
}
