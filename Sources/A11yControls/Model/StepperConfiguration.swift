/// The settings of a vertical stepper: RPVerticalStepper's properties and defaults, plus UIStepper's
/// and PAStepper's `wraps`, `continuous` and auto-repeat timing.
public struct StepperConfiguration: Sendable, Equatable {
    /// RPVerticalStepper `minimumValue`, default 1.
    public var minimumValue: Double = 1
    /// RPVerticalStepper `maximumValue`, default 99.
    public var maximumValue: Double = 99
    /// RPVerticalStepper `stepValue`, default 1. Values snap to `minimumValue + k * stepValue`;
    /// a step that would overshoot a limit lands on it. Must be at least 10^-12 of the larger of
    /// |minimumValue| and |maximumValue| (so no range holds more than about 2 × 10^12 steps).
    public var stepValue: Double = 1
    /// RPVerticalStepper `autoRepeat`, default true: a held key repeats.
    public var autoRepeat: Bool = true
    /// When a held key repeats. `interval` is RPVerticalStepper `autoRepeatInterval` (0.5 s).
    public var autoRepeatSchedule = AutoRepeatSchedule()
    /// UIStepper `wraps`, default false: past one end, go to the other.
    public var wraps: Bool = false
    /// UIStepper `continuous`, default true: value observers hear every change during a held key;
    /// false: only the final value, when the key is released.
    public var continuous: Bool = true
    /// How many steps Page Up / Page Down move. Default 10.
    public var pageSteps: Int = 10
    /// Fraction digits shown; nil: as many as `stepValue` and `minimumValue` need.
    public var displayFractionDigits: Int? = nil
    /// Spoken / brailled name of the control. Default "value".
    public var label: String = "value"
    /// Spoken hint. Default empty.
    public var hint: String = ""

    public init() {}

    /// RPVerticalStepper `autoRepeatInterval`: the seconds between repeats.
    public var autoRepeatInterval: Double {
        get { autoRepeatSchedule.interval }
        set { autoRepeatSchedule.interval = newValue }
    }

    /// Throws a `ConfigurationError` naming the first property that cannot hold.
    public func validate() throws(ConfigurationError) { _ = try makeGrid() }

    func makeGrid() throws(ConfigurationError) -> StepGrid {
        guard minimumValue.isFinite else {
            throw ConfigurationError(property: "minimumValue", problem: "must be a finite number (got \(minimumValue.shortText))")
        }
        guard maximumValue.isFinite else {
            throw ConfigurationError(property: "maximumValue", problem: "must be a finite number (got \(maximumValue.shortText))")
        }
        guard maximumValue > minimumValue else {
            throw ConfigurationError(property: "maximumValue",
                problem: "must be greater than minimumValue (got \(maximumValue.shortText), minimumValue \(minimumValue.shortText))")
        }
        let range = maximumValue - minimumValue
        guard range.isFinite else {
            throw ConfigurationError(property: "maximumValue", problem: "maximumValue - minimumValue must be finite")
        }
        guard stepValue.isFinite, stepValue > 0 else {
            throw ConfigurationError(property: "stepValue", problem: "must be a finite number greater than 0 (got \(stepValue.shortText))")
        }
        guard stepValue >= max(abs(minimumValue), abs(maximumValue)) * 1e-12 else {
            throw ConfigurationError(property: "stepValue",
                problem: "is too small for values this large: steps would be lost to rounding (got \(stepValue.shortText))")
        }
        guard stepValue <= range else {
            throw ConfigurationError(property: "stepValue",
                problem: "must not be larger than the range \(range.shortText) (got \(stepValue.shortText))")
        }
        guard pageSteps >= 1 else {
            throw ConfigurationError(property: "pageSteps", problem: "must be at least 1 (got \(pageSteps))")
        }
        if let digits = displayFractionDigits, !(0...9).contains(digits) {
            throw ConfigurationError(property: "displayFractionDigits", problem: "must be between 0 and 9 (got \(digits))")
        }
        try autoRepeatSchedule.validate()
        return StepGrid(origin: minimumValue, step: stepValue, top: maximumValue)
    }
}
