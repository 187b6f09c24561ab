import Synchronization
import A11yDevices
import A11yVocabulary

/// A connection attempt running in the background (connecting, taking the display, reading
/// the preferences: every call on its own thread, which BrlAPI may block for ever on a server
/// that accepts and never answers): nil while it runs, then its outcome.
final class BrailleConnectionAttempt: Sendable {
    typealias Outcome = Result<Opened, any Error>
    private let outcome = Mutex<(result: Outcome?, abandoned: Bool, ended: Bool)>((nil, false, false))
    private let done = WakeSignal()
    private let started = ContinuousClock.now

    /// How long the attempt has been running.
    var age: Duration { ContinuousClock.now - started }

    /// Its thread is done (it may have been given up on before).
    var hasEnded: Bool { outcome.withLock { $0.ended } }

    func finish(_ result: Outcome) {
        let late = outcome.withLock { state -> Bool in
            if !state.abandoned { state.result = result }
            state.ended = true
            return state.abandoned
        }
        guard late else {
            done?.signal()
            return
        }
        // Given up on already: a connection that came late is closed, not leaked.
        if case .success(let opened) = result { opened.connection.close() }
    }

    /// Gives up on the attempt unless it has ended: its outcome is then a failure, and its
    /// thread, when its server answers at last, closes what it opened.
    func abandon(after timeout: Duration) -> Outcome {
        outcome.withLock { state in
            if let result = state.result { return result }
            let failure = Outcome.failure(BrailleError(function: "brlapi__openConnection", message: "no answer from BRLTTY within \(timeout)"))
            state.result = failure
            state.abandoned = true
            return failure
        }
    }

    var result: Outcome? { outcome.withLock { $0.result } }
    /// The outcome, waited for at most `timeout`.
    func wait(atMost timeout: Duration) -> Outcome? {
        if result == nil { done?.wait(until: .now + timeout) }
        return result
    }

    /// A connection in tty mode, with what was learnt while taking it.
    struct Opened {
        var connection: any BrailleConnection
        var width: Int
        var preferences: Result<(preferences: BraillePreferences, unanswered: [String]), any Error>
        var watching: Bool
        /// The keys taken from BRLTTY while connecting (nil: none, or BRLTTY refused them).
        var keys: BrailleKeySet?
    }

    /// Connects, checks there is a display, takes it (tty mode) with `keys`, reads the preferences
    /// and asks to be told of their changes: every call that waits for BRLTTY, on the attempt's
    /// thread.
    static func open(_ service: any BrailleService, timeout: Duration, keys: BrailleKeySet?) throws -> Opened {
        let display = try service.connect(timeout: timeout)
        do {
            let size = try display.size()
            guard size.width > 0 else { throw BrailleError(function: "brlapi__getDisplaySize", message: "no display is connected to BRLTTY") }
            // Refused, the keys are ordered again from the link, which reports a refusal. The
            // watch's answers are the preferences (read only when BRLTTY cannot watch them all),
            // and the change they mark is no change. A change after the watch marks the
            // connection again.
            let (keysTaken, watching) = try display.enterTTY(taking: keys, watchingPreferences: true)
            let taken = keysTaken ? keys : nil
            _ = display.preferencesChanged()
            let preferences = Result { try display.currentPreferences() }
            return Opened(connection: display, width: size.width, preferences: preferences, watching: watching, keys: taken)
        } catch {
            display.close()
            throw error
        }
    }
}
