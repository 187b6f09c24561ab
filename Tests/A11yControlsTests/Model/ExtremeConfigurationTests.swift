import Dispatch
import Testing
@testable import A11yControls
@testable import A11yDevices
@testable import A11yFormatting
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
@testable import A11yOptions

/// Configurations at the edges of what a `Double` can hold: each is either accepted, and then
/// every key works and the invariants hold, or rejected with a `ConfigurationError` naming the
/// step. None may hang: every case runs on a background thread and the test fails (instead of
/// hanging) if it has not returned after a generous limit. Nothing here measures speed.
/// Carries a result from the background thread (written before the semaphore is signalled).
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
    init() {}
}

@Suite("Extreme configurations finish: accepted and usable, or rejected naming the property")
struct ExtremeConfigurationTests {
    /// Far beyond the milliseconds these take; only there so a regression fails instead of hanging.
    static let limitSeconds = 60

    /// Runs `body` on a background thread; records an issue if it has not returned in time.
    /// (A hung body keeps its thread; the run goes on and reports the failure.)
    static func finishes<T: Sendable>(_ name: String, _ body: @escaping @Sendable () -> T,
                                      sourceLocation: SourceLocation = #_sourceLocation) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.value = body()
            done.signal()
        }
        if done.wait(timeout: .now() + .seconds(limitSeconds)) == .timedOut {
            Issue.record("\(name) did not finish within \(limitSeconds) s (hang)", sourceLocation: sourceLocation)
            return nil
        }
        return box.value
    }

    /// minimum, maximum, step, and the property the error must name (nil: must be accepted).
    static let cases: [(name: String, min: Double, max: Double, step: Double, rejected: String?)] = [
        ("maximum 1e308, step 1", 1, 1e308, 1, "step"),
        ("maximum 1e308, step 1e292 (10^16 steps)", 0, 1e308, 1e292, "step"),
        ("min -1e308, max 1e308", -1e308, 1e308, 1, "max"),
        ("step 1e-300 over 1", 0, 1, 1e-300, "step"),
        ("step 2^-61 over 1", 0, 1, 1.0 / Double(1 << 61), "step"),
        ("step equal to the range", 0, 100, 100, nil),
        ("step just under the range", 0, 100, 100.0.nextDown, nil),
        ("step equal to a huge range", -1e307, 1e307, 2e307, nil),
        ("step just under a huge range", -1e307, 1e307, 2e307.nextDown, nil),
        ("step a third of the range", 0, 1, 1.0 / 3, nil),
        ("10^12 steps of 1", 0, 1e12, 1, nil),
        ("2 × 10^12 steps of 1", -1e12, 1e12, 1, nil),
        ("10^12 steps of 1e-12", 0, 1, 1e-12, nil),
        ("5 × 10^11 steps near 1e300", 1e300, 2e300, 2e288, nil),
        ("steps of 1e-300 near 1e-290", 0, 1e-290, 1e-300, nil),
        ("subnormal steps", 0, .leastNonzeroMagnitude * 2e8, .leastNonzeroMagnitude, nil),
        ("a tolerance below the rounding of values near 1", 1, 1 + 2e-12, 1.5e-12, nil),
    ]

    /// What a control must show after any command: inside the bounds, on min + k*step or the max.
    static func onGrid(_ v: Double, min: Double, max: Double, step: Double) -> Bool {
        guard v.isFinite, v >= min, v <= max else { return false }
        if v == max || v == min { return true }
        let k = (v - min) / step
        // (v - min) / step carries rounding of about ulp(v) / step: allow that, plus 1e-6.
        let noise = (Swift.max(Swift.abs(v), Swift.abs(min)) / step) * 4e-16
        return Swift.abs(k - k.rounded()) <= 1e-6 + noise
    }

    @Test(arguments: 0..<cases.count)
    func stepper(_ index: Int) {
        let t = Self.cases[index]
        let problems = Self.finishes("Stepper \(t.name)") { () -> [String] in
            var c = StepperConfiguration()
            c.minimumValue = t.min; c.maximumValue = t.max; c.stepValue = t.step
            var problems: [String] = []
            for pageSteps in [10, Int.max] {
                c.pageSteps = pageSteps
                let stepper: Stepper
                do {
                    stepper = try Stepper(configuration: c, value: t.min)
                } catch {
                    if let p = t.rejected, let e = error as? ConfigurationError,
                       e.property.hasPrefix(p), e.description.hasPrefix("Invalid '\(e.property)': ") { return [] }
                    return ["rejected: \(error)"]
                }
                if t.rejected != nil { return ["accepted, but should be rejected naming \(t.rejected!)"] }
                for wraps in [false, true] {
                    var s = stepper
                    try? s.configure { $0.wraps = wraps }
                    let commands: [Command] = [.increment, .increment, .pageIncrement, .decrement, .toHighest,
                                               .increment, .decrement, .pageDecrement, .toLowest, .decrement,
                                               .setFraction(0.5), .increment, .pageDecrement]
                    for command in commands {
                        let old = s.value
                        let change = s.apply(command)
                        if !Self.onGrid(s.value, min: t.min, max: t.max, step: t.step) {
                            problems.append("\(command) (pageSteps \(pageSteps), wraps \(wraps)): \(s.value) off the grid")
                        }
                        switch (command, change.outcome) {
                        case (.increment, .moved), (.increment, .reachedLimit), (.pageIncrement, .moved), (.pageIncrement, .reachedLimit):
                            if !(s.value > old) { problems.append("\(command) from \(old) did not go up") }
                            if s.displayKey(s.value) == s.displayKey(old) { problems.append("\(command) from \(old): shown value unchanged") }
                        case (.decrement, .moved), (.decrement, .reachedLimit), (.pageDecrement, .moved), (.pageDecrement, .reachedLimit):
                            if !(s.value < old) { problems.append("\(command) from \(old) did not go down") }
                            if s.displayKey(s.value) == s.displayKey(old) { problems.append("\(command) from \(old): shown value unchanged") }
                        case (.increment, .blocked), (.pageIncrement, .blocked), (.decrement, .blocked), (.pageDecrement, .blocked),
                             (.increment, .wrapped), (.pageIncrement, .wrapped), (.decrement, .wrapped), (.pageDecrement, .wrapped):
                            break   // a limit, reported
                        case (.toHighest, _): if s.value != t.max { problems.append("End went to \(s.value)") }
                        case (.toLowest, _): if s.value != t.min { problems.append("Home went to \(s.value)") }
                        case (.setFraction, _): break
                        default: problems.append("\(command): unexpected outcome \(change.outcome)")
                        }
                    }
                }
            }
            return problems
        }
        #expect(problems == [], "\(t.name)")
    }

    @Test(arguments: 0..<cases.count)
    func rangeSlider(_ index: Int) {
        let t = Self.cases[index]
        let problems = Self.finishes("RangeSlider \(t.name)") { () -> [String] in
            var c = RangeSliderConfiguration()
            c.minValue = t.min; c.maxValue = t.max; c.enableStep = true; c.step = t.step
            var problems: [String] = []
            for (pageSteps, disableRange) in [(10, false), (Int.max, false), (10, true)] {
                c.pageSteps = pageSteps; c.disableRange = disableRange
                var s: RangeSlider
                do {
                    s = try RangeSlider(configuration: c, selectedMinimum: t.min, selectedMaximum: t.max)
                } catch {
                    if let p = t.rejected, let e = error as? ConfigurationError,
                       e.property.hasPrefix(p), e.description.hasPrefix("Invalid '\(e.property)': ") { return [] }
                    return ["rejected: \(error)"]
                }
                if t.rejected != nil { return ["accepted, but should be rejected naming \(t.rejected!)"] }
                let commands: [Command] = [.increment, .pageIncrement, .focusNext, .decrement, .pageDecrement, .toLowest,
                                           .increment, .focusNext, .toHighest, .decrement, .increment, .setFraction(0.5),
                                           .increment, .decrement, .focusNext, .toHighest, .pageDecrement, .toLowest]
                for command in commands {
                    let before = s
                    let change = s.apply(command)
                    if let v = PropertyTests.violation(s) ?? PropertyTests.violation(command, change, before: before, after: s) {
                        problems.append("\(command) (pageSteps \(pageSteps), disableRange \(disableRange)): \(v)")
                    }
                    for h in s.handles where !Self.onGrid(s.value(of: h), min: t.min, max: t.max, step: t.step) {
                        problems.append("\(command): \(h) = \(s.value(of: h)) off the grid")
                    }
                }
            }
            return problems
        }
        #expect(problems == [], "\(t.name)")
    }

    /// `StepGrid` is public: built directly it finishes and stays ordered even where the
    /// configurations refuse (grids of more than `maximumIndex` steps end there, then `top`).
    @Test func gridsBuiltDirectlyFinish() {
        let grids: [(Double, Double, Double)] = [
            (1, 1, 1e308), (-1e308, 1, 1e308), (0, 1e-300, 1), (0, .leastNonzeroMagnitude, 1e308),
            (0, 1, 0x1p61), (0.5, 1, 0x1p61), (0, 1, 0x1p61 * 1.0001), (0, 1, 0x1p61.nextDown),
            (0, 3, 0x1p63), (1e300, 1e-300, 1.0000001e300), (0, 0.1, 0x1p60), (-0x1p60, 0.1, 0x1p60),
        ]
        for (origin, step, top) in grids {
            let ok = Self.finishes("StepGrid(origin: \(origin), step: \(step), top: \(top))") { () -> Bool in
                let g = StepGrid(origin: origin, step: step, top: top)
                let last = g.lastIndex
                guard last >= 0, last <= StepGrid.maximumIndex else { return false }
                // Ordered from origin to top, and every lookup and keyboard step returns.
                let probes = [0, 1, 2, last / 2, last - 1, last, last + 1].filter { $0 >= 0 }
                let values = probes.sorted().map { g.value(at: $0) }
                guard values == values.sorted(), values.first == origin, g.value(at: last + 1) == top else { return false }
                guard g.value(at: last) <= top else { return false }
                for x in [origin, top, (origin + top) / 2, origin + step, top - step, .nan] {
                    _ = g.atOrBelow(x); _ = g.atOrAbove(x); _ = g.nearest(x); _ = g.contains(x)
                }
                for count in [1, 10, Int.max] {
                    let up = g.keyboardTarget(from: origin, up: true, count: count, end: top, fractionDigits: 3)
                    let down = g.keyboardTarget(from: top, up: false, count: count, end: origin, fractionDigits: 3)
                    guard up > origin, up <= top, down < top, down >= origin else { return false }
                }
                return true
            }
            #expect(ok == true, "StepGrid(origin: \(origin), step: \(step), top: \(top))")
        }
    }

    /// The search behind every grid lookup: bounded, and exact on monotone predicates.
    @Test func indexSearchIsExactAndBounded() {
        for answer in [-1, 0, 1, 2, 5, 1000, StepGrid.maximumIndex - 1, StepGrid.maximumIndex] {
            for guess in [0, 3, answer, StepGrid.maximumIndex, -5] {
                var probes = 0
                let found = StepGrid.searchLast(in: 0, StepGrid.maximumIndex, guess: guess) { probes += 1; return $0 <= answer }
                #expect(found == answer && probes <= 130, "answer \(answer), guess \(guess): \(found) after \(probes) probes")
            }
        }
    }
}
