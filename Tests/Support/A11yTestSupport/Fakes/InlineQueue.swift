import A11yControls

/// A `WorkQueue` that runs each piece of work at once, on the caller's thread: what was handed
/// to it has been done when `submit` returns, so a test sees exactly when work was handed over
/// (`ManualQueue` holds it until the test says).
package final class InlineQueue: WorkQueue, Sendable {
    package init() {}

    package func submit(_ work: @escaping @Sendable () -> Void) { work() }

    @discardableResult
    package func wait(for work: @escaping @Sendable () -> Void, atMost timeout: Duration) -> Bool {
        work()
        return true
    }
}
