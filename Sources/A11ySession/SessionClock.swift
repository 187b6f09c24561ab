#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yDevices

/// The time a session and its outputs run on: `Duration`s since a fixed origin, and work to run
/// when a time comes (a reconnection attempt). Live code uses `MonotonicClock`; tests use a
/// manual clock that they advance themselves, so back-off is tested without sleeping.
package protocol SessionClock: Sendable {
    /// The time since the clock's origin; it never goes back.
    var now: Duration { get }
    /// Runs `work` once `now` has reached `deadline`, on a thread where it may block (a
    /// connection attempt). Work whose deadline has passed runs soon.
    func schedule(at deadline: Duration, _ work: @escaping @Sendable () -> Void)
}

/// The live clock: monotonic time since the clock was made; scheduled work runs on a plain
/// thread of its own that sleeps until the deadline (reconnection attempts are rare: no timer
/// service, and nothing wakes an idle program).
package struct MonotonicClock: SessionClock {
    private let origin = ContinuousClock.now

    package init() {}

    package var now: Duration { ContinuousClock.now - origin }

    package func schedule(at deadline: Duration, _ work: @escaping @Sendable () -> Void) {
        let start = origin
        let started = DetachedThread.start {
            let left = (start + deadline) - ContinuousClock.now
            if left > .zero {
                let (seconds, attoseconds) = left.components
                var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
                var left = timespec()
                while nanosleep(&pause, &left) < 0 && errno == EINTR { pause = left }
            }
            work()
        }
        if !started { work() }
    }
}
