/// The value observers of a controller (UIControlEventValueChanged): a closure and any number of
/// `AsyncStream`s, which end when the observers go away with their controller.
final class ValueObservers {
    var onValueChanged: ((ValueChangeEvent) -> Void)?
    private var continuations: [Int: AsyncStream<ValueChangeEvent>.Continuation] = [:]
    private var nextStreamID = 0

    deinit {
        for continuation in continuations.values { continuation.finish() }
    }

    /// A new stream of the events from now on (the newest 64 kept when not read).
    func stream() -> AsyncStream<ValueChangeEvent> {
        let (stream, continuation) = AsyncStream<ValueChangeEvent>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuations[nextStreamID] = continuation
        nextStreamID += 1
        return stream
    }

    /// Tells every observer.
    func notify(_ event: ValueChangeEvent) {
        onValueChanged?(event)
        for continuation in continuations.values { continuation.yield(event) }
    }
}

/// What `RangeSliderController` and `StepperController` share: the user's path and the
/// program's path to a change (TTRangeSlider's delegate hears only of the user's).
public protocol ValueController: AnyObject {
    /// Applies `command` and tells the observers, as from `source`.
    func apply(_ command: Command, from source: ChangeSource) -> Change
}

extension ValueController {
    /// Applies a command from the user: value observers and the delegate are told.
    @discardableResult
    public func send(_ command: Command) -> Change { apply(command, from: .user) }

    /// Applies a command from code (e.g. `.setValue`): value observers are told, the delegate is not.
    @discardableResult
    public func set(_ command: Command) -> Change { apply(command, from: .program) }
}
