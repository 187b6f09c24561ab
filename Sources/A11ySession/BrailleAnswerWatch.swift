/// Whether BRLTTY still answers the braille link: when to ask it something that needs an
/// answer (after frames written at once, which BRLTTY does not answer), when to look at how long
/// the link has waited, and whether "not answering" was said for the current wait.
///
/// `BrailleOutput` keeps one; the session's loop calls it at `nextCheck`.
struct BrailleAnswerWatch {
    /// What a look found that the user must hear of.
    enum Verdict: Equatable {
        /// The link has waited `limit` for BRLTTY: said once for the wait.
        case notAnswering
        /// BRLTTY answers again after `notAnswering`.
        case answeringAgain
    }

    /// How long after a frame written at once BRLTTY is asked whether it answers: the question
    /// waits for the key's speech to be on its way, and a burst of keys asks once.
    static let askAfter: Duration = .milliseconds(100)
    /// How often a wait already said not answering is looked at for its end.
    static let lookAgainAfter: Duration = .milliseconds(100)

    /// How long BRLTTY may take to answer before the user is told it is not answering.
    var limit: Duration = .milliseconds(500)
    /// When to look at how long the link has waited (nil: nothing is waiting).
    private(set) var lookAt: Duration?
    /// When to ask BRLTTY whether it still answers (nil: no frame written at once since).
    private(set) var askAt: Duration?
    /// "Not answering" was said for the current wait.
    private(set) var saidNotAnswering = false

    /// When the session should call again (nil: nothing to look at).
    var nextCheck: Duration? {
        guard let lookAt else { return askAt }
        return askAt.map { min($0, lookAt) } ?? lookAt
    }

    /// A new connection, a lost one or a closed one: nothing waits, nothing was said.
    mutating func reset() {
        lookAt = nil
        askAt = nil
        saidNotAnswering = false
    }

    /// A frame was shown at `time`: written at once (BRLTTY is asked later whether it answers),
    /// or handed to the link (whose wait is looked at after `limit`).
    mutating func frameShown(writtenAtOnce: Bool, at time: Duration) {
        if writtenAtOnce {
            if askAt == nil { askAt = time + Self.askAfter }
        } else if lookAt == nil {
            lookAt = time + limit
        }
    }

    /// True when it is time to ask BRLTTY whether it answers: the link is then to ask, and
    /// its wait is looked at after `limit`.
    mutating func isTimeToAsk(at time: Duration) -> Bool {
        guard let due = askAt, time >= due else { return false }
        askAt = nil
        if lookAt == nil { lookAt = time + limit }
        return true
    }

    /// Whether the link's wait is to be looked at (`look(at:waiting:)`).
    func isTimeToLook(at time: Duration) -> Bool {
        lookAt.map { time >= $0 } ?? false
    }

    /// Looks at the link's wait (`waiting`: how long its call has waited, nil: none waits):
    /// what the user must hear, if anything, and when to look again.
    mutating func look(at time: Duration, waiting: Duration?) -> Verdict? {
        // The call that was not answered has ended: nothing waits, or a newer call has waited
        // less than the limit (it began after BRLTTY answered).
        var verdict: Verdict?
        if saidNotAnswering, waiting.map({ $0 < limit }) ?? true {
            saidNotAnswering = false
            verdict = .answeringAgain
        }
        guard let waiting else {
            lookAt = nil
            return verdict
        }
        if waiting < limit {
            lookAt = time + (limit - waiting)
            return verdict
        }
        lookAt = time + Self.lookAgainAfter  // look for its return
        guard !saidNotAnswering else { return verdict }
        saidNotAnswering = true
        return .notAnswering
    }
}
