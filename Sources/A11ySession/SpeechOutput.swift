import Dispatch
import Glibc
import Synchronization
import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary

/// Speech for a session: utterances go to speech-dispatcher from a worker thread, never from the
/// thread that reads keys, and stale ones are dropped before they are sent.
///
/// - A `text` utterance replaces every `text` utterance still waiting to be sent (the latest value
///   wins; a held key never builds a backlog, in our queue or the server's).
/// - `message` utterances (the result of accepting) are never dropped.
/// - Without a server (mode `auto`), or when the server goes away, it says once on stderr what is
///   missing and keeps trying to connect in the background, with back-off (0.25 s, 0.5 s, then
///   every `retryInterval`); speech resumes when the server is back.
/// - Every loss and every return is also queued as a `Status` for the session (which shows it on
///   the braille line) and wakes the session through `wakeDescriptor`.
/// - Nothing here can hang the caller: `say` only queues, and `close()` waits at most
///   `closeTimeout` for a server that stopped answering.
public final class SpeechOutput: @unchecked Sendable {
    // @unchecked Sendable: all mutable state is inside `state`, a Mutex; the pipe descriptors
    // are set once in init.
    public struct Settings: Sendable, Equatable {
        public var rate: Int?
        public var pitch: Int?
        public var volume: Int?
        public var voice: SpeechVoiceType?
        /// nil: the language of the locale (LC_ALL, LC_MESSAGES, LANG), if any.
        public var language: String?
        public init(rate: Int? = nil, pitch: Int? = nil, volume: Int? = nil, voice: SpeechVoiceType? = nil, language: String? = nil) {
            self.rate = rate
            self.pitch = pitch
            self.volume = volume
            self.voice = voice
            self.language = language
        }
    }

    /// A change of the connection the user must learn of.
    public enum Status: Sendable, Equatable {
        /// The server went away (or could not be reached at the start).
        case lost
        /// Connected again.
        case back
    }

    private struct State {
        var pending: [Utterance] = []
        var connection: SpeechDispatcher?
        /// Which connection attempt `connection` came from: errors of older ones are ignored.
        var generation = 0
        var working = false
        var closed = false
        var reported = false
        var failures = 0
        var statusChanges: [Status] = []
    }

    private let state = Mutex(State())
    private let worker = DispatchQueue(label: "a11y-controls.speech-output")
    private let settings: Settings
    private let report: @Sendable (String) -> Void
    private let retryInterval: Duration
    /// Where to connect (nil: SPEECHD_ADDRESS).
    private let address: SpeechAddress?
    private let wakePipe: (read: Int32, write: Int32)
    /// How long `close()` waits for the server to take the last utterances.
    public var closeTimeout: Duration = .seconds(1)

    /// Connects. In mode `.on` a failure throws; in `.auto` it is reported once through `report`
    /// and retried in the background.
    public init(mode: DeviceMode, address: SpeechAddress? = nil, settings: Settings = Settings(),
                retryInterval: Duration = .seconds(1), report: @escaping @Sendable (String) -> Void) throws {
        self.settings = settings
        self.report = report
        self.retryInterval = retryInterval
        self.address = address
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        } else {
            fds = [-1, -1]
        }
        wakePipe = (fds[0], fds[1])
        guard mode != .off else {
            state.withLock { $0.closed = true }
            return
        }
        do {
            let connection = try connect()
            state.withLock { $0.connection = connection }
        } catch {
            if mode == .on { throw DeviceUnavailable(device: "speech", reason: "\(error)") }
            lost(error)
        }
    }

    deinit {
        if wakePipe.read >= 0 { Glibc.close(wakePipe.read) }
        if wakePipe.write >= 0 { Glibc.close(wakePipe.write) }
    }

    /// True while connected to a server.
    public var isConnected: Bool { state.withLock { $0.connection != nil } }

    /// Readable when a `Status` is waiting: poll it with the keyboard.
    public var wakeDescriptor: Int32 { wakePipe.read }

    /// The server connection's socket, to poll for POLLRDHUP (the server went away); nil while
    /// not connected. Call `serverClosed()` when it reports a hang-up.
    public var monitorDescriptor: Int32? {
        state.withLock { state in state.connection.map(\.socketDescriptor).flatMap { $0 >= 0 ? $0 : nil } }
    }

    /// The changes since the last call (and empties the wake pipe).
    public func takeStatusChanges() -> [Status] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while wakePipe.read >= 0, read(wakePipe.read, &buffer, buffer.count) > 0 {}
        return state.withLock { state in
            defer { state.statusChanges = [] }
            return state.statusChanges
        }
    }

    /// Queues utterances; returns at once.
    public func say(_ utterances: [Utterance]) {
        guard !utterances.isEmpty else { return }
        let start = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            for utterance in utterances {
                if utterance.priority == .text { state.pending.removeAll { $0.priority == .text } }
                state.pending.append(utterance)
            }
            guard !state.working, state.connection != nil else { return false }
            state.working = true
            return true
        }
        if start { worker.async { self.drain() } }
    }

    /// The server hung up (the session saw POLLRDHUP on `monitorDescriptor`).
    public func serverClosed() {
        let generation = state.withLock { $0.generation }
        failed(SpeechError(.command, function: "poll", message: "speech-dispatcher closed the connection"), generation: generation)
    }

    /// Sends what is waiting, waits until libspeechd took it, then closes the connection; gives
    /// up after `closeTimeout` when the server does not answer.
    public func close() {
        let connection = state.withLock { state -> SpeechDispatcher? in
            state.closed = true
            return state.connection
        }
        let done = DispatchSemaphore(value: 0)
        worker.async {
            if let connection {
                let rest = self.state.withLock { state -> [Utterance] in
                    defer { state.pending = []; state.connection = nil }
                    return state.pending
                }
                for utterance in rest { connection.say(utterance.text, priority: utterance.priority) }
                connection.close()
            }
            done.signal()
        }
        _ = done.wait(timeout: .now() + Self.nanoseconds(closeTimeout))
    }

    /// Cancels whatever is being said and drops what waits (the program is ending abruptly).
    public func cancel() {
        let connection = state.withLock { state -> SpeechDispatcher? in
            state.pending = []
            return state.connection
        }
        connection?.cancel()
    }

    // MARK: Worker

    private func drain() {
        while true {
            let next = state.withLock { state -> (Utterance, SpeechDispatcher)? in
                guard let connection = state.connection, !state.pending.isEmpty else {
                    state.working = false
                    return nil
                }
                return (state.pending.removeFirst(), connection)
            }
            guard let (utterance, connection) = next else { return }
            connection.say(utterance.text, priority: utterance.priority)
            // Wait until libspeechd sent it: meanwhile newer `text` replaces older in `pending`.
            connection.flush()
        }
    }

    private func connect() throws -> SpeechDispatcher {
        let generation = state.withLock { state -> Int in
            state.generation += 1
            return state.generation
        }
        let connection = try SpeechDispatcher(address: address, clientName: "a11y-demo",
                                              connectTimeout: .seconds(1), callTimeout: .seconds(2)) { [weak self] error in
            self?.failed(error, generation: generation)
        }
        if let rate = settings.rate { connection.setRate(rate) }
        if let pitch = settings.pitch { connection.setPitch(pitch) }
        if let volume = settings.volume { connection.setVolume(volume) }
        if let voice = settings.voice { connection.setVoiceType(voice) }
        if let language = settings.language ?? Self.localeLanguage() { connection.setLanguage(language) }
        return connection
    }

    /// A call of connection `generation` failed: the server went away.
    private func failed(_ error: SpeechError, generation: Int) {
        let had = state.withLock { state -> SpeechDispatcher? in
            guard !state.closed, state.generation == generation, let connection = state.connection else { return nil }
            state.connection = nil
            state.working = false
            return connection
        }
        guard had != nil else { return }
        lost(error)
    }

    private func lost(_ error: any Error) {
        let first = state.withLock { state -> Bool in
            defer { state.reported = true }
            if !state.reported { state.statusChanges.append(.lost) }
            state.failures = 0
            return !state.reported
        }
        if first {
            report("a11y-demo: speech unavailable (\(error)); retrying in the background")
            wake()
        }
        scheduleRetry()
    }

    private func wake() {
        var byte: UInt8 = 1
        if wakePipe.write >= 0 { _ = write(wakePipe.write, &byte, 1) }
    }

    /// 0.25 s after the loss, then 0.5 s, then every `retryInterval`.
    private func scheduleRetry() {
        let failures = state.withLock { state -> Int in
            defer { state.failures += 1 }
            return state.failures
        }
        let delay = min(retryInterval, .milliseconds(250) * (1 << min(failures, 8)))
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.nanoseconds(delay)) { [weak self] in
            guard let self, !self.state.withLock({ $0.closed }) else { return }
            do {
                let connection = try self.connect()
                let start = self.state.withLock { state -> Bool? in
                    guard !state.closed else { return nil }
                    state.connection = connection
                    state.reported = false
                    state.failures = 0
                    state.statusChanges.append(.back)
                    guard !state.working, !state.pending.isEmpty else { return false }
                    state.working = true
                    return true
                }
                guard let start else { connection.close(); return }
                self.report("a11y-demo: speech is back")
                self.wake()
                if start { self.worker.async { self.drain() } }
            } catch {
                self.scheduleRetry()
            }
        }
    }

    private static func nanoseconds(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }

    /// "de" from LANG=de_DE.UTF-8; nil for C/POSIX or nothing set.
    static func localeLanguage() -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = Environment.value(name), !value.isEmpty else { continue }
            let language = value.prefix { $0 != "_" && $0 != "." && $0 != "@" }
            return language == "C" || language == "POSIX" ? nil : String(language)
        }
        return nil
    }
}
