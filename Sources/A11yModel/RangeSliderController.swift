/// Who asked for a change: the user (keys, braille) or the program embedding the control.
public enum ChangeSource: Sendable, Hashable {
    case user
    case program
}

/// One value change, as observers receive it.
public struct ValueChangeEvent: Sendable, Equatable {
    /// The change the command made.
    public var change: Change
    /// Lower handle's value after the change (the minimum when there is one handle).
    public var selectedMinimum: Double
    /// Upper handle's value after the change (the one value of a stepper or one-handle slider).
    public var selectedMaximum: Double
    /// Who made it.
    public var source: ChangeSource
}

/// TTRangeSliderDelegate in Swift: told about changes the USER makes, never about changes in code.
public protocol RangeSliderDelegate: AnyObject {
    /// TTRangeSlider `rangeSlider:didChangeSelectedMinimumValue:andMaximumValue:`.
    func rangeSlider(_ controller: RangeSliderController, didChangeSelectedMinimum minimum: Double, maximum: Double)
    /// TTRangeSlider `didStartTouchesInRangeSlider:`: a held key began.
    func rangeSliderDidStartInteraction(_ controller: RangeSliderController)
    /// TTRangeSlider `didEndTouchesInRangeSlider:`: a held key ended.
    func rangeSliderDidEndInteraction(_ controller: RangeSliderController)
}

extension RangeSliderDelegate {
    public func rangeSlider(_ controller: RangeSliderController, didChangeSelectedMinimum minimum: Double, maximum: Double) {}
    public func rangeSliderDidStartInteraction(_ controller: RangeSliderController) {}
    public func rangeSliderDidEndInteraction(_ controller: RangeSliderController) {}
}

/// Holds a `RangeSlider` and tells observers about it, as TTRangeSlider's delegate and
/// UIControlEventValueChanged do. The rules stay in the `RangeSlider` value.
///
/// - `send(_:)` is the user's path: value observers and the delegate hear of it.
/// - `set(_:)` is the program's path: value observers hear of it, the delegate does not.
public final class RangeSliderController: ValueController {
    /// The current state.
    public private(set) var slider: RangeSlider
    /// Told about user changes and held keys.
    public weak var delegate: (any RangeSliderDelegate)?
    /// UIControlEventValueChanged: called after every value change, by the user or in code.
    public var onValueChanged: ((ValueChangeEvent) -> Void)? {
        get { observers.onValueChanged }
        set { observers.onValueChanged = newValue }
    }
    private let observers = ValueObservers()

    public init(_ slider: RangeSlider) {
        self.slider = slider
    }


    /// A stream of value changes (user and program), ending when the controller goes away.
    public func valueChanges() -> AsyncStream<ValueChangeEvent> {
        observers.stream()
    }



    /// Changes the settings (see `RangeSlider.configure`); value observers hear of moved handles.
    public func configure(_ body: (inout RangeSliderConfiguration) -> Void) throws(ConfigurationError) {
        var changed = slider
        try changed.configure(body)
        restore(changed)
    }

    /// A running session applied `change` for the user (its keys or braille keys) and `slider` is
    /// the result: the controller takes it, and value observers and the delegate are told, as by
    /// `send(_:)`. `RangeSliderController.run` (A11ySession) calls this for every change.
    package func sessionDidApply(_ change: Change, result slider: RangeSlider) {
        self.slider = slider
        report(change, source: .user)
    }

    /// Puts `slider` back (a session that was cancelled); value observers hear of moved handles.
    package func restore(_ slider: RangeSlider) {
        let before = self.slider
        self.slider = slider
        for handle in [Handle.lower, .upper] where before.value(of: handle) != slider.value(of: handle) {
            let change = Change(command: .setValue(slider.value(of: handle), handle: handle), handle: handle,
                                oldValue: before.value(of: handle), newValue: slider.value(of: handle),
                                outcome: .moved, previousFocus: before.focusedHandle)
            notifyValue(change, source: .program)
        }
    }

    /// Applies `command` and tells the observers, as from `source` (`send` and `set` call this).
    public func apply(_ command: Command, from source: ChangeSource) -> Change {
        let change = slider.apply(command)
        report(change, source: source)
        return change
    }

    private func report(_ change: Change, source: ChangeSource) {
        if change.valueChanged {
            notifyValue(change, source: source)
            if source == .user {
                delegate?.rangeSlider(self, didChangeSelectedMinimum: slider.selectedMinimum, maximum: slider.selectedMaximum)
            }
        }
        if source == .user, case .interaction(let began) = change.outcome {
            if began { delegate?.rangeSliderDidStartInteraction(self) } else { delegate?.rangeSliderDidEndInteraction(self) }
        }
    }

    private func notifyValue(_ change: Change, source: ChangeSource) {
        let event = ValueChangeEvent(change: change, selectedMinimum: slider.selectedMinimum,
                                     selectedMaximum: slider.selectedMaximum, source: source)
        observers.notify(event)
    }
}
