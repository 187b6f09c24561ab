import A11yControls
import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// A server that stops answering in the middle of a session (SIGSTOP: it keeps its sockets and
/// reads nothing, as a stuck driver or a hung synthesizer would), against the real servers with
/// a11y-demo in a terminal: keys go on changing the value, the screen and the other output follow,
/// the user is told once that the server is not answering, and when it goes on (SIGCONT) it shows
/// or says the current state. Times are printed (`frozen:` lines); the speed figures belong to the
/// benchmark, so the deadlines here are generous.
extension RealServerTests {
@Suite(.serialized)
struct ReliabilityFrozenServerTests {
    let clock = ContinuousClock()

    func start(display: VirtualBrailleDisplay, spoken: CaptureFile) throws -> DemoInTmux {
        // A fresh BRLTTY with the display plugged in: after the fault tests' restarts the
        // display's link to BRLTTY's vr driver is sometimes left showing nothing.
        let connections = display.connections
        try ServerControl.run("kill-braille")
        try ServerControl.run("start-braille")
        guard display.waitForConnections(connections + 1) else { throw FixtureError("the virtual display did not plug in again") }
        let mark = display.frames.count
        let demo = try DemoInTmux([])
        guard display.waitForFrame(after: mark, { $0.text.hasPrefix("Price 10") }) != nil else {
            throw FixtureError("the demo never showed 'Price 10' on the braille display; frames: \(display.frames.dropFirst(mark).map(\.text)); cells \(display.cells); screen:\n\(demo.screen)\nstderr: \(demo.stderr)")
        }
        _ = spoken.waitForLines { !$0.isEmpty }
        return demo
    }

    /// Right for each of `values` (the lower handle's next values): the time the screen took,
    /// and the time `followed(value)` took to become true (the output that still works).
    func steps(_ demo: DemoInTmux, to values: ClosedRange<Int>, followedBy followed: (Int) -> Bool) throws -> (screen: [Duration], other: [Duration]) {
        var screen: [Duration] = [], other: [Duration] = []
        for value in values {
            screen.append(try demo.tap("Right", expecting: "Price: \(value) to 90"))
            let typed = clock.now - screen.last!
            #expect(Polling.until(timeout: Polling.hang) { followed(value) }, "\(value) did not follow")
            other.append(clock.now - typed)
        }
        return (screen, other)
    }

    @Test func brlttyStoppedInTheMiddleOfASession() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let demo = try start(display: display, spoken: spoken)
        defer { ServerControl.thaw("braille") }

        try ServerControl.freeze("braille")
        let frozenAt = display.frames.count
        // Speech follows each key although BRLTTY takes nothing.
        var (latencies, spokenAfter) = try steps(demo, to: 11...14) { value in spoken.lines.contains("\(value)") }
        // Said once, however many keys wait for BRLTTY.
        let told = spoken.waitForLines { $0.contains("braille display not answering") }
        #expect(told.filter { $0 == "braille display not answering" }.count == 1, "spoken: \(told)")
        for value in 15...16 { latencies.append(try demo.tap("Right", expecting: "Price: \(value) to 90")) }
        #expect(spoken.waitForLines { $0.contains("16") }.filter { $0 == "braille display not answering" }.count == 1)
        #expect(display.frames.count == frozenAt, "BRLTTY showed frames while stopped")

        // BRLTTY goes on: the display shows the current line, and the return is said.
        let thawed = clock.now
        ServerControl.thaw("braille")
        let current = display.waitForFrame(after: frozenAt) { $0.text.hasPrefix("Price 16") }
        #expect(current != nil, "the current line never came; frames: \(display.frames.suffix(3).map(\.text))")
        let shown = current.map { $0.time - thawed }
        #expect(spoken.waitForLines { $0.contains("braille display back") }.contains("braille display back"))
        #expect(demo.stderr.contains("not answering"), "stderr: \(demo.stderr)")

        // The freeze changed nothing: the result is the values chosen.
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "16 90 1\n")
        print("frozen: brltty stopped -> key->screen \(latencies.map(\.milliseconds)) ms, key->spoken \(spokenAfter.map(\.milliseconds)) ms; continued -> current line shown after \(shown.map(\.milliseconds) ?? -1) ms")
    }

    @Test func speechDispatcherStoppedInTheMiddleOfASession() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let demo = try start(display: display, spoken: spoken)
        defer { ServerControl.thaw("speech") }

        try ServerControl.freeze("speech")
        let begin = display.frames.count
        // Braille follows each key although speech-dispatcher takes nothing.
        var (latencies, brailled) = try steps(demo, to: 11...13) { value in
            display.firstFrame(after: begin) { $0.text.hasPrefix("Price \(value)") } != nil
        }
        var mark = display.frames.count
        // The braille line says it, once.
        let notice = display.waitForFrame(after: begin) { $0.text.hasPrefix("speech not answering") }
        #expect(notice != nil, "no 'speech not answering' on the braille line; frames: \(display.frames.suffix(3).map(\.text))")
        mark = display.frames.count
        latencies.append(try demo.tap("Right", expecting: "Price: 14 to 90"))
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("Price 14") } != nil, "the notice did not give way to the control")

        // speech-dispatcher goes on: the braille line says speech is back, and the next key is spoken.
        mark = display.frames.count
        let thawed = clock.now
        ServerControl.thaw("speech")
        let back = display.waitForFrame(after: mark) { $0.text.hasPrefix("speech back") }
        #expect(back != nil, "no 'speech back' on the braille line; frames: \(display.frames.suffix(3).map(\.text))")
        let returned = back.map { $0.time - thawed }
        let resumed = try CaptureFile()
        try demo.tap("Right", expecting: "Price: 15 to 90")
        #expect(resumed.waitForLines { $0.contains("15") }.contains("15"), "speech did not resume")
        // One outage, told once: not answering, then back (never also "lost").
        let notices = display.frames.dropFirst(begin).map(\.text).filter { $0.hasPrefix("speech") }
        #expect(notices.first?.hasPrefix("speech not answering") == true && !notices.contains { $0.hasPrefix("speech lost") }, "notices: \(notices)")

        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "15 90 1\n")
        print("frozen: speech-dispatcher stopped -> key->screen \(latencies.map(\.milliseconds)) ms, key->braille \(brailled.map(\.milliseconds)) ms; continued -> 'speech back' after \(returned.map(\.milliseconds) ?? -1) ms")
    }
}
}
