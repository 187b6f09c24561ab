import A11yControls
import A11yInputChecks
import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// BRLTTY must survive us: many a11y-demo sessions against the real BRLTTY, scripted and in a
/// pty, with braille line and routing keys, leaving at every point (accept, cancel, the end of
/// input, SIGINT, SIGTERM, SIGHUP, a crash by SIGKILL, the terminal hung up), some before the
/// demo even reached the display. BRLTTY restarts are counted (its pid, and the display's
/// reconnections): none is allowed. A11Y_BRLTTY_SESSIONS sets the count (100 in the suite;
/// `make brltty-sessions` runs 500).
extension RealServerTests {
@Suite(.serialized)
struct BrlttySurvivesSessionsTests {
    enum Leaving: CaseIterable { case accept, cancel, endOfInput, interrupt, terminate, hangUp, crash, closeTerminal }

    static var sessions: Int { Int(ProcessInfo.processInfo.environment["A11Y_BRLTTY_SESSIONS"] ?? "") ?? 100 }

    /// Reads what the demo drew so far, without waiting (a full terminal would stop it).
    @discardableResult
    func discardOutput(_ pty: Pty) -> String {
        var request = pollfd(fd: pty.main, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var out: [UInt8] = []
        while poll(&request, 1, 0) > 0, request.revents & Int16(POLLIN) != 0 {
            let count = buffer.withUnsafeMutableBytes { read(pty.main, $0.baseAddress, 4096) }
            guard count > 0 else { break }
            out += buffer[0..<count]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Drops what the demo draws until `done` or the deadline.
    func drain(_ pty: Pty, until done: () -> Bool, timeout: Duration = Polling.hang) -> Bool {
        Polling.until(timeout: timeout, every: .milliseconds(5)) {
            discardOutput(pty)
            return done()
        }
    }

    func ptySession(_ demo: String, display: VirtualBrailleDisplay, leaving: Leaving, early: Bool,
                    random: inout SplitMix64) throws -> ProcessEnding? {
        let pty = try Pty()
        defer { pty.close() }
        pty.setWindowSize(columns: 100, rows: 30)
        let child = try ChildProcess([demo, "range"], environment: ProcessInfo.processInfo.environment,
                                     streams: .terminal(pty.subPath), newSession: true)
        pty.closeSub()
        if early {
            // Leave at once: before or while connecting to the servers.
            Polling.sleep(for: .milliseconds(Int.random(in: 0...60, using: &random)))
        } else {
            // The control is drawn (the braille display was taken before): keys may come.
            var drawn = ""
            _ = Polling.until(timeout: Polling.hang, every: .milliseconds(5)) {
                drawn += discardOutput(pty)
                return drawn.contains("range:")
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: try display.press("LNUP")
                case 1: try display.press("LNDN")
                default: try display.press("ROUTE \(Int.random(in: 12...30, using: &random))")
                }
                discardOutput(pty)
            }
            if Bool.random(using: &random) { pty.type("\u{1B}[C") }
        }
        switch leaving {
        case .accept: pty.type("\r")
        case .cancel: pty.type("q")
        case .endOfInput: pty.type("\u{04}")  // Ctrl-D: raw mode reads it as a byte; q follows
        case .interrupt: child.kill(SIGINT)
        case .terminate: child.kill(SIGTERM)
        case .hangUp: child.kill(SIGHUP)
        case .crash: child.kill(SIGKILL)
        case .closeTerminal: pty.close()
        }
        if leaving == .endOfInput { pty.type("q") }
        _ = drain(pty, until: { child.exit != nil })
        let ending = try child.waitForExit(timeout: Polling.hang)
        if ending == nil { child.killAndReap() }
        return ending
    }

    @Test func brlttySurvivesManySessions() throws {
        let display = try SharedDisplay.get()
        let demo = try DemoInTmux.binary
        let brltty = try ServerControl.pid("braille")
        let connections = display.connections
        var random = SplitMix64(seed: 16)
        var endings: [String: Int] = [:]
        var hung = 0
        var slowest: (Duration, String) = (.zero, "")
        for index in 0..<Self.sessions {
            let began = ContinuousClock.now
            defer { if ContinuousClock.now - began > slowest.0 { slowest = (ContinuousClock.now - began, "session \(index)") } }
            let leaving = Leaving.allCases[Int.random(in: 0..<Leaving.allCases.count, using: &random)]
            if index % 4 == 0 {
                // Scripted: keys on standard input, to the end.
                let input = ["\u{1B}[C\r", "q", "\u{1B}[D\u{1B}[C", "5\r\r"][Int.random(in: 0..<4, using: &random)]
                let outcome = try Spawn.scripted([demo, "range"], input: input)
                endings["scripted \(outcome.status)", default: 0] += 1
            } else {
                let early = Int.random(in: 0..<5, using: &random) == 0
                let ending = try ptySession(demo, display: display, leaving: leaving, early: early, random: &random)
                if ending == nil { hung += 1 }
                endings["\(leaving)\(early ? " early" : "")", default: 0] += 1
                if ContinuousClock.now - began > .seconds(2) { print("brltty-sessions: session \(index) \(leaving) early \(early) took \(ContinuousClock.now - began), ending \(String(describing: ending))") }
            }
        }
        let restarts = display.connections - connections
        let samePid = (try? ServerControl.pid("braille")) == brltty && kill(brltty, 0) == 0
        print("brltty-sessions: \(Self.sessions) sessions, BRLTTY restarts \(restarts) (same pid: \(samePid)), hung \(hung); "
              + endings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(restarts == 0 && samePid, "BRLTTY restarted \(restarts) time(s) during \(Self.sessions) sessions")
        #expect(hung == 0)
        try leaveNoKeyToBeDelivered(display)
        try leaveNothingToBeSpoken()
    }

    /// BRLTTY reads the display's keys when it polls its driver (every 40 ms, later when busy):
    /// a key pressed as a session ends may be read only after the next test's demo has taken
    /// the display, which then steps its value before that test's first key. Keys are read in
    /// the order they were pressed: once a client of ours reads a key pressed after the sessions,
    /// every key of theirs has gone to somebody.
    func leaveNoKeyToBeDelivered(_ display: VirtualBrailleDisplay) throws {
        let brl = try SharedDisplay.client()
        let marker = BrailleKey.route(cell: display.cells)
        try display.press("ROUTE \(display.cells)")
        var late: [BrailleKey] = []
        var key = try brl.nextKey()
        while let early = key, early != marker {
            late.append(early)
            key = try brl.nextKey()
        }
        #expect(key == marker, "BRLTTY never delivered the key pressed after the sessions (\(late) came)")
        print("brltty-sessions: keys delivered after the sessions: \(late)")
    }

    /// Demos killed in mid-session leave what they queued in speech-dispatcher, which speaks it
    /// later: under load those lines could reach the next test's capture and fool it. (A late
    /// braille key is `leaveNoKeyToBeDelivered`'s concern.)
    /// A message-priority line cancels what waits at text priority and comes after the rest: once
    /// it is heard, nothing of the sessions is left to be spoken.
    func leaveNothingToBeSpoken() throws {
        let capture = try CaptureFile()
        let speech = try SpeechDispatcher(address: SpeechAddress(parsing: Servers.speechAddress))
        defer { speech.close() }
        let marker = "sessions done \(UUID().uuidString.prefix(8))"
        speech.say(marker, priority: .message)
        #expect(capture.waitForLines { $0.contains(marker) }.contains(marker))
    }
}
}
