import Dispatch

/// Where `SpeechOutput` runs the calls that may block on the server, one after another, never
/// on the thread that reads keys. Live code uses a serial dispatch queue (`DispatchWorker`);
/// tests use a worker that runs the work when they say, on their own thread.
public protocol SerialWorker: Sendable {
    /// Runs `work` after the work submitted before it; returns at once.
    func submit(_ work: @escaping @Sendable () -> Void)
    /// Runs `work` after the work submitted before it, and waits until it is done, but no
    /// longer than `timeout` (a server that stopped answering must not hang the caller).
    func wait(for work: @escaping @Sendable () -> Void, atMost timeout: Duration)
}

/// The live worker: a serial dispatch queue.
public struct DispatchWorker: SerialWorker {
    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    public func submit(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    public func wait(for work: @escaping @Sendable () -> Void, atMost timeout: Duration) {
        let done = DispatchSemaphore(value: 0)
        queue.async {
            work()
            done.signal()
        }
        _ = done.wait(timeout: .now() + timeout.dispatchInterval)
    }
}

extension Duration {
    /// The duration for a dispatch deadline, in nanoseconds; zero when negative.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = max(.zero, self).components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
