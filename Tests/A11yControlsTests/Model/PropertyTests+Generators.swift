import Testing
@testable import A11yModel

/// The random inputs of the property tests: values (NaN, infinities, extremes), commands and
/// slider configurations, from a seeded generator.
extension PropertyTests {
    static func randomValue(_ g: inout SeededGenerator, around lo: Double, _ hi: Double) -> Double {
        switch Int.random(in: 0..<20, using: &g) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return lo - Double.random(in: 0...100, using: &g)
        case 4: return hi + Double.random(in: 0...100, using: &g)
        case 5: return lo
        case 6: return hi
        default:
            guard lo < hi, (hi - lo).isFinite else { return lo }
            return Double.random(in: lo...hi, using: &g)
        }
    }

    static func randomCommand(_ g: inout SeededGenerator, lo: Double, hi: Double) -> Command {
        switch Int.random(in: 0..<24, using: &g) {
        case 0..<5: return .increment
        case 5..<10: return .decrement
        case 10: return .pageIncrement
        case 11: return .pageDecrement
        case 12: return .toLowest
        case 13: return .toHighest
        case 14: return .focusNext
        case 15: return .focusPrevious
        case 16: return .focus(g.pick([.lower, .upper]))
        case 17, 18: return .setValue(randomValue(&g, around: lo, hi), handle: g.pick([nil, .lower, .upper]))
        case 19: return .setFraction(g.pick([Double.nan, -1, 0, 1, 2, Double.random(in: 0...1, using: &g)]))
        case 20: return .beginInteraction
        case 21: return .endInteraction
        default: return g.chance(0.5) ? .increment : .decrement
        }
    }

    static func randomDecimal(_ g: inout SeededGenerator) -> Double {
        let mantissa = Double(Int.random(in: -2000...2000, using: &g))
        return mantissa / g.pick([1.0, 10, 100, 1000])
    }

    /// Edges of what a `Double` and the step rules allow (minimum, maximum, step): huge ranges and
    /// magnitudes, 10^12 steps, a step equal to or just under the range, subnormal steps, steps too
    /// small for the magnitude (rejected), an infinite range (rejected). About 3% of configurations.
    static let extremeRanges: [(Double, Double, Double)] = [
        (1, 1e308, 1), (-1e308, 1e308, 1), (0, 1, 1e-300), (0, 1e308, 1e292),
        (0, 100, 100), (0, 100, 100.0.nextDown), (-1e307, 1e307, 2e307), (-1e307, 1e307, 2e307.nextDown),
        (0, 1e12, 1), (-1e12, 1e12, 1), (0, 1, 1e-12), (1e300, 2e300, 2e288), (-1e300, 1e300, 2e288),
        (0, 1e-290, 1e-300), (0, .leastNonzeroMagnitude * 2e8, .leastNonzeroMagnitude), (1, 1 + 2e-12, 1.5e-12),
        (-0.5, 0.5, 1e-12), (7, 7 + 1e-6, 3e-7),
    ]

    static func randomSliderConfiguration(_ g: inout SeededGenerator) -> RangeSliderConfiguration {
        var c = RangeSliderConfiguration()
        if g.chance(0.03) {
            let (lo, hi, step) = g.pick(Self.extremeRanges)
            c.minValue = lo; c.maxValue = hi; c.step = step; c.enableStep = !g.chance(0.2)
            c.disableRange = g.chance(0.2)
            let range = hi - lo
            if g.chance(0.3) { c.minDistance = g.pick([0, step, range * 0.5, range]) }
            if g.chance(0.3) { c.maxDistance = g.pick([0, step, range * 0.6, range]) }
            if g.chance(0.2) { c.displayFractionDigits = Int.random(in: 0...9, using: &g) }
            c.pageSteps = g.pick([1, 10, 1_000_000, Int.max])
            return c
        }
        c.minValue = g.chance(0.3) ? 0 : randomDecimal(&g)
        let range = g.pick([1.0, 10, 100, 0.5, 250, 7, 1e6, 0.03, Double.random(in: 0.001...1000, using: &g)])
        c.maxValue = g.chance(0.02) ? c.minValue - 1 : c.minValue + range
        c.enableStep = g.chance(0.5)
        c.step = g.pick([0.1, 0.25, 1, 5, 3, 0.3, 0.01, range / 7, range / 100, range, range * 2, 0, -1])
        c.disableRange = g.chance(0.2)
        if g.chance(0.4) { c.minDistance = g.pick([0, range * 0.1, range * 0.5, range * 0.33, range * 1.5]) }
        if g.chance(0.4) { c.maxDistance = g.pick([0, range * 0.2, range * 0.6, range, range * 0.05]) }
        if g.chance(0.2) { c.displayFractionDigits = Int.random(in: 0...3, using: &g) }
        c.pageSteps = Int.random(in: 1...12, using: &g)
        return c
    }
}
