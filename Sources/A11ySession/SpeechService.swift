import Synchronization
import A11yDevices
import A11yVocabulary

/// What `SpeechOutput` needs of one connection to a speech server. The live one is
/// `SpeechDispatcher`; tests use a fake that records what was said.
package protocol SpeechConnection: AnyObject, Sendable {
    /// Queues `text` with `priority`; returns at once (a failure goes to the connection's
    /// failure handler).
    func say(_ text: String, priority: SpeechPriority)
    /// Stops what is being said and drops what the server queued for this client.
    func cancel()
    /// Waits until everything queued so far has reached the server.
    func flush()
    /// Sends what is queued, then closes.
    func close()
    /// The socket to poll for the server hanging up (POLLRDHUP; never read from nor written
    /// to: the connection's library does the conversation); -1 when there is none.
    var socketDescriptor: Int32 { get }
    /// Whether an utterance at `.message` priority cuts off the `.text` being said or waiting:
    /// speech-dispatcher cancels it, a screen reader told each utterance stops the one before.
    /// Then a key's words said again after a notice (`Utterance.isRestatement`) are said;
    /// otherwise (the message waits for the text) they are dropped.
    var messageCutsText: Bool { get }
}

extension SpeechConnection {
    /// True: speech-dispatcher's priorities, and a reader that stops what it says for the next.
    package var messageCutsText: Bool { true }
}

/// Opens connections to a speech server: the seam between a session and speech-dispatcher.
package protocol SpeechService: Sendable {
    /// Connects and applies `settings` (a nil setting keeps the server's default). Blocks at most
    /// about a second. The connection's calls then run on the thread that makes them (the
    /// session's speech queue), one at a time. `onFailure` is called, on any thread, when a later call on the connection
    /// fails (the server went away).
    func connect(settings: SpeechOutput.Settings,
                 onFailure: @escaping @Sendable (any Error) -> Void) throws -> any SpeechConnection
}

/// The live speech service: speech-dispatcher through libspeechd.
package struct LiveSpeechService: SpeechService {
    /// Where to connect (nil: SPEECHD_ADDRESS, or libspeechd's default).
    package var address: SpeechAddress?
    /// The client name the server shows (the program's name).
    package var clientName: String

    package init(address: SpeechAddress? = nil, clientName: String) {
        self.address = address
        self.clientName = clientName
    }

    package func connect(settings: SpeechOutput.Settings,
                        onFailure: @escaping @Sendable (any Error) -> Void) throws -> any SpeechConnection {
        let connection = try SpeechDispatcher(address: address, clientName: clientName,
                                              connectTimeout: .seconds(1), callTimeout: .seconds(2),
                                              calls: .callersThread) { onFailure($0) }
        if let rate = settings.rate { connection.setRate(rate) }
        if let pitch = settings.pitch { connection.setPitch(pitch) }
        if let volume = settings.volume { connection.setVolume(volume) }
        if let voice = settings.voice { connection.setVoiceType(voice) }
        if let language = settings.language { connection.setLanguage(language) }
        return connection
    }
}

extension SpeechDispatcher: SpeechConnection {}

/// Speech through the screen reader itself, when it can be told the words (Fenrir's remote
/// socket, `WordDelivery.throughReader`), else through `fallback` (speech-dispatcher): a reader that
/// ended refuses the connection, and the next attempt to connect takes the fallback.
package struct ReaderSpeechService: SpeechService {
    package var reader: FenrirRemote
    package var fallback: any SpeechService

    package init(reader: FenrirRemote, fallback: any SpeechService) {
        self.reader = reader
        self.fallback = fallback
    }

    package func connect(settings: SpeechOutput.Settings,
                        onFailure: @escaping @Sendable (any Error) -> Void) throws -> any SpeechConnection {
        guard ScreenReaderDetection.acceptsConnections(reader.path) else {
            return try fallback.connect(settings: settings, onFailure: onFailure)
        }
        return FenrirSpeechConnection(remote: reader, onFailure: onFailure)
    }
}

/// A "connection" to Fenrir: each utterance is a command on a connection of its own. An
/// utterance the busy socket refuses is dropped (the next says where things stand); a socket
/// nobody listens on any more is a lost connection.
final class FenrirSpeechConnection: SpeechConnection {
    let remote: FenrirRemote
    let onFailure: @Sendable (any Error) -> Void

    init(remote: FenrirRemote, onFailure: @escaping @Sendable (any Error) -> Void) {
        self.remote = remote
        self.onFailure = onFailure
    }

    func say(_ text: String, priority: SpeechPriority) {
        do throws(FenrirRemote.Failure) {
            try remote.say(text)
        } catch .busy {
        } catch {
            onFailure(error)
        }
    }

    func cancel() { try? remote.interrupt() }
    func flush() {}
    func close() {}
    var socketDescriptor: Int32 { -1 }
}

/// Speech through Orca's service on the session bus (Orca 49 and later: `OrcaService`), in the
/// user's own Orca voice, rate and language; else through `fallback` (speech-dispatcher).
///
/// Orca takes each utterance with one call (SpeakMessage, or PresentMessage before Orca 51),
/// after an interrupt when it is newer text (so nothing stale is heard), on the speech queue,
/// every call waiting at most `OrcaService.callTimeout`. When Orca quits (its name has no owner),
/// stops answering (a call times out) or answers false, the connection says so once through
/// `report` and speaks through `fallback` from then on, starting with the utterance Orca did not
/// take: the control's own voice is back within the call timeout and a connection. Orca is not
/// asked again in this session.
package struct OrcaSpeechService: SpeechService {
    package var service: OrcaService
    package var fallback: any SpeechService
    package var report: @Sendable (String) -> Void
    /// Set once Orca failed: every later connection takes the fallback.
    private let gaveUp = SharedFlag()

    package init(service: OrcaService, fallback: any SpeechService, report: @escaping @Sendable (String) -> Void) {
        self.service = service
        self.fallback = fallback
        self.report = report
    }

    package func connect(settings: SpeechOutput.Settings,
                        onFailure: @escaping @Sendable (any Error) -> Void) throws -> any SpeechConnection {
        let connectOwn: @Sendable () throws -> any SpeechConnection = { [fallback] in
            try fallback.connect(settings: settings, onFailure: onFailure)
        }
        guard !gaveUp.isSet else { return try connectOwn() }
        do throws(DBusSession.Failure) {
            let remote = try OrcaRemote(service: service)
            guard try remote.isOnBus() else { throw .error(method: "NameHasOwner", name: service.busName, message: "no owner") }
            return OrcaSpeechConnection(remote: remote, connectOwn: connectOwn, onFailure: onFailure) { [gaveUp, report] why in
                gaveUp.set()
                report("Orca's service did not take the words (\(why)); the control speaks itself")
            }
        } catch {
            gaveUp.set()
            report("Orca's service cannot be reached (\(error)); the control speaks itself")
            return try connectOwn()
        }
    }
}

/// A "connection" to Orca's service: each utterance is a call (after an interrupt, for newer
/// text), made on the speech queue. When a call fails, the connection turns into a connection
/// of the control's own (`connectOwn`) and says the utterance there.
final class OrcaSpeechConnection: SpeechConnection, @unchecked Sendable {
    // @unchecked Sendable: `remote` and `spoke` are used on the speech queue only; `own` is read
    // from the session's thread too (its socket), under its Mutex.
    private var remote: OrcaRemote?
    private let own = Mutex<(any SpeechConnection)?>(nil)
    private let connectOwn: @Sendable () throws -> any SpeechConnection
    private let onFailure: @Sendable (any Error) -> Void
    private let gaveUp: @Sendable (String) -> Void
    /// Orca was given an utterance: a newer one interrupts it.
    private var spoke = false

    init(remote: OrcaRemote, connectOwn: @escaping @Sendable () throws -> any SpeechConnection,
         onFailure: @escaping @Sendable (any Error) -> Void, gaveUp: @escaping @Sendable (String) -> Void) {
        self.remote = remote
        self.connectOwn = connectOwn
        self.onFailure = onFailure
        self.gaveUp = gaveUp
    }

    /// Why Orca did not take an utterance, when it answered at all.
    struct Refused: Error, CustomStringConvertible {
        var description: String { "it answered false" }
    }

    func say(_ text: String, priority: SpeechPriority) {
        if let own = own.withLock({ $0 }) { return own.say(text, priority: priority) }
        guard let remote else { return }
        do {
            // Newer text stops what Orca is saying (as speech-dispatcher's text and important
            // priorities do); a message (the result) or a notification waits for what is said.
            if spoke, priority == .text || priority == .important, remote.interrupts { try remote.interrupt() }
            guard try remote.speak(text) else { throw Refused() }
            spoke = true
        } catch {
            self.remote = nil
            gaveUp("\(error)")
            do {
                let connection = try connectOwn()
                own.withLock { $0 = connection }
                connection.say(text, priority: priority)
            } catch {
                onFailure(error)
            }
        }
    }

    func cancel() {
        if let own = own.withLock({ $0 }) { return own.cancel() }
        if spoke { _ = try? remote?.interrupt() }
    }

    func flush() { own.withLock { $0 }?.flush() }

    func close() {
        own.withLock { $0 }?.close()
        remote = nil
    }

    var socketDescriptor: Int32 { own.withLock { $0?.socketDescriptor } ?? -1 }

    /// Orca lets a message wait for what it says (no interrupt before it); the control's own
    /// connection, once Orca is given up, as that one.
    var messageCutsText: Bool { own.withLock { $0 }?.messageCutsText ?? false }
}

/// A flag the copies of a value share, set once.
final class SharedFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
