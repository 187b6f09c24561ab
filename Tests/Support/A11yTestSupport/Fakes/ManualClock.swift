import Synchronization
import A11yControls

/// A `SessionClock` that moves only when the test says: `advance(to:)` runs the work scheduled
/// up to that time, in deadline order, on the test's thread (with `now` at each work's
/// deadline), so back-off timings are tested to the millisecond without sleeping.
package final class ManualClock: SessionClock, Sendable {
    private struct Scheduled {
        var deadline: Duration
        var order: Int
        var work: @Sendable () -> Void
    }

    private struct State {
        var now: Duration
        var scheduled: [Scheduled] = []
        var count = 0
    }

    private let state: Mutex<State>

    package init(now: Duration = .zero) {
        state = Mutex(State(now: now))
    }

    package var now: Duration { state.withLock { $0.now } }

    package func schedule(at deadline: Duration, _ work: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.scheduled.append(Scheduled(deadline: deadline, order: state.count, work: work))
            state.count += 1
        }
    }

    /// The deadlines of the work not yet run, earliest first.
    package var pendingDeadlines: [Duration] {
        state.withLock { $0.scheduled.map(\.deadline).sorted() }
    }

    /// Moves the clock forward by `duration` (see `advance(to:)`).
    package func advance(by duration: Duration) {
        advance(to: now + duration)
    }

    /// Moves the clock to `time` (never back), running each piece of work that falls due on the
    /// way, including work scheduled by work that ran.
    package func advance(to time: Duration) {
        while let work = takeNext(until: time) { work() }
    }

    private func takeNext(until time: Duration) -> (@Sendable () -> Void)? {
        state.withLock { state in
            let due = state.scheduled.indices.filter { state.scheduled[$0].deadline <= time }
            guard let index = due.min(by: { (state.scheduled[$0].deadline, state.scheduled[$0].order)
                                            < (state.scheduled[$1].deadline, state.scheduled[$1].order) }) else {
                state.now = max(state.now, time)
                return nil
            }
            let next = state.scheduled.remove(at: index)
            state.now = max(state.now, next.deadline)
            return next.work
        }
    }
}
