import Synchronization
import A11yControls

/// A `WorkQueue` that runs nothing until the test calls `runAll()`: what was submitted
/// meanwhile waits, as it would behind a busy speech server (so latest-wins can be seen).
/// `wait(for:atMost:)` runs everything at once, on the test's thread.
package final class ManualQueue: WorkQueue, Sendable {
    private let queue = Mutex<[@Sendable () -> Void]>([])

    package init() {}

    /// How many pieces of work wait.
    package var pendingCount: Int { queue.withLock { $0.count } }

    package func submit(_ work: @escaping @Sendable () -> Void) {
        queue.withLock { $0.append(work) }
    }

    /// Runs the waiting work in order, and the work it submits, until none waits.
    package func runAll() {
        while let work = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { work() }
    }

    @discardableResult
    package func wait(for work: @escaping @Sendable () -> Void, atMost timeout: Duration) -> Bool {
        runAll()
        work()
        return true
    }
}
