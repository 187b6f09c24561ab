/// RPVerticalStepperDelegate in Swift: told about value changes the user makes.
public protocol StepperDelegate: AnyObject {
    /// Called after the user changes the value (RPVerticalStepper `stepperValueDidChange:`); the
    /// new value is `controller.stepper.value`.
    ///
    /// The user's changes come from a running session (keys, braille keys, the pointer) or from
    /// `send(_:)`. With `continuous == false`, a held key's changes call it once, when the key is
    /// released, and only if the value differs from where the hold began. Changes made in code
    /// (`set(_:)`, `configure(_:)`, a cancelled `run` putting the stepper back) never call it.
    func stepperValueDidChange(_ controller: StepperController)
}

/// Holds a `Stepper` and tells observers about it (RPVerticalStepper's delegate and
/// UIControlEventValueChanged). With `continuous == false`, observers hear of a held key's changes
/// once, when the key is released, as UIStepper does.
///
/// One way to follow changes per style: the `Change` that `send(_:)` and `set(_:)` return (for
/// the code that made the change), the `delegate` (a callback for each change the user makes,
/// while `run` shows the control too), and `valueChanges()` (an `AsyncSequence` of every value
/// change, the user's and the program's).
public final class StepperController: ValueController {
    /// The current state.
    public private(set) var stepper: Stepper
    /// Told about user changes.
    public weak var delegate: (any StepperDelegate)?
    /// Called after every value change, by the user or in code, as `valueChanges()` delivers them
    /// (for the package's tests, which check both paths synchronously; a program follows changes
    /// through the returned `Change`, the delegate or `valueChanges()`).
    package var onValueChanged: ((ValueChangeEvent) -> Void)? {
        get { observers.onValueChanged }
        set { observers.onValueChanged = newValue }
    }
    private let observers = ValueObservers()
    /// With `continuous == false`: the value when the held key began, and the last change since.
    private var heldFrom: Double?
    private var heldChange: Change?

    /// A controller holding `stepper`, with no delegate and no value observers yet.
    public init(_ stepper: Stepper) {
        self.stepper = stepper
    }


    /// Every value change as it happens, by the user or in code (`ValueChangeEvent.source` says
    /// which), as an `AsyncSequence` that ends when the controller goes away; the newest 64 are
    /// kept while nobody reads. The way to follow changes from Swift concurrency; the delegate is
    /// the way for a callback, the returned `Change` for the one who sent the command.
    public func valueChanges() -> AsyncStream<ValueChangeEvent> {
        observers.stream()
    }



    /// Changes the settings (see `Stepper.configure`).
    public func configure(_ body: (inout StepperConfiguration) -> Void) throws(ConfigurationError) {
        var changed = stepper
        try changed.configure(body)
        restore(changed)
    }

    /// A running session applied `change` for the user and `stepper` is the result: the
    /// controller takes it and tells observers, as `send(_:)` would (with `continuous == false`, a
    /// held key's changes once, at its end). `StepperController.run` (A11ySession) calls this.
    package func sessionDidApply(_ change: Change, result stepper: Stepper) {
        self.stepper = stepper
        report(change, source: .user)
    }

    /// Puts `stepper` back (a session that was cancelled); value observers hear of the change.
    package func restore(_ stepper: Stepper) {
        let old = self.stepper.value
        self.stepper = stepper
        if old != stepper.value {
            notify(Change(command: .setValue(stepper.value), handle: .upper, oldValue: old, newValue: stepper.value,
                          outcome: .moved, previousFocus: .upper), source: .program)
        }
    }

    /// Applies `command` and tells the observers, as from `source` (`send` and `set` call this).
    public func apply(_ command: Command, from source: ChangeSource) -> Change {
        let change = stepper.apply(command)
        report(change, source: source)
        return change
    }

    private func report(_ change: Change, source: ChangeSource) {
        if case .interaction(let began) = change.outcome, !stepper.configuration.continuous {
            if began {
                heldFrom = change.oldValue
            } else if let from = heldFrom {
                heldFrom = nil
                if let last = heldChange, from != stepper.value {
                    var summary = last
                    summary.oldValue = from
                    notify(summary, source: source)
                }
                heldChange = nil
            }
            return
        }
        guard change.valueChanged else { return }
        if heldFrom != nil && source == .user {
            heldChange = change
            return
        }
        notify(change, source: source)
    }

    private func notify(_ change: Change, source: ChangeSource) {
        let event = ValueChangeEvent(change: change, selectedMinimum: stepper.configuration.minimumValue,
                                     selectedMaximum: stepper.value, source: source)
        observers.notify(event)
        if source == .user { delegate?.stepperValueDidChange(self) }
    }
}
