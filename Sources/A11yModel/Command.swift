/// Which handle of a range slider a command or a change concerns.
///
/// A single-handle slider (TTRangeSlider's `disableRange`) and a stepper only have `.upper`:
/// as in TTRangeSlider, the one value lives in `selectedMaximum`.
public enum Handle: String, Sendable, Hashable, CaseIterable {
    /// The lower handle, whose value is `selectedMinimum` (TTRangeSlider's left thumb).
    case lower
    /// The upper handle, whose value is `selectedMaximum`: the only handle of a one-handle slider
    /// and of a stepper.
    case upper
}

/// What a user (or a program) asks a control to do.
///
/// Commands are the one vocabulary shared by every input path: the key map, braille keys and
/// code that embeds a control all produce `Command`s, and only the Model interprets them
/// (`RangeSlider.apply(_:)`, `Stepper.apply(_:)`), each returning a `Change`.
/// Hashable, so key maps can use commands as dictionary values and tests can collect them.
public enum Command: Sendable, Hashable {
    /// One keyboard step up (slider: to the right; stepper: up).
    case increment
    /// One keyboard step down.
    case decrement
    /// A large step up (page step, 10 steps by default).
    case pageIncrement
    /// A large step down.
    case pageDecrement
    /// To the lowest value the focused handle may take now (the other handle and distances included).
    case toLowest
    /// To the highest value the focused handle may take now.
    case toHighest
    /// Move focus to the next handle (wraps). A no-op reported as such on one-handle controls.
    case focusNext
    /// Move focus to the previous handle (wraps).
    case focusPrevious
    /// Focus a given handle.
    case focus(Handle)
    /// Set a handle (nil: the focused one) to a value; the value is snapped to the step grid and
    /// clamped to the handle's current allowed range (the other handle and distances included).
    /// Focus does not move. NaN is ignored; infinities clamp.
    case setValue(Double, handle: Handle? = nil)
    /// Set the focused handle to a fraction (0...1, clamped) of the track, e.g. from a braille
    /// routing key: the value `min + fraction * (max - min)`, then as `setValue`.
    case setFraction(Double)
    /// A held key began (TTRangeSlider's didStartTouches).
    case beginInteraction
    /// A held key ended (TTRangeSlider's didEndTouches).
    case endInteraction
}
