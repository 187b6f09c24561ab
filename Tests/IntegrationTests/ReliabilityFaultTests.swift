import A11yControls
import A11yOptions
import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// Server faults while a11y-demo runs, against the real servers, killed (SIGKILL) and restarted
/// from the test: input, screen and braille go on; the loss is said; the client reconnects; the
/// result is unchanged. Times are printed (`fault:` lines) for the report.
extension RealServerTests {
@Suite(.serialized)
struct ReliabilityFaultTests {
    let clock = ContinuousClock()

    func start(_ arguments: [String], display: VirtualBrailleDisplay, until text: String,
               environment: [String: String] = [:]) throws -> DemoInTmux {
        let mark = display.frames.count
        let demo = try DemoInTmux(arguments, environment: environment)
        guard display.waitForFrame(after: mark, { $0.text.hasPrefix(text) }) != nil else {
            throw FixtureError("the demo never showed '\(text)' on the braille display; screen:\n\(demo.screen)\nstderr: \(demo.stderr)")
        }
        return demo
    }

    /// Types Right (250 ms after the last key: a tap, not a held key's repeat) and returns how
    /// long the screen took to show `expected` (printed for the report; the benchmark measures).
    func step(_ demo: DemoInTmux, expecting expected: String) throws -> Duration {
        try demo.tap("Right", gap: .milliseconds(250), expecting: expected)
    }

    @Test func speechDispatcherKilledWhileTheControlRuns() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let demo = try start([], display: display, until: "Price 10")
        _ = spoken.waitForLines { $0.count >= 1 }
        defer { ServerControl.ensureRunning("speech") }

        var mark = display.frames.count
        let killed = clock.now
        try ServerControl.run("kill-speech")
        // The loss is shown on the braille line at once (not at the next utterance).
        let notice = display.waitForFrame(after: mark) { $0.text.hasPrefix("speech lost") }
        #expect(notice != nil, "no 'speech lost' on the braille line; frames: \(display.frames.suffix(3).map(\.text))")
        let noticed = notice.map { $0.time - killed }
        // Keys go on, each shown at once; the notice gives way to the control at the first key.
        var latencies: [Duration] = []
        mark = display.frames.count
        for value in 11...13 { latencies.append(try step(demo, expecting: "Price: \(value) to 90")) }
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("Price 13") } != nil)
        #expect(demo.stderr.components(separatedBy: "speech unavailable").count - 1 == 1, "stderr: \(demo.stderr)")

        // The server is back: the client reconnects by itself ("speech back" on the braille line).
        mark = display.frames.count
        try ServerControl.run("start-speech")
        let restarted = clock.now
        let back = display.waitForFrame(after: mark) { $0.text.hasPrefix("speech back") }
        #expect(back != nil, "no 'speech back' on the braille line")
        let reconnect = back.map { $0.time - restarted }
        let resumed = try CaptureFile()
        _ = try step(demo, expecting: "Price: 14 to 90")
        #expect(resumed.waitForLines { $0.contains("14") }.contains("14"), "speech did not resume")
        let spokenAfter = clock.now - restarted

        // The fault changed nothing: the result is the values chosen.
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "14 90 1\n")
        print("fault: speech killed -> braille notice after \(noticed.map(\.milliseconds) ?? -1) ms; key->screen while down \(latencies.map(\.milliseconds)) ms; restarted -> reconnected (braille 'speech back') \(reconnect.map(\.milliseconds) ?? -1) ms, next key spoken \(spokenAfter.milliseconds) ms after the restart")
    }

    @Test func brlttyKilledWhileTheControlRuns() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let demo = try start([], display: display, until: "Price 10")
        _ = spoken.waitForLines { $0.count >= 1 }
        defer { ServerControl.ensureRunning("braille") }

        let connections = display.connections
        let killed = clock.now
        try ServerControl.run("kill-braille")
        // The loss is spoken.
        let lost = spoken.waitForLines { $0.contains("braille display lost") }
        #expect(lost.contains("braille display lost"), "spoken: \(lost)")
        let spokenLoss = clock.now - killed
        var latencies: [Duration] = []
        for value in 11...12 { latencies.append(try step(demo, expecting: "Price: \(value) to 90")) }
        #expect(spoken.waitForLines { $0.contains("12") }.contains("12"))
        #expect(demo.stderr.contains("braille unavailable"))

        // BRLTTY is back; the display plugs itself in again; the demo re-enters tty mode and
        // redraws the current state.
        let mark = display.frames.count
        try ServerControl.run("start-braille")
        let restarted = clock.now
        #expect(display.waitForConnections(connections + 1))
        let redrawn = display.waitForFrame(after: mark) { $0.text.hasPrefix("Price 12") }
        #expect(redrawn != nil, "not redrawn; frames: \(display.frames.suffix(3).map(\.text)) stderr: \(demo.stderr) spoken: \(spoken.lines)")
        let redraw = redrawn.map { $0.time - restarted }
        #expect(spoken.waitForLines { $0.contains("braille display back") }.contains("braille display back"))

        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "12 90 1\n")
        print("fault: brltty killed -> loss spoken after \(spokenLoss.milliseconds) ms; key->screen while down \(latencies.map(\.milliseconds)) ms; restarted -> tty re-entered and redrawn after \(redraw.map(\.milliseconds) ?? -1) ms")
    }

    /// A display of another width: BRLTTY restarted with the display plugged in again at 20
    /// cells, then at 40 again.
    @Test func aDisplayReconnectedWithAnotherWidthRelaysTheLine() throws {
        let display = try SharedDisplay.get()
        let demo = try start([], display: display, until: "Price 10")
        defer { ServerControl.ensureRunning("braille") }
        for cells in [20, 40] {
            let mark = display.frames.count
            let connections = display.connections
            display.setCellsForNextConnection(cells)
            try ServerControl.run("kill-braille")
            try ServerControl.run("start-braille")
            let restarted = clock.now
            #expect(display.waitForConnections(connections + 1))
            let frame = display.waitForFrame(after: mark) { $0.cells.count == cells && $0.text.hasPrefix("Price 10") }
            #expect(frame != nil, "no \(cells)-cell frame; frames: \(display.frames.suffix(3).map { "\($0.cells.count): \($0.text)" })")
            if let frame {
                // The whole control is laid out again for the new width: it ends with the upper value.
                #expect(frame.text.count == cells)
                #expect(frame.text.trimmingCharacters(in: .whitespaces).hasSuffix("90"), "\(frame.text)")
                print("fault: display reconnected with \(cells) cells -> re-laid after \((frame.time - restarted).milliseconds) ms")
            }
        }
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }
}
}
