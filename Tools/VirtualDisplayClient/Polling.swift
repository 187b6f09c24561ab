#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Waiting for a condition with a deadline: the one polling loop of the display, the tests and
/// the benchmark.
package enum Polling {
    /// Asks `probe` every `interval` until it returns a value or `timeout` passes; returns the
    /// value, or nil at the deadline. The last question is asked after the deadline has passed,
    /// so a waiter that was stalled past it (a busy machine, a sanitized build) still sees what
    /// happened meanwhile instead of failing on time alone.
    package static func until<T>(timeout: Duration, every interval: Duration = .milliseconds(1), _ probe: () throws -> T?) rethrows -> T? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let expired = ContinuousClock.now >= deadline
            if let value = try probe() { return value }
            if expired { return nil }
            sleep(for: interval)
        }
    }

    /// `until` for a condition: true as soon as it holds, false at the deadline.
    package static func until(timeout: Duration, every interval: Duration = .milliseconds(1), _ condition: () throws -> Bool) rethrows -> Bool {
        try until(timeout: timeout, every: interval) { try condition() ? true : nil } ?? false
    }

    /// Blocks the calling thread for `duration`.
    package static func sleep(for duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// Starts a detached POSIX thread that runs `body`, with every signal blocked in it (signals
/// stay with the program's own threads). Foundation-free, so a11y-vr-display stays small.
func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    final class Body { let run: @Sendable () -> Void; init(_ run: @escaping @Sendable () -> Void) { self.run = run } }
    var blocked = sigset_t(), saved = sigset_t()
    sigfillset(&blocked)
    pthread_sigmask(SIG_SETMASK, &blocked, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    let argument = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    if pthread_create(&thread, nil, { raw in
        raw.map { Unmanaged<Body>.fromOpaque($0).takeRetainedValue().run() }
        return nil
    }, argument) != 0 {
        Unmanaged<Body>.fromOpaque(argument).release()
        return false
    }
    pthread_detach(thread)
    return true
}
