import Dispatch
import Glibc
import Synchronization
import Testing
@testable import A11yDevices
@testable import A11ySession

/// Fenrir's remote socket as Fenrir serves it: one command per connection, read once; a backlog of
/// one. Commands never wait: a busy socket refuses at once, a socket left behind is gone.
@Suite struct FenrirRemoteTests {
    /// A listening socket with Fenrir's backlog, read by the test itself.
    final class FakeFenrir {
        let path: String
        private(set) var fd: Int32

        init(backlog: Int32 = 1) {
            path = "/tmp/a11y-fenrir-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = UnixAddress(path)!
            precondition(address.withSockaddr { bind(fd, $0, $1) } == 0)
            precondition(listen(fd, backlog) == 0)
        }

        /// The next command: accept, one receive, close (as Fenrir's watcher does).
        func nextCommand() -> String? {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 5000) == 1 else { return nil }
            let client = accept(fd, nil, nil)
            defer { close(client) }
            var buffer = [UInt8](repeating: 0, count: 8129)
            let count = recv(client, &buffer, buffer.count, 0)
            return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
        }

        /// Stops listening and leaves the socket's file behind, as a Fenrir that ended does.
        func closeListener() {
            close(fd)
            fd = -1   // closed once: the number may be another test's descriptor by now
        }

        deinit {
            if fd >= 0 { close(fd) }
            unlink(path)
        }
    }

    @Test func sayAndInterruptAreOneCommandEach() throws {
        let fenrir = FakeFenrir()
        let remote = FenrirRemote(path: fenrir.path)
        try remote.say("11")
        #expect(fenrir.nextCommand() == "command say 11")
        try remote.say("line one\nline two\u{7}")
        #expect(fenrir.nextCommand() == "command say line one line two ")
        try remote.interrupt()
        #expect(fenrir.nextCommand() == "command interrupt")
    }

    @Test func aLongUtteranceIsCutWholeCharactersWithinOneReceive() throws {
        let fenrir = FakeFenrir()
        try FenrirRemote(path: fenrir.path).say(String(repeating: "é", count: 5000))
        let command = try #require(fenrir.nextCommand())
        #expect(command.utf8.count <= FenrirRemote.largestCommand)
        #expect(command.hasPrefix("command say é") && command.hasSuffix("é"))
    }

    /// Nobody reads: the backlog fills and the next command is refused at once, never waited for.
    /// `.busy` is what a non-blocking connect or send gives when it would have to wait
    /// (EAGAIN, EINPROGRESS): a blocking one would wait for ever instead, which the deadline (for a
    /// hang only, far beyond the time this takes) turns into a failure. The time is printed.
    @Test func aBusySocketRefusesAtOnce() throws {
        let fenrir = FakeFenrir(backlog: 0)
        let remote = FenrirRemote(path: fenrir.path)
        let failures = Mutex<[FenrirRemote.Failure]>([])
        let done = DispatchSemaphore(value: 0)
        let started = ContinuousClock.now
        DispatchQueue.global().async {
            for _ in 0..<4 {
                do throws(FenrirRemote.Failure) { try remote.say("x") } catch { failures.withLock { $0.append(error) } }
            }
            done.signal()
        }
        // The listener lives until the commands are sent: Swift may end an object's life after its
        // last use, and a listener closed early refuses (ECONNREFUSED) instead of being busy.
        let finished = withExtendedLifetime(fenrir) { done.wait(timeout: .now() + .seconds(60)) == .success }
        #expect(finished, "four commands to a busy socket did not return within 60 s: a send waited")
        print("fenrir: four commands to a busy socket returned after \(ContinuousClock.now - started)")
        #expect(failures.withLock { $0.contains(.busy) })
    }

    @Test func aSocketLeftBehindIsGone() throws {
        let path: String
        do {
            let fenrir = FakeFenrir()
            path = fenrir.path
            fenrir.closeListener()
            #expect(throws: FenrirRemote.Failure.self) { try FenrirRemote(path: path).say("x") }
        }
        #expect(throws: FenrirRemote.Failure.self) { try FenrirRemote(path: "/nonexistent/fenrir.sock").say("x") }
    }

    /// Through the speech seam: a busy socket drops the utterance quietly, a gone one is a lost
    /// connection, and a reader that is gone at connect time gives the fallback's connection.
    @Test func theSpeechServiceFallsBackWhenTheReaderIsGone() throws {
        let fenrir = FakeFenrir()
        let failures = Mutex<[String]>([])
        let service = ReaderSpeechService(reader: FenrirRemote(path: fenrir.path), fallback: NoSpeech())
        let connection = try service.connect(settings: .init()) { error in failures.withLock { $0.append("\(error)") } }
        #expect(fenrir.nextCommand() == nil, "connecting looks whether Fenrir listens, and writes nothing")
        connection.say("12", priority: .text)
        #expect(fenrir.nextCommand() == "command say 12")
        connection.cancel()
        #expect(fenrir.nextCommand() == "command interrupt")
        fenrir.closeListener()
        connection.say("13", priority: .text)
        #expect(failures.withLock { $0.count } == 1)
        #expect(throws: NoSpeech.Unavailable.self) { _ = try service.connect(settings: .init()) { _ in } }
    }

    struct NoSpeech: SpeechService {
        struct Unavailable: Error {}
        func connect(settings: SpeechOutput.Settings, onFailure: @escaping @Sendable (any Error) -> Void) throws -> any SpeechConnection {
            throw Unavailable()
        }
    }
}
