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
}

/// Opens connections to a speech server: the seam between a session and speech-dispatcher.
package protocol SpeechService: Sendable {
    /// Connects and applies `settings` (a nil setting keeps the server's default). Blocks at most
    /// about a second. The connection's calls then run on the thread that makes them (the
    /// session's speech worker), one at a time. `onFailure` is called, on any thread, when a later call on the connection
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
/// socket, `Voice.throughReader`), else through `fallback` (speech-dispatcher): a reader that
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
