/// When to try a lost connection again: the one back-off of the speech and the braille outputs.
///
/// A pure state machine over times (`Duration`s since any fixed origin): the owner says what
/// happened (`lost`, `attemptFailed`, `back`) and reads when the next attempt is due. The first
/// attempt is 0.25 s after the loss, the next 0.5 s after that failed, and each later one
/// doubles the wait up to `retryInterval` (with the default of 1 s: 0.25 s, 0.5 s, then every
/// second).
///
/// ```swift
/// var reconnection = Reconnection(retryInterval: .seconds(1))
/// if reconnection.lost(at: now) { report("speech unavailable") }  // once per loss
/// // ... at reconnection.nextAttempt: try to connect
/// reconnection.attemptFailed(at: now)   // or: reconnection.back()
/// ```
package struct Reconnection: Sendable, Equatable {
    /// The wait before the first attempt after a loss.
    package static let firstDelay: Duration = .milliseconds(250)

    /// The longest wait between two attempts.
    package var retryInterval: Duration
    /// When the next attempt is due; nil while connected.
    package private(set) var nextAttempt: Duration?
    /// True from a loss until the connection is back: a loss while lost is no news.
    package private(set) var isLost = false
    /// Attempts made since the loss.
    private var failures = 0

    package init(retryInterval: Duration = .seconds(1)) {
        self.retryInterval = retryInterval
    }

    /// The connection went away, or could not be made, at `time`: the back-off starts again.
    /// Returns true when this is news (the first loss since the connection was last back), the
    /// moment to tell the user.
    @discardableResult
    package mutating func lost(at time: Duration) -> Bool {
        let news = !isLost
        isLost = true
        failures = 0
        schedule(after: time)
        return news
    }

    /// An attempt is due at once (`time`), not after a loss: the connection is made again for
    /// a reason of its own (a display of another width), and a failure of it is the loss
    /// (`lost(at:)`, news then).
    package mutating func retryNow(at time: Duration) {
        nextAttempt = time
    }

    /// The attempt due at `nextAttempt` failed at `time`: the next one waits longer.
    package mutating func attemptFailed(at time: Duration) {
        schedule(after: time)
    }

    /// Connected again: no more attempts until the next loss.
    package mutating func back() {
        isLost = false
        failures = 0
        nextAttempt = nil
    }

    /// True when an attempt is due at `time`.
    package func isDue(at time: Duration) -> Bool {
        nextAttempt.map { time >= $0 } ?? false
    }

    /// The wait before attempt `failures + 1`: 0.25 s doubled per failure, at most `retryInterval`.
    private mutating func schedule(after time: Duration) {
        nextAttempt = time + min(retryInterval, Self.firstDelay * (1 << min(failures, 8)))
        failures += 1
    }
}
