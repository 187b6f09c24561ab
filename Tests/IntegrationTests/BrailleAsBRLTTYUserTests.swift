import A11yControls
import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// a11y-demo on a BRLTTY set up as its user has it: BRLTTY keeps the keys the control does not
/// bind, and the control follows BRLTTY's preferences (set here through BrlAPI as global
/// parameters, as BRLTTY's own preferences menu does), live.
extension RealServerTests {
@Suite(.serialized)
struct BrailleAsBRLTTYUserTests {
    /// Starts the demo and waits until the display shows a frame that `condition` accepts.
    func start(_ arguments: [String], display: VirtualBrailleDisplay,
               until condition: @escaping (VirtualDisplayFrame) -> Bool) throws -> DemoInTmux {
        let mark = display.frames.count
        let demo = try DemoInTmux(arguments)
        guard display.waitForFrame(after: mark, condition) != nil else {
            throw FixtureError("the demo never showed the expected line; last frame: \(display.lastFrame().map { "\($0.text) \($0.cells)" } ?? "none")\nstderr: \(demo.stderr)")
        }
        return demo
    }

    /// Sets BRLTTY's global preferences; `reset` puts back 8-dot computer braille.
    func setPreferences(_ preferences: BraillePreferences) throws {
        try SharedDisplay.client().setGlobalPreferences(preferences)
    }

    @Test func anUnboundCommandStaysBRLTTYsAndABoundOneReachesTheControl() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let demo = try start([], display: display) { $0.text.hasPrefix("Price 10") }
        // PREFMENU is not bound: BRLTTY opens its preferences menu over the control's line.
        var mark = display.frames.count
        try display.press("PREFMENU")
        let menu = display.waitForFrame(after: mark) { !$0.text.hasPrefix("Price") }
        print("BRLTTY on PREFMENU while the demo held the display: \(menu.map { "'\($0.text)'" } ?? "nothing")")
        #expect(menu != nil)
        // BRLTTY announces its menu with a message, which takes the next command: the second
        // PREFMENU only ends that message, and the control's line is back by itself.
        mark = display.frames.count
        try display.press("PREFMENU")
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("Price 10") } != nil)
        // The menu stays open under the control's line until a third PREFMENU closes it.
        try display.press("PREFMENU")
        // LNUP is bound (increment): it reaches the control.
        mark = display.frames.count
        try display.press("LNUP")
        #expect(spoken.waitForLines { $0.contains("11") }.contains("11"))
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("Price 11") } != nil)
        // Nothing of the menu reached the control: no other value was spoken.
        #expect(!spoken.lines.contains { $0.hasPrefix("menu") || $0 == "12" })
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
        // BRLTTY is left as it was found: a key makes it show its own screen, not its menu. (A
        // menu left open hung the next test run on the same BRLTTY: LNUP pressed while BRLTTY
        // shows one of its messages holds the message, and BrlAPI answers no one until it ends.)
        mark = display.frames.count
        try display.press("TOP")
        let after = display.waitForFrame(after: mark) { !$0.text.hasPrefix("Price") }
        #expect(after?.text.hasPrefix("no screen") == true, "BRLTTY shows '\(after?.text ?? "nothing")'")
    }

    @Test func aBrailleCommandBoundInAKeyMapIsTheControls() throws {
        let display = try SharedDisplay.get()
        let keyMap = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-braille-keys-\(getpid()).keys")
        try "braille:TOP = to-highest\n".write(to: keyMap, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: keyMap) }
        let demo = try start(["--keymap", keyMap.path], display: display) { $0.text.hasPrefix("Price 10") }
        let spoken = try CaptureFile()
        let mark = display.frames.count
        try display.press("TOP")
        // The lower handle goes as high as it may: up to the upper one.
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("Price 90") } != nil)
        let said = spoken.waitForLines { $0.contains { $0.contains("90") } }
        print("TOP bound to to-highest said: \(said)")
        #expect(said.contains { $0.contains("90") })
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }

    @Test func sixDotCellsUseNoDotSevenOrEightOutsideTheCursor() throws {
        let display = try SharedDisplay.get()
        try setPreferences(BraillePreferences(computerBrailleCellSize: 6))
        defer { try? setPreferences(BraillePreferences()) }
        // "Price 10 " (cells 0...8), the track (cells 9...36: 28 cells, 56 positions), " 90".
        // Lower 10 of 0...100 -> position 6 (left column of cell 12); upper 90 -> position 50
        // (left column of cell 34).
        let demo = try start([], display: display) { $0.cells.count == 40 && $0.cells[13] == "2356" }
        let frame = try #require(display.lastFrame { $0.cells.count == 40 && $0.cells[13] == "2356" })
        // Outside the selection: the bottom dots (3 6).
        #expect(frame.cells[9...11].allSatisfy { $0 == "36" } && frame.cells[35...36].allSatisfy { $0 == "36" })
        // The focused lower handle: the whole left column of cell 12 (1 2 3), the selection beside
        // it (5 6), BrlAPI's cursor (7 8) on that cell only.
        #expect(frame.cells[12] == "1235678")
        #expect(frame.cells[13...33].allSatisfy { $0 == "2356" })
        // The upper handle, not focused: top and bottom of the left column (1 3), then the track (6).
        #expect(frame.cells[34] == "136")
        for (index, cell) in frame.cells.enumerated() where index != 12 {
            #expect(!cell.contains("7") && !cell.contains("8"), "cell \(index): \(cell)")
        }
        // Capital P is dots 1 2 3 4 7 in the 8-dot table: a 6-dot reader gets 1 2 3 4.
        #expect(frame.cells[0] == "1234")
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }

    @Test func aCellSizeChangedWhileTheControlRunsRelaysTheLineAtOnce() throws {
        let display = try SharedDisplay.get()
        try setPreferences(BraillePreferences())
        defer { try? setPreferences(BraillePreferences()) }
        let demo = try start([], display: display) { $0.cells.count == 40 && $0.cells[13] == "3678" }
        var mark = display.frames.count
        try setPreferences(BraillePreferences(computerBrailleCellSize: 6))
        #expect(display.waitForFrame(after: mark) { $0.cells.count == 40 && $0.cells[13] == "2356" } != nil)
        mark = display.frames.count
        try setPreferences(BraillePreferences())
        #expect(display.waitForFrame(after: mark) { $0.cells.count == 40 && $0.cells[13] == "3678" } != nil)
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }

    @Test func contractedBrailleStartsThePriceWithTheContractionForThe() throws {
        let display = try SharedDisplay.get()
        try setPreferences(BraillePreferences(literaryBraille: true, literaryBrailleTable: "en-us-g2"))
        defer { try? setPreferences(BraillePreferences()) }
        // "the price": the one-cell contraction for "the" (2 3 4 6), a blank, then p (1 2 3 4).
        let demo = try start(["stepper", "--label", "the price", "--value", "5"], display: display) {
            $0.cells.count == 40 && $0.cells[0] == "2346"
        }
        let frame = try #require(display.lastFrame { $0.cells.first == "2346" })
        #expect(Array(frame.cells[1...2]) == ["", "1234"])
        // "the price 5": the value stays a digit, through the text table ("5" is dots 2 6 in
        // computer braille), with BrlAPI's cursor (7 8) on it.
        #expect(frame.cells[8] == "2678")
        // A routing key over the contracted label still says where things stand.
        let spoken = try CaptureFile()
        try display.press("ROUTE 2")
        let said = spoken.waitForLines { $0.contains { $0.contains("the price") } }
        print("ROUTE over the contracted label said: \(said)")
        #expect(said.contains { $0.contains("the price") })
        // Literary braille turned off while the control runs: the label is back in computer braille.
        let mark = display.frames.count
        try setPreferences(BraillePreferences())
        #expect(display.waitForFrame(after: mark) { $0.cells.first == "2345" } != nil)  // t
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
        #expect(demo.stderr.isEmpty)
    }

    @Test func anUnknownTableIsSaidOnceAndComputerBrailleIsShown() throws {
        let display = try SharedDisplay.get()
        try setPreferences(BraillePreferences(literaryBraille: true, literaryBrailleTable: "en-us-g2"))
        defer { try? setPreferences(BraillePreferences()) }
        let demo = try start(["stepper", "--label", "the price", "--braille-table", "xx-none-g9"], display: display) {
            $0.cells.count == 40 && $0.cells[0] == "2345"
        }
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
        // Right after a change of literary braille BRLTTY can leave BrlAPI unanswered for more
        // than half a second (whatever the session does; a ping after the change does not wait
        // for it): the demo then says so, and that it answers again. The table is said once
        // either way.
        let busy = ["a11y-demo: braille display not answering (BRLTTY stopped?); the control goes on without it",
                    "a11y-demo: braille display is answering again"]
        let lines = demo.stderr.split(separator: "\n").map(String.init).filter { !busy.contains($0) }
        #expect(lines == ["a11y-demo: braille: liblouis has no usable braille table 'xx-none-g9' (literary braille table); using computer braille"])
    }
}
}
