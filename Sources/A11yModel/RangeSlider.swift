/// A range slider's state: TTRangeSlider's rules as a value type with one reducer, `apply(_:)`.
///
/// Invariants, after every command and every `configure`: values lie within `minValue...maxValue`;
/// with `enableStep` they lie on `minValue + k * step` (or on `maxValue`); `selectedMinimum <=
/// selectedMaximum`; `minDistance` and `maxDistance` hold. A keyboard step either changes the
/// value as displayed (rounded to `fractionDigits`) or reports, as `.blocked`, the limit that stops it.
public struct RangeSlider: Control {
    /// The validated settings.
    public private(set) var configuration: RangeSliderConfiguration
    /// The lower handle's value (TTRangeSlider `selectedMinimum`); `minValue` when `disableRange`.
    public private(set) var selectedMinimum: Double
    /// The upper handle's value (TTRangeSlider `selectedMaximum`); the one value when `disableRange`.
    public private(set) var selectedMaximum: Double
    /// The handle keyboard commands act on.
    public private(set) var focusedHandle: Handle
    /// True during a held key (TTRangeSlider: between didStartTouches and didEndTouches).
    public private(set) var isInteracting: Bool = false

    private var grid: StepGrid?
    private var fallbackPair: (Double, Double)

    /// A slider with `configuration` and handles as close as the rules allow to the values asked for
    /// (TTRangeSlider defaults: 10 and 90).
    public init(configuration: RangeSliderConfiguration = RangeSliderConfiguration(),
                selectedMinimum: Double = 10, selectedMaximum: Double = 90) throws(ConfigurationError) {
        let (grid, pair) = try configuration.validated()
        self.configuration = configuration
        self.grid = grid
        self.fallbackPair = pair
        self.selectedMinimum = configuration.minValue
        self.selectedMaximum = configuration.maxValue
        self.focusedHandle = configuration.disableRange ? .upper : .lower
        place(lower: selectedMinimum, upper: selectedMaximum)
    }

    /// Two sliders are equal when their configurations, handle values, focused handles and
    /// interaction states are; the step grid derived from the configuration is not compared.
    public static func == (a: RangeSlider, b: RangeSlider) -> Bool {
        a.configuration == b.configuration && a.selectedMinimum == b.selectedMinimum
            && a.selectedMaximum == b.selectedMaximum && a.focusedHandle == b.focusedHandle
            && a.isInteracting == b.isInteracting
    }

    /// Changes settings; the handles are then moved as little as the new rules require.
    /// On error nothing changes.
    public mutating func configure(_ body: (inout RangeSliderConfiguration) -> Void) throws(ConfigurationError) {
        var next = configuration
        body(&next)
        let (grid, pair) = try next.validated()
        configuration = next
        self.grid = grid
        fallbackPair = pair
        if next.disableRange { focusedHandle = .upper }
        place(lower: selectedMinimum, upper: selectedMaximum)
    }

    // MARK: Control

    /// `[.upper]` with `disableRange`, otherwise `[.lower, .upper]`.
    public var handles: [Handle] { configuration.disableRange ? [.upper] : [.lower, .upper] }

    /// `selectedMinimum` for `.lower`, `selectedMaximum` for `.upper`.
    public func value(of handle: Handle) -> Double {
        handle == .lower ? selectedMinimum : selectedMaximum
    }

    /// The track, `minValue...maxValue` of the configuration.
    public var bounds: ClosedRange<Double> { configuration.minValue...configuration.maxValue }

    /// The configuration's `lowerHandleLabel` or `upperHandleLabel`.
    public func label(of handle: Handle) -> String { configuration.label(of: handle) }
    /// The configuration's `lowerHandleHint` or `upperHandleHint` (empty by default).
    public func hint(of handle: Handle) -> String { configuration.hint(of: handle) }

    /// Fraction digits the display shows: `displayFractionDigits` if set; with steps, as many as
    /// `step` and `minValue` need; without, enough that 1% of the range is at least one unit of the
    /// last digit (0..100 → 0 digits, 0..1 → 2 digits).
    public var fractionDigits: Int {
        if let d = configuration.displayFractionDigits { return d }
        if configuration.enableStep {
            let a = DecimalDigits.fractionDigitsNeeded(by: configuration.step, limit: 9) ?? 9
            let b = DecimalDigits.fractionDigitsNeeded(by: configuration.minValue, limit: 9) ?? 9
            return max(a, b)
        }
        var x = (configuration.maxValue - configuration.minValue) / 100
        var p = 0
        while x < 1 - 1e-9 && p < 9 { x *= 10; p += 1 }
        return p
    }

    /// The distance one keyboard step moves: `step` with `enableStep`; otherwise 1% of the range
    /// rounded to the display's last digit, and never less than one unit of it.
    public var keyboardStep: Double {
        if configuration.enableStep { return configuration.step }
        let p = fractionDigits
        let unit = 1 / StepGrid.powerOfTen(p)
        let units = max(1, ((configuration.maxValue - configuration.minValue) / 100 / unit).rounded())
        return units * unit
    }

    /// The values `handle` may take now, given the other handle and the distances, with the limit
    /// that sets each end. Always contains the handle's current value.
    package func allowedRange(for handle: Handle) -> (lower: Double, lowerLimit: Limit, upper: Double, upperLimit: Limit) {
        allowedRange(for: handle, other: handle == .lower ? selectedMaximum : selectedMinimum)
            ?? (value(of: handle), .minimum, value(of: handle), .maximum)
    }

    /// Applies `command` under TTRangeSlider's rules and returns what it did.
    ///
    /// Keyboard steps move the focused handle by `keyboardStep` (`pageSteps` of them for Page Up
    /// and Page Down), further when the displayed value would not change otherwise, and never
    /// past the track, the other handle or the distances; a step that cannot change the displayed
    /// value reports `.blocked`. `setValue` and `setFraction` snap to the step grid and clamp to
    /// the handle's allowed range. On a one-handle slider, commands for `.lower` and `focusNext`
    /// or `focusPrevious` report `.unchanged(.noOtherHandle)`.
    public mutating func apply(_ command: Command) -> Change {
        let focusBefore = focusedHandle
        func unchanged(_ handle: Handle, _ reason: UnchangedReason) -> Change {
            Change(command: command, handle: handle, oldValue: value(of: handle), newValue: value(of: handle),
                   outcome: .unchanged(reason), previousFocus: focusBefore, focusedHandle: focusBefore)
        }
        switch command {
        case .increment: return keyboardMove(command, up: true, count: 1)
        case .decrement: return keyboardMove(command, up: false, count: 1)
        case .pageIncrement: return keyboardMove(command, up: true, count: configuration.pageSteps)
        case .pageDecrement: return keyboardMove(command, up: false, count: configuration.pageSteps)
        case .toLowest: return moveToEnd(command, up: false)
        case .toHighest: return moveToEnd(command, up: true)
        case .focusNext, .focusPrevious:
            guard !configuration.disableRange else { return unchanged(focusedHandle, .noOtherHandle) }
            focusedHandle = focusedHandle == .lower ? .upper : .lower
            return Change(command: command, handle: focusedHandle, oldValue: focusedValue, newValue: focusedValue,
                          outcome: .focusMoved, previousFocus: focusBefore)
        case .focus(let handle):
            if configuration.disableRange && handle == .lower { return unchanged(focusedHandle, .noOtherHandle) }
            if handle == focusedHandle { return unchanged(handle, .alreadyFocused) }
            focusedHandle = handle
            return Change(command: command, handle: handle, oldValue: focusedValue, newValue: focusedValue,
                          outcome: .focusMoved, previousFocus: focusBefore)
        case .setValue(let x, let handle):
            let target = handle ?? focusedHandle
            if configuration.disableRange && target == .lower { return unchanged(target, .noOtherHandle) }
            guard !x.isNaN else { return unchanged(target, .invalidValue) }
            return set(command, handle: target, to: x)
        case .setFraction(let f):
            guard !f.isNaN else { return unchanged(focusedHandle, .invalidValue) }
            let clamped = min(max(f, 0), 1)
            let x = configuration.minValue + clamped * (configuration.maxValue - configuration.minValue)
            return set(command, handle: focusedHandle, to: x)
        case .beginInteraction, .endInteraction:
            let begin = command == .beginInteraction
            guard isInteracting != begin else { return unchanged(focusedHandle, .interactionUnchanged) }
            isInteracting = begin
            return Change(command: command, handle: focusedHandle, oldValue: focusedValue, newValue: focusedValue,
                          outcome: .interaction(began: begin), previousFocus: focusBefore)
        }
    }

    // MARK: Rules

    private var tolerance: Double { grid?.tolerance ?? (configuration.maxValue - configuration.minValue) * 1e-9 }

    private func snapDown(_ x: Double) -> Double? {
        if let grid { return grid.atOrBelow(x) }
        return x < configuration.minValue - tolerance ? nil : max(min(x, configuration.maxValue), configuration.minValue)
    }

    private func snapUp(_ x: Double) -> Double? {
        if let grid { return grid.atOrAbove(x) }
        return x > configuration.maxValue + tolerance ? nil : min(max(x, configuration.minValue), configuration.maxValue)
    }

    private func snapNearest(_ x: Double) -> Double {
        let c = min(max(x, configuration.minValue), configuration.maxValue)
        return grid?.nearest(c) ?? c
    }

    private func allowedRange(for handle: Handle, other: Double) -> (lower: Double, lowerLimit: Limit, upper: Double, upperLimit: Limit)? {
        let c = configuration
        if c.disableRange {
            return (c.minValue, .minimum, c.maxValue, .maximum)
        }
        let gap = max(c.minDistance, 0)
        let gapLimit: Limit = c.minDistance > 0 ? .minimumDistance : .otherHandle
        var low = c.minValue, lowLimit = Limit.minimum
        var high = c.maxValue, highLimit = Limit.maximum
        if handle == .lower {
            if other - gap < high { high = other - gap; highLimit = gapLimit }
            if c.hasMaxDistance && other - c.maxDistance > low { low = other - c.maxDistance; lowLimit = .maximumDistance }
        } else {
            if other + gap > low { low = other + gap; lowLimit = gapLimit }
            if c.hasMaxDistance && other + c.maxDistance < high { high = other + c.maxDistance; highLimit = .maximumDistance }
        }
        guard let l = snapUp(low), let h = snapDown(high), l <= h + tolerance else { return nil }
        return (l, lowLimit, max(l, h), highLimit)
    }

    /// Puts the handles as near `lower` and `upper` as the rules allow.
    private mutating func place(lower: Double, upper: Double) {
        func clean(_ x: Double, _ fallback: Double) -> Double { x.isNaN ? fallback : x }
        let c = configuration
        let u = snapNearest(clean(upper, c.maxValue))
        if c.disableRange {
            selectedMinimum = c.minValue
            selectedMaximum = u
            return
        }
        if let r = allowedRange(for: .lower, other: u) {
            selectedMaximum = u
            selectedMinimum = min(max(snapNearest(clean(lower, c.minValue)), r.lower), r.upper)
        } else {
            selectedMinimum = fallbackPair.0
            selectedMaximum = fallbackPair.1
        }
    }

    private mutating func write(_ x: Double, to handle: Handle) {
        if handle == .lower { selectedMinimum = x } else { selectedMaximum = x }
    }

    /// Keyboard steps: `count` steps of `keyboardStep`, then on until the displayed text changes,
    /// never past the handle's allowed range. Reports `.blocked` when the text cannot change.
    private mutating func keyboardMove(_ command: Command, up: Bool, count: Int) -> Change {
        let handle = focusedHandle
        let old = value(of: handle)
        let r = allowedRange(for: handle)
        let end = up ? r.upper : r.lower
        let endLimit = up ? r.upperLimit : r.lowerLimit
        func beyondEnd(_ x: Double) -> Bool { up ? x >= end - tolerance : x <= end + tolerance }
        func result(_ outcome: Outcome, _ new: Double) -> Change {
            write(new, to: handle)
            return Change(command: command, handle: handle, oldValue: old, newValue: new,
                          outcome: outcome, previousFocus: handle)
        }
        if beyondEnd(old) { return result(.blocked(endLimit), old) }
        var candidate = old
        if let grid {
            candidate = grid.keyboardTarget(from: old, up: up, count: count, end: end, fractionDigits: fractionDigits)
        } else {
            // Move on the display's own grid (multiples of one unit of the last digit shown), so
            // the text changes by exactly `count` keyboard steps.
            let p = fractionDigits
            let scale = StepGrid.powerOfTen(p)
            let units = (keyboardStep * scale).rounded()
            let shownUnits: Double
            if DecimalDigits.isPlainWhole(old) {
                // A whole number shows its own digits (and p zeros): no need to write them out.
                shownUnits = old * scale
            } else {
                let shown = DecimalDigits(old, fractionDigits: p)
                shownUnits = (Double(shown.integerDigits + shown.fractionDigits) ?? (old * scale).rounded())
                    * (shown.isNegative ? -1 : 1)
            }
            let next = shownUnits + (up ? 1 : -1) * units * Double(count)
            candidate = next / scale
            if !candidate.isFinite { candidate = end }
        }
        if beyondEnd(candidate) { candidate = end }
        if looksSame(candidate, old) { return result(.blocked(endLimit), candidate) }
        return result(candidate == end ? .reachedLimit(endLimit) : .moved, candidate)
    }

    /// Home / End: to the handle's current allowed limit.
    private mutating func moveToEnd(_ command: Command, up: Bool) -> Change {
        let handle = focusedHandle
        let old = value(of: handle)
        let r = allowedRange(for: handle)
        let end = up ? r.upper : r.lower
        let endLimit = up ? r.upperLimit : r.lowerLimit
        write(end, to: handle)
        let outcome: Outcome = looksSame(end, old) ? .blocked(endLimit) : .reachedLimit(endLimit)
        return Change(command: command, handle: handle, oldValue: old, newValue: end,
                      outcome: outcome, previousFocus: handle)
    }

    /// A programmatic or routing-key set: snapped, then clamped to the handle's allowed range.
    private mutating func set(_ command: Command, handle: Handle, to x: Double) -> Change {
        let old = value(of: handle)
        let r = allowedRange(for: handle)
        var new = snapNearest(x)
        var limit: Limit? = nil
        if new <= r.lower + tolerance && x < old { new = r.lower; limit = r.lowerLimit }
        if new >= r.upper - tolerance && x > old { new = r.upper; limit = r.upperLimit }
        new = min(max(new, r.lower), r.upper)
        write(new, to: handle)
        let outcome: Outcome
        if new == old {
            outcome = limit.map { .blocked($0) } ?? .unchanged(.alreadyThere)
        } else {
            outcome = limit.map { .reachedLimit($0) } ?? .moved
        }
        return Change(command: command, handle: handle, oldValue: old, newValue: new,
                      outcome: outcome, previousFocus: focusedHandle, focusedHandle: focusedHandle)
    }
}
