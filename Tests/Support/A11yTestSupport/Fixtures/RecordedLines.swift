import Synchronization

/// Lines handed to a closure from any thread (a `report` closure, a screen's writes), in order.
package final class RecordedLines: Sendable {
    private let storage = Mutex<[String]>([])

    package init() {}

    package func append(_ line: String) { storage.withLock { $0.append(line) } }

    /// Every line so far.
    package var lines: [String] { storage.withLock { $0 } }
}
