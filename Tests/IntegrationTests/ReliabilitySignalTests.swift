import A11yControls
import A11yOptions
import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// Every signal that can end or interrupt a11y-demo, in a real terminal (tmux): the terminal
/// settings are exactly as before (`stty -g` compared), the cursor is visible, the kitty keyboard
/// mode is popped as often as pushed, and the exit status is the documented one.
extension RealServerTests {
@Suite(.serialized)
struct ReliabilitySignalTests {
    func started(_ arguments: [String] = ["range", "--speech", "off"], pipeline: String = "") throws -> SignalPane {
        let pane = try SignalPane(arguments, pipeline: pipeline)
        let screen = pane.waitForScreen { $0.contains("10 to 90") }
        guard screen.contains("10 to 90"), pane.pid != nil else {
            throw FixtureError("the demo did not start; screen:\n\(screen)\nstderr: \(pane.file("stderr"))")
        }
        return pane
    }

    /// The demo still answers keys as usual: Right shows 11, Enter accepts "11 90" with status 0.
    func expectOneStepThenAccept(_ pane: SignalPane) throws {
        try pane.send("Right")
        #expect(pane.waitForScreen { $0.contains("11 to 90") }.contains("11 to 90"))
        try pane.send("Enter")
        #expect(pane.waitForExit() == 0)
        #expect(pane.file("stdout") == "11 90")
    }

    /// The terminal as the demo found it.
    func expectRestored(_ pane: SignalPane, _ context: String) {
        let (before, after) = pane.stty
        #expect(!before.isEmpty && before == after, "\(context): stty before \(before), after \(after)")
        #expect(pane.cursorVisible, "\(context): the cursor is hidden")
        let raw = pane.raw
        let hides = raw.ranges(of: "\u{1B}[?25l").count, shows = raw.ranges(of: "\u{1B}[?25h").count
        if hides > 0 { #expect(raw.range(of: "\u{1B}[?25h", options: .backwards)!.lowerBound > raw.range(of: "\u{1B}[?25l", options: .backwards)!.lowerBound, "\(context): hidden \(hides), shown \(shows)") }
        let pushes = raw.ranges(of: "\u{1B}[>").filter { _ in true }.count
        let pops = raw.ranges(of: "\u{1B}[<u").count
        #expect(pops >= pushes, "\(context): kitty keyboard pushed \(pushes) times, popped \(pops)")
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129)), (SIGQUIT, Int32(131))])
    func endingSignalRestoresTheTerminal(signal: Int32, status: Int32) throws {
        let pane = try started()
        let pid = try #require(pane.pid)
        kill(pid, signal)
        #expect(pane.waitForExit() == status, "signal \(signal): stderr \(pane.file("stderr"))")
        #expect(!pane.file("stderr").contains("Backtrace") && !pane.file("stderr").contains("Fatal error"))
        expectRestored(pane, "signal \(signal)")
        #expect(pane.file("stdout").isEmpty)
    }

    @Test func suspendAndResume() throws {
        let pane = try started()
        let pid = try #require(pane.pid)
        let (before, _) = pane.stty
        kill(pid, SIGTSTP)
        // Stopped, with the terminal as it was before the demo.
        func state() -> String {
            ((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "").split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
        }
        #expect(Polling.until(timeout: Polling.hang, every: .milliseconds(20)) { state() == "T" })
        let outcome = try Spawn.scripted(["/bin/sh", "-c", "stty -g < \(pane.tty)"], input: "")
        #expect(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == before, "while stopped: \(outcome.stdout)")
        // The pane's shell resumes it with `fg` (SIGCONT, foreground again) once told to.
        pane.resume()
        #expect(Polling.until(timeout: Polling.hang, every: .milliseconds(20)) { state() != "T" })
        // Raw mode again: a key still works, and the result is as usual.
        #expect(Polling.until(timeout: Polling.hang, every: .milliseconds(20)) {
            let now = (try? Spawn.scripted(["/bin/sh", "-c", "stty -g < \(pane.tty)"], input: ""))?.stdout ?? ""
            return !now.isEmpty && now.trimmingCharacters(in: .whitespacesAndNewlines) != before
        }, "raw mode never came back")
        try expectOneStepThenAccept(pane)
        expectRestored(pane, "TSTP/CONT")
    }

    @Test func windowResizeRedraws() throws {
        let pane = try started()
        let drawn = pane.raw.utf8.count
        try pane.resize(columns: 60, rows: 20)
        // The demo heard SIGWINCH: it drew the control again.
        #expect(Polling.until(timeout: Polling.hang, every: .milliseconds(20)) { pane.raw.utf8.count > drawn })
        try expectOneStepThenAccept(pane)
        expectRestored(pane, "WINCH")
    }

    /// The reader of the result is gone (`| true`): the result cannot be written. The demo must
    /// not crash with a backtrace; the status is 141 (128 + SIGPIPE, as for any program whose
    /// output pipe closed), with speech on or off; the terminal is restored.
    @Test(arguments: ["on", "off"])
    func brokenResultPipe(speech: String) throws {
        let pane = try started(["range", "--speech", speech], pipeline: "| true")
        try pane.send("Enter")
        let status = pane.waitForExit()
        #expect(status == 141, "status \(String(describing: status))")
        #expect(!pane.file("stderr").contains("Backtrace") && !pane.file("stderr").contains("Fatal error"), "\(pane.file("stderr"))")
        expectRestored(pane, "SIGPIPE")
        print("signals: result pipe closed -> status \(status.map(String.init) ?? "none")")
    }
}
}
