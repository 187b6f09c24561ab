/// What the session needs of any control, so one loop can drive a slider or a stepper.
public protocol Control: Sendable, Equatable {
    /// The handles this control has, in focus order (one for a stepper or a one-handle slider).
    var handles: [Handle] { get }
    /// The handle keyboard commands act on.
    var focusedHandle: Handle { get }
    /// The current value of `handle`.
    func value(of handle: Handle) -> Double
    /// The lowest and highest values of the track.
    var bounds: ClosedRange<Double> { get }
    /// How many fraction digits the display shows; the control guarantees that every keyboard step
    /// changes the value as rounded to this many digits, or reports why it cannot.
    var fractionDigits: Int { get }
    /// The spoken / brailled name of `handle` ("lower", "upper"; a stepper's `label`).
    func label(of handle: Handle) -> String
    /// The hint for `handle` (may be empty).
    func hint(of handle: Handle) -> String
    /// True between `beginInteraction` and `endInteraction` (a held key).
    var isInteracting: Bool { get }
    /// Applies `command` and returns exactly what changed.
    mutating func apply(_ command: Command) -> Change
}

extension Control {
    /// The focused handle's value.
    public var focusedValue: Double { value(of: focusedHandle) }

    /// The text key by which two values look the same to the user: the value rounded to `fractionDigits`.
    package func displayKey(_ value: Double) -> DecimalDigits {
        DecimalDigits(value, fractionDigits: fractionDigits)
    }

    /// Whether `a` and `b` look the same to the user (`displayKey(a) == displayKey(b)`), without
    /// writing out the digits of two different whole numbers (a step of 1, on every key).
    package func looksSame(_ a: Double, _ b: Double) -> Bool {
        if a == b { return true }
        if DecimalDigits.isPlainWhole(a), DecimalDigits.isPlainWhole(b) { return false }
        return displayKey(a) == displayKey(b)
    }
}
