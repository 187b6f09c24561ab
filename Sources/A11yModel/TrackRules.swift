/// The rules the range slider and the stepper share for their track, their step and their page
/// and display settings, written once; each control passes its own property names, so the error
/// still names the property the caller set (`minValue` or `minimumValue`, `step` or `stepValue`).
enum TrackRules {
    /// Both ends finite, the maximum above the minimum, and a finite range; returns the range.
    static func range(minimum: Double, named minimumName: String,
                      maximum: Double, named maximumName: String) throws(ConfigurationError) -> Double {
        guard minimum.isFinite else {
            throw ConfigurationError(property: minimumName, problem: "must be a finite number (got \(minimum.shortText))")
        }
        guard maximum.isFinite else {
            throw ConfigurationError(property: maximumName, problem: "must be a finite number (got \(maximum.shortText))")
        }
        guard maximum > minimum else {
            throw ConfigurationError(property: maximumName,
                problem: "must be greater than \(minimumName) (got \(maximum.shortText), \(minimumName) \(minimum.shortText))")
        }
        let range = maximum - minimum
        guard range.isFinite else {
            throw ConfigurationError(property: maximumName, problem: "\(maximumName) - \(minimumName) must be finite")
        }
        return range
    }

    /// A step that is finite and positive, not lost to rounding at the values' size (at least
    /// 1e-12 of the larger end), and no larger than the range.
    static func checkStep(_ step: Double, named name: String, minimum: Double, maximum: Double,
                          range: Double) throws(ConfigurationError) {
        guard step.isFinite, step > 0 else {
            throw ConfigurationError(property: name, problem: "must be a finite number greater than 0 (got \(step.shortText))")
        }
        guard step >= max(abs(minimum), abs(maximum)) * 1e-12 else {
            throw ConfigurationError(property: name,
                problem: "is too small for values this large: steps would be lost to rounding (got \(step.shortText))")
        }
        guard step <= range else {
            throw ConfigurationError(property: name,
                problem: "must not be larger than the range \(range.shortText) (got \(step.shortText))")
        }
    }

    /// At least one step per page, and 0...9 display digits when set.
    static func checkPaging(pageSteps: Int, displayFractionDigits: Int?) throws(ConfigurationError) {
        guard pageSteps >= 1 else {
            throw ConfigurationError(property: "pageSteps", problem: "must be at least 1 (got \(pageSteps))")
        }
        if let digits = displayFractionDigits, !(0...9).contains(digits) {
            throw ConfigurationError(property: "displayFractionDigits", problem: "must be between 0 and 9 (got \(digits))")
        }
    }
}
