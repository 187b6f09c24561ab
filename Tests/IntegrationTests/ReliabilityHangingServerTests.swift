import A11yControls
import A11yOptions
import A11yTestSupport
import Foundation
import Synchronization
import Testing

/// Servers that accept the connection and then never answer (a listening socket nobody reads):
/// no call may freeze the caller.
@Suite struct ReliabilityHangingServerTests {
    /// A TCP listener on 127.0.0.1 that never accepts nor answers (the kernel completes the
    /// handshake from the backlog); BrlAPI index `index` is port 4101+index.
    final class SilentTCPServer {
        let descriptor: Int32
        let index: Int
        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.descriptor = descriptor
            var chosen: Int?
            for candidate in 200...400 {
                if BrlAPIPort.withAddress(index: candidate, { bind(descriptor, $0, $1) }) == 0 { chosen = candidate; break }
            }
            guard let chosen, listen(descriptor, 16) == 0 else { throw FixtureError("no free port for a silent server") }
            index = chosen
        }
        deinit { close(descriptor) }
    }

    /// A unix socket listener that never accepts nor answers.
    final class SilentUnixServer {
        let descriptor: Int32
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-silent-\(UUID().uuidString.prefix(8)).sock").path
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            self.descriptor = descriptor
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0, listen(descriptor, 16) == 0 else { throw FixtureError("cannot listen on \(path)") }
        }
        deinit {
            close(descriptor)
            unlink(path)
        }
    }

    @Test func brlapiConnectGivesUpOnASilentServer() throws {
        let server = try SilentTCPServer()
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: BrailleError.self) {
            _ = try BrailleDisplay(host: "127.0.0.1:\(server.index)", auth: "none", connectTimeout: .milliseconds(500))
        }
        let first = clock.now - start
        // While that attempt is still stuck, another fails at once instead of piling up threads.
        let again = clock.now
        #expect(throws: BrailleError.self) {
            _ = try BrailleDisplay(host: "127.0.0.1:\(server.index)", auth: "none", connectTimeout: .milliseconds(500))
        }
        print("hang: BrlAPI connect to a silent server abandoned after \(first), again after \(clock.now - again)")
    }

    @Test func speechConnectAndCloseGiveUpOnASilentServer() throws {
        let server = try SilentUnixServer()
        let clock = ContinuousClock()
        let start = clock.now
        let reports = Mutex<[String]>([])
        let speech = try SpeechOutput(mode: .auto, address: .unixSocket(path: server.path), retryInterval: .seconds(30)) { message in
            reports.withLock { $0.append(message) }
        }
        let connect = clock.now - start
        #expect(!speech.isConnected)
        #expect(reports.withLock { $0.count } == 1)
        speech.say([Utterance("nobody hears this")])
        let closing = clock.now
        speech.close()
        let close = clock.now - closing
        print("hang: speech connect to a silent server gave up after \(connect), close took \(close)")
    }

    /// The whole demo with both servers silent: it starts, keys work, Enter ends it.
    @Test func demoRunsWithBothServersSilent() throws {
        let brlapi = try SilentTCPServer()
        let speechd = try SilentUnixServer()
        let demo = try DemoInTmux(["range"], environment: [
            "BRLAPI_HOST": "127.0.0.1:\(brlapi.index)", "BRLAPI_AUTH": "none",
            "SPEECHD_ADDRESS": "unix_socket:\(speechd.path)",
        ])
        let clock = ContinuousClock()
        let start = clock.now
        let shown = demo.waitForScreen { $0.contains("10 to 90") }
        #expect(shown.contains("10 to 90"), "screen: \(shown)\nstderr: \(demo.stderr)")
        let startup = clock.now - start
        try demo.send("Right")
        #expect(demo.waitForScreen { $0.contains("11 to 90") }.contains("11 to 90"))
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "11 90\n")
        #expect(demo.stderr.contains("speech unavailable") && demo.stderr.contains("braille unavailable"), "\(demo.stderr)")
        print("hang: demo with both servers silent shown after \(startup)")
    }
}
