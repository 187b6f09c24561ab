/// RPVerticalStepperDelegate in Swift: told about value changes the user makes.
public protocol StepperDelegate: AnyObject {
    /// RPVerticalStepper `stepperValueDidChange:`.
    func stepperValueDidChange(_ controller: StepperController)
}

/// Holds a `Stepper` and tells observers about it (RPVerticalStepper's delegate and
/// UIControlEventValueChanged). With `continuous == false`, observers hear of a held key's changes
/// once, when the key is released, as UIStepper does.
public final class StepperController {
    /// The current state.
    public private(set) var stepper: Stepper
    /// Told about user changes.
    public weak var delegate: (any StepperDelegate)?
    /// UIControlEventValueChanged: called after value changes, by the user or in code.
    public var onValueChanged: ((ValueChangeEvent) -> Void)?
    private var continuations: [Int: AsyncStream<ValueChangeEvent>.Continuation] = [:]
    private var nextStreamID = 0
    /// With `continuous == false`: the value when the held key began, and the last change since.
    private var heldFrom: Double?
    private var heldChange: Change?

    public init(_ stepper: Stepper) {
        self.stepper = stepper
    }

    deinit {
        for c in continuations.values { c.finish() }
    }

    /// A stream of value changes (user and program), ending when the controller goes away.
    public func valueChanges() -> AsyncStream<ValueChangeEvent> {
        let (stream, continuation) = AsyncStream<ValueChangeEvent>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuations[nextStreamID] = continuation
        nextStreamID += 1
        return stream
    }

    /// Applies a command from the user.
    @discardableResult
    public func send(_ command: Command) -> Change { perform(command, source: .user) }

    /// Applies a command from code: value observers are told, the delegate is not.
    @discardableResult
    public func set(_ command: Command) -> Change { perform(command, source: .program) }

    /// Changes the settings (see `Stepper.configure`).
    public func configure(_ body: (inout StepperConfiguration) -> Void) throws(ConfigurationError) {
        var changed = stepper
        try changed.configure(body)
        restore(changed)
    }

    /// A running session applied `change` for the user and `stepper` is the result: the
    /// controller takes it and tells observers, as `send(_:)` would (with `continuous == false`, a
    /// held key's changes once, at its end). `StepperController.run` (A11ySession) calls this.
    public func sessionDidApply(_ change: Change, result stepper: Stepper) {
        self.stepper = stepper
        report(change, source: .user)
    }

    /// Puts `stepper` back (a session that was cancelled); value observers hear of the change.
    public func restore(_ stepper: Stepper) {
        let old = self.stepper.value
        self.stepper = stepper
        if old != stepper.value {
            notify(Change(command: .setValue(stepper.value), handle: .upper, oldValue: old, newValue: stepper.value,
                          outcome: .moved, previousFocus: .upper), source: .program)
        }
    }

    private func perform(_ command: Command, source: ChangeSource) -> Change {
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
        onValueChanged?(event)
        for c in continuations.values { c.yield(event) }
        if source == .user { delegate?.stepperValueDidChange(self) }
    }
}
