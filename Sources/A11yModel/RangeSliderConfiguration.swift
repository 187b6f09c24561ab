/// The settings of a range slider, named and defaulted as TTRangeSlider's properties.
///
/// A plain value: build one, change what you need, and hand it to `RangeSlider(configuration:)`
/// or `RangeSlider.configure(_:)`, which validate it and throw a `ConfigurationError` naming the
/// property when it cannot hold.
public struct RangeSliderConfiguration: Sendable, Equatable {
    /// The lowest value of the track. TTRangeSlider: `minValue`, default 0.
    public var minValue: Double = 0
    /// The highest value of the track. TTRangeSlider: `maxValue`, default 100.
    public var maxValue: Double = 100
    /// The smallest distance between the handles; negative means off. TTRangeSlider: `minDistance`, default -1.
    public var minDistance: Double = -1
    /// The largest distance between the handles; negative means off. TTRangeSlider: `maxDistance`, default -1.
    public var maxDistance: Double = -1
    /// Values snap to `minValue + k * step`. TTRangeSlider: `enableStep`, default false.
    public var enableStep: Bool = false
    /// The step used when `enableStep` is true. TTRangeSlider: `step`, default 0.1. Must be at least
    /// 10^-12 of the larger of |minValue| and |maxValue| (so no range holds more than about 2 × 10^12 steps).
    public var step: Double = 0.1
    /// One handle only; its value is `selectedMaximum`. TTRangeSlider: `disableRange`, default false.
    public var disableRange: Bool = false
    /// Hide the value labels on screen (speech and braille still give the value). TTRangeSlider: `hideLabels`.
    public var hideLabels: Bool = false
    /// How many keyboard steps Page Up / Page Down move. Default 10 (as WAI-ARIA suggests).
    public var pageSteps: Int = 10
    /// How many fraction digits the display shows; nil: as many as the step needs (see `RangeSlider.fractionDigits`).
    /// Set it from the formatter (`ValueFormatter.fractionDigits`) so keyboard steps always change the text shown.
    public var displayFractionDigits: Int? = nil
    /// Spoken / brailled name of the lower handle. TTRangeSlider: `minLabelAccessibilityLabel`.
    public var lowerHandleLabel: String = "lower"
    /// Hint for the lower handle. TTRangeSlider: `minLabelAccessibilityHint`.
    public var lowerHandleHint: String = ""
    /// Spoken / brailled name of the upper handle. TTRangeSlider: `maxLabelAccessibilityLabel`.
    public var upperHandleLabel: String = "upper"
    /// Hint for the upper handle. TTRangeSlider: `maxLabelAccessibilityHint`.
    public var upperHandleHint: String = ""

    /// Settings with TTRangeSlider's defaults: a track from 0 to 100 without steps or distance
    /// limits, and two handles named "lower" and "upper"; change the properties you need.
    public init() {}

    /// The label of `handle`.
    package func label(of handle: Handle) -> String { handle == .lower ? lowerHandleLabel : upperHandleLabel }
    /// The hint of `handle`.
    package func hint(of handle: Handle) -> String { handle == .lower ? lowerHandleHint : upperHandleHint }

    /// True when `minDistance` is on (not negative).
    package var hasMinDistance: Bool { minDistance >= 0 }
    /// True when `maxDistance` is on (not negative).
    package var hasMaxDistance: Bool { maxDistance >= 0 }

    /// Throws a `ConfigurationError` naming the first property that cannot hold.
    public func validate() throws(ConfigurationError) {
        _ = try validated()
    }

    /// Validates and returns the derived grid (nil without steps) and a pair of handle values that
    /// satisfies the distances (used when the requested values cannot).
    func validated() throws(ConfigurationError) -> (grid: StepGrid?, pair: (Double, Double)) {
        let range = try TrackRules.range(minimum: minValue, named: "minValue", maximum: maxValue, named: "maxValue")
        var grid: StepGrid? = nil
        if enableStep {
            try TrackRules.checkStep(step, named: "step", minimum: minValue, maximum: maxValue, range: range)
            grid = StepGrid(origin: minValue, step: step, top: maxValue)
        }
        try TrackRules.checkPaging(pageSteps: pageSteps, displayFractionDigits: displayFractionDigits)
        if disableRange { return (grid, (minValue, maxValue)) }
        guard !minDistance.isNaN else {
            throw ConfigurationError(property: "minDistance", problem: "must be a number (negative: off), got nan")
        }
        guard !maxDistance.isNaN else {
            throw ConfigurationError(property: "maxDistance", problem: "must be a number (negative: off), got nan")
        }
        let lowD = max(minDistance, 0)
        if hasMinDistance && minDistance > range {
            throw ConfigurationError(property: "minDistance",
                problem: "cannot hold: larger than the range \(range.shortText) (got \(minDistance.shortText))")
        }
        if hasMaxDistance && hasMinDistance && maxDistance < minDistance {
            throw ConfigurationError(property: "maxDistance",
                problem: "cannot hold: smaller than minDistance \(minDistance.shortText) (got \(maxDistance.shortText))")
        }
        let highD = hasMaxDistance ? min(maxDistance, range) : range
        guard let grid else {
            return (nil, (minValue, minValue + (hasMinDistance ? lowD : 0)))
        }
        // On a grid only some distances exist: j*step between grid points, and r + j*step between a
        // grid point and an extra top. One of them must lie within [minDistance, maxDistance].
        let tol = grid.tolerance
        var j = StepGrid.index((lowD / grid.step - 1e-9).rounded(.up))
        j = max(j, 0)
        if j <= grid.lastIndex {
            let d = grid.value(at: j) - minValue
            if d <= highD + tol && d >= lowD - tol { return (grid, (minValue, grid.value(at: j))) }
        }
        if grid.hasExtraTop {
            let topGrid = grid.value(at: grid.lastIndex)
            let r = maxValue - topGrid
            var i = StepGrid.index(((lowD - r) / grid.step - 1e-9).rounded(.up))
            i = max(i, 0)
            if i <= grid.lastIndex {
                let lower = grid.value(at: grid.lastIndex - i)
                let d = maxValue - lower
                if d <= highD + tol && d >= lowD - tol { return (grid, (lower, maxValue)) }
            }
        }
        throw ConfigurationError(property: "maxDistance",
            problem: "cannot hold: no two values on the step grid are between minDistance and maxDistance apart")
    }
}
