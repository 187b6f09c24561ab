import Glibc
import A11yDevices
import Synchronization
import A11yPresentation
import A11yVocabulary

/// Writes a session's braille frames from a thread of its own, so a BRLTTY that stopped
/// answering (SIGSTOP, a stuck driver) cannot hold the thread that reads keys.
///
/// - The latest frame wins: frames handed over while one is being written replace each other,
///   and the display shows the newest as soon as BRLTTY answers again.
/// - After each burst of frames it asks BRLTTY something that needs an answer (`ping()`):
///   BrlAPI does not answer writes, so a stopped BRLTTY would otherwise only show when its
///   socket fills, thousands of frames later.
/// - `waiting` says how long the writer's work has waited for an answer: `BrailleOutput`
///   compares it with its deadline and tells the session the display is not answering.
/// - The session's own calls on the connection (reading keys, the size) run only while no call
///   of the writer runs (`ifIdle`): they never wait behind a call that may never return.
/// - A failed call is kept (`takeFailure()`): the session treats it as a lost display.
///
/// The thread comes from the service (`BrailleService.startAttempt`: a detached thread in live
/// code, the caller's thread with the fake display of the tests, so frames are written at once).
final class BrailleWriter: Sendable {
    private struct State {
        var pending: BrailleFrame?
        /// A thread is writing (or waiting for BRLTTY).
        var draining = false
        /// A call on the connection is running, on either thread.
        var inCall = false
        /// Since when the writer has had work that BRLTTY has not answered: set when work is
        /// handed over to an idle writer, moved on at each call BRLTTY answers, cleared when
        /// the writer is idle again. (Not the start of the running call: between two calls, or
        /// before its thread runs, the writer would look idle while work waits.)
        var busySince: ContinuousClock.Instant?
        var failure: (any Error)?
        /// Close the connection when the running call ends (closing meanwhile would wait for it).
        var closeWhenDone = false
        var closed = false
    }

    let connection: any BrailleConnection
    private let service: any BrailleService
    private let state = Mutex(State())

    init(connection: any BrailleConnection, service: any BrailleService) {
        self.connection = connection
        self.service = service
    }

    /// Hands `frame` to the writer; returns at once.
    func submit(_ frame: BrailleFrame) {
        let start = state.withLock { state -> Bool in
            guard !state.closed, state.failure == nil else { return false }
            state.pending = frame
            if state.busySince == nil { state.busySince = .now }
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
        guard start else { return }
        if !service.startAttempt({ self.drain() }) {
            state.withLock { $0.draining = false; $0.busySince = nil; $0.failure = BrailleError(function: "pthread_create", message: "no thread for the braille writer") }
        }
    }

    /// How long the writer's work has waited for BRLTTY's answer (nil: the writer is idle).
    var waiting: Duration? {
        state.withLock { state in state.busySince.map { ContinuousClock.now - $0 } }
    }

    /// Runs `body` on this thread if no call of the writer is running; nil otherwise.
    func ifIdle<Result>(_ body: (any BrailleConnection) throws -> Result) rethrows -> Result? {
        guard state.withLock({ state -> Bool in
            guard !state.inCall, !state.closed else { return false }
            state.inCall = true
            return true
        }) else { return nil }
        defer { state.withLock { $0.inCall = false } }
        return try body(connection)
    }

    /// The error of a failed call, once.
    func takeFailure() -> (any Error)? {
        state.withLock { state in
            defer { state.failure = nil }
            return state.failure
        }
    }

    /// Leaves tty mode and closes the connection: at once when the writer is idle; otherwise
    /// the writer first writes the frame still waiting (the display shows the last state, as a
    /// scripted session's last key left it) and closes when done. Waits for that at most
    /// `timeout` (a BRLTTY that stopped answering cannot hold the program's end); a lost
    /// display (`leavingTTY` false) is not written to.
    func close(leavingTTY: Bool, timeout: Duration = .milliseconds(500)) {
        let now = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.closed = true
            if !leavingTTY { state.pending = nil }
            if state.draining || state.inCall {
                state.closeWhenDone = true
                return false
            }
            return true
        }
        if now { return Self.close(connection, leavingTTY: leavingTTY) }
        guard leavingTTY else { return }
        let deadline = ContinuousClock.now + timeout
        while state.withLock({ $0.draining }) && ContinuousClock.now < deadline { usleep(1_000) }
    }

    private static func close(_ connection: any BrailleConnection, leavingTTY: Bool) {
        if leavingTTY { try? connection.leaveTTY() }
        connection.close()
    }

    // MARK: The writer's thread

    private func drain() {
        var wrote = false
        while true {
            let frame = state.withLock { state -> BrailleFrame? in
                defer { state.pending = nil }
                // Closing still writes the frame that waits (`close` dropped it for a lost display).
                return state.failure != nil ? nil : state.pending
            }
            if let frame {
                guard call({ try $0.write(text: frame.text, orMask: frame.dots.map(\.rawValue), cursor: frame.cursor) }) else { break }
                wrote = true
                continue
            }
            guard wrote, !state.withLock({ $0.closed }) else { break }  // no answer needed when closing
            // The burst is written: wait for an answer (frames arriving meanwhile wait in `pending`).
            wrote = false
            guard call({ try $0.ping() }) else { break }
        }
        let closeNow = state.withLock { state -> Bool in
            state.draining = false
            state.busySince = nil
            defer { state.closeWhenDone = false }
            return state.closeWhenDone
        }
        if closeNow { Self.close(connection, leavingTTY: true) }
        // A frame handed over between the last look and the end of this drain.
        let again = state.withLock { state -> Bool in
            guard state.pending != nil, !state.closed, state.failure == nil, !state.draining else { return false }
            state.draining = true
            state.busySince = .now
            return true
        }
        if again { drain() }
    }

    /// One call on the connection, timed; false when it failed (the failure is kept).
    private func call(_ body: (any BrailleConnection) throws -> Void) -> Bool {
        while !state.withLock({ state -> Bool in
            guard !state.inCall else { return false }
            state.inCall = true
            return true
        }) {
            usleep(100)  // the session's own call is a quick one (a key read)
        }
        var failure: (any Error)?
        do { try body(connection) } catch { failure = error }
        state.withLock { state in
            state.inCall = false
            if failure == nil, state.busySince != nil { state.busySince = .now }  // BRLTTY answered
            if let failure, !state.closed { state.failure = failure }
        }
        return failure == nil
    }
}

extension BrailleConnection {
    /// Waits for an answer from the server; the fake display of the tests answers at once.
    public func ping() throws {}
}
