import A11yControls

/// A `SerialWorker` that runs each piece of work at once, on the caller's thread: what was handed
/// to it has been done when `submit` returns, so a test sees exactly when work was handed over
/// (`ManualWorker` holds it until the test says).
public final class InlineWorker: SerialWorker, Sendable {
    public init() {}

    public func submit(_ work: @escaping @Sendable () -> Void) { work() }

    @discardableResult
    public func wait(for work: @escaping @Sendable () -> Void, atMost timeout: Duration) -> Bool {
        work()
        return true
    }
}
