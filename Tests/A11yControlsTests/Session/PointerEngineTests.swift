import Testing
@testable import A11yControls
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
import A11yTestSupport

/// The engine fed mouse reports as bytes, at chosen times on the manual clock: presses, drags,
/// releases and the wheel on a slider's track (left to right, right to left, upright) and on a
/// stepper's buttons; where the frame stands on the terminal.
@Suite("Engine: the pointer")
struct PointerEngineTests {
    func ms(_ n: Int) -> Duration { .milliseconds(n) }

    // MARK: Building

    static func sliderPanel(_ configure: (inout RangeSliderConfiguration) -> Void = { _ in }, lower: Double = 10, upper: Double = 90,
                            layout: TrackLayout = TrackLayout()) throws -> ControlPanel {
        var configuration = RangeSliderConfiguration()
        configure(&configuration)
        var panel = try ControlPanel(slider: RangeSlider(configuration: configuration, selectedMinimum: lower, selectedMaximum: upper), label: "Price")
        panel.setLayout(layout)
        return panel
    }

    static func stepperPanel(value: Double = 1, initialDelay: Double = 0.4, interval: Double = 0.1) throws -> ControlPanel {
        var configuration = StepperConfiguration()
        configuration.label = "Quantity"
        configuration.autoRepeatSchedule = AutoRepeatSchedule(initialDelay: initialDelay, interval: interval)
        return try ControlPanel(stepper: Stepper(configuration: configuration, value: value))
    }

    /// An engine that has drawn its first frame (so the pointer has targets).
    static func engine(_ panels: [ControlPanel], width: Int = 60, locates: Bool = false) -> ControlEngine {
        // Keys as scripted input: each press one step (the pointer's holds know their release).
        var engine = ControlEngine(panels: panels, locale: .posix, holdDetection: .none, screenWidth: width)
        engine.locatesScreen = locates
        _ = engine.send(.start, at: .zero)
        return engine
    }

    /// The bytes a terminal sends for `button` `kind` on cell `row`, `column` of the frame (from 0),
    /// the frame's first line on the terminal's row `origin` (from 1).
    static func report(_ button: PointerEvent.Button, _ kind: PointerEvent.Kind, row: Int, column: Int, origin: Int = 1) -> [UInt8] {
        Array(PointerEvent(button, kind, column: column + 1, row: row + origin).report.utf8)
    }

    static func values(_ engine: ControlEngine, _ panel: Int = 0) -> [Double] { engine.panels[panel].values }

    /// Presses the left button where the focused handle is drawn (the cursor's cell): the handle
    /// is grabbed without moving.
    @discardableResult
    static func pressOnFocusedHandle(_ engine: inout ControlEngine, at time: Duration) -> [EngineEffect] {
        let cursor = engine.screen.frame.cursor
        return engine.send(.bytes(report(.left, .press, row: cursor.row, column: cursor.column)), at: time)
    }

    /// Drags along `track` to the column that stands for `fraction`; returns the words said.
    static func drag(_ engine: inout ControlEngine, to fraction: Double, on track: PointerTarget, at time: Duration) -> [String] {
        engine.send(.bytes(report(.left, .drag, row: track.row, column: column(for: fraction, on: track))), at: time).utterances.map(\.text)
    }

    /// The column of `track` that stands for `fraction` (a horizontal track).
    static func column(for fraction: Double, on track: PointerTarget) -> Int {
        let f = track.layout.isMirrored ? 1 - fraction : fraction
        return track.column + Int((f * Double(track.columns - 1)).rounded())
    }

    /// A column of `track` no handle is drawn on, nearest `fraction`.
    static func freeColumn(near fraction: Double, on track: PointerTarget) -> Int {
        let wanted = column(for: fraction, on: track)
        let free = (track.column..<track.column + track.columns).filter { track.handle(atRow: track.row, column: $0) == nil }
        return free.min { abs($0 - wanted) < abs($1 - wanted) }!
    }

    /// The first row of the frame where the pointer finds a target of `kind` (a stepper's button).
    static func row(of kind: PointerTarget.Kind, in engine: ControlEngine) throws -> Int {
        try #require(engine.screen.frame.lines.indices.first { engine.screen.hit(row: $0, column: 2)?.target?.kind == kind })
    }

    static func track(_ engine: ControlEngine, _ panel: Int = 0) throws -> PointerTarget {
        try #require(engine.screen.track(ofControl: panel))
    }

    // MARK: A stepper's + held

    @Test("a held +: a step at the press, then at the delay and every interval; after the release at T, no step after T")
    func heldPlusReleases() throws {
        var engine = Self.engine([try Self.stepperPanel(value: 1)])
        let plus = try Self.row(of: .increment, in: engine)
        let effects = engine.send(.bytes(Self.report(.left, .press, row: plus, column: 2)), at: ms(0))
        #expect(Self.values(engine) == [2])
        #expect(effects.utterances.map(\.text) == ["2"])
        #expect(engine.nextDeadline == ms(400))
        _ = engine.send(.tick, at: ms(399))
        #expect(Self.values(engine) == [2])
        _ = engine.send(.tick, at: ms(400))
        #expect(Self.values(engine) == [3])
        #expect(engine.panels[0].isInteracting)
        #expect(engine.nextDeadline == ms(500))
        _ = engine.send(.tick, at: ms(500))
        _ = engine.send(.tick, at: ms(600))
        #expect(Self.values(engine) == [5])
        // The release at 650: nothing more, however long the loop then sleeps.
        let released = engine.send(.bytes(Self.report(.left, .release, row: plus, column: 2)), at: ms(650))
        #expect(released.utterances.isEmpty)
        #expect(Self.values(engine) == [5])
        #expect(!engine.panels[0].isInteracting)
        #expect(engine.nextDeadline == nil)
        for t in [700, 701, 1_000, 5_000, 60_000] { _ = engine.send(.tick, at: ms(t)) }
        #expect(Self.values(engine) == [5])
    }

    @Test("a held + released between ticks: the steps due before the release are taken, none after")
    func releaseCatchesUpThenStops() throws {
        var engine = Self.engine([try Self.stepperPanel(value: 1)])
        let plus = try Self.row(of: .increment, in: engine)
        _ = engine.send(.bytes(Self.report(.left, .press, row: plus, column: 3)), at: ms(0))
        // The loop slept through the steps at 400, 500 and 600; the release comes at 650.
        _ = engine.send(.bytes(Self.report(.left, .release, row: plus, column: 3)), at: ms(650))
        #expect(Self.values(engine) == [5])
        _ = engine.send(.tick, at: ms(10_000))
        #expect(Self.values(engine) == [5])
        #expect(engine.nextDeadline == nil)
    }

    @Test("a held - steps down to the minimum and stops there, saying the end once")
    func heldMinusStopsAtTheMinimum() throws {
        var engine = Self.engine([try Self.stepperPanel(value: 3)])
        let minus = try Self.row(of: .decrement, in: engine)
        var said: [String] = []
        said += engine.send(.bytes(Self.report(.left, .press, row: minus, column: 2)), at: ms(0)).utterances.map(\.text)
        for t in stride(from: 100, through: 2_000, by: 100) { said += engine.send(.tick, at: ms(t)).utterances.map(\.text) }
        #expect(Self.values(engine) == [1])
        #expect(said.count == 2, "\(said)")
        #expect(engine.nextDeadline == nil)
        _ = engine.send(.bytes(Self.report(.left, .release, row: minus, column: 2)), at: ms(2_100))
        #expect(!engine.panels[0].isInteracting)
    }

    @Test("a held + and the input ends: the session ends, nothing steps after, the hold is over")
    func heldPlusThenEndOfInput() throws {
        var engine = Self.engine([try Self.stepperPanel(value: 1)])
        let plus = try Self.row(of: .increment, in: engine)
        _ = engine.send(.bytes(Self.report(.left, .press, row: plus, column: 2)), at: ms(0))
        _ = engine.send(.tick, at: ms(400))
        #expect(Self.values(engine) == [3])
        let effects = engine.send(.endOfInput, at: ms(450))
        #expect(effects.contains(.finish(.cancelled)))
        #expect(engine.outcome == .cancelled)
        let before = Self.values(engine)
        for t in [500, 600, 1_000, 10_000] { _ = engine.send(.tick, at: ms(t)) }
        #expect(Self.values(engine) == before, "a held button stepped after the session ended")
        #expect(!engine.panels[0].isInteracting, "the stepper was left interacting")
    }

    @Test("a held + and Enter: the session is accepted, nothing steps after, the hold is over")
    func heldPlusThenEnter() throws {
        var engine = Self.engine([try Self.stepperPanel(value: 1)])
        let plus = try Self.row(of: .increment, in: engine)
        _ = engine.send(.bytes(Self.report(.left, .press, row: plus, column: 2)), at: ms(0))
        let effects = engine.send(.bytes([0x0D]), at: ms(100))
        #expect(effects.contains(.finish(.accepted)))
        #expect(Self.values(engine) == [2])
        for t in [400, 500, 1_000] { _ = engine.send(.tick, at: ms(t)) }
        #expect(Self.values(engine) == [2], "a held button stepped after the session was accepted")
        #expect(!engine.panels[0].isInteracting, "the stepper was left interacting")
    }

    @Test("the showcase: + held on the stepper, then Tab to the slider: the slider does not take the stepper's steps")
    func heldPlusThenTab() throws {
        var engine = Self.engine([try Self.sliderPanel(), try Self.stepperPanel(value: 5)])
        let plus = try Self.row(of: .increment, in: engine)
        _ = engine.send(.bytes(Self.report(.left, .press, row: plus, column: 2)), at: ms(0))
        #expect(engine.focusedPanel == 1)
        #expect(Self.values(engine, 1) == [6])
        _ = engine.send(.bytes([0x09]), at: ms(100))
        #expect(engine.focusedPanel == 0)
        for t in stride(from: 400, through: 1_000, by: 100) { _ = engine.send(.tick, at: ms(t)) }
        #expect(Self.values(engine, 0) == [10, 90], "the stepper's held + stepped the slider")
        _ = engine.send(.bytes(Self.report(.left, .release, row: plus, column: 2)), at: ms(1_050))
        #expect(!engine.panels[1].isInteracting, "the stepper was left interacting")
        #expect(!engine.panels[0].isInteracting)
    }

    // MARK: The wheel

    @Test("the wheel steps the focused handle, on the track or anywhere on the control")
    func wheel() throws {
        var engine = Self.engine([try Self.sliderPanel()])
        let track = try Self.track(engine)
        var effects = engine.send(.bytes(Self.report(.wheelUp, .press, row: track.row, column: track.column + 20)), at: ms(10))
        #expect(Self.values(engine) == [11, 90])
        #expect(effects.utterances.map(\.text) == ["11"])
        effects = engine.send(.bytes(Self.report(.wheelDown, .press, row: 0, column: 0)), at: ms(20))
        effects += engine.send(.bytes(Self.report(.wheelDown, .press, row: 0, column: 0)), at: ms(30))
        #expect(Self.values(engine) == [9, 90])
        #expect(!engine.panels[0].isInteracting)
        // Off the frame, the wheel still steps the focused control.
        _ = engine.send(.bytes(Self.report(.wheelUp, .press, row: 200, column: 5)), at: ms(40))
        #expect(Self.values(engine) == [10, 90])
    }

    // MARK: Pressing and dragging on a track

    @Test("a press on the track moves the nearest handle there, on the step grid counted from the minimum")
    func pressSnapsToTheStep() throws {
        var engine = Self.engine([try Self.sliderPanel({ $0.minValue = 3; $0.maxValue = 103; $0.enableStep = true; $0.step = 5 }, lower: 13, upper: 88)])
        #expect(Self.values(engine) == [13, 88])
        let track = try Self.track(engine)
        let column = Self.freeColumn(near: 0.7, on: track)
        let fraction = track.fraction(row: track.row, column: column)
        let wanted = 3 + fraction * 100
        let snapped = 3 + 5 * ((wanted - 3) / 5).rounded()
        let effects = engine.send(.bytes(Self.report(.left, .press, row: track.row, column: column)), at: ms(10))
        // The upper handle is nearer 70%: it comes, takes the focus and says where it is.
        #expect(Self.values(engine) == [13, snapped])
        #expect(engine.panels[0].focusedHandle == .upper)
        #expect(engine.panels[0].isInteracting)
        #expect(effects.utterances.count == 1)
        #expect(effects.utterances.first?.text.contains(String(Int(snapped))) == true, "\(effects.utterances)")
        _ = engine.send(.bytes(Self.report(.left, .release, row: track.row, column: column)), at: ms(20))
        #expect(!engine.panels[0].isInteracting)
        // Near the minimum: the lower handle, snapped from 3.
        let low = Self.freeColumn(near: 0.02, on: track)
        _ = engine.send(.bytes(Self.report(.left, .press, row: track.row, column: low)), at: ms(30))
        let lowValue = 3 + 5 * ((track.fraction(row: track.row, column: low) * 100) / 5).rounded()
        #expect(Self.values(engine)[0] == lowValue)
        #expect(engine.panels[0].focusedHandle == .lower)
    }

    @Test("a press on a drawn handle takes it without moving it; a drag follows")
    func pressOnAHandleGrabsIt() throws {
        var engine = Self.engine([try Self.sliderPanel()])
        let track = try Self.track(engine)
        let effects = Self.pressOnFocusedHandle(&engine, at: ms(10))
        #expect(Self.values(engine) == [10, 90])
        #expect(effects.utterances.isEmpty)
        #expect(engine.panels[0].isInteracting)
        let target = Self.column(for: 0.3, on: track)
        _ = engine.send(.bytes(Self.report(.left, .drag, row: track.row, column: target)), at: ms(20))
        // Without steps the value is the column's own (TTRangeSlider is continuous too).
        #expect(abs(Self.values(engine)[0] - track.fraction(row: track.row, column: target) * 100) < 1e-9)
    }

    @Test("a drag says a value only when it changed; reports read together count as their last")
    func dragWordsOnlyOnChange() throws {
        var engine = Self.engine([try Self.sliderPanel()])
        let track = try Self.track(engine)
        Self.pressOnFocusedHandle(&engine, at: ms(10))
        let c30 = Self.column(for: 0.3, on: track)
        var said = engine.send(.bytes(Self.report(.left, .drag, row: track.row, column: c30)), at: ms(20)).utterances
        #expect(said.count == 1)
        // The same cell again, and another row of the same column: the value is the same, nothing is said.
        said = engine.send(.bytes(Self.report(.left, .drag, row: track.row, column: c30)), at: ms(30)).utterances
        said += engine.send(.bytes(Self.report(.left, .drag, row: track.row + 3, column: c30)), at: ms(40)).utterances
        #expect(said.isEmpty)
        // Three drags in one read: one value, the last.
        let c35 = Self.column(for: 0.35, on: track), c40 = Self.column(for: 0.4, on: track), c45 = Self.column(for: 0.45, on: track)
        let burst = [c35, c40, c45].flatMap { Self.report(.left, .drag, row: track.row, column: $0) }
        let effects = engine.send(.bytes(burst), at: ms(50))
        let last = track.fraction(row: track.row, column: c45) * 100
        #expect(abs(Self.values(engine)[0] - last) < 1e-9)
        #expect(effects.utterances.map(\.text) == [String(Int(last.rounded()))])
        #expect(effects.filter { if case .changed(_, let change, _) = $0 { change.valueChanged } else { false } }.count == 1)
    }

    @Test("a drag report split by a slow link past the escape timeout: nothing typed, nothing said, the drag goes on")
    func aReportSplitPastTheTimeout() throws {
        var engine = Self.engine([try Self.sliderPanel()])
        let track = try Self.track(engine)
        Self.pressOnFocusedHandle(&engine, at: ms(10))
        let report = Self.report(.left, .drag, row: track.row, column: Self.column(for: 0.3, on: track))
        let cut = report.firstIndex(of: UInt8(ascii: ";"))! + 2        // "ESC [ < 32 ; 1" | "2 ; 3 M"
        var said = engine.send(.bytes(Array(report[..<cut])), at: ms(20)).utterances
        said += engine.send(.tick, at: try #require(engine.nextDeadline)).utterances
        said += engine.send(.bytes(Array(report[cut...])), at: ms(400)).utterances
        #expect(said.isEmpty, "\(said)")
        #expect(engine.entry == nil)                                   // no number being typed
        #expect(Self.values(engine) == [10, 90] && engine.panels[0].isInteracting)
        // The next whole report moves the handle.
        let next = Self.column(for: 0.4, on: track)
        _ = engine.send(.bytes(Self.report(.left, .drag, row: track.row, column: next)), at: ms(420))
        #expect(abs(Self.values(engine)[0] - track.fraction(row: track.row, column: next) * 100) < 1e-9)
    }

    @Test("dragging the lower handle past the upper stops it there, saying so once")
    func handlesNeverCross() throws {
        var engine = Self.engine([try Self.sliderPanel(lower: 10, upper: 60)], width: 80)
        let track = try Self.track(engine)
        Self.pressOnFocusedHandle(&engine, at: ms(10))
        var said: [String] = []
        var t = 20
        for fraction in stride(from: 0.2, through: 1.0, by: 0.05) {
            said += Self.drag(&engine, to: fraction, on: track, at: ms(t))
            t += 10
            #expect(engine.panels[0].values[0] <= engine.panels[0].values[1])
        }
        // Past the track's end too.
        for column in [track.column + track.columns + 5, 500] {
            said += engine.send(.bytes(Self.report(.left, .drag, row: track.row, column: column)), at: ms(t)).utterances.map(\.text)
            t += 10
        }
        #expect(Self.values(engine) == [60, 60])
        let limitWords = said.filter { !$0.allSatisfy(\.isNumber) }
        #expect(!limitWords.isEmpty)
        #expect(limitWords.count == 1, "the limit was said \(limitWords.count) times: \(said)")
        _ = engine.send(.bytes(Self.report(.left, .release, row: track.row, column: 500)), at: ms(t))
        #expect(!engine.panels[0].isInteracting)
    }

    @Test("dragging keeps the minimum and maximum distance, saying each once")
    func distancesHold() throws {
        var engine = Self.engine([try Self.sliderPanel({ $0.minDistance = 20; $0.maxDistance = 50 }, lower: 30, upper: 60)], width: 80)
        let track = try Self.track(engine)
        Self.pressOnFocusedHandle(&engine, at: ms(10))
        var said: [String] = []
        var t = 20
        for fraction in stride(from: 0.3, through: 1.0, by: 0.02) {
            said += Self.drag(&engine, to: fraction, on: track, at: ms(t))
            t += 10
        }
        #expect(Self.values(engine) == [40, 60])
        #expect(said.filter { !$0.allSatisfy(\.isNumber) }.count == 1, "\(said)")
        // Back down, past the maximum distance.
        said = []
        for fraction in stride(from: 0.4, through: 0.0, by: -0.02) {
            said += Self.drag(&engine, to: fraction, on: track, at: ms(t))
            t += 10
        }
        #expect(Self.values(engine) == [10, 60])
        #expect(said.filter { !$0.allSatisfy(\.isNumber) }.count == 1, "\(said)")
        _ = engine.send(.bytes(Self.report(.left, .release, row: track.row, column: 0)), at: ms(t))
    }

    @Test("a release with no press changes nothing and says nothing")
    func releaseWithoutPress() throws {
        var engine = Self.engine([try Self.sliderPanel()])
        let track = try Self.track(engine)
        let before = engine.panels[0].model
        for column in [track.column, track.column + 10, 0, 300] {
            let effects = engine.send(.bytes(Self.report(.left, .release, row: track.row, column: column)), at: ms(10 + column))
            #expect(effects.outputs.isEmpty, "\(effects)")
            #expect(!effects.contains { if case .changed = $0 { true } else { false } })
        }
        // Drags with no press before them move nothing either.
        _ = engine.send(.bytes(Self.report(.left, .drag, row: track.row, column: track.column + 5)), at: ms(400))
        #expect(engine.panels[0].model == before)
    }

    @Test("a press never released, then the input ends: the session ends and the handle is let go")
    func pressThenEndOfInput() throws {
        var engine = Self.engine([try Self.sliderPanel()])
        let track = try Self.track(engine)
        _ = engine.send(.bytes(Self.report(.left, .press, row: track.row, column: Self.freeColumn(near: 0.5, on: track))), at: ms(10))
        #expect(engine.panels[0].isInteracting)
        let effects = engine.send(.endOfInput, at: ms(20))
        #expect(effects.contains(.finish(.cancelled)))
        #expect(engine.outcome == .cancelled)
        #expect(!engine.panels[0].isInteracting, "the slider was left interacting after the session ended")
        #expect(engine.idleDeadline == nil)
        // Nothing that comes after moves it.
        let after = Self.values(engine)
        _ = engine.send(.bytes(Self.report(.left, .drag, row: track.row, column: track.column)), at: ms(30))
        _ = engine.send(.tick, at: ms(5_000))
        #expect(Self.values(engine) == after)
    }

    @Test("a press, then another press without a release between: the first drag ends, the second begins")
    func pressAfterPress() throws {
        var engine = Self.engine([try Self.sliderPanel()])
        let track = try Self.track(engine)
        _ = engine.send(.bytes(Self.report(.left, .press, row: track.row, column: Self.freeColumn(near: 0.3, on: track))), at: ms(10))
        _ = engine.send(.bytes(Self.report(.left, .press, row: track.row, column: Self.freeColumn(near: 0.8, on: track))), at: ms(20))
        #expect(engine.panels[0].focusedHandle == .upper)
        #expect(engine.panels[0].isInteracting)
        _ = engine.send(.bytes(Self.report(.left, .release, row: 0, column: 0)), at: ms(30))
        #expect(!engine.panels[0].isInteracting)
        #expect(engine.panels[0].values[0] <= engine.panels[0].values[1])
    }

    // MARK: Two controls

    @Test("the showcase: a click on the stepper focuses it and introduces it; on its + it steps too")
    func clickFocusesTheStepper() throws {
        var engine = Self.engine([try Self.sliderPanel(), try Self.stepperPanel(value: 5)])
        #expect(engine.focusedPanel == 0)
        let frame = engine.screen.frame
        let plain = frame.lines.map(screenReaderText)
        let valueRow = try #require(plain.firstIndex { $0 == "  5" })
        var effects = engine.send(.bytes(Self.report(.left, .press, row: valueRow, column: 2)), at: ms(10))
        #expect(engine.focusedPanel == 1)
        #expect(Self.values(engine, 1) == [5])
        #expect(effects.utterances.count == 1)
        #expect(effects.utterances.first?.text.hasPrefix("Quantity") == true, "\(effects.utterances)")
        _ = engine.send(.bytes(Self.report(.left, .release, row: valueRow, column: 2)), at: ms(20))
        // Back to the slider by its title line, then a press on the stepper's + from there.
        _ = engine.send(.bytes(Self.report(.left, .press, row: 0, column: 1)), at: ms(30))
        _ = engine.send(.bytes(Self.report(.left, .release, row: 0, column: 1)), at: ms(40))
        #expect(engine.focusedPanel == 0)
        let plusRow = try #require(plain.firstIndex { $0.hasPrefix("  +") })
        effects = engine.send(.bytes(Self.report(.left, .press, row: plusRow, column: 2)), at: ms(50))
        #expect(engine.focusedPanel == 1)
        #expect(Self.values(engine, 1) == [6])
        #expect(effects.utterances.count == 1)
        #expect(effects.utterances.first?.text.contains("6") == true, "\(effects.utterances)")
        _ = engine.send(.bytes(Self.report(.left, .release, row: plusRow, column: 2)), at: ms(60))
        for t in [500, 1_000, 3_000] { _ = engine.send(.tick, at: ms(t)) }
        #expect(Self.values(engine, 1) == [6])
        #expect(Self.values(engine, 0) == [10, 90])
    }

    // MARK: Right to left, upright

    @Test("right to left: Right lowers the value, Left raises it; a press at the right end takes the lower handle to the minimum")
    func rightToLeft() throws {
        var engine = Self.engine([try Self.sliderPanel(layout: TrackLayout(direction: .rightToLeft))])
        _ = engine.send(.bytes(Array("\u{1B}[C".utf8)), at: ms(10))
        #expect(Self.values(engine) == [9, 90])
        _ = engine.send(.bytes(Array("\u{1B}[D\u{1B}[D".utf8)), at: ms(300))
        #expect(Self.values(engine) == [11, 90])
        let track = try Self.track(engine)
        #expect(track.layout.isMirrored)
        let right = track.column + track.columns - 1
        _ = engine.send(.bytes(Self.report(.left, .press, row: track.row, column: right)), at: ms(400))
        #expect(Self.values(engine) == [0, 90])
        // Dragging left raises it. (The track as now drawn: its labels' widths changed with the value.)
        let drawn = try Self.track(engine)
        _ = engine.send(.bytes(Self.report(.left, .drag, row: drawn.row, column: Self.column(for: 0.5, on: drawn))), at: ms(410))
        #expect(abs(Self.values(engine)[0] - drawn.fraction(row: drawn.row, column: Self.column(for: 0.5, on: drawn)) * 100) < 1e-9)
        #expect(abs(Self.values(engine)[0] - 50) <= 2)
    }

    @Test("upright: Up raises the value; a press on the top row takes the upper handle to the maximum, the bottom row the lower to the minimum")
    func vertical() throws {
        var engine = Self.engine([try Self.sliderPanel(layout: TrackLayout(orientation: .vertical))])
        _ = engine.send(.bytes(Array("\u{1B}[A".utf8)), at: ms(10))
        #expect(Self.values(engine) == [11, 90])
        _ = engine.send(.bytes(Array("\u{1B}[B\u{1B}[B".utf8)), at: ms(300))
        #expect(Self.values(engine) == [9, 90])
        let track = try Self.track(engine)
        #expect(track.layout.orientation == .vertical)
        _ = engine.send(.bytes(Self.report(.left, .press, row: track.row, column: 30)), at: ms(400))
        #expect(Self.values(engine) == [9, 100])
        #expect(engine.panels[0].focusedHandle == .upper)
        _ = engine.send(.bytes(Self.report(.left, .release, row: track.row, column: 30)), at: ms(410))
        let bottom = track.row + track.rows - 1
        _ = engine.send(.bytes(Self.report(.left, .press, row: bottom, column: 1)), at: ms(420))
        #expect(Self.values(engine) == [0, 100])
        // A drag upwards raises it (the engine's track is the redrawn one: the same rows).
        _ = engine.send(.bytes(Self.report(.left, .drag, row: track.row + track.rows / 2, column: 1)), at: ms(430))
        #expect(Self.values(engine) == [50, 100])
    }

    // MARK: Where the frame stands

    @Test("after .screenOrigin(row: 5) a report on the terminal's row 5 is the frame's first line")
    func screenOrigin() throws {
        var engine = Self.engine([try Self.sliderPanel(), try Self.stepperPanel(value: 5)])
        let track = try Self.track(engine)
        _ = engine.send(.screenOrigin(row: 5), at: ms(1))
        // A press where the track would be without the origin hits the lines above the frame: nothing.
        let column = Self.freeColumn(near: 0.5, on: track)
        var effects = engine.send(.bytes(Self.report(.left, .press, row: track.row, column: column, origin: 1)), at: ms(10))
        _ = engine.send(.bytes(Self.report(.left, .release, row: track.row, column: column, origin: 1)), at: ms(15))
        #expect(Self.values(engine) == [10, 90])
        #expect(effects.utterances.isEmpty)
        // The same cell counted from row 5 is the track.
        effects = engine.send(.bytes(Self.report(.left, .press, row: track.row, column: column, origin: 5)), at: ms(20))
        #expect(Self.values(engine) != [10, 90])
        _ = engine.send(.bytes(Self.report(.left, .release, row: track.row, column: column, origin: 5)), at: ms(25))
        // Row 5 itself is the first line: the slider's title (a press there on the stepper's
        // focus brings the focus back to the slider).
        let stepperValue = try #require(engine.screen.frame.lines.map(screenReaderText).firstIndex { $0 == "  5" })
        _ = engine.send(.bytes(Self.report(.left, .press, row: stepperValue, column: 2, origin: 5)), at: ms(26))
        _ = engine.send(.bytes(Self.report(.left, .release, row: stepperValue, column: 2, origin: 5)), at: ms(27))
        #expect(engine.focusedPanel == 1)
        effects = engine.send(.bytes(Array(PointerEvent(.left, .press, column: 1, row: 5).report.utf8)), at: ms(30))
        #expect(engine.focusedPanel == 0)
        #expect(effects.utterances.first?.text.hasPrefix("Price") == true, "\(effects.utterances)")
    }

    @Test("with locatesScreen the engine asks where it is once after the first redraw, and the answer places the frame")
    func locatesScreen() throws {
        var engine = ControlEngine(panels: [try Self.sliderPanel()], locale: .posix, holdDetection: .none, screenWidth: 60)
        engine.locatesScreen = true
        let first = engine.send(.start, at: .zero)
        #expect(first.filter { $0 == .askCursorPosition }.count == 1)
        // After the redraw (the cursor it asks about is where the redraw left it).
        let redraw = try #require(first.firstIndex { if case .redraw = $0 { true } else { false } })
        let ask = try #require(first.firstIndex(of: .askCursorPosition))
        #expect(ask > redraw)
        // A change that keeps the frame's size asks nothing.
        let keyed = engine.send(.bytes(Array("\u{1B}[C".utf8)), at: ms(10))
        #expect(!keyed.contains(.askCursorPosition))
        #expect(Self.values(engine) == [11, 90])
        // The answer: the cursor (on the frame's row r when asked) is on the terminal's row 7.
        let askedRow = engine.screen.frame.cursor.row
        let answer = engine.send(.bytes(Array("\u{1B}[7;1R".utf8)), at: ms(20))
        #expect(answer.outputs.isEmpty, "\(answer)")
        #expect(engine.outcome == nil)
        #expect(Self.values(engine) == [11, 90])
        let origin = 7 - askedRow        // the terminal row (from 1) of the frame's first line
        let track = try Self.track(engine)
        let column = Self.freeColumn(near: 0.5, on: track)
        _ = engine.send(.bytes(Self.report(.left, .press, row: track.row, column: column, origin: origin)), at: ms(30))
        #expect(abs(Self.values(engine)[0] - track.fraction(row: track.row, column: column) * 100) < 1e-9)
        _ = engine.send(.bytes(Self.report(.left, .release, row: track.row, column: column, origin: origin)), at: ms(40))
        // The terminal grew wider: the frame may have moved; asked again, once.
        let wider = engine.send(.screenWidth(90), at: ms(50))
        let redrawn = engine.send(.tick, at: ms(60))
        #expect((wider + redrawn).filter { $0 == .askCursorPosition }.count == 1, "\(wider + redrawn)")
    }

    @Test("without locatesScreen nothing is asked, and an answer-like report is a key, not a placement")
    func noLocating() throws {
        var engine = Self.engine([try Self.sliderPanel()])
        let keyed = engine.send(.bytes(Array("\u{1B}[C".utf8)), at: ms(10))
        #expect(!keyed.contains(.askCursorPosition))
        _ = engine.send(.bytes(Array("\u{1B}[7;1R".utf8)), at: ms(20))
        #expect(engine.pointer.originRow == 0)
        #expect(engine.outcome == nil)
    }

}
