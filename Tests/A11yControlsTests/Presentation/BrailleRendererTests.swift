import Testing
import A11yControls
import A11yOptions
import A11yTestSupport

@Suite struct BrailleRendererTests {
    let formatter = DecimalFormatter(fractionDigits: nil)

    @Test func rangeSliderAt20Cells() {
        // 8 track cells = 16 positions: 10 -> position 2 (left column of cell 1), 90 -> 14 (cell 7).
        let frame = BrailleRenderer().frame(for: .priceSlider(), width: 20)
        #expect(frame.preview == "Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90")
        #expect(frame.text == "Price 10" + String(repeating: " ", count: 10) + "90")
        #expect(frame.cursor == 10)
        #expect(frame.routing[0] == .status)
        #expect(frame.routing[6] == .handle(.lower) && frame.routing[7] == .handle(.lower))
        #expect(frame.routing[18] == .handle(.upper))
        #expect(frame.routing[9] == .track(0 / 15))
        #expect(frame.routing[10] == .track(3.0 / 15))   // the handle's own cell: its other column
        #expect(frame.routing[16] == .track(14.0 / 15))
    }

    /// A rendered line keeps its text as bytes too (for its windows): a line with the same
    /// cells is equal to it, and a line whose text was set anew shows that text.
    @Test func aLineIsItsCellsWhateverItKeepsBeside() {
        let line = BrailleRenderer().line(for: .priceSlider(), width: 20)
        var rebuilt = line
        rebuilt.text = line.text  // drops the bytes kept beside the text
        #expect(rebuilt == line)
        #expect(rebuilt.window(at: 0, width: 20) == line.window(at: 0, width: 20))
        var changed = line
        changed.text[0] = "p"
        #expect(changed != line)
        #expect(changed.window(at: 0, width: 20).text.hasPrefix("price 10"))
    }

    /// A label beyond ASCII (the line is kept as characters from its first such cell): the same
    /// cells, windows, routing and trimming as an ASCII one, and equal to itself rebuilt.
    @Test func aLabelBeyondASCIIIsLaidOutAsAnASCIIOne() {
        var configuration = RangeSliderConfiguration()
        configuration.disableRange = false
        let slider = try! RangeSlider(configuration: configuration)
        let wide = PresentedControl(slider, label: "Größe", formatter: formatter, locale: .posix)
        let plain = PresentedControl(slider, label: "Grsse", formatter: formatter, locale: .posix)
        let renderer = BrailleRenderer()
        for width in [12, 20, 40] {
            let line = renderer.line(for: wide, width: width), ascii = renderer.line(for: plain, width: width)
            #expect(line.count == ascii.count && line.dots == ascii.dots && line.routing == ascii.routing)
            #expect(String(line.text) == String(ascii.text).replacingOccurrences(of: "Grsse", with: "Größe"))
            for offset in [0, 3, line.homeOffset] {
                let window = line.window(at: offset, width: width), asciiWindow = ascii.window(at: offset, width: width)
                #expect(window.text.count == width && window.dots == asciiWindow.dots && window.cursor == asciiWindow.cursor)
            }
            var rebuilt = line
            rebuilt.text = line.text
            #expect(rebuilt == line && rebuilt != ascii)
        }
        #expect(renderer.frame(for: wide, width: 40).text.hasPrefix("Größe 10 "))
        #expect(!renderer.frame(for: wide, width: 40).text.hasSuffix("  "))  // trimmed: the upper value ends the line
    }

    /// A frame is one shared box: copies are equal, a frame built again from the same cells is
    /// equal, and setting a field changes that copy only.
    @Test func aFrameIsAValueWhateverItsBox() {
        let frame = BrailleRenderer().frame(for: .priceSlider(), width: 20)
        let rebuilt = BrailleFrame(text: frame.text, dots: frame.dots, routing: frame.routing, cursor: frame.cursor,
                                   offset: frame.offset, canPanLeft: frame.canPanLeft, canPanRight: frame.canPanRight)
        #expect(rebuilt == frame)
        var moved = frame
        moved.cursor = (frame.cursor ?? 0) + 1
        #expect(moved != frame)
        #expect(moved.cursor == (frame.cursor ?? 0) + 1 && frame.cursor != moved.cursor)
        #expect(moved.text == frame.text && moved.dots == frame.dots && moved.offset == frame.offset)
        var panned = frame
        panned.canPanRight.toggle()
        #expect(panned != frame && panned.canPanRight != frame.canPanRight)
    }

    @Test func focusedUpperHandleIsTheTallMark() {
        let frame = BrailleRenderer().frame(for: .priceSlider(focus: .upper), width: 20)
        #expect(frame.preview == "Price 10 ⣀⣦⣤⣤⣤⣤⣤⣇ 90")
        #expect(frame.cursor == 16)
    }

    @Test func halfCellPositionsUseTheRightColumn() {
        // 15 -> 0.15 * 15 = 2.25 -> position 2; 20 -> 3 (right column of cell 1).
        #expect(BrailleRenderer().frame(for: .priceSlider(lower: 20), width: 20).preview == "Price 20 ⣀⣸⣤⣤⣤⣤⣤⣆ 90")
    }

    @Test func rangeSliderAt40Cells() {
        // 28 track cells = 56 positions: 10 -> 5.5 -> 6 (cell 3 left), 90 -> 49.5 -> 50 (cell 25 left).
        let frame = BrailleRenderer().frame(for: .priceSlider(), width: 40)
        #expect(frame.preview == "Price 10 ⣀⣀⣀⣧" + String(repeating: "⣤", count: 21) + "⣆⣀⣀ 90")
        #expect(frame.dots.count == 40 && frame.text.count == 40)
        #expect(!frame.canPanLeft && !frame.canPanRight)
    }

    @Test func rangeSliderAt80Cells() {
        // 68 track cells = 136 positions: 10 -> 13.5 -> 14 (cell 7 left), 90 -> 121.5 -> 122 (cell 61 left).
        let frame = BrailleRenderer().frame(for: .priceSlider(), width: 80)
        #expect(frame.preview == "Price 10 " + String(repeating: "⣀", count: 7) + "⣧" + String(repeating: "⣤", count: 53)
                + "⣆" + String(repeating: "⣀", count: 6) + " 90")
        #expect(frame.cursor == 9 + 7)
        #expect(frame.routing[9 + 61] == .track(122.0 / 135))   // the upper handle's cell: its left position
    }

    @Test func oneHandleSlider() {
        // 11 track cells = 22 positions: 50 -> 10.5 -> 11, the right column of cell 5.
        let frame = BrailleRenderer().frame(for: .priceSlider(upper: 50, single: true), width: 20)
        #expect(frame.preview == "Price 50 ⣀⣀⣀⣀⣀⣸⣀⣀⣀⣀⣀")
    }

    @Test func stepperShowsWhatTheKeysCanDo() {
        #expect(BrailleRenderer().frame(for: .stepper(at: 5), width: 20).preview == "value 5 -+ ⣸⣀⣀⣀⣀⣀⣀⣀⣀")
        #expect(BrailleRenderer().frame(for: .stepper(at: 1), width: 20).preview == "value 1  + ⣇⣀⣀⣀⣀⣀⣀⣀⣀")
        #expect(BrailleRenderer().frame(for: .stepper(at: 99), width: 20).preview == "value 99 -  ⣀⣀⣀⣀⣀⣀⣀⣸")
        let frame = BrailleRenderer().frame(for: .stepper(at: 5), width: 40)
        #expect(frame.cursor == 6)
        #expect(frame.preview.hasPrefix("value 5 -+ ⣀⣇⣀"))
    }

    @Test func smallDisplaysPanToTheLabel() {
        let line = BrailleRenderer().line(for: .priceSlider(), width: 12)
        let home = line.window(at: line.homeOffset, width: 12)
        #expect(home.preview == "10 ⣸⣤⣤⣤⣤⣆ 90")
        #expect(home.canPanLeft && !home.canPanRight)
        let left = line.window(at: line.panned(from: line.homeOffset, width: 12, right: false), width: 12)
        #expect(left.offset == 0)
        #expect(left.preview.hasPrefix("Price 10 "))
        #expect(left.cursor == nil || left.cursor! < 12)
    }
}
