import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// `a11y-demo --diagnose` through the real binary: against the servers `make test` starts (the
/// shared virtual display's width, speech-dispatcher's capture module), against addresses where
/// nothing or a silent listener waits (reported, exit 0, nothing on stderr, no hang), and on a
/// pseudo-terminal that answers the kitty keyboard query.
extension RealServerTests {
@Suite(.serialized)
struct DemoDiagnoseTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
        /// The JSON form, as an object.
        func json() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "not a JSON object: \(stdout)")
        }
    }

    /// How long one run may take: every probe has a deadline of a few seconds, so a run that
    /// takes longer hangs.
    static let deadline = Polling.hang

    /// Runs `a11y-demo --diagnose ARGUMENTS` in a session of its own (no terminal), its output in
    /// files; fails when it has not ended by the deadline.
    func diagnose(_ arguments: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
                  streams: (String) -> ChildProcess.Streams = { .files(output: $0 + "/stdout", error: $0 + "/stderr") }) throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-diagnose-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let child = try ChildProcess([try DemoInTmux.binary, "--diagnose"] + arguments, environment: environment,
                                     streams: streams(directory.path), newSession: true)
        guard let ending = try child.waitForExit(timeout: Self.deadline) else {
            child.killAndReap()
            throw FixtureError("a11y-demo --diagnose \(arguments) still runs after \(Self.deadline)")
        }
        func read(_ name: String) -> String {
            (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        return Run(status: ending.shellStatus, stdout: read("stdout"), stderr: read("stderr"))
    }

    @Test func theTestServersAreFoundAndDescribed() throws {
        let display = try SharedDisplay.get()
        // BRLTTY starts its driver for a display that (re)connects within about a second:
        // until then it names no driver.
        var plain = try diagnose()
        _ = try Polling.until(timeout: Polling.hang, every: .milliseconds(100)) { () throws -> Bool in
            plain = try diagnose()
            return plain.lines.contains("braille: driver: \(Servers.brailleDriverDescription)")
        }
        #expect(plain.status == 0)
        #expect(plain.stderr.isEmpty)
        let lines = plain.lines
        #expect(lines.contains("speech: address: \(try Servers.speechAddress)"))
        #expect(lines.contains("speech: reachable: yes"))
        #expect(lines.contains("speech: module: capture"))
        #expect(lines.contains("speech: default language: en"))
        #expect(lines.contains("braille: reachable: yes"))
        #expect(lines.contains("braille: display size: \(display.cells)x1"))
        #expect(lines.contains("braille: text table: en-nabcc"))
        #expect(lines.contains("braille: driver: \(Servers.brailleDriverDescription)"))
        #expect(lines.contains("braille: display cell size: 8"))
        #expect(lines.contains("braille: problem: none"))
        // No terminal in a session of its own: said, not fatal.
        #expect(lines.contains { $0.hasPrefix("terminal: problem: cannot open it: open(\"/dev/tty\")") })
        #expect(lines.contains("terminal: kitty keyboard: not asked: no terminal"))
        #expect(lines.contains { $0.hasPrefix("screen reader: mode: ") })
        #expect(lines.first == "program: version: a11y-demo 0.1.0")

        let json = try diagnose(["--json"])
        #expect(json.status == 0 && json.stderr.isEmpty)
        let object = try json.json()
        let speech = try #require(object["speech"] as? [String: Any])
        let braille = try #require(object["braille"] as? [String: Any])
        #expect(speech["reachable"] as? Bool == true)
        #expect(speech["module"] as? String == "capture")
        #expect(braille["reachable"] as? Bool == true)
        let size = try #require(braille["display_size"] as? [String: Any])
        #expect(size["width"] as? Int == 40 && display.cells == 40)
        #expect(braille["literary_braille"] as? Bool == false)
        #expect(Array(json.stdout.utf8).filter { $0 == UInt8(ascii: "\n") }.count == 1)
    }

    @Test func serversThatCannotBeReachedAreReportedAndTheStatusIsZero() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["SPEECHD_ADDRESS"] = "unix_socket:/nonexistent/speechd.sock"
        environment["BRLAPI_HOST"] = "127.0.0.1:199"
        let plain = try diagnose(environment: environment)
        #expect(plain.status == 0)
        #expect(plain.stderr.isEmpty)
        let lines = plain.lines
        #expect(lines.contains("speech: address: unix_socket:/nonexistent/speechd.sock"))
        #expect(lines.contains("speech: reachable: no"))
        #expect(lines.contains { $0.hasPrefix("speech: problem: not reachable: cannot connect to speech-dispatcher at unix_socket:/nonexistent/speechd.sock") })
        #expect(lines.contains("speech: module: unknown"))
        #expect(lines.contains("braille: address: 127.0.0.1:199"))
        #expect(lines.contains("braille: reachable: no"))
        #expect(lines.contains { $0.hasPrefix("braille: problem: not reachable: cannot connect to BrlAPI at 127.0.0.1:199") })
        #expect(lines.contains("braille: display size: unknown"))

        let json = try diagnose(["--json"], environment: environment)
        #expect(json.status == 0 && json.stderr.isEmpty)
        let object = try json.json()
        #expect((object["speech"] as? [String: Any])?["reachable"] as? Bool == false)
        #expect((object["braille"] as? [String: Any])?["reachable"] as? Bool == false)
        #expect((object["braille"] as? [String: Any])?["display_size"] is NSNull)
    }

    /// Listeners that accept and never answer: each probe gives up at its deadline.
    @Test func silentServersDoNotHoldTheReport() throws {
        let speech = try ReliabilityHangingServerTests.SilentUnixServer()
        let braille = try ReliabilityHangingServerTests.SilentTCPServer()
        var environment = ProcessInfo.processInfo.environment
        environment["SPEECHD_ADDRESS"] = "unix_socket:\(speech.path)"
        environment["BRLAPI_HOST"] = "127.0.0.1:\(braille.index)"
        let clock = ContinuousClock()
        let start = clock.now
        let run = try diagnose(environment: environment)
        print("diagnose: silent servers reported after \(clock.now - start)")
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(run.lines.contains { $0.hasPrefix("speech: problem: not reachable: no answer from speech-dispatcher") })
        #expect(run.lines.contains { $0.hasPrefix("braille: problem: not reachable: no answer from BrlAPI") })
    }

    /// Run from the build tree without A11Y_LOCALEDIR, a11y-demo finds the catalogs the build
    /// compiled (.build/locale) and speaks German when asked to.
    @Test func theBuildTreeFindsItsOwnCatalogs() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["A11Y_LOCALEDIR"] = nil
        for language in ["de", "fr", "es"] {
            let run = try diagnose(["--language", language], environment: environment)
            #expect(run.lines.contains("language: words: \(language)"), "\(run.stdout)")
        }
    }

    /// On a terminal (a pseudo-terminal whose "emulator" is this test): its size, and the kitty
    /// keyboard query answered as a kitty terminal answers it; the terminal is left as it was.
    @Test func theTerminalIsAskedAndLeftAsItWas() throws {
        let pty = try Pty()
        pty.setWindowSize(columns: 90, rows: 25)
        let before = pty.isRaw
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-diagnose-\(UUID().uuidString.prefix(8)).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-kitty"
        // stdin and /dev/tty on the pty, stdout in a file, as `a11y-demo --diagnose > report.txt`.
        let child = try ChildProcess(["/bin/sh", "-c", "exec \"$0\" --diagnose >\"$1\"", try DemoInTmux.binary, output],
                                     environment: environment, streams: .terminal(pty.subPath), newSession: true)
        let query = pty.read(until: "\u{1B}[c", timeout: Self.deadline)
        #expect(query.contains("\u{1B}[?u\u{1B}[c"))
        pty.type("\u{1B}[?1u\u{1B}[?62;22c")
        guard let ending = try child.waitForExit(timeout: Self.deadline) else {
            child.killAndReap()
            throw FixtureError("a11y-demo --diagnose still runs after \(Self.deadline)")
        }
        #expect(ending.shellStatus == 0)
        let lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        #expect(lines.contains("terminal: TERM: xterm-kitty"))
        #expect(lines.contains("terminal: stdin is a terminal: yes"))
        #expect(lines.contains("terminal: stdout is a terminal: no"))
        #expect(lines.contains("terminal: problem: none"))
        #expect(lines.contains("terminal: size: 90x25"))
        #expect(lines.contains("terminal: kitty keyboard: yes"))
        #expect(pty.isRaw == before)
    }
}
}
