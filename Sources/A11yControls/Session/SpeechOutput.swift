import Dispatch
import Synchronization

/// Speech for a session: utterances go to speech-dispatcher from a worker thread, never from the
/// thread that reads keys, and stale ones are dropped before they are sent.
///
/// - A `text` utterance replaces every `text` utterance still waiting to be sent (the latest value
///   wins; a held key never builds a backlog, in our queue or the server's).
/// - `message` utterances (the result of accepting) are never dropped.
/// - Without a server (mode `auto`), it says once on stderr what is missing and keeps trying to
///   connect in the background, every `retryInterval`; speech resumes when the server is back.
public final class SpeechOutput: @unchecked Sendable {
    // @unchecked Sendable: all mutable state is inside `state`, a Mutex.
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

    private struct State {
        var pending: [Utterance] = []
        var connection: SpeechDispatcher?
        var working = false
        var closed = false
        var reported = false
    }

    private let state = Mutex(State())
    private let worker = DispatchQueue(label: "a11y-controls.speech-output")
    private let settings: Settings
    private let report: @Sendable (String) -> Void
    private let retryInterval: Duration
    /// Where to connect (nil: SPEECHD_ADDRESS).
    private let address: SpeechAddress?

    /// Connects. In mode `.on` a failure throws; in `.auto` it is reported once through `report`
    /// and retried in the background.
    public init(mode: DeviceMode, address: SpeechAddress? = nil, settings: Settings = Settings(),
                retryInterval: Duration = .seconds(1), report: @escaping @Sendable (String) -> Void) throws {
        self.settings = settings
        self.report = report
        self.retryInterval = retryInterval
        self.address = address
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

    /// True while connected to a server.
    public var isConnected: Bool { state.withLock { $0.connection != nil } }

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

    /// Sends what is waiting, waits until libspeechd took it, then closes the connection.
    public func close() {
        let connection = state.withLock { state -> SpeechDispatcher? in
            state.closed = true
            return state.connection
        }
        worker.sync {}
        if let connection {
            let rest = state.withLock { state -> [Utterance] in
                defer { state.pending = []; state.connection = nil }
                return state.pending
            }
            for utterance in rest { connection.say(utterance.text, priority: utterance.priority) }
            connection.close()
        }
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
        let connection = try SpeechDispatcher(address: address, clientName: "a11y-demo",
                                              connectTimeout: .seconds(1)) { [weak self] error in
            self?.failed(error)
        }
        if let rate = settings.rate { connection.setRate(rate) }
        if let pitch = settings.pitch { connection.setPitch(pitch) }
        if let volume = settings.volume { connection.setVolume(volume) }
        if let voice = settings.voice { connection.setVoiceType(voice) }
        if let language = settings.language ?? Self.localeLanguage() { connection.setLanguage(language) }
        return connection
    }

    /// A queued call failed: the server went away.
    private func failed(_ error: SpeechError) {
        let had = state.withLock { state -> SpeechDispatcher? in
            defer { state.connection = nil }
            return state.connection
        }
        guard had != nil else { return }
        lost(error)
    }

    private func lost(_ error: any Error) {
        let first = state.withLock { state -> Bool in
            defer { state.reported = true }
            return !state.reported
        }
        if first { report("a11y-demo: speech unavailable (\(error)); retrying in the background") }
        scheduleRetry()
    }

    private func scheduleRetry() {
        let seconds = Double(retryInterval.components.seconds) + Double(retryInterval.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self, !self.state.withLock({ $0.closed }) else { return }
            do {
                let connection = try self.connect()
                let start = self.state.withLock { state -> Bool in
                    state.connection = connection
                    state.reported = false
                    guard !state.working, !state.pending.isEmpty else { return false }
                    state.working = true
                    return true
                }
                self.report("a11y-demo: speech is back")
                if start { self.worker.async { self.drain() } }
            } catch {
                self.scheduleRetry()
            }
        }
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
