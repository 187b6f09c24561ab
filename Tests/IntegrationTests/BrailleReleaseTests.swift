import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// When a control ends, however it ends, the display goes back to what BRLTTY showed before it
/// (its own screen, or the client that had it, here the test process's own once it has written): accepted, cancelled, a SIGTERM, a crash that the
/// program's crash handler sees (SIGABRT: the Swift backtracer then writes its report, and in a
/// terminal asks the user whether to look further, while the process lives on), and a SIGKILL
/// (the process's exit closes the socket, which BRLTTY sees).
///
/// BRLTTY shows its own screen again when its core next updates the display: at once with a
/// screen driver that BRLTTY polls (a console, every 40 ms), but the private servers run it
/// without a screen (`-x no`), and then it updates only when a command comes. So the display
/// here plays the polled screen: it sends BRLTTY a NOOP every 100 ms after the end, and the test
/// waits for the cells it recorded before the program started. Held by a client that never let
/// go, the display would show the control's line whatever BRLTTY updates.
///
/// The deadline is a guard against a display that never comes back, not a speed limit; the
/// figure is printed (`make bench` reports it too).
extension RealServerTests {
@Suite(.serialized)
struct BrailleReleaseTests {
    enum Ending: String, CaseIterable, CustomStringConvertible {
        case accepted, cancelled, terminated, crashed, killed
        var description: String { rawValue }
    }

    @Test(arguments: Ending.allCases)
    func theDisplayGoesBackToBRLTTYWhenTheControlEnds(_ ending: Ending) throws {
        let display = try SharedDisplay.get()
        // The test process's own client, in tty mode and taking every key, is there whatever ran
        // before (other tests make it). Once it has written, its line is what BRLTTY shows with
        // no control, and what the control must give back; before, BRLTTY's own screen.
        _ = try SharedDisplay.client()
        let before = try cellsWithoutTheProgram(display)
        var mark = display.frames.count
        let demo = try DemoInTmux(["--speech", "off"])
        guard display.waitForFrame(after: mark, { $0.text.hasPrefix("Price 10") }) != nil else {
            throw FixtureError("the demo never showed its line; stderr: \(demo.stderr)")
        }
        mark = display.frames.count
        try demo.send("Right")
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("Price 11") } != nil)
        let pid = try #require(demo.pid)

        mark = display.frames.count
        switch ending {  // (a key is typed once the pane's pace allows, as a person types)
        case .accepted: try demo.send("Enter")
        case .cancelled: try demo.send("Escape")
        case .terminated: kill(pid, SIGTERM)
        case .crashed: kill(pid, SIGABRT)
        case .killed: kill(pid, SIGKILL)
        }
        let ended = ContinuousClock.now
        let back = try waitForCells(before.cells, on: display, after: mark, timeout: Polling.hang)
        let figure = back.map { frame -> String in
            let took = frame.time - ended
            let milliseconds = Double(took.components.seconds) * 1000 + Double(took.components.attoseconds) / 1e15
            return "\(Int(milliseconds.rounded())) ms"
        }
        print("end (\(ending)) -> BRLTTY's own cells: \(figure ?? "not within \(Polling.hang)"); the display shows '\(display.lastFrame()?.text ?? "nothing")'")
        #expect(back != nil, "the display kept '\(display.lastFrame()?.text ?? "")' after the control ended (\(ending))")
        switch ending {
        case .accepted: #expect(demo.waitForExit() == 0)
        case .cancelled: #expect(demo.waitForExit() == 1)
        case .terminated: #expect(demo.waitForExit() != nil)
        case .crashed:
            // What the process does after its crash handler is the signal handling's matter
            // (ReliabilitySignalTests); it is not left behind.
            kill(pid, SIGKILL)
        case .killed: break
        }
    }

    /// What the display shows with no client of the program: BRLTTY is made to update it (a
    /// NOOP), and the frame it then shows is taken (or the last one, when nothing changed).
    private func cellsWithoutTheProgram(_ display: VirtualBrailleDisplay) throws -> VirtualDisplayFrame {
        // A display that has just connected gets BRLTTY's first frame first.
        _ = display.waitForFrame { _ in true }
        let mark = display.frames.count
        try display.press("NOOP")
        _ = display.waitForFrame(after: mark, timeout: .milliseconds(500)) { _ in true }
        return try #require(display.lastFrame(), "the display received nothing")
    }

    /// Sends NOOP every 100 ms (BRLTTY updates the display) until the display shows `cells` in a
    /// frame received after the first `index`; that frame, or nil after `timeout`.
    private func waitForCells(_ cells: [String], on display: VirtualBrailleDisplay, after index: Int,
                              timeout: Duration) throws -> VirtualDisplayFrame? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let frame = display.firstFrame(after: index, where: { $0.cells == cells }) { return frame }
            if ContinuousClock.now >= deadline { return nil }
            try display.press("NOOP")
            // The update it brings comes before the next NOOP is pressed: none is left on its
            // way to BRLTTY after the test (it would reach the next client that takes every key).
            _ = display.waitForFrame(after: index, timeout: .milliseconds(100)) { $0.cells == cells }
        }
    }
}
}
