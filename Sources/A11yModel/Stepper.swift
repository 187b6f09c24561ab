/// A vertical stepper's state: RPVerticalStepper's rules (with UIStepper's wraps) as a value type.
///
/// Invariants: `value` lies in `minimumValue...maximumValue`, on `minimumValue + k * stepValue` or
/// on `maximumValue`. A step that would overshoot a limit lands on it (RPVerticalStepper drops it);
/// at a limit, increment / decrement are disabled and report `.blocked`, unless `wraps`.
public struct Stepper: Control {
    /// The validated settings.
    public private(set) var configuration: StepperConfiguration
    /// RPVerticalStepper `value`, default 1.
    public private(set) var value: Double
    /// True during a held key.
    public private(set) var isInteracting: Bool = false
    private var grid: StepGrid

    /// A stepper at `value` (snapped and clamped), default 1.
    public init(configuration: StepperConfiguration = StepperConfiguration(), value: Double = 1) throws(ConfigurationError) {
        self.grid = try configuration.makeGrid()
        self.configuration = configuration
        self.value = configuration.minimumValue
        self.value = snap(value)
    }

    /// Two steppers are equal when their configurations, values and interaction states are; the
    /// step grid derived from the configuration is not compared.
    public static func == (a: Stepper, b: Stepper) -> Bool {
        a.configuration == b.configuration && a.value == b.value && a.isInteracting == b.isInteracting
    }

    /// Changes settings; the value is snapped and clamped to the new rules. On error nothing changes.
    public mutating func configure(_ body: (inout StepperConfiguration) -> Void) throws(ConfigurationError) {
        var next = configuration
        body(&next)
        grid = try next.makeGrid()
        configuration = next
        value = snap(value)
    }

    /// True when an increment would change the value (RPVerticalStepper enables its "+" button).
    public var canIncrement: Bool { configuration.wraps || value < configuration.maximumValue }
    /// True when a decrement would change the value.
    public var canDecrement: Bool { configuration.wraps || value > configuration.minimumValue }

    // MARK: Control

    /// Always `[.upper]`: a stepper's one value is kept as the upper handle's, as in a one-handle
    /// slider.
    public var handles: [Handle] { [.upper] }
    /// Always `.upper`, the stepper's only handle.
    public var focusedHandle: Handle { .upper }
    /// The stepper's `value`, whichever handle is asked for.
    public func value(of handle: Handle) -> Double { value }
    /// The range of values, `minimumValue...maximumValue` of the configuration.
    public var bounds: ClosedRange<Double> { configuration.minimumValue...configuration.maximumValue }
    /// The configuration's `label`, for any handle.
    public func label(of handle: Handle) -> String { configuration.label }
    /// The configuration's `hint` (empty by default), for any handle.
    public func hint(of handle: Handle) -> String { configuration.hint }

    /// `displayFractionDigits`, or as many digits as `stepValue` and `minimumValue` need.
    public var fractionDigits: Int {
        if let d = configuration.displayFractionDigits { return d }
        let a = DecimalDigits.fractionDigitsNeeded(by: configuration.stepValue, limit: 9) ?? 9
        let b = DecimalDigits.fractionDigitsNeeded(by: configuration.minimumValue, limit: 9) ?? 9
        return max(a, b)
    }

    /// Applies `command` under RPVerticalStepper's rules and returns what it did.
    ///
    /// Increment and decrement move by `stepValue` (`pageSteps` steps for Page Up and Page Down),
    /// further when the displayed value would not change otherwise; a step that would overshoot a
    /// limit lands on it. At a limit they report `.blocked`, or with `wraps` go to the other end
    /// and report `.wrapped(to:)`. `setValue` and `setFraction` snap to the step grid and clamp;
    /// focus commands and commands for `.lower` report `.unchanged`.
    public mutating func apply(_ command: Command) -> Change {
        let old = value
        func change(_ outcome: Outcome) -> Change {
            Change(command: command, handle: .upper, oldValue: old, newValue: value, outcome: outcome, previousFocus: .upper)
        }
        switch command {
        case .increment: return step(command, up: true, count: 1)
        case .decrement: return step(command, up: false, count: 1)
        case .pageIncrement: return step(command, up: true, count: configuration.pageSteps)
        case .pageDecrement: return step(command, up: false, count: configuration.pageSteps)
        case .toLowest, .toHighest:
            let up = command == .toHighest
            let end = up ? configuration.maximumValue : configuration.minimumValue
            let limit: Limit = up ? .maximum : .minimum
            value = end
            return change(looksSame(end, old) ? .blocked(limit) : .reachedLimit(limit))
        case .focusNext, .focusPrevious, .focus(.lower):
            return change(.unchanged(.noOtherHandle))
        case .focus(.upper):
            return change(.unchanged(.alreadyFocused))
        case .setValue(let x, let handle):
            if handle == .lower { return change(.unchanged(.noOtherHandle)) }
            return set(command, to: x)
        case .setFraction(let f):
            guard !f.isNaN else { return change(.unchanged(.invalidValue)) }
            let c = min(max(f, 0), 1)
            return set(command, to: configuration.minimumValue + c * (configuration.maximumValue - configuration.minimumValue))
        case .beginInteraction, .endInteraction:
            let begin = command == .beginInteraction
            guard isInteracting != begin else { return change(.unchanged(.interactionUnchanged)) }
            isInteracting = begin
            return change(.interaction(began: begin))
        }
    }

    // MARK: Rules

    private func snap(_ x: Double) -> Double {
        guard !x.isNaN else { return configuration.minimumValue }
        return grid.nearest(min(max(x, configuration.minimumValue), configuration.maximumValue))
    }

    private mutating func step(_ command: Command, up: Bool, count: Int) -> Change {
        let old = value
        let end = up ? configuration.maximumValue : configuration.minimumValue
        let limit: Limit = up ? .maximum : .minimum
        func result(_ outcome: Outcome) -> Change {
            Change(command: command, handle: .upper, oldValue: old, newValue: value, outcome: outcome, previousFocus: .upper)
        }
        func atEnd(_ x: Double) -> Bool { up ? x >= end - grid.tolerance : x <= end + grid.tolerance }
        if atEnd(old) {
            if configuration.wraps {
                value = up ? configuration.minimumValue : configuration.maximumValue
                return result(.wrapped(to: up ? .minimum : .maximum))
            }
            value = end
            return result(.blocked(limit))
        }
        var candidate = grid.keyboardTarget(from: old, up: up, count: count, end: end, fractionDigits: fractionDigits)
        if atEnd(candidate) { candidate = end }
        if looksSame(candidate, old) {
            // Only a change the display cannot show is left before the end.
            if configuration.wraps {
                value = up ? configuration.minimumValue : configuration.maximumValue
                return result(.wrapped(to: up ? .minimum : .maximum))
            }
            value = candidate
            return result(.blocked(limit))
        }
        value = candidate
        return result(candidate == end ? .reachedLimit(limit) : .moved)
    }

    private mutating func set(_ command: Command, to x: Double) -> Change {
        let old = value
        guard !x.isNaN else {
            return Change(command: command, handle: .upper, oldValue: old, newValue: old, outcome: .unchanged(.invalidValue), previousFocus: .upper)
        }
        value = snap(x)
        let outcome: Outcome
        let limit: Limit? = value == configuration.maximumValue && x > old ? .maximum
            : value == configuration.minimumValue && x < old ? .minimum : nil
        if value == old {
            outcome = limit.map { .blocked($0) } ?? .unchanged(.alreadyThere)
        } else {
            outcome = limit.map { .reachedLimit($0) } ?? .moved
        }
        return Change(command: command, handle: .upper, oldValue: old, newValue: value, outcome: outcome, previousFocus: .upper)
    }
}
