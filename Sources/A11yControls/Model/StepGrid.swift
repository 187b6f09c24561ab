/// The values a stepped control may take: `origin + k * step` for k = 0, 1, … up to `top`,
/// plus `top` itself when the range is not a whole number of steps.
///
/// Grid points are computed in scaled integers when `origin` and `step` are short decimals
/// (the usual case: 0.1, 0.25, 5), so `0.1 + 2 * 0.1` is the `Double` nearest 0.3 and prints as
/// "0.3", never 0.30000000000000004. Snapping counts from `origin` (the minimum), not from zero.
public struct StepGrid: Sendable, Equatable {
    public let origin: Double
    public let step: Double
    public let top: Double
    /// The index of the last grid point at or below `top`.
    public private(set) var lastIndex: Int
    /// Tolerance for comparisons, far below any step.
    let tolerance: Double
    private let scaledOrigin: Int64
    private let scaledStep: Int64
    private let scale: Double
    private let isExact: Bool

    /// A grid from `origin` to `top` by `step`. Preconditions (checked by the configurations that
    /// build grids): all finite, `step > 0`, `top >= origin`.
    public init(origin: Double, step: Double, top: Double) {
        self.origin = origin
        self.step = step
        self.top = top
        let span = top - origin
        // Far below a step, far above rounding noise (configurations keep step >= 1e-12 * magnitude).
        tolerance = Swift.max(Swift.min(step * 1e-3, Swift.max(step, span) * 1e-9), 1e-300)
        if let d1 = DecimalDigits.fractionDigitsNeeded(by: origin, limit: 9),
           let d2 = DecimalDigits.fractionDigitsNeeded(by: step, limit: 9),
           let o = StepGrid.scaled(origin, places: Swift.max(d1, d2)),
           let s = StepGrid.scaled(step, places: Swift.max(d1, d2)), s > 0 {
            scale = StepGrid.powerOfTen(Swift.max(d1, d2))
            scaledOrigin = o
            scaledStep = s
            isExact = true
        } else {
            scale = 1; scaledOrigin = 0; scaledStep = 0; isExact = false
        }
        let ratio = (span / step)
        var k = StepGrid.index((ratio + 1e-9).rounded(.down))
        k = Swift.max(k, 0)
        lastIndex = k
        // Correct for rounding at the top.
        while lastIndex > 0 && valueUnchecked(lastIndex) > top + tolerance { lastIndex -= 1 }
    }

    /// True when `top` is not itself a grid point (it is still an allowed value).
    public var hasExtraTop: Bool { valueUnchecked(lastIndex) < top - tolerance }

    /// The grid point with index `k` (0...lastIndex), or `top` for larger k.
    public func value(at k: Int) -> Double {
        if k <= 0 { return origin }
        if k > lastIndex { return top }
        let v = valueUnchecked(k)
        return Swift.abs(v - top) <= tolerance ? top : v
    }

    private func valueUnchecked(_ k: Int) -> Double {
        if isExact {
            let (product, overflow1) = Int64(k).multipliedReportingOverflow(by: scaledStep)
            let (sum, overflow2) = product.addingReportingOverflow(scaledOrigin)
            if !overflow1 && !overflow2 && sum.magnitude < (1 << 53) { return Double(sum) / scale }
        }
        return origin + Double(k) * step
    }

    /// The largest allowed value at or below `x` (nil if `x` is below the origin).
    public func atOrBelow(_ x: Double) -> Double? {
        if x < origin - tolerance { return nil }
        if x >= top - tolerance { return top }
        guard !x.isNaN else { return origin }
        var k = StepGrid.index(((x - origin) / step + 1e-9).rounded(.down))
        k = Swift.min(Swift.max(k, 0), lastIndex)
        while k > 0 && value(at: k) > x + tolerance { k -= 1 }
        while k < lastIndex && value(at: k + 1) <= x + tolerance { k += 1 }
        return value(at: k)
    }

    /// The smallest allowed value at or above `x` (nil if `x` is above the top).
    public func atOrAbove(_ x: Double) -> Double? {
        if x > top + tolerance { return nil }
        if x <= origin + tolerance { return origin }
        guard !x.isNaN else { return origin }
        var k = StepGrid.index(((x - origin) / step - 1e-9).rounded(.up))
        k = Swift.min(Swift.max(k, 0), lastIndex + 1)
        while k > 0 && value(at: k - 1) >= x - tolerance { k -= 1 }
        while k <= lastIndex && value(at: k) < x - tolerance { k += 1 }
        return value(at: k)
    }

    /// Where a keyboard step lands: `count` grid points from `start` toward `end`, then on until the
    /// value rounded to `fractionDigits` differs from `start`'s, never past `end` (returned when reached).
    /// When the display is much coarser than the grid it jumps near the next displayed value instead
    /// of walking every grid point.
    public func keyboardTarget(from start: Double, up: Bool, count: Int, end: Double, fractionDigits: Int) -> Double {
        func beyondEnd(_ x: Double) -> Bool { up ? x >= end - tolerance : x <= end + tolerance }
        let startKey = DecimalDigits(start, fractionDigits: fractionDigits)
        var candidate = start
        var steps = 0
        var unchangedSteps = 0
        while !beyondEnd(candidate) {
            if steps >= count {
                if DecimalDigits(candidate, fractionDigits: fractionDigits) != startKey { break }
                unchangedSteps += 1
                if unchangedSteps > 8, let shown = Double(startKey.plainText) {
                    // Half a displayed unit away from the shown value is where rounding changes.
                    let half = 0.5 / StepGrid.powerOfTen(fractionDigits)
                    let jump = up ? atOrAbove(shown + half - tolerance) : atOrBelow(shown - half + tolerance)
                    unchangedSteps = 0
                    if let jump, up ? jump > candidate : jump < candidate {
                        candidate = jump
                        continue
                    }
                }
            }
            guard let next = up ? atOrAbove(candidate + 2 * tolerance) : atOrBelow(candidate - 2 * tolerance) else {
                return end
            }
            candidate = next
            steps += 1
        }
        return beyondEnd(candidate) ? end : candidate
    }

    /// The allowed value nearest to `x`, clamped to the grid (ties go up).
    public func nearest(_ x: Double) -> Double {
        guard !x.isNaN else { return origin }
        let below = atOrBelow(x) ?? origin
        let above = atOrAbove(x) ?? top
        return (x - below) < (above - x) ? below : above
    }

    /// True if `x` is an allowed value.
    public func contains(_ x: Double) -> Bool {
        guard let b = atOrBelow(x) else { return false }
        return Swift.abs(b - x) <= tolerance
    }

    /// `d` as an index, saturating instead of trapping (NaN gives 0).
    static func index(_ d: Double) -> Int {
        if d.isNaN { return 0 }
        if d >= Double(Int.max / 4) { return Int.max / 4 }
        if d <= -Double(Int.max / 4) { return -(Int.max / 4) }
        return Int(d)
    }

    static func powerOfTen(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0..<n { p *= 10 }
        return p
    }

    /// `x * 10^places` as an exact integer, from its decimal digits.
    static func scaled(_ x: Double, places: Int) -> Int64? {
        let d = DecimalDigits(x, fractionDigits: places)
        guard d.integerDigits.count + d.fractionDigits.count <= 17,
              var n = Int64(d.integerDigits + d.fractionDigits) else { return nil }
        if d.isNegative { n = -n }
        return n
    }
}
