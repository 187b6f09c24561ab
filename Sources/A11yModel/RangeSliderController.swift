/// Who asked for a change: the user (keys, braille) or the program embedding the control.
public enum ChangeSource: Sendable, Hashable {
    /// The user: keys, braille keys or the pointer in a running session, or `send(_:)`.
    case user
    /// The embedding program: `set(_:)`, a controller's `configure(_:)`, or a cancelled `run`
    /// putting the control back as it was.
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
    /// Called after the user changes a handle's value, with both values after the change
    /// (TTRangeSlider `rangeSlider:didChangeSelectedMinimumValue:andMaximumValue:`).
    ///
    /// The user's changes come from a running session (keys, braille keys, the pointer) or from
    /// `send(_:)`; changes made in code (`set(_:)`, `configure(_:)`, a cancelled `run` putting the
    /// slider back) never call it. On a one-handle slider `minimum` is `minValue`.
    func rangeSlider(_ controller: RangeSliderController, didChangeSelectedMinimum minimum: Double, maximum: Double)
    /// Called when the user begins a continuous change: a held key starts repeating, or the
    /// pointer takes a handle to drag it (TTRangeSlider `didStartTouchesInRangeSlider:`).
    ///
    /// `send(.beginInteraction)` calls it too; value changes during the interaction each call
    /// `rangeSlider(_:didChangeSelectedMinimum:maximum:)`.
    func rangeSliderDidStartInteraction(_ controller: RangeSliderController)
    /// Called when that continuous change ends: the held key is released (or its repeats stop,
    /// or the handle reaches a limit), or the pointer lets go (TTRangeSlider
    /// `didEndTouchesInRangeSlider:`). `send(.endInteraction)` calls it too.
    func rangeSliderDidEndInteraction(_ controller: RangeSliderController)
}

extension RangeSliderDelegate {
    /// Does nothing: implement it to hear of the user's value changes.
    public func rangeSlider(_ controller: RangeSliderController, didChangeSelectedMinimum minimum: Double, maximum: Double) {}
    /// Does nothing: implement it to hear when the user begins holding a key or dragging a handle.
    public func rangeSliderDidStartInteraction(_ controller: RangeSliderController) {}
    /// Does nothing: implement it to hear when the user ends holding a key or dragging a handle.
    public func rangeSliderDidEndInteraction(_ controller: RangeSliderController) {}
}

/// Holds a `RangeSlider` and tells observers about it, as TTRangeSlider's delegate and
/// UIControlEventValueChanged do. The rules stay in the `RangeSlider` value.
///
/// - `send(_:)` is the user's path: value observers and the delegate hear of it.
/// - `set(_:)` is the program's path: value observers hear of it, the delegate does not.
///
/// One way to follow changes per style: the `Change` that `send(_:)` and `set(_:)` return (for
/// the code that made the change), the `delegate` (a callback for each change the user makes,
/// while `run` shows the control too, and for the start and end of a held key or a drag), and
/// `valueChanges()` (an `AsyncSequence` of every value change, the user's and the program's).
public final class RangeSliderController: ValueController {
    /// The current state.
    public private(set) var slider: RangeSlider
    /// Told about user changes and held keys.
    public weak var delegate: (any RangeSliderDelegate)?
    /// Called after every value change, by the user or in code, as `valueChanges()` delivers them
    /// (for the package's tests, which check both paths synchronously; a program follows changes
    /// through the returned `Change`, the delegate or `valueChanges()`).
    package var onValueChanged: ((ValueChangeEvent) -> Void)? {
        get { observers.onValueChanged }
        set { observers.onValueChanged = newValue }
    }
    private let observers = ValueObservers()

    /// A controller holding `slider`, with no delegate and no value observers yet.
    public init(_ slider: RangeSlider) {
        self.slider = slider
    }


    /// Every value change as it happens, by the user or in code (`ValueChangeEvent.source` says
    /// which), as an `AsyncSequence` that ends when the controller goes away; the newest 64 are
    /// kept while nobody reads. The way to follow changes from Swift concurrency; the delegate is
    /// the way for a callback, the returned `Change` for the one who sent the command.
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
