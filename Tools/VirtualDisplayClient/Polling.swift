#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Waiting for a condition with a deadline: the one polling loop of the display, the tests and
/// the benchmark.
///
/// A deadline is for a hang, not for speed: a wait for what must happen uses `hang` (30 s times
/// `A11Y_TEST_DEADLINE_SCALE`), which a loaded machine or a sanitized build does not reach, and
/// which a test that is in fact hung reaches soon enough. Every wait asks once more after its
/// deadline, and says on standard output when it was long (the figure, never a failure).
package enum Polling {
    /// The factor of `hang`'s 30 s: `A11Y_TEST_DEADLINE_SCALE` (a positive number; 1 when unset or
    /// not a number), for a machine slower than the default foresees.
    package static let deadlineScale: Double = {
        guard let text = getenv("A11Y_TEST_DEADLINE_SCALE").map({ String(cString: $0) }),
              let scale = Double(text), scale > 0, scale.isFinite else { return 1 }
        return scale
    }()

    /// The deadline of a wait for something that must happen (a frame, a line, an exit, a
    /// screen): 30 s times `deadlineScale`. Only a hang reaches it; a slow machine does not.
    package static let hang: Duration = .seconds(30) * deadlineScale

    /// A wait that took at least this long is reported (with where it was and how long it took).
    package static let longWait: Duration = .seconds(2)

    /// Asks `probe` every `interval` until it returns a value or `timeout` passes; returns the
    /// value, or nil at the deadline. The last question is asked after the deadline has passed,
    /// so a waiter that was stalled past it (a busy machine, a sanitized build) still sees what
    /// happened meanwhile instead of failing on time alone. A value that came after `longWait`
    /// or more, and a last question asked over a second after the deadline (the waiter stalled),
    /// print one line naming `file`:`line` and the time taken.
    package static func until<T>(timeout: Duration, every interval: Duration = .milliseconds(1),
                                 file: String = #fileID, line: Int = #line,
                                 _ probe: () throws -> T?) rethrows -> T? {
        let start = ContinuousClock.now
        let deadline = start + timeout
        while true {
            let now = ContinuousClock.now
            let expired = now >= deadline
            if let value = try probe() {
                report(file: file, line: line, took: ContinuousClock.now - start, timeout: timeout, found: true,
                       late: expired ? now - deadline : .zero)
                return value
            }
            if expired {
                report(file: file, line: line, took: ContinuousClock.now - start, timeout: timeout, found: false, late: now - deadline)
                return nil
            }
            sleep(for: interval)
        }
    }

    /// `until` for a condition: true as soon as it holds, false at the deadline.
    package static func until(timeout: Duration, every interval: Duration = .milliseconds(1),
                              file: String = #fileID, line: Int = #line, _ condition: () throws -> Bool) rethrows -> Bool {
        try until(timeout: timeout, every: interval, file: file, line: line) { try condition() ? true : nil } ?? false
    }

    /// The line a long wait prints (a wait of its own, such as a pseudo-terminal's read, calls
    /// it too): when a value came after `longWait` or more (`found`), or the last look came over
    /// a second after the deadline (`late`: the waiter stalled), where and how long it took.
    package static func report(file: String, line: Int, took: Duration, timeout: Duration, found: Bool, late: Duration) {
        let stalled = late > .seconds(1)
        guard (found && took >= longWait) || stalled else { return }
        let what = found ? "came after" : "gave up after"
        let stall = stalled ? ", asking last \(seconds(late)) s past the deadline (the waiter stalled)" : ""
        print("Polling: the wait at \(file):\(line) \(what) \(seconds(took)) s (deadline \(seconds(timeout)) s\(stall))")
    }

    /// `duration` in seconds with two decimals.
    private static func seconds(_ duration: Duration) -> String {
        let hundredths = Int((Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18) * 100 + 0.5)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
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
