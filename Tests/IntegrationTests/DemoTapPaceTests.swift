import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// Quick taps through a real terminal: a11y-demo on a pseudo-terminal that sends no key releases
/// (it answers the kitty keyboard query as a plain xterm does), five presses of Right at an exact
/// pace, then Enter. Each press is one step at every pace a skilled user taps at.
@Suite(.serialized)
struct DemoTapPaceTests {
    static let deadline = Polling.hang

    @Test("five taps of Right move the lower handle exactly five steps", arguments: [80, 100, 110, 150])
    func fiveTapsAreFiveSteps(spacing: Int) throws {
        let pty = try Pty()
        pty.setWindowSize(columns: 80, rows: 24)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let child = try ChildProcess([try DemoInTmux.binary, "range", "--label", "price",
                                      "--speech", "off", "--braille", "off", "--mouse", "off", "--screen-reader", "off"],
                                     environment: environment, streams: .terminal(pty.subPath), newSession: true)
        defer { child.killAndReap() }
        // The first frame ends with the keyboard query, answered without the kitty protocol:
        // keys come without releases.
        let frame = pty.read(until: "\u{1B}[c", timeout: Self.deadline)
        try #require(frame.contains("price: 10 to 90"), "first frame: \(frame.debugDescription)")
        pty.type("\u{1B}[?62;22c")
        let clock = ContinuousClock()
        var next = clock.now
        for _ in 0..<5 {
            // The pace is the input here (a typist's spacing), not a wait for a condition.
            pause(until: next)
            let sent = pty.type(Array("\u{1B}[C".utf8))
            next = sent + .milliseconds(spacing)
        }
        pause(until: next)
        pty.type("\r")
        guard let ending = try child.waitForExit(timeout: Self.deadline) else {
            throw FixtureError("a11y-demo still runs after Enter (\(spacing) ms taps)")
        }
        // What it wrote after its first frame, ending with the result line.
        let output = pty.readOutput()
        #expect(ending.shellStatus == 0)
        #expect(output.contains("15 90"), "\(spacing) ms apart: \(output.debugDescription)")
    }

    /// Sleeps until `instant` (the typist's pace).
    private func pause(until instant: ContinuousClock.Instant) {
        let left = instant - ContinuousClock.now
        guard left > .zero else { return }
        let (seconds, attoseconds) = left.components
        usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }
}
