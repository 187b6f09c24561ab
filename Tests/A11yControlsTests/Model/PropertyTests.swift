import Testing
#if canImport(Glibc)
import Glibc
#endif
import A11yControls
import A11yOptions

/// Random configurations and command sequences; every invariant of the controls is checked after
/// every command. On failure the seed is printed: rerun with `A11Y_PROPERTY_SEED=<seed>` (and
/// optionally `A11Y_PROPERTY_SEQUENCES=<n>`) to reproduce.
@Suite("Property tests: invariants over random command sequences")
struct PropertyTests {
    static let sliderSequences = SeededGenerator.count("A11Y_PROPERTY_SEQUENCES", default: 100_000)
    static let stepperSequences = SeededGenerator.count("A11Y_PROPERTY_SEQUENCES", default: 30_000)

    /// A11Y_PROPERTY_TRACE=1 prints each sequence's seed before running it (to find a crash).
    static let trace = SeededGenerator.count("A11Y_PROPERTY_TRACE", default: 0) > 0

    // MARK: Invariants

    /// True when `v` is `origin + k * step` for a whole k, up to the rounding of the check itself:
    /// `(v - origin) / step` is off by about ulp(v) / step, which is 10^-4 on a grid of 10^12 steps.
    static func onGrid(_ v: Double, origin: Double, step: Double) -> Bool {
        let k = (v - origin) / step
        let noise = max(abs(v), abs(origin)) / step * 4e-16
        return abs(k - k.rounded()) <= 1e-6 + noise
    }

    /// A billionth of the range, but never below the rounding of the values themselves (a few ulps:
    /// near 1, a step of 1.5e-12 can only be held to 2e-16).
    static func comparisonTolerance(_ lo: Double, _ hi: Double) -> Double {
        max((hi - lo) * 1e-9, max(abs(lo), abs(hi)) * 4e-16)
    }

    /// What must hold of any slider state; nil when all is well.
    static func violation(_ s: RangeSlider) -> String? {
        let c = s.configuration
        let tol = comparisonTolerance(c.minValue, c.maxValue)
        for h in [Handle.lower, .upper] {
            let v = s.value(of: h)
            if !v.isFinite { return "\(h) is not finite: \(v)" }
            if v < c.minValue || v > c.maxValue { return "\(h) = \(v) outside \(c.minValue)...\(c.maxValue)" }
            if c.enableStep && v != c.maxValue && !onGrid(v, origin: c.minValue, step: c.step) {
                return "\(h) = \(v) is not on minValue + k*step"
            }
        }
        if c.disableRange {
            if s.selectedMinimum != c.minValue { return "one-handle slider has selectedMinimum \(s.selectedMinimum)" }
            if s.focusedHandle != .upper { return "one-handle slider focuses the lower handle" }
            return nil
        }
        let d = s.selectedMaximum - s.selectedMinimum
        if d < -tol { return "handles crossed: \(s.selectedMinimum) > \(s.selectedMaximum)" }
        if c.hasMinDistance && d < c.minDistance - tol { return "minDistance \(c.minDistance) broken: \(d)" }
        if c.hasMaxDistance && d > c.maxDistance + tol { return "maxDistance \(c.maxDistance) broken: \(d)" }
        return nil
    }

    /// What must hold of one command's `Change`, given the states before and after.
    static func violation(_ command: Command, _ change: Change, before: RangeSlider, after: RangeSlider) -> String? {
        if "\(change.command)" != "\(command)" { return "change names another command" }
        if change.oldValue != before.value(of: change.handle) { return "oldValue \(change.oldValue) is not the value before" }
        if change.newValue != after.value(of: change.handle) { return "newValue \(change.newValue) is not the value after" }
        let other: Handle = change.handle == .lower ? .upper : .lower
        if before.value(of: other) != after.value(of: other) { return "the other handle moved" }
        if change.previousFocus != before.focusedHandle { return "previousFocus is wrong" }
        if change.focusedHandle != after.focusedHandle { return "change.focusedHandle is not the focused handle" }
        if change.handle != after.focusedHandle && !isSetValue(command) { return "change.handle is not the focused handle" }
        if case .moved = change.outcome, !change.valueChanged { return ".moved without a change" }
        if case .reachedLimit = change.outcome, !change.valueChanged { return ".reachedLimit without a change" }
        if case .unchanged = change.outcome, change.valueChanged { return ".unchanged but the value changed" }
        if case .focusMoved = change.outcome, !change.focusMoved { return ".focusMoved but focus stayed" }
        if change.focusMoved, change.outcome != .focusMoved { return "focus moved without .focusMoved" }
        switch command {
        case .increment, .decrement, .pageIncrement, .pageDecrement:
            let up = command == .increment || command == .pageIncrement
            if up ? change.newValue < change.oldValue : change.newValue > change.oldValue { return "moved the wrong way" }
            let shownChanged = after.displayKey(change.newValue) != after.displayKey(change.oldValue)
            switch change.outcome {
            case .moved, .reachedLimit:
                if !shownChanged { return "keyboard step did not change the displayed value (\(change.oldValue) → \(change.newValue)), and did not say why" }
            case .blocked:
                if shownChanged { return ".blocked but the displayed value changed" }
                let r = after.allowedRange(for: change.handle)
                let tol = comparisonTolerance(after.bounds.lowerBound, after.bounds.upperBound)
                if abs(change.newValue - (up ? r.upper : r.lower)) > tol { return ".blocked away from the limit" }
            default: return "keyboard step with outcome \(change.outcome)"
            }
            if case .reachedLimit(let l) = change.outcome {
                let r = after.allowedRange(for: change.handle)
                if change.newValue != (up ? r.upper : r.lower) || l != (up ? r.upperLimit : r.lowerLimit) {
                    return ".reachedLimit(\(l)) but not at that limit"
                }
            }
        case .toLowest, .toHighest:
            let r = after.allowedRange(for: change.handle)
            if change.newValue != (command == .toHighest ? r.upper : r.lower) { return "Home/End missed the allowed limit" }
        case .focusNext, .focusPrevious, .focus, .beginInteraction, .endInteraction:
            if change.valueChanged { return "a value changed on a focus or interaction command" }
        case .setValue, .setFraction:
            break
        }
        return nil
    }

    static func isSetValue(_ c: Command) -> Bool { if case .setValue = c { return true } else { return false } }

    // MARK: Tests

    @Test func rangeSliderInvariantsHoldOverRandomSequences() {
        let seed = SeededGenerator.seedFromEnvironment()
        var g = SeededGenerator(seed: seed)
        var valid = 0, rejected = 0, commands = 0
        while valid < Self.sliderSequences {
            let sequenceSeed = g.next()
            if Self.trace { print("slider sequence seed \(sequenceSeed)") }
            var sg = SeededGenerator(seed: sequenceSeed)
            let configuration = Self.randomSliderConfiguration(&sg)
            let lowerStart = Self.randomValue(&sg, around: configuration.minValue, configuration.maxValue)
            let upperStart = Self.randomValue(&sg, around: configuration.minValue, configuration.maxValue)
            var slider: RangeSlider
            do {
                slider = try RangeSlider(configuration: configuration, selectedMinimum: lowerStart, selectedMaximum: upperStart)
            } catch {
                rejected += 1
                if rejected > 10 * Self.sliderSequences { break }
                continue
            }
            valid += 1
            var trace: [Command] = []
            func fail(_ message: String) {
                Issue.record("""
                    \(message)
                    seed A11Y_PROPERTY_SEED=\(seed), sequence \(valid) (sequence seed \(sequenceSeed))
                    configuration: \(configuration)
                    start: \(lowerStart), \(upperStart)
                    commands: \(trace)
                    state: \(slider.selectedMinimum), \(slider.selectedMaximum), focus \(slider.focusedHandle)
                    """)
            }
            if let v = Self.violation(slider) { fail("after init: " + v); return }
            let length = Int.random(in: 1...16, using: &sg)
            for _ in 0..<length {
                let command = Self.randomCommand(&sg, lo: configuration.minValue, hi: configuration.maxValue)
                trace.append(command)
                let before = slider
                let change = slider.apply(command)
                commands += 1
                if let v = Self.violation(slider) ?? Self.violation(command, change, before: before, after: slider) {
                    fail(v + "\nchange: \(change)")
                    return
                }
            }
        }
        #expect(valid == Self.sliderSequences)
        print("range slider property test: seed \(seed), \(valid) sequences, \(commands) commands, \(rejected) configurations rejected")
    }

    @Test func stepperInvariantsHoldOverRandomSequences() {
        let seed = SeededGenerator.seedFromEnvironment()
        var g = SeededGenerator(seed: seed)
        var valid = 0, commands = 0
        while valid < Self.stepperSequences {
            let sequenceSeed = g.next()
            if Self.trace { print("stepper sequence seed \(sequenceSeed)") }
            var sg = SeededGenerator(seed: sequenceSeed)
            var c = StepperConfiguration()
            if sg.chance(0.03) {
                (c.minimumValue, c.maximumValue, c.stepValue) = sg.pick(Self.extremeRanges)
                c.pageSteps = sg.pick([1, 10, 1_000_000, Int.max])
                if sg.chance(0.2) { c.displayFractionDigits = Int.random(in: 0...9, using: &sg) }
            } else {
                c.minimumValue = sg.chance(0.4) ? 1 : Self.randomDecimal(&sg)
                let range = sg.pick([98.0, 10, 1, 0.5, 7, 1000, Double.random(in: 0.01...500, using: &sg)])
                c.maximumValue = c.minimumValue + range
                c.stepValue = sg.pick([1, 0.1, 0.25, 3, 5, 0.01, range / 3, range])
                c.pageSteps = Int.random(in: 1...12, using: &sg)
                if sg.chance(0.2) { c.displayFractionDigits = Int.random(in: 0...2, using: &sg) }
            }
            c.wraps = sg.chance(0.3)
            guard var stepper = try? Stepper(configuration: c, value: Self.randomValue(&sg, around: c.minimumValue, c.maximumValue)) else { continue }
            valid += 1
            var trace: [Command] = []
            let length = Int.random(in: 1...16, using: &sg)
            for _ in 0..<length {
                let command = Self.randomCommand(&sg, lo: c.minimumValue, hi: c.maximumValue)
                trace.append(command)
                let before = stepper
                if Self.trace { let line = "stepper \(c) at \(stepper.value): \(command)\n"; _ = write(2, line, line.utf8.count) }
                let change = stepper.apply(command)
                commands += 1
                var problem: String? = nil
                let v = stepper.value
                if !v.isFinite || v < c.minimumValue || v > c.maximumValue { problem = "value \(v) out of range" }
                if v != c.maximumValue && !Self.onGrid(v, origin: c.minimumValue, step: c.stepValue) { problem = "value \(v) off the grid" }
                if change.oldValue != before.value || change.newValue != v { problem = "change old/new wrong" }
                if v != c.maximumValue, v != c.minimumValue,
                   let d1 = DecimalDigits.fractionDigitsNeeded(by: c.minimumValue, limit: 4),
                   let d2 = DecimalDigits.fractionDigitsNeeded(by: c.stepValue, limit: 4),
                   (DecimalDigits.fractionDigitsNeeded(by: v, limit: 9) ?? 99) > max(d1, d2) {
                    problem = "floating-point noise in \(v)"
                }
                switch command {
                case .increment, .decrement, .pageIncrement, .pageDecrement:
                    let shownChanged = stepper.displayKey(change.newValue) != stepper.displayKey(change.oldValue)
                    switch change.outcome {
                    case .moved, .reachedLimit: if !shownChanged { problem = "step did not change the shown value" }
                    case .wrapped: break   // names the end it wrapped to, even if the display cannot show a change
                    case .blocked: if shownChanged || c.wraps && change.valueChanged { problem = ".blocked but the value changed" }
                    default: problem = "step with outcome \(change.outcome)"
                    }
                    if case .wrapped = change.outcome, !c.wraps { problem = "wrapped without wraps" }
                default: break
                }
                if let problem {
                    Issue.record("""
                        \(problem)
                        seed A11Y_PROPERTY_SEED=\(seed), sequence \(valid) (sequence seed \(sequenceSeed))
                        configuration: \(c)
                        commands: \(trace)
                        change: \(change)
                        """)
                    return
                }
            }
        }
        print("stepper property test: seed \(seed), \(valid) sequences, \(commands) commands")
    }
}
