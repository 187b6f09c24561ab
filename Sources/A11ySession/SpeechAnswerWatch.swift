/// Whether the speech server takes what waits for it in time: the moment by which it should
/// have answered, and whether "not answering" was said for the current outage.
///
/// `SpeechOutput` keeps one inside its lock; the session's loop asks `isOverdue(at:)` at
/// `nextCheck`, so no timer thread is needed.
struct SpeechAnswerWatch: Sendable {
    /// How long a call may wait for the server before the user is told it is not answering.
    let limit: Duration
    /// When the server should have answered (nil: nothing waits for it).
    private(set) var due: Duration?
    /// "Not answering" was said for this outage (a later loss is not said again).
    private(set) var saidNotAnswering = false

    init(limit: Duration) {
        self.limit = limit
    }

    /// When the session should look again (nil: nothing waits, or it was said already).
    var nextCheck: Duration? { saidNotAnswering ? nil : due }

    /// Work started waiting for the server at `time`.
    mutating func start(at time: Duration) {
        due = time + limit
    }

    /// Work started waiting at `time`, unless other work waits already.
    mutating func startUnlessWaiting(at time: Duration) {
        if due == nil { start(at: time) }
    }

    /// Nothing waits for the server any more.
    mutating func stop() {
        due = nil
    }

    /// The server answered a call at `time`: what waits gets a new `limit`.
    mutating func answered(at time: Duration) {
        if due != nil { start(at: time) }
    }

    /// True once, when what waits is overdue at `time`: the user is to be told.
    mutating func isOverdue(at time: Duration) -> Bool {
        guard let due, time >= due, !saidNotAnswering else { return false }
        saidNotAnswering = true
        return true
    }

    /// The server answers again (or a new connection stands): the outage is over.
    mutating func answeringAgain() {
        saidNotAnswering = false
    }
}
