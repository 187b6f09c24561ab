import A11yControls
import A11yTestSupport
import Foundation
import VirtualDisplayClient

// Signals and server faults: each is followed by a check that the user was told (the loss, and
// the return) and that the control goes on (the next key shows on the screen).
extension SoakRun {
    func count(_ fault: String) {
        report.faults[fault, default: 0] += 1
        print("soak: t=\((clock.now - start).milliseconds / 1000) s fault: \(fault) (value \(expected))")
        fflush(nil)
    }

    /// The braille line shows a notice about speech (lost, not answering, back) after `mark`.
    func speechNotice(after mark: Int, timeout: Duration = Polling.hang) -> Bool {
        display.waitForFrame(after: mark, timeout: timeout) { $0.text.hasPrefix("speech") } != nil
    }

    /// A spoken line mentioning braille after line `index`.
    func brailleSpoken(after index: Int, timeout: Duration = Polling.hang) -> Bool {
        spoken.waitForLine(from: index, timeout: timeout) { $0.contains("braille") } != nil
    }

    /// A few taps in the middle of a fault: the control goes on. `moving`: each one changes the
    /// value (not at a limit), so the braille line changes and a frozen BRLTTY is asked something.
    func someTaps(moving: Bool = false) throws {
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let up = moving ? try movingDirection(preferring: chance(50)) : chance(50)
            if up { try tap("Right", .increment) } else { try tap("Left", .decrement) }
        }
    }

    func windowChange() throws {
        count("SIGWINCH")
        report.signals += 1
        try pane.tmux(["resize-window", "-t", pane.session, "-x", "\(Int.random(in: 60...140, using: &random))", "-y", "30"])
        try someTaps()
    }

    func suspendAndContinue() throws {
        guard let pid else { return report.fail("no demo to suspend") }
        count("SIGTSTP+SIGCONT")
        report.signals += 2
        kill(pid, SIGTSTP)
        Polling.sleep(for: .milliseconds(Int.random(in: 50...500, using: &random)))
        kill(pid, SIGCONT)
        try someTaps()
    }

    func killSpeech() throws {
        count("speech-dispatcher SIGKILL")
        let mark = display.frames.count
        try ServerControl.run("kill-speech")
        if !speechNotice(after: mark) { report.fail("the loss of speech was not shown on the braille line") }
        try someTaps()
        let back = display.frames.count
        try ServerControl.run("start-speech")
        if speechNotice(after: back) { report.recoveries += 1 } else { report.fail("the return of speech was not shown") }
        try someTaps()
    }

    func killBraille(cells: Int? = nil) throws {
        count(cells.map { "display reconnected with \($0) cells" } ?? "BRLTTY SIGKILL")
        let line = spoken.lines.count
        let connections = display.connections
        if let cells { display.setCellsForNextConnection(cells) }
        try ServerControl.run("kill-braille")
        if !brailleSpoken(after: line) { report.fail("the loss of the braille display was not said") }
        try someTaps()
        let back = spoken.lines.count
        let mark = display.frames.count
        try ServerControl.run("start-braille")
        guard display.waitForConnections(connections + 1) else { return report.fail("the virtual display did not plug in again") }
        let value = Self.number(model.selectedMinimum)
        let width = cells ?? display.cells
        let shown = display.waitForFrame(after: mark, timeout: Polling.hang) { $0.cells.count == width && $0.text.contains(value) }
        // Told twice since the kill: the loss, then the return.
        let told = spoken.waitForLine(from: back, timeout: Polling.hang) { $0.contains("braille") } != nil
            || spoken.lines(from: line).filter { $0.text.contains("braille") }.count >= 2
        if shown != nil && told { report.recoveries += 1 } else {
            report.fail("the braille display did not come back (\(width) cells, value \(value), frame \(shown != nil), told \(told)): "
                        + "frames \(display.frames.suffix(2).map(\.text)), spoken \(spoken.lines(from: line).map(\.text))")
        }
        try someTaps()
    }

    func slowSynthesizer() throws {
        count("slow synthesizer")
        try Servers.setCaptureDelay(0.2)
        try someTaps()
        if chance(50) { try hold() }
        try Servers.setCaptureDelay(nil)
        try someTaps()
    }

    /// A server stopped (SIGSTOP) for 1-4 s while keys come, then continued (SIGCONT). Checked
    /// now: the keys go on (each tap is on the screen), and once continued the display shows the
    /// current value / speech speaks the next key, and the words were said: 'not answering' while
    /// stopped, then 'back'.
    func freeze(_ which: String) throws {
        count("\(which) SIGSTOP")
        let line = spoken.lines.count
        let mark = display.frames.count
        try ServerControl.freeze(which)
        let until = clock.now + .milliseconds(Int.random(in: 1000...4000, using: &random))
        do {
            try someTaps(moving: true)
        } catch {
            ServerControl.thaw(which)
            throw error
        }
        Polling.sleep(for: until - clock.now)
        let told = which == "braille" ? brailleSpoken(after: line, timeout: Polling.hang) : speechNotice(after: mark, timeout: Polling.hang)
        if !told {
            report.fail("\(which) not answering was not told; spoken since: \(spoken.lines(from: line).map(\.text).suffix(5)); "
                             + "frames since: \(display.frames.dropFirst(mark).map(\.text).suffix(3))")
        }
        let back = display.frames.count
        let spokenBack = spoken.lines.count
        ServerControl.thaw(which)
        if which == "braille" {
            let value = Self.number(model.selectedMinimum)
            let shown = display.waitForFrame(after: back, timeout: Polling.hang) { $0.text.contains(value) } != nil
                || display.lastFrame()?.text.contains(value) == true
            if shown { report.recoveries += 1 } else {
                report.fail("braille: the display did not show the line (value \(value)) after SIGCONT: \(display.frames.suffix(2).map(\.text))")
            }
            if !brailleSpoken(after: spokenBack) { report.fail("braille: its return was not said after SIGCONT") }
        } else {
            if !speechNotice(after: back) { report.fail("speech: its return was not shown on the braille line after SIGCONT") }
            // Speech goes on: the next tap is spoken.
            let heard = spoken.lines.count
            try someTaps(moving: true)
            let value = Self.number(model.value(of: model.focusedHandle))
            if spoken.waitForLine(from: heard, timeout: Polling.hang, { $0.contains(value) }) != nil { report.recoveries += 1 } else {
                report.fail("speech: \(value) was not spoken after SIGCONT: \(spoken.lines(from: heard).map(\.text))")
            }
        }
        try someTaps()
    }
}
