import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import A11yControls
import A11yInputChecks
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession

/// Random sliders (range, steps, distances, one handle, left to right, right to left, upright,
/// any width) fed random mouse input: reports valid and mangled, garbage, cursor position
/// answers, in one read or split anywhere, with time passing between. The slider's invariants
/// hold after every event; garbage alone moves nothing. The seed is fixed (so CI is repeatable);
/// `A11Y_PROPERTY_SEED=<seed>` runs others, `A11Y_POINTER_SEQUENCES=<n>` more of them.
@Suite("Property tests: the pointer on random sliders")
struct PointerPropertyTests {
    static let seed: UInt64 = getenv("A11Y_PROPERTY_SEED") == nil ? 0x9017_7E55_0001 : SeededGenerator.seedFromEnvironment()
    static let sequences = SeededGenerator.count("A11Y_POINTER_SEQUENCES", default: 250)

    /// A slider the rules accept, with a random layout.
    static func randomPanel(_ random: inout SeededGenerator) -> ControlPanel {
        while true {
            var c = RangeSliderConfiguration()
            c.minValue = random.pick([0, -50, 3, 0.5, Double(Int.random(in: -10_000...10_000, using: &random)) / 10])
            let span = random.pick([1.0, 10, 100, 1_000, 7.5, Double(Int.random(in: 1...100_000, using: &random)) / 100])
            c.maxValue = c.minValue + span
            if random.chance(0.5) {
                c.enableStep = true
                c.step = random.pick([span / Double(Int.random(in: 2...300, using: &random)), 0.25, 5, 7, 0.1, span / 3])
            }
            if random.chance(0.3) { c.minDistance = span * Double.random(in: 0...0.4, using: &random) }
            if random.chance(0.3) { c.maxDistance = max(c.minDistance, 0) + span * Double.random(in: 0...0.6, using: &random) }
            c.disableRange = random.chance(0.15)
            let a = c.minValue + span * Double.random(in: 0...1, using: &random)
            let b = c.minValue + span * Double.random(in: 0...1, using: &random)
            guard let slider = try? RangeSlider(configuration: c, selectedMinimum: min(a, b), selectedMaximum: max(a, b)),
                  var panel = try? ControlPanel(slider: slider, label: "Price") else { continue }
            panel.setLayout(random.pick([TrackLayout(), TrackLayout(direction: .rightToLeft), TrackLayout(orientation: .vertical),
                                         TrackLayout(orientation: .vertical, direction: .rightToLeft)]))
            return panel
        }
    }

    static func slider(_ engine: ControlEngine) -> RangeSlider {
        guard case .slider(let slider) = engine.panels[0].model else { fatalError("not a slider") }
        return slider
    }

    /// A cell on the frame or a little around it (coordinates from 1, as reports carry them).
    static func cell(_ engine: ControlEngine, _ random: inout SeededGenerator) -> (column: Int, row: Int) {
        let lines = engine.screen.frame.lines.count
        if let track = engine.screen.track(ofControl: 0), random.chance(0.6) {
            return (1 + Int.random(in: max(0, track.column - 2)...(track.column + track.columns + 2), using: &random),
                    1 + Int.random(in: max(0, track.row - 1)...(track.row + track.rows), using: &random))
        }
        return (Int.random(in: 1...(engine.screenWidth + 5), using: &random), Int.random(in: 1...(lines + 4), using: &random))
    }

    /// A report that may change a value: a left press or drag, a wheel notch; or a release.
    static func validReport(_ engine: ControlEngine, _ random: inout SeededGenerator) -> [UInt8] {
        let (column, row) = cell(engine, &random)
        let (button, kind): (PointerEvent.Button, PointerEvent.Kind) = random.pick([
            (.left, .press), (.left, .drag), (.left, .drag), (.left, .drag), (.left, .release), (.wheelUp, .press), (.wheelDown, .press),
        ])
        let modifiers = random.chance(0.1) ? KeyModifiers.control : []
        return Array(PointerEvent(button, kind, column: column, row: row, modifiers: modifiers).report.utf8)
    }

    /// Input that is no left press, drag or wheel notch: garbage, invalid and mangled reports that
    /// decode to none, cursor position answers nobody asked for, releases, other buttons.
    static func harmless(_ engine: ControlEngine, _ random: inout SeededGenerator, _ fuzz: inout KeyDecoderFuzzGenerator) -> [UInt8] {
        let (column, row) = cell(engine, &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return fuzz.garbage().bytes
        case 1: return fuzz.invalidPointerReport()
        case 2: return fuzz.cursorPositionAnswer()
        case 3: return Array(PointerEvent(.left, .release, column: column, row: row).report.utf8)
        case 4:
            let button = random.pick([PointerEvent.Button.right, .middle, .other(8), .other(11)])
            return Array(PointerEvent(button, random.pick([PointerEvent.Kind.press, .drag, .release]), column: column, row: row).report.utf8)
        case 5: return Array(PointerEvent(.noButton, .drag, column: column, row: row).report.utf8)
        default:
            // A report cut off by a byte that cannot be in it.
            let report = Array(PointerEvent(.left, random.pick([.press, .drag]), column: column, row: row).report.utf8)
            return Array(report.prefix(Int.random(in: 1..<report.count, using: &random))) + [random.pick([0x80, 0xFF, 0x00, 0x07])]
        }
    }

    /// `bytes` cut into one to four reads.
    static func reads(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [[UInt8]] {
        guard bytes.count > 1, random.chance(0.5) else { return [bytes] }
        let cuts = (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 1..<bytes.count, using: &random) }
        var pieces: [[UInt8]] = []
        var start = 0
        for cut in Set(cuts).sorted() {
            pieces.append(Array(bytes[start..<cut]))
            start = cut
        }
        return pieces + [Array(bytes[start...])]
    }

    @Test("random mouse input and garbage: the slider's invariants hold after every event, a release lets go")
    func invariantsHold() {
        var random = SeededGenerator(seed: Self.seed)
        var fuzz = KeyDecoderFuzzGenerator(seed: Self.seed ^ 0xF022)
        var failures = 0
        var events = 0, moved = 0
        func fail(_ text: String) {
            failures += 1
            if failures <= 5 { Issue.record("seed \(Self.seed): \(text)") }
        }
        for sequence in 0..<Self.sequences {
            var engine = ControlEngine(panels: [Self.randomPanel(&random)], locale: .posix,
                                       holdDetection: random.pick([.none, .releaseEvents]), screenWidth: Int.random(in: 20...160, using: &random))
            engine.locatesScreen = random.chance(0.3)
            _ = engine.send(.start, at: .zero)
            let initial = engine.panels[0].values
            var time = Duration.zero
            for _ in 0..<Int.random(in: 5...40, using: &random) {
                var bytes: [UInt8] = []
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes += random.chance(0.65) ? Self.validReport(engine, &random) : Self.harmless(engine, &random, &fuzz)
                }
                if engine.locatesScreen, random.chance(0.1) { bytes += Array("\u{1B}[\(Int.random(in: 1...40, using: &random));1R".utf8) }
                // The reads of one piece of input come within the escape timeout of each other.
                time += .milliseconds(Int.random(in: 0...300, using: &random))
                for read in Self.reads(bytes, &random) {
                    time += .milliseconds(Int.random(in: 0...40, using: &random))
                    _ = engine.send(random.chance(0.05) ? .tick : .bytes(read), at: time)
                    events += 1
                    if let violation = PropertyTests.violation(Self.slider(engine)) { fail("sequence \(sequence): \(violation)") }
                }
                if random.chance(0.2) {
                    time += .milliseconds(Int.random(in: 0...2_000, using: &random))
                    _ = engine.send(.tick, at: time)
                    if let violation = PropertyTests.violation(Self.slider(engine)) { fail("sequence \(sequence) after a tick: \(violation)") }
                }
                if engine.outcome != nil { break }
            }
            if engine.panels[0].values != initial { moved += 1 }
            guard engine.outcome == nil else { continue }
            // The escape timeout for anything pending, then a release: nothing is left held.
            time += .seconds(1)
            _ = engine.send(.tick, at: time)
            _ = engine.send(.bytes(Array(PointerEvent(.left, .release, column: 1, row: 1).report.utf8)), at: time)
            if engine.panels[0].isInteracting, engine.outcome == nil { fail("sequence \(sequence): still interacting after a release") }
            let settled = engine.panels[0].values
            _ = engine.send(.tick, at: time + .seconds(10))
            if engine.panels[0].values != settled { fail("sequence \(sequence): a value moved after the release") }
        }
        #expect(failures == 0)
        // The input did reach the sliders.
        #expect(moved > Self.sequences / 2, "only \(moved) of \(Self.sequences) sliders moved in \(events) events")
    }

    @Test("garbage alone (no left press, drag or wheel notch) never changes a value")
    func garbageMovesNothing() {
        var random = SeededGenerator(seed: Self.seed ^ 0x6A4B)
        var fuzz = KeyDecoderFuzzGenerator(seed: Self.seed ^ 0x6A4C)
        var failures = 0
        var events = 0
        for sequence in 0..<Self.sequences {
            var engine = ControlEngine(panels: [Self.randomPanel(&random)], locale: .posix, holdDetection: .none,
                                       screenWidth: Int.random(in: 20...160, using: &random))
            engine.locatesScreen = random.chance(0.5)
            _ = engine.send(.start, at: .zero)
            let initial = engine.panels[0].model
            var time = Duration.zero
            for _ in 0..<Int.random(in: 5...30, using: &random) {
                var bytes: [UInt8] = []
                for _ in 0..<Int.random(in: 1...4, using: &random) { bytes += Self.harmless(engine, &random, &fuzz) }
                time += .milliseconds(Int.random(in: 0...300, using: &random))
                for read in Self.reads(bytes, &random) {
                    time += .milliseconds(Int.random(in: 0...40, using: &random))
                    _ = engine.send(.bytes(read), at: time)
                    events += 1
                    if engine.panels[0].values != initial.values || engine.panels[0].isInteracting {
                        failures += 1
                        if failures <= 5 { Issue.record("seed \(Self.seed) sequence \(sequence): \(read) changed \(initial.values) to \(engine.panels[0].values)") }
                    }
                }
                if engine.outcome != nil { break }
            }
            _ = engine.send(.tick, at: time + .seconds(5))
            if engine.panels[0].values != initial.values {
                failures += 1
                if failures <= 5 { Issue.record("seed \(Self.seed) sequence \(sequence): a value changed after the garbage") }
            }
        }
        #expect(failures == 0)
        #expect(events > Self.sequences * 5)
    }
}

private extension ControlPanel.Model {
    var values: [Double] {
        switch self {
        case .slider(let slider): slider.handles.map { slider.value(of: $0) }
        case .stepper(let stepper): [stepper.value]
        }
    }
}
