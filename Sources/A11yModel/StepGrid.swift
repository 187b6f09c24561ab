/// The values a stepped control may take: `origin + k * step` for k = 0, 1, … up to `top`,
/// plus `top` itself when the range is not a whole number of steps.
///
/// Grid points are computed in scaled integers when `origin` and `step` are short decimals
/// (the usual case: 0.1, 0.25, 5), so `0.1 + 2 * 0.1` is the `Double` nearest 0.3 and prints as
/// "0.3", never 0.30000000000000004. Snapping counts from `origin` (the minimum), not from zero.
package struct StepGrid: Sendable, Equatable {
    package let origin: Double
    package let step: Double
    package let top: Double
    /// The index of the last grid point at or below `top`.
    package private(set) var lastIndex: Int
    /// Tolerance for comparisons, far below any step.
    let tolerance: Double
    private let scaledOrigin: Int64
    private let scaledStep: Int64
    private let scale: Double
    private let isExact: Bool

    /// A grid from `origin` to `top` by `step`. Preconditions (checked by the configurations that
    /// build grids): all finite, `step > 0`, `top >= origin`.
    ///
    /// Built in bounded time for any such input: the last index is computed from `(top - origin) / step`
    /// and then corrected by a search that needs at most about 130 probes, however many grid points
    /// lie between (a grid point may sit below the rounding noise of its neighbours, so correcting
    /// one index at a time could take forever). Indices stop at `maximumIndex`: a grid with more steps
    /// than that (only possible by building one directly; the configurations allow no more than about
    /// 2 × 10^12 steps, see `StepperConfiguration.stepValue`) goes from that index straight to `top`.
    package init(origin: Double, step: Double, top: Double) {
        self.origin = origin
        self.step = step
        self.top = top
        let span = top - origin
        // Far below a step, far above rounding noise (configurations keep step >= 1e-12 * magnitude).
        // Never as large as a step: on a grid of subnormal steps (where the magnitude rule keeps every
        // value subnormal, so the arithmetic is exact) it underflows to zero, and comparisons are exact.
        tolerance = Swift.min(step * 1e-3, Swift.max(step, span) * 1e-9)
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
        lastIndex = 0
        // The estimate is right or off by one or two (rounding at the top); the search fixes it in
        // a bounded number of probes even when it is far off.
        let estimate = StepGrid.index((span / step + 1e-9).rounded(.down))
        let bound = top + tolerance
        lastIndex = StepGrid.searchLast(in: 0, StepGrid.maximumIndex, guess: estimate) { self.valueUnchecked($0) <= bound }
    }

    /// The largest grid index (2^61 - 1): far beyond any grid a configuration allows, and far from
    /// overflow when indices are added or subtracted.
    package static let maximumIndex = Int.max / 4

    /// True when `top` is not itself a grid point (it is still an allowed value).
    package var hasExtraTop: Bool { valueUnchecked(lastIndex) < top - tolerance }

    /// The index of the last allowed value, `top`: `lastIndex`, or `lastIndex + 1` when `hasExtraTop`.
    var topIndex: Int { hasExtraTop ? lastIndex + 1 : lastIndex }

    /// The grid point with index `k` (0...lastIndex), or `top` for larger k.
    package func value(at k: Int) -> Double {
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

    /// The index of the largest allowed value at or below `x`: -1 below the origin, `topIndex` at the top.
    func index(atOrBelow x: Double) -> Int {
        if x < origin - tolerance { return -1 }
        if x >= top - tolerance { return topIndex }
        guard !x.isNaN else { return 0 }
        let estimate = StepGrid.index(((x - origin) / step + 1e-9).rounded(.down))
        let bound = x + tolerance
        return StepGrid.searchLast(in: 0, lastIndex, guess: estimate) { value(at: $0) <= bound }
    }

    /// The index of the smallest allowed value at or above `x`: 0 at the origin, `topIndex + 1` above the top.
    func index(atOrAbove x: Double) -> Int {
        if x > top + tolerance { return topIndex + 1 }
        if x <= origin + tolerance { return 0 }
        guard !x.isNaN else { return 0 }
        let estimate = StepGrid.index(((x - origin) / step - 1e-9).rounded(.up))
        let bound = x - tolerance
        // value(at: topIndex) is top, which is >= bound here.
        return StepGrid.searchLast(in: 0, topIndex, guess: estimate - 1) { value(at: $0) < bound } + 1
    }

    /// The largest allowed value at or below `x` (nil if `x` is below the origin).
    package func atOrBelow(_ x: Double) -> Double? {
        let k = index(atOrBelow: x)
        return k < 0 ? nil : value(at: k)
    }

    /// The smallest allowed value at or above `x` (nil if `x` is above the top).
    package func atOrAbove(_ x: Double) -> Double? {
        let k = index(atOrAbove: x)
        return k > topIndex ? nil : value(at: k)
    }

    /// Where a keyboard step lands: `count` grid points from `start` toward `end`, then on until the
    /// value rounded to `fractionDigits` differs from `start`'s, never past `end` (returned when reached).
    /// Works on indices, so it takes a bounded number of probes whatever `count` and the number of
    /// grid points between: shown values only grow along the grid, so the first one that differs
    /// is found by doubling and bisection.
    package func keyboardTarget(from start: Double, up: Bool, count: Int, end: Double, fractionDigits: Int) -> Double {
        func beyondEnd(_ x: Double) -> Bool { up ? x >= end - tolerance : x <= end + tolerance }
        if beyondEnd(start) { return end }
        let last = topIndex
        let count = Swift.max(count, 0)
        var k: Int
        if up {
            let from = index(atOrBelow: start)          // -1 ... last
            k = count >= last - from ? last : from + count
        } else {
            let from = index(atOrAbove: start)          // 0 ... last + 1
            k = count >= from ? 0 : from - count
        }
        k = Swift.min(Swift.max(k, 0), last)
        let startKey = DecimalDigits(start, fractionDigits: fractionDigits)
        func stop(_ i: Int) -> Bool {
            let v = value(at: i)
            return beyondEnd(v) || DecimalDigits(v, fractionDigits: fractionDigits) != startKey
        }
        guard let found = StepGrid.searchFirst(from: k, toward: up ? last : 0, where: stop) else { return end }
        let candidate = value(at: found)
        return beyondEnd(candidate) ? end : candidate
    }

    /// The largest index in `lo...hi` where `isBelow` holds (`lo - 1` if none), searched from `guess`.
    /// `isBelow` must hold up to some index and fail after it. At most about 130 probes.
    static func searchLast(in lo: Int, _ hi: Int, guess: Int, where isBelow: (Int) -> Bool) -> Int {
        guard lo <= hi else { return lo - 1 }
        let g = Swift.min(Swift.max(guess, lo), hi)
        if isBelow(g) {
            guard let above = searchFirst(from: g, toward: hi, where: { !isBelow($0) }) else { return hi }
            return above - 1
        }
        return searchFirst(from: g, toward: lo, where: isBelow) ?? lo - 1
    }

    /// The first index from `start` toward `limit` (both included) where `found` holds, or nil.
    /// `found` must fail up to some index and hold after it, on the way from `start` to `limit`:
    /// probes at distances 0, 1, 2, 4, 8, … then bisection, so at most about 130 probes.
    static func searchFirst(from start: Int, toward limit: Int, where found: (Int) -> Bool) -> Int? {
        if found(start) { return start }
        let direction = limit >= start ? 1 : -1
        let span = limit >= start ? limit - start : start - limit
        guard span > 0 else { return nil }
        var missed = 0          // `found` fails at start + direction * missed
        var hit = 0
        var distance = 1
        while true {
            if found(start + direction * distance) { hit = distance; break }
            missed = distance
            if distance == span { return nil }
            distance = distance > span / 2 ? span : distance * 2
        }
        while hit - missed > 1 {
            let middle = missed + (hit - missed) / 2
            if found(start + direction * middle) { hit = middle } else { missed = middle }
        }
        return start + direction * hit
    }

    /// The allowed value nearest to `x`, clamped to the grid (ties go up).
    package func nearest(_ x: Double) -> Double {
        guard !x.isNaN else { return origin }
        let below = atOrBelow(x) ?? origin
        let above = atOrAbove(x) ?? top
        return (x - below) < (above - x) ? below : above
    }

    /// True if `x` is an allowed value.
    package func contains(_ x: Double) -> Bool {
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
