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

    /// Settings with RPVerticalStepper's defaults: 1 to 99 in steps of 1, auto-repeat every 0.5 s,
    /// no wrapping; change the properties you need.
    public init() {}

    /// RPVerticalStepper `autoRepeatInterval`: the seconds between repeats.
    public var autoRepeatInterval: Double {
        get { autoRepeatSchedule.interval }
        set { autoRepeatSchedule.interval = newValue }
    }

    /// Throws a `ConfigurationError` naming the first property that cannot hold.
    public func validate() throws(ConfigurationError) { _ = try makeGrid() }

    func makeGrid() throws(ConfigurationError) -> StepGrid {
        let range = try TrackRules.range(minimum: minimumValue, named: "minimumValue",
                                         maximum: maximumValue, named: "maximumValue")
        try TrackRules.checkStep(stepValue, named: "stepValue", minimum: minimumValue, maximum: maximumValue, range: range)
        try TrackRules.checkPaging(pageSteps: pageSteps, displayFractionDigits: displayFractionDigits)
        try autoRepeatSchedule.validate()
        return StepGrid(origin: minimumValue, step: stepValue, top: maximumValue)
    }
}
