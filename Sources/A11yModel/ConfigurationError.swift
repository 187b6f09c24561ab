/// A configuration a control cannot honour, naming the property at fault.
///
/// Thrown by `RangeSlider` and `Stepper` initializers and `configure`; the control is never left
/// in a bad state and never traps.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The property at fault, by its name in the configuration (e.g. "maxValue", "step").
    public var property: String
    /// What is wrong, as one sentence fragment.
    public var problem: String

    /// An error for `property`, named as in the configuration, with `problem`, a sentence fragment
    /// such as "must be greater than 0 (got -1)".
    public init(property: String, problem: String) {
        self.property = property
        self.problem = problem
    }

    /// "Invalid 'step': must be greater than 0 (got -1)".
    public var description: String { "Invalid '\(property)': \(problem)" }
}

extension Double {
    /// A short, exact rendering for error messages.
    var shortText: String {
        if isNaN { return "nan" }
        if isInfinite { return self < 0 ? "-inf" : "inf" }
        if self == rounded(), Swift.abs(self) < 1e15 { return String(Int64(self)) }
        return description
    }
}
