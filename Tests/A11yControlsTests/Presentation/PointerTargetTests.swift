import Testing
import A11yControls
import A11yOptions
@testable import A11yPresentation
import A11yTestSupport

/// Hit-testing: a cell of the frame to a value (`PointerTarget.fraction`) and back (where the
/// renderer draws a handle), horizontal left to right and right to left, upright; the stepper's
/// buttons; two controls on one screen (`ScreenComposer.hit`).
@Suite("Pointer targets: hit-testing")
struct PointerTargetTests {
    let formatter = DecimalFormatter(fractionDigits: nil)

    static let ltr = TrackLayout(), rtl = TrackLayout(direction: .rightToLeft), vertical = TrackLayout(orientation: .vertical)

    // MARK: PointerTarget.fraction

    @Test func leftToRightGrowsWithTheColumnAndClampsPastTheEnds() {
        let track = PointerTarget(.track, row: 1, column: 10, rows: 1, columns: 21, layout: Self.ltr)
        #expect(track.fraction(row: 1, column: 10) == 0)
        #expect(track.fraction(row: 1, column: 20) == 0.5)
        #expect(track.fraction(row: 1, column: 30) == 1)
        #expect(track.fraction(row: 1, column: 12) == 0.1)
        // Past the ends (a drag off the track), and off its row: the row does not matter.
        #expect(track.fraction(row: 1, column: 0) == 0)
        #expect(track.fraction(row: 1, column: -5) == 0)
        #expect(track.fraction(row: 1, column: 500) == 1)
        #expect(track.fraction(row: 40, column: 20) == 0.5)
        #expect(track.fraction(row: -3, column: 20) == 0.5)
    }

    @Test func rightToLeftHasTheMinimumOnTheRight() {
        let track = PointerTarget(.track, row: 1, column: 10, rows: 1, columns: 21, layout: Self.rtl)
        #expect(Self.rtl.isMirrored)
        #expect(track.fraction(row: 1, column: 10) == 1)
        #expect(track.fraction(row: 1, column: 30) == 0)
        #expect(track.fraction(row: 1, column: 20) == 0.5)
        #expect(abs(track.fraction(row: 1, column: 12) - 0.9) < 1e-12)
        #expect(track.fraction(row: 1, column: 0) == 1)
        #expect(track.fraction(row: 1, column: 99) == 0)
    }

    @Test func uprightHasTheMaximumAtTheTopAndIgnoresTheColumn() {
        let track = PointerTarget(.track, row: 3, column: 0, rows: 11, columns: 40, layout: Self.vertical)
        #expect(!Self.vertical.isMirrored)
        #expect(track.fraction(row: 3, column: 0) == 1)
        #expect(track.fraction(row: 13, column: 0) == 0)
        #expect(track.fraction(row: 8, column: 5) == 0.5)
        #expect(abs(track.fraction(row: 4, column: 39) - 0.9) < 1e-12)
        #expect(track.fraction(row: 0, column: 0) == 1)
        #expect(track.fraction(row: 50, column: 0) == 0)
        // The direction does not turn an upright track over.
        let rtlUpright = PointerTarget(.track, row: 3, column: 0, rows: 11, columns: 40, layout: TrackLayout(orientation: .vertical, direction: .rightToLeft))
        #expect(rtlUpright.fraction(row: 3, column: 0) == 1 && rtlUpright.fraction(row: 13, column: 0) == 0)
    }

    @Test func aOneCellTrackIsItsMinimum() {
        #expect(PointerTarget(.track, row: 0, column: 4, columns: 1).fraction(row: 0, column: 4) == 0)
        #expect(PointerTarget(.track, row: 0, column: 4, rows: 0, columns: 0).columns == 1)
    }

    @Test("property: in 0...1, exact at the ends, monotonic the way the layout says, one cell a step")
    func fractionProperty() {
        var random = SeededGenerator(seed: 0xF4AC_0001)
        for _ in 0..<2_000 {
            let layout = random.pick([Self.ltr, Self.rtl, Self.vertical, TrackLayout(orientation: .vertical, direction: .rightToLeft)])
            let rows = layout.orientation == .vertical ? Int.random(in: 2...60, using: &random) : Int.random(in: 1...4, using: &random)
            let columns = Int.random(in: 2...300, using: &random)
            let track = PointerTarget(.track, row: Int.random(in: 0...40, using: &random), column: Int.random(in: 0...40, using: &random),
                                      rows: rows, columns: columns, layout: layout)
            let upright = layout.orientation == .vertical
            let count = upright ? rows : columns
            func at(_ cell: Int, across: Int = 0) -> Double {
                upright ? track.fraction(row: track.row + cell, column: track.column + across)
                        : track.fraction(row: track.row + across, column: track.column + cell)
            }
            let growing = !(upright || layout.isMirrored)
            #expect(at(0) == (growing ? 0 : 1))
            #expect(at(count - 1) == (growing ? 1 : 0))
            var previous = at(-1)
            for cell in 0...count {
                let f = at(cell)
                #expect((0...1).contains(f))
                #expect(growing ? f >= previous : f <= previous)
                // Neighbouring cells are one cell's worth of the track apart.
                if cell > 0 && cell < count { #expect(abs(abs(f - previous) - 1 / Double(count - 1)) < 1e-9) }
                // Across the track, the fraction does not change.
                #expect(at(cell, across: Int.random(in: -5...5, using: &random)) == f)
                previous = f
            }
        }
    }

    @Test func containsMovedAndHandles() {
        let spans = [PointerTarget.HandleSpan(handle: .upper, cells: 12...12), .init(handle: .lower, cells: 11...12)]
        let track = PointerTarget(.track, row: 1, column: 5, rows: 2, columns: 10, layout: Self.ltr, handles: spans)
        #expect(track.contains(row: 1, column: 5) && track.contains(row: 2, column: 14))
        #expect(!track.contains(row: 0, column: 5) && !track.contains(row: 3, column: 5) && !track.contains(row: 1, column: 15) && !track.contains(row: 1, column: 4))
        // Where spans overlap, the last (the focused handle) is found.
        #expect(track.handle(atRow: 1, column: 12) == .lower)
        #expect(track.handle(atRow: 1, column: 11) == .lower)
        #expect(track.handle(atRow: 1, column: 13) == nil)
        // Moved down: a horizontal track's handle cells are columns and stay.
        let moved = track.moved(down: 7)
        #expect(moved.row == 8 && moved.handles == spans && moved.fraction(row: 8, column: 10) == track.fraction(row: 1, column: 10))
        // An upright track's handle cells are rows and move with it.
        let upright = PointerTarget(.track, row: 2, column: 0, rows: 5, columns: 10, layout: Self.vertical,
                                    handles: [.init(handle: .lower, cells: 4...4)])
        let uprightMoved = upright.moved(down: 3)
        #expect(uprightMoved.handle(atRow: 7, column: 1) == .lower && uprightMoved.handle(atRow: 4, column: 1) == nil)
        #expect(uprightMoved.fraction(row: 5, column: 0) == upright.fraction(row: 2, column: 0))
    }

    // MARK: ScreenRenderer's targets

    func slider(_ lower: Double, _ upper: Double, focus: Handle, layout: TrackLayout, configuration: RangeSliderConfiguration = RangeSliderConfiguration(),
                interacting: Bool = false) throws -> PresentedControl {
        var slider = try RangeSlider(configuration: configuration, selectedMinimum: lower, selectedMaximum: upper)
        _ = slider.apply(.focus(focus))
        if interacting { _ = slider.apply(.beginInteraction) }
        var presented = PresentedControl(slider, label: "Price", formatter: formatter, locale: .posix)
        presented.layout = layout
        return presented
    }

    /// The handle's fraction of the track (as the model sees it).
    func fraction(of handle: Handle, in control: PresentedControl) -> Double {
        control.handles.first { $0.handle == handle }!.fraction
    }

    @Test("horizontal, left to right and right to left: the drawn handle's column maps back to its value, and a press there is that handle",
          arguments: [TrackLayout(), TrackLayout(direction: .rightToLeft)])
    func horizontalRoundTrip(_ layout: TrackLayout) throws {
        var random = SeededGenerator(seed: layout.isMirrored ? 0xF4AC_0003 : 0xF4AC_0002)
        for _ in 0..<400 {
            var configuration = RangeSliderConfiguration()
            configuration.minValue = Double(Int.random(in: -500...500, using: &random))
            configuration.maxValue = configuration.minValue + Double(Int.random(in: 1...2_000, using: &random))
            let span = configuration.maxValue - configuration.minValue
            let a = configuration.minValue + Double.random(in: 0...1, using: &random) * span
            let b = configuration.minValue + Double.random(in: 0...1, using: &random) * span
            let width = Int.random(in: 20...200, using: &random)
            let interacting = random.chance(0.3)
            for focus in [Handle.lower, .upper] {
                let control = try slider(min(a, b), max(a, b), focus: focus, layout: layout, configuration: configuration, interacting: interacting)
                let frame = ScreenRenderer().frame(for: control, width: width)
                let tracks = frame.targets.filter { $0.kind == .track }
                try #require(tracks.count == 1)
                let track = tracks[0]
                #expect(track.layout == layout)
                #expect(track.contains(row: frame.cursor.row, column: frame.cursor.column))
                // The cursor sits on the focused handle as drawn: that column's value is the
                // handle's, to within half a column's worth (the drawing rounds to a column).
                let drawn = track.fraction(row: frame.cursor.row, column: frame.cursor.column)
                let oneColumn = 1 / Double(track.columns - 1)
                #expect(abs(drawn - fraction(of: focus, in: control)) <= oneColumn / 2 + 1e-9,
                        "\(layout.direction) width \(width) \(focus) at column \(frame.cursor.column): \(drawn) vs \(fraction(of: focus, in: control))")
                // A press there takes that handle.
                #expect(track.handle(atRow: frame.cursor.row, column: frame.cursor.column) == focus)
                // Every cell of every handle's span stands for a value within a few columns of it
                // (the focused handle is drawn two or three cells wide, kept inside the track).
                for span in track.handles {
                    for cell in span.cells {
                        #expect(abs(track.fraction(row: track.row, column: cell) - fraction(of: span.handle, in: control)) <= 2.5 * oneColumn + 1e-9)
                    }
                }
                // Right to left, the lower handle is drawn right of the upper one.
                if layout.isMirrored, control.handles.count == 2 {
                    let otherControl = try slider(min(a, b), max(a, b), focus: focus == .lower ? .upper : .lower, layout: layout,
                                                  configuration: configuration)
                    let other = ScreenRenderer().frame(for: otherControl, width: width).cursor.column
                    let lowerColumn = focus == .lower ? frame.cursor.column : other
                    let upperColumn = focus == .lower ? other : frame.cursor.column
                    #expect(lowerColumn >= upperColumn)
                }
            }
        }
    }

    @Test func rightToLeftPutsTheMinimumOnTheRight() throws {
        let control = try slider(0, 100, focus: .lower, layout: Self.rtl)
        let frame = ScreenRenderer().frame(for: control, width: 40)
        let track = try #require(frame.targets.first)
        // The lower handle, at 0, is at the track's right end; the upper, at 100, at its left end.
        #expect(frame.cursor.column >= track.column + track.columns - 2)
        #expect(track.handle(atRow: track.row, column: track.column) == .upper)
        #expect(track.fraction(row: track.row, column: track.column) == 1)
    }

    @Test("upright: the drawn handle's row maps back to its value, its value is written beside it, a press there is that handle")
    func verticalRoundTrip() throws {
        var random = SeededGenerator(seed: 0xF4AC_0004)
        for _ in 0..<300 {
            let a = Double(Int.random(in: 0...100, using: &random)), b = Double(Int.random(in: 0...100, using: &random))
            for focus in [Handle.lower, .upper] {
                let control = try slider(min(a, b), max(a, b), focus: focus, layout: Self.vertical, interacting: random.chance(0.3))
                let width = Int.random(in: 20...120, using: &random)
                let frame = ScreenRenderer().frame(for: control, width: width)
                let track = try #require(frame.targets.first { $0.kind == .track })
                #expect(track.layout.orientation == .vertical)
                #expect(track.rows == ScreenTheme().verticalTrackRows)
                #expect(track.contains(row: frame.cursor.row, column: frame.cursor.column))
                let oneRow = 1 / Double(track.rows - 1)
                let drawn = track.fraction(row: frame.cursor.row, column: 0)
                #expect(abs(drawn - fraction(of: focus, in: control)) <= oneRow / 2 + 1e-9, "\(focus) \(a) \(b) at row \(frame.cursor.row)")
                #expect(track.handle(atRow: frame.cursor.row, column: 1) == focus)
                // The value is written beside its row.
                let value = control.handles.first { $0.handle == focus }!.text.visual
                #expect(screenReaderText(frame.lines[frame.cursor.row]).contains(value))
                // The maximum is written above the track and the minimum below it.
                #expect(screenReaderText(frame.lines[track.row - 1]).contains("100"))
                #expect(screenReaderText(frame.lines[track.row + track.rows]).contains("0"))
            }
        }
    }

    @Test func theStepperPlusAndMinusLinesAreItsButtons() throws {
        for value in [1.0, 50, 99] {
            var configuration = StepperConfiguration()
            configuration.label = "Quantity"
            let stepper = try Stepper(configuration: configuration, value: value)
            let control = PresentedControl(stepper, formatter: formatter, locale: .posix)
            let frame = ScreenRenderer().frame(for: control, width: 40)
            let texts = frame.lines.map { screenReaderText($0) }
            let plusRow = try #require(texts.firstIndex { $0.hasPrefix("  +") })
            let minusRow = try #require(texts.firstIndex { $0.hasPrefix("  -") })
            let valueRow = try #require(texts.firstIndex { $0.drop { $0 == " " }.hasPrefix(String(Int(value))) })
            #expect(plusRow < valueRow && valueRow < minusRow)
            let plus = try #require(frame.targets.first { $0.kind == .increment })
            let minus = try #require(frame.targets.first { $0.kind == .decrement })
            #expect(frame.targets.count == 2)
            // The whole written line, from its first column.
            for column in 0..<texts[plusRow].count { #expect(plus.contains(row: plusRow, column: column)) }
            for column in 0..<texts[minusRow].count { #expect(minus.contains(row: minusRow, column: column)) }
            // The value's line and the label are no button.
            for row in [valueRow, 0] { #expect(!frame.targets.contains { $0.contains(row: row, column: 2) }) }
        }
    }

    // MARK: ScreenComposer.hit

    @Test("two controls (the showcase): a cell is the control drawn there, with its target moved to the frame's rows")
    func composerHit() throws {
        let renderer = ScreenRenderer()
        let range = try slider(10, 90, focus: .lower, layout: Self.ltr)
        var quantity = StepperConfiguration()
        quantity.label = "Quantity"
        let stepper = PresentedControl(try Stepper(configuration: quantity, value: 5), formatter: formatter, locale: .posix)
        for headLines in [0, 2] {
            var composer = ScreenComposer(controls: 2)
            composer.setHead(Array(repeating: "words", count: headLines))
            let first = renderer.controlFrame(range, width: 60, focused: true, quiet: false)
            let second = renderer.controlFrame(stepper, width: 60, focused: false, quiet: false)
            composer.setControl(0, first)
            composer.setControl(1, second)
            composer.setTail(renderer.tailLines(typing: nil, preview: nil))
            let lines = composer.frame.lines
            // The slider: its track, moved below the head.
            let track = try #require(first.targets.first)
            let hitTrack = try #require(composer.hit(row: headLines + track.row, column: track.column + 3))
            #expect(hitTrack.control == 0)
            #expect(hitTrack.target?.kind == .track && hitTrack.target?.row == headLines + track.row)
            #expect(composer.track(ofControl: 0)?.row == headLines + track.row)
            #expect(composer.track(ofControl: 1) == nil)
            // The slider's title line is the slider's, with no target.
            let title = try #require(composer.hit(row: headLines, column: 2))
            #expect(title.control == 0 && title.target == nil)
            // The stepper, after the blank line between them.
            let stepperStart = headLines + first.lines.count + 1
            #expect(lines[stepperStart - 1] == "")
            #expect(composer.hit(row: stepperStart - 1, column: 0) == nil)
            let plus = try #require(second.targets.first { $0.kind == .increment })
            let minus = try #require(second.targets.first { $0.kind == .decrement })
            let hitPlus = try #require(composer.hit(row: stepperStart + plus.row, column: 2))
            #expect(hitPlus.control == 1 && hitPlus.target?.kind == .increment && hitPlus.target?.row == stepperStart + plus.row)
            let hitMinus = try #require(composer.hit(row: stepperStart + minus.row, column: 0))
            #expect(hitMinus.control == 1 && hitMinus.target?.kind == .decrement)
            #expect(screenReaderText(lines[stepperStart + plus.row]).hasPrefix("  +"))
            #expect(screenReaderText(lines[stepperStart + minus.row]).hasPrefix("  -"))
            // The head, the tail and beyond the frame are no control's.
            if headLines > 0 { #expect(composer.hit(row: 0, column: 0) == nil) }
            #expect(composer.hit(row: lines.count - 1, column: 0) == nil)
            #expect(composer.hit(row: lines.count + 5, column: 0) == nil)
            #expect(composer.hit(row: -1, column: 0) == nil)
        }
    }
}

