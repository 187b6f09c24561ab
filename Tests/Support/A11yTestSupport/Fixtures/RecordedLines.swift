import Synchronization

/// Lines handed to a closure from any thread (a `report` closure, a screen's writes), in order.
public final class RecordedLines: Sendable {
    private let storage = Mutex<[String]>([])

    public init() {}

    public func append(_ line: String) { storage.withLock { $0.append(line) } }

    /// Every line so far.
    public var lines: [String] { storage.withLock { $0 } }
}
