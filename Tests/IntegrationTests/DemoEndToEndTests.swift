import A11yControls
import A11yOptions
import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// a11y-demo end to end: in a real terminal (tmux), against the real servers; keys in, and out
/// the screen, the cells the virtual braille display received, the lines speech-dispatcher spoke.
extension RealServerTests {
@Suite(.serialized)
struct DemoEndToEndTests {
    /// Starts the demo and waits until the display shows it (so keys are not typed too early).
    func start(_ arguments: [String], display: VirtualBrailleDisplay, until text: String) throws -> DemoInTmux {
        let mark = display.frames.count
        let demo = try DemoInTmux(arguments)
        guard display.waitForFrame(after: mark, { $0.text.hasPrefix(text) }) != nil else {
            throw FixtureError("the demo never showed '\(text)' on the braille display; screen:\n\(demo.screen)\nstderr: \(demo.stderr)")
        }
        return demo
    }

    @Test func showcaseSpeaksShowsAndBrailles() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let demo = try start([], display: display, until: "Price 10")
        // The introduction, once. (Other lines may come too: under the address sanitizer the slow
        // first BrlAPI connection may be retried, and "braille display back" spoken.)
        let introduction = "Price, range slider, 10 to 90, of 0 to 100. lower, horizontal slider, 10, from 0 to 90. Press question mark for help."
        #expect(spoken.waitForLines { $0.contains(introduction) }.filter { $0 == introduction }.count == 1)
        demo.waitForScreen { $0.contains("Price: 10 to 90") }

        let mark = display.frames.count
        // Three taps, each 150 ms after the screen showed the last one. A legacy terminal sends
        // no key releases: two presses closer than 120 ms are taken for the operating system
        // repeating a held key (AutoRepeat).
        for value in 11...13 { try demo.tap("Right", expecting: "Price: \(value) to 90") }
        // Each value spoken, in order, the last one last.
        let said = spoken.waitForLines { $0.last == "13" }
        let demos = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter {
            Int($0) != nil && (try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8))?.hasPrefix("a11y-demo") == true
        }
        let everything = "a11y-demo processes running: \(demos.count); spoken: \(said); frames: \(display.frames[mark...].map(\.text)); screen:\n\(demo.screen)\nstderr: \(demo.stderr)"
        #expect(said.filter { ["11", "12", "13"].contains($0) }.suffix(3) == ["11", "12", "13"] && said.last == "13", "\(everything)")
        let frame = try #require(display.waitForFrame(after: mark) { $0.text.hasPrefix("Price 13") }, "\(everything)")
        // "Price 13 " then the track: 28 cells, 56 positions; 13 -> 7.15 -> 7 (right column of cell 3),
        // focused: the whole right column (4 5 6 8) over the bottom dot of the left (7).
        #expect(frame.cells[9...12] == ["78", "78", "78", "45678"])
        #expect(demo.waitForScreen { $0.contains("Price: 13 to 90") }.contains("Price: 13 to 90"))
        // The terminal cursor sits on the focused handle: row 1, after "13 " on the track line.
        let cursor = try #require(demo.cursor)
        #expect(cursor.row == 1 && cursor.column > 3)

        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "13 90 1\n")
        #expect(spoken.waitForLines { $0.last?.hasSuffix("accepted") == true }.last == "13 to 90 and 1, accepted")
    }

    @Test func routingKeysOnTheDisplayMoveTheFocusedHandle() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let demo = try start([], display: display, until: "Price 10")
        // Track cells 9...36 (28 cells, positions 0...55). ROUTE 23 -> cell 14 of the track ->
        // position 28 -> 28/55 of 0...100 = 50.9 -> 51.
        try display.press("ROUTE 23")
        #expect(spoken.waitForLines { $0.contains("51") }.contains("51"))
        #expect(demo.waitForScreen { $0.contains("Price: 51 to 90") }.contains("Price: 51 to 90"))
        // Routing over the upper value focuses that handle; then LNDN steps it down.
        try display.press("ROUTE 39")
        let focused = "upper, horizontal slider, 90, from 51 to 100"
        #expect(spoken.waitForLines { $0.contains(focused) }.contains(focused))
        try display.press("LNDN")
        let said = spoken.waitForLines { $0.contains("89") }
        #expect(said.contains("89"), """
            spoken: \(said); screen:\n\(demo.screen)\nstderr: \(demo.stderr)
            display connections: \(display.connections); last frames: \(display.frames.suffix(4).map(\.text))
            BRLTTY's log:\n\(Servers.brlttyLog())
            """)
        try display.press("KEY_ESCAPE")
        #expect(demo.waitForExit() == 1)
        #expect(demo.stdout.isEmpty)
        #expect(spoken.waitForLines { $0.last == "cancelled" }.last == "cancelled")
    }
    /// A user unplugs a 40-cell display and plugs in a 20-cell one while BRLTTY stays up (its
    /// own BRLTTY here: the suite's shared display must not go away). The session's connection
    /// keeps the width it first read, BRLTTY refuses its next frame; the session connects again
    /// at once and lays the line out for 20 cells. The user hears every value and no "braille
    /// display lost" (which would be said over the value of the key pressed meanwhile).
    @Test func aDisplayOfAnotherWidthPluggedInWhileBRLTTYStaysUp() throws {
        let servers = try PrivateServers()
        let display = try VirtualBrailleDisplay(socketPath: servers.vrSocket, cells: 40)
        defer { display.close() }
        let spoken = try CaptureFile(path: servers.captureFile)
        let demo = try DemoInTmux([], environment: servers.environment)
        #expect(display.waitForFrame { $0.text.hasPrefix("Price 10") && $0.cells.count == 40 } != nil,
                "stderr: \(demo.stderr)")
        try demo.tap("Right", expecting: "Price: 11 to 90")
        #expect(spoken.waitForLines { $0.contains("11") }.contains("11"))

        let mark = display.frames.count
        // What is said from here on (the first connection may have been made again if BRLTTY
        // had not yet taken this display as the demo started: "braille display back" then).
        let heard = spoken.count
        display.reconnect(cells: 20)
        // BRLTTY takes the new display once its writes to the old one failed and it restarted
        // its driver (until then it answers no question; the session would rightly say "not
        // answering"); it then shows its last line cut to 20 cells, before any key.
        let plugged = display.waitForFrame(after: mark) { $0.cells.count == 20 }
        try #require(plugged != nil, """
            BRLTTY never showed a line on the 20-cell display; frames since: \(display.frames[mark...].map { "\($0.cells.count): \($0.text)" })
            stderr: \(demo.stderr)
            Baum display: \(servers.baumLog)
            log:\n\(servers.brlttyLog)
            """)
        demo.restartPace()
        for value in 12...14 { try demo.tap("Right", expecting: "Price: \(value) to 90") }
        let line = display.waitForFrame(after: mark) { $0.text.hasPrefix("Price 14") && $0.text.hasSuffix("90") }
        #expect(line?.cells.count == 20, "frames since: \(display.frames[mark...].map(\.text)); stderr: \(demo.stderr)")
        let said = spoken.waitForLines { $0.last == "14" }
        #expect(said.filter { ["11", "12", "13", "14"].contains($0) } == ["11", "12", "13", "14"], "spoken: \(said)")
        let sinceSwap = spoken.lines(from: heard).map(\.text)
        #expect(!sinceSwap.contains { $0.contains("braille") }, "spoken: \(said); BRLTTY's log:\n\(servers.brlttyLog)")
        #expect(demo.stderr.contains("braille display now 20 cells wide"), "stderr: \(demo.stderr)")

        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }

    /// A held arrow key for 2 s as a keyboard sends it (the press, its first repeat 500 ms later,
    /// then a repeat every 33 ms) while speech is slow (each utterance takes 0.2 s): no backlog,
    /// the final value is the last thing said, and at most one stale utterance follows the release.
    @Test func holdingAKeyWithSlowSpeechLeavesNothingStale() throws {
        let display = try SharedDisplay.get()
        try Servers.setCaptureDelay(0.2)
        defer { try? Servers.setCaptureDelay(nil) }
        let spoken = try CaptureFile()
        let demo = try start([], display: display, until: "Price 10")
        _ = spoken.waitForLines { $0.count == 1 }
        let clock = ContinuousClock()
        let end = clock.now + .seconds(2)
        try demo.send("Right")
        try demo.send("Right", gap: .milliseconds(500))  // the keyboard's delay before it repeats
        var presses = 2
        while clock.now < end {
            try demo.send("Right", gap: .milliseconds(33))  // the OS repeat's pace
            presses += 1
        }
        let atRelease = spoken.lines.count
        // The final value is on the screen once the release is noticed (the held key's steps
        // stop), and speech ends on it.
        var final = ""
        _ = Polling.until(timeout: Polling.hang, every: .milliseconds(50)) {
            final = demo.screen.split(separator: "\n").first { $0.hasPrefix("Price: ") }
                .flatMap { $0.dropFirst("Price: ".count).split(separator: " ").first.map(String.init) } ?? ""
            return !final.isEmpty && spoken.lines.last == final
        }
        let lines = spoken.lines
        let afterRelease = Array(lines.dropFirst(atRelease))
        let stale = afterRelease.filter { $0 != final }
        print("hold: \(presses) presses, value 10 -> \(final), \(lines.count - 1) utterances spoken, \(afterRelease.count) after the release, \(stale.count) stale")
        #expect(Int(final).map { $0 > 20 } == true)
        #expect(lines.last == final)
        #expect(stale.count <= 1)
        // Each step's value interrupts the one before (no queue): at most one utterance per step,
        // every one a new number, in order.
        let values = lines.dropFirst().compactMap { Int($0) }
        #expect(values.count == lines.count - 1)
        #expect(values == values.sorted() && Set(values).count == values.count)
        #expect(values.count <= (Int(final) ?? 0) - 10)
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }

    /// Idle means asleep: over 5 s with nothing happening the demo makes no system call at all.
    /// (libdispatch ends its idle worker threads about 5 s after their last work; that one-off
    /// exit is let pass before measuring.)
    @Test func idleMakesNoWakeUps() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let demo = try start([], display: display, until: "Price 10")
        _ = spoken.waitForLines { $0.count == 1 }
        let pid = try #require(demo.pid)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-idle-\(pid).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        // strace -f: every thread, for 5 s windows (timeout sends SIGINT to detach), until one is
        // quiet; the first may hold libdispatch's idle worker threads ending, then none may.
        var calls: [Substring] = []
        var windows = 0
        repeat {
            windows += 1
            _ = try Spawn.run(["/usr/bin/timeout", "-s", "INT", "5", "/usr/bin/strace", "-f", "-qq", "-o", output, "-p", "\(pid)"],
                              environment: ProcessInfo.processInfo.environment)
            calls = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
                .split(separator: "\n")
                .filter { !$0.contains("resumed>") && !$0.contains("restart_syscall") && !$0.contains("+++") && !$0.contains("---") }
        } while !calls.isEmpty && windows < 3
        print("idle: \(calls.count) system calls in the last 5 s window (of \(windows))")
        #expect(calls.isEmpty, "system calls while idle: \(calls.prefix(10))")
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }
    @Test func ctrlCInterruptsWithStatus130AndJsonAccepts() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let interrupted = try start(["stepper", "--label", "Copies"], display: display, until: "Copies 1")
        try interrupted.send("Up")
        _ = spoken.waitForLines { $0.contains("2") }
        try interrupted.send("C-c")
        #expect(interrupted.waitForExit() == 130)
        #expect(interrupted.stdout.isEmpty)

        let json = try start(["--json", "range", "--single", "--label", "Volume", "--value", "30", "--format", "percent"],
                             display: display, until: "Volume 30%")
        try json.send("PageUp", "Enter")
        #expect(json.waitForExit() == 0)
        #expect(json.stdout == "{\"control\":\"range\",\"value\":40}\n")
        #expect(spoken.waitForLines { $0.contains("40 percent, accepted") }.contains("40 percent, accepted"))
    }

    /// No terminal at all (keys on stdin, a new session without /dev/tty): nothing is drawn, and
    /// speech and braille still work.
    @Test func scriptedModeStillSpeaksAndBrailles() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let mark = display.frames.count
        let outcome = try Spawn.scripted([try DemoInTmux.binary, "stepper", "--label", "Copies"], input: "++\r")
        #expect((outcome.status, outcome.stdout) == (0, "3\n"))
        // All keys came in one read, so the latest wins: in our queue a newer `text` utterance
        // replaces one not yet sent (the introduction, "2"), and in speech-dispatcher the accept (a
        // `message`) cancels a `text` not yet spoken ("3"). What may be said: the introduction, "3",
        // and, always last, "3, accepted" — never "2" or anything stale.
        let lines = spoken.waitForLines { $0.last == "3, accepted" }
        let introduction = "Copies, spin button, 1, from 1 to 99. Press question mark for help."
        #expect(lines.last == "3, accepted")
        #expect(lines.allSatisfy { [introduction, "3", "3, accepted"].contains($0) }, "\(lines)")
        #expect(lines.count <= 3)
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("Copies 3") } != nil)
    }

    /// A user's programs reach their BRLTTY on its local socket (`:N`, BRLTTY's default and
    /// libbrlapi's); the suite's other clients use its TCP address. The same session over the
    /// local socket: the first frame, a braille key, its value spoken and shown, the result.
    @Test func aSessionReachesBRLTTYOnItsLocalSocket() throws {
        let host = try #require(ProcessInfo.processInfo.environment["A11Y_BRLAPI_LOCAL_HOST"],
                                "the servers made no local BrlAPI socket (is /var/lib/BrlAPI writable?)")
        let socketPath = "/var/lib/BrlAPI/" + host.dropFirst()
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        var environment = ProcessInfo.processInfo.environment
        environment["BRLAPI_HOST"] = host
        let mark = display.frames.count
        let demo = try DemoInTmux(["stepper", "--label", "Level", "--value", "5"], environment: environment)
        guard display.waitForFrame(after: mark, { $0.text.hasPrefix("Level 5") }) != nil else {
            throw FixtureError("the demo never showed 'Level 5' on the braille display; screen:\n\(demo.screen)\nstderr: \(demo.stderr)")
        }
        // BRLTTY accepted a connection on the local socket (an accepted socket carries its path).
        #expect(Self.connectedSockets(at: socketPath) >= 1, "no connection on \(socketPath): \(demo.stderr)")
        let next = display.frames.count
        try display.press("LNUP")
        #expect(spoken.waitForLines { $0.last == "6" }.last == "6")
        #expect(display.waitForFrame(after: next) { $0.text.hasPrefix("Level 6") } != nil)
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "6\n")
    }

    /// Connected unix sockets bound to `path` (/proc/net/unix: state 03 is connected).
    static func connectedSockets(at path: String) -> Int {
        let table = (try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8)) ?? ""
        return table.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ")
            return fields.count >= 8 && fields[5] == "03" && fields[7] == path
        }.count
    }
}
}
