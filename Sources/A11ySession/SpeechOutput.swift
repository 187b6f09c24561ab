import Glibc
import Synchronization
import A11yDevices
import A11yPresentation
import A11yVocabulary

/// Speech for a session: utterances go to the speech server from a work queue, never from the
/// thread that reads keys, and stale ones are dropped before they are sent.
///
/// - A `text` utterance replaces every `text` utterance still waiting to be sent (the latest value
///   wins; a held key never builds a backlog, in what waits here or in the server).
/// - `message` utterances (the result of accepting) are never dropped.
/// - Without a server (mode `auto`), or when the server goes away, it says once through `report`
///   what is missing and keeps trying to connect in the background, with back-off
///   (`Reconnection`: 0.25 s, 0.5 s, then every `retryInterval`); speech resumes when the
///   server is back.
/// - Every loss and every return is also queued as a `Status` for the session (which shows it on
///   the braille line) and wakes the session through `wakeDescriptor`.
/// - Nothing here can hang the caller: `say` only hands over (the queue makes every call on the
///   connection, each of which may wait for the server), and `close()` waits at most
///   `closeTimeout` for a server that stopped answering.
///
/// The server, the clock and the work queue are seams (`SpeechService`, `SessionClock`,
/// `WorkQueue`): tests drive all three by hand.
package final class SpeechOutput: @unchecked Sendable {
    // @unchecked Sendable: all mutable state is inside `state`, a Mutex; the wake signal is set once
    // in init.
    private enum FirstConnection { case notStarted, started, outcomeTaken }

    private struct State {
        var pending: [Utterance] = []
        var connection: (any SpeechConnection)?
        /// Which connection attempt `connection` came from: errors of older ones are ignored.
        var generation = 0
        var working = false
        var closed = false
        var reconnection: Reconnection
        var statusChanges: [Status] = []
        /// Whether the server takes what waits in time.
        var answers: SpeechAnswerWatch
        /// Where the first connection is: not started, started (`finishConnecting()` has not
        /// taken its outcome yet), or its outcome taken.
        var first = FirstConnection.notStarted
        /// Why the first connection failed in mode `.on`, for `finishConnecting()` to throw.
        var firstFailure: (any Error)?
    }

    private let state: Mutex<State>
    private let service: any SpeechService
    private let clock: any SessionClock
    private let queue: any WorkQueue
    private let mode: DeviceMode
    /// The settings sent on every connection (the language resolved from the locale).
    private let settings: Settings
    private let report: @Sendable (String) -> Void
    /// Wakes the session when a `Status` is waiting (nil: no pipe could be made).
    private let wakeSignal = WakeSignal()
    /// How long `close()` waits for the server to take the last utterances.
    package var closeTimeout: Duration = .seconds(1)
    /// How long one call may wait for the server before the user is told it is not answering
    /// (shorter than the connection's call timeout, after which it counts as lost; longer than a
    /// slow synthesizer's usual wait, about 0.2 s).
    package static let notAnsweringAfter: Duration = .seconds(1)

    /// Connects through `service`. In mode `.on` a failure throws; in `.auto` it is reported once
    /// through `report` (without the program's name: the caller's `report` adds it) and retried
    /// at the times `clock` gives.
    package convenience init(mode: DeviceMode, service: any SpeechService, settings: Settings = Settings(),
                            retryInterval: Duration = .seconds(1), clock: any SessionClock = MonotonicClock(),
                            queue: any WorkQueue = ThreadQueue(),
                            report: @escaping @Sendable (String) -> Void) throws {
        self.init(notConnecting: mode, service: service, settings: settings, retryInterval: retryInterval, clock: clock,
                  queue: queue, report: report)
        try finishConnecting()
    }

    /// Does not connect yet: the caller shows the first braille frame first (what it says waits
    /// here), then calls `startConnecting()` (`finishConnecting()` to wait for it):
    /// connecting while the braille frame is being made (libspeechd's loading,
    /// speech-dispatcher's answers) would take the CPU from that frame.
    package init(notConnecting mode: DeviceMode, service: any SpeechService, settings: Settings = Settings(),
                retryInterval: Duration = .seconds(1), clock: any SessionClock = MonotonicClock(),
                queue: any WorkQueue = ThreadQueue(),
                report: @escaping @Sendable (String) -> Void) {
        var resolved = settings
        resolved.language = settings.language ?? Self.localeLanguage()
        self.settings = resolved
        self.service = service
        self.clock = clock
        self.queue = queue
        self.report = report
        self.mode = mode
        state = Mutex(State(closed: mode == .off, reconnection: Reconnection(retryInterval: retryInterval),
                            answers: SpeechAnswerWatch(limit: Self.notAnsweringAfter)))
    }

    /// Starts connecting, on the queue, and returns at once: what was said meanwhile is said
    /// once the server answers. In mode `.auto` a failure is reported once and retried at the
    /// times the clock gives. Does nothing after the first call.
    package func startConnecting() {
        let start = state.withLock { state -> Bool in
            guard !state.closed, state.first == .notStarted else { return false }
            state.first = .started
            return true
        }
        if start { queue.submit { self.connectFirst() } }
    }

    /// Starts connecting if that was not done, and waits for it (at most
    /// `firstConnectionTimeout`). In mode `.on` a failure throws. Does nothing when called again.
    package func finishConnecting() throws {
        startConnecting()
        guard state.withLock({ $0.first == .started }) else { return }
        let done = queue.wait(for: {}, atMost: Self.firstConnectionTimeout)
        let failure = state.withLock { state -> (any Error)? in
            defer { state.first = .outcomeTaken; state.firstFailure = nil }
            return state.firstFailure
        }
        guard mode == .on else { return }
        if let failure { throw DeviceUnavailable(device: "speech", reason: "\(failure)") }
        if !done { throw DeviceUnavailable(device: "speech", reason: "speech-dispatcher did not answer in \(Self.firstConnectionTimeout)") }
    }

    /// How long `finishConnecting()` waits: the service's connection timeout (about a second)
    /// and the settings' answers.
    static let firstConnectionTimeout: Duration = .seconds(3)

    /// The first connection (on the queue): what waits is said once it stands.
    private func connectFirst() {
        let connection: any SpeechConnection
        do {
            connection = try connect()
        } catch {
            if mode == .on { state.withLock { $0.firstFailure = error } } else { lost(error) }
            return
        }
        let start = state.withLock { state -> Bool in
            state.connection = connection
            guard !state.closed, !state.working, !state.pending.isEmpty else { return false }
            state.working = true
            state.answers.start(at: clock.now)
            return true
        }
        // The session polls the new connection's socket for a hang-up from its next turn on.
        wake()
        if start { drain() }
    }

    /// Connects to speech-dispatcher at `address` (nil: SPEECHD_ADDRESS) as `clientName`.
    package convenience init(mode: DeviceMode, address: SpeechAddress? = nil, clientName: String = SessionOptions.defaultProgramName,
                            settings: Settings = Settings(), retryInterval: Duration = .seconds(1),
                            report: @escaping @Sendable (String) -> Void) throws {
        try self.init(mode: mode, service: LiveSpeechService(address: address, clientName: clientName),
                      settings: settings, retryInterval: retryInterval, report: report)
    }

    /// True while connected to a server.
    package var isConnected: Bool { state.withLock { $0.connection != nil } }

    /// Readable when a `Status` is waiting: poll it with the keyboard.
    package var wakeDescriptor: Int32 { wakeSignal?.descriptor ?? -1 }

    /// The server connection's socket, to poll for POLLRDHUP (the server went away); nil while
    /// not connected. Call `serverClosed()` when it reports a hang-up.
    package var monitorDescriptor: Int32? {
        state.withLock { state in state.connection.map(\.socketDescriptor).flatMap { $0 >= 0 ? $0 : nil } }
    }

    /// When the next reconnection attempt is due (nil: connected, or not trying).
    package var nextAttempt: Duration? { state.withLock { $0.reconnection.nextAttempt } }

    /// The changes since the last call (and empties the wake pipe).
    package func takeStatusChanges() -> [Status] {
        wakeSignal?.take()
        return state.withLock { state in
            defer { state.statusChanges = [] }
            return state.statusChanges
        }
    }

    /// Takes utterances; returns at once. The queue sends them, one at a time, each once the
    /// server took the one before.
    package func say(_ utterances: [Utterance]) {
        guard !utterances.isEmpty else { return }
        let start = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            for utterance in utterances {
                if utterance.priority == .text { state.pending.removeAll { $0.priority == .text } }
                state.pending.append(utterance)
            }
            guard state.connection != nil else { return false }
            state.answers.startUnlessWaiting(at: clock.now)
            guard !state.working else { return false }
            state.working = true
            return true
        }
        if start { queue.submit { self.drain() } }
    }

    /// The server hung up (the session saw POLLRDHUP on `monitorDescriptor`).
    package func serverClosed() {
        let generation = state.withLock { $0.generation }
        failed(SpeechError(.command, function: "poll", message: "speech-dispatcher closed the connection"), generation: generation)
    }

    /// Sends what is waiting, waits until the server took it, then closes the connection; gives
    /// up after `closeTimeout` when the server does not answer.
    package func close() {
        state.withLock { $0.closed = true }
        // The connection is taken on the queue: the first one may still be being made there.
        queue.wait(for: {
            let (connection, rest) = self.state.withLock { state -> ((any SpeechConnection)?, [Utterance]) in
                defer { state.pending = []; state.connection = nil }
                return (state.connection, state.pending)
            }
            guard let connection else { return }
            for utterance in rest where !utterance.isRestatement || connection.messageCutsText {
                connection.say(utterance.text, priority: utterance.priority)
            }
            connection.close()
        }, atMost: closeTimeout)
    }

    /// Cancels whatever is being said and drops what waits (the program is ending abruptly).
    package func cancel() {
        let connection = state.withLock { state -> (any SpeechConnection)? in
            state.pending = []
            return state.connection
        }
        // On the queue, as every call on the connection: a server that stopped answering
        // cannot hold the caller (close() after it waits at most `closeTimeout`).
        if let connection { queue.submit { connection.cancel() } }
    }

    // MARK: On the queue

    private func drain() {
        while true {
            let next = state.withLock { state -> (Utterance, any SpeechConnection, generation: Int)? in
                guard let connection = state.connection, !state.pending.isEmpty else {
                    state.working = false
                    state.answers.stop()
                    return nil
                }
                return (state.pending.removeFirst(), connection, state.generation)
            }
            guard let (utterance, connection, generation) = next else { return }
            // Words said again after a notice only where the notice cut them off.
            if utterance.isRestatement, !connection.messageCutsText { continue }
            connection.say(utterance.text, priority: utterance.priority)
            // Wait until the server took it: meanwhile newer `text` replaces older in `pending`.
            connection.flush()
            answered(generation: generation)
        }
    }

    /// When to call `checkAnswering(at:)` (nil: nothing waits for the server, or it was
    /// already said not answering).
    package var answerDue: Duration? { state.withLock { $0.answers.nextCheck } }

    /// Says once that the server is not answering when what waits has waited
    /// `notAnsweringAfter` without the server taking any of it (the session calls this on its
    /// loop; no timer thread is needed).
    package func checkAnswering(at time: Duration) {
        let news = state.withLock { state -> Bool in
            guard !state.closed, state.working, state.answers.isOverdue(at: time) else { return false }
            state.statusChanges.append(.notAnswering)
            return true
        }
        if news { tell("speech-dispatcher is not answering; the control goes on without speech") }
    }

    /// A call of connection `generation` returned: if the server had been said not answering
    /// and the connection still stands, it answers again.
    private func answered(generation: Int) {
        let now = clock.now
        let news = state.withLock { state -> Bool in
            state.answers.answered(at: now)
            guard state.answers.saidNotAnswering, state.generation == generation, state.connection != nil, !state.closed else { return false }
            state.answers.answeringAgain()
            state.statusChanges.append(.back)
            return true
        }
        if news { tell("speech is answering again") }
    }

    /// Reports `message` and wakes the session to take the status change.
    private func tell(_ message: String) {
        report(message)
        wake()
    }

    // MARK: Connection

    private func connect() throws -> any SpeechConnection {
        let generation = state.withLock { state -> Int in
            state.generation += 1
            return state.generation
        }
        return try service.connect(settings: settings) { [weak self] error in
            self?.failed(error, generation: generation)
        }
    }

    /// A call of connection `generation` failed: the server went away.
    private func failed(_ error: any Error, generation: Int) {
        let had = state.withLock { state -> Bool in
            guard !state.closed, state.generation == generation, state.connection != nil else { return false }
            state.connection = nil
            state.working = false
            return true
        }
        if had { lost(error) }
    }

    private func lost(_ error: any Error) {
        let (news, due) = state.withLock { state -> (Bool, Duration?) in
            state.answers.stop()
            let news = state.reconnection.lost(at: clock.now)
            // Already said not answering: the loss that follows (its call timed out) is the same outage.
            if news && !state.answers.saidNotAnswering { state.statusChanges.append(.lost) }
            return (news, state.reconnection.nextAttempt)
        }
        if news {
            report("speech unavailable (\(error)); retrying in the background")
            wake()
        }
        if let due { clock.schedule(at: due) { [weak self] in self?.attempt() } }
    }

    /// One reconnection attempt (on the clock's thread: connecting may block).
    private func attempt() {
        guard !state.withLock({ $0.closed }) else { return }
        let connection: any SpeechConnection
        do {
            connection = try connect()
        } catch {
            let due = state.withLock { state -> Duration? in
                guard !state.closed else { return nil }
                state.reconnection.attemptFailed(at: clock.now)
                return state.reconnection.nextAttempt
            }
            if let due { clock.schedule(at: due) { [weak self] in self?.attempt() } }
            return
        }
        let start = state.withLock { state -> Bool? in
            guard !state.closed else { return nil }
            state.connection = connection
            state.reconnection.back()
            state.answers.answeringAgain()
            state.statusChanges.append(.back)
            guard !state.working, !state.pending.isEmpty else { return false }
            state.working = true
            state.answers.start(at: clock.now)
            return true
        }
        guard let start else { connection.close(); return }
        report("speech is back")
        wake()
        if start { queue.submit { self.drain() } }
    }

    // MARK: Waking the session

    private func wake() {
        wakeSignal?.signal()
    }

    /// "de" from LANG=de_DE.UTF-8; nil for C/POSIX or nothing set.
    static func localeLanguage() -> String? {
        Messages.localeLanguage(in: Environment.all)
    }
}
