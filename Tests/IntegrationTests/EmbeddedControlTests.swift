import A11yControls
import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// A control in a host program's own screen (`EmbeddedControl`), against the real servers:
/// focus introduces it and puts its line on the braille display; a key says the new value once,
/// brailles it and changes the lines the host draws; blur gives the display back to what showed
/// before (here the test process's own client, as in BrailleReleaseTests) and says nothing more;
/// keys while blurred are refused. The host's loop is played by `drive`: poll on the control's
/// descriptor until its timeout, then `handleReady()`.
extension RealServerTests {
@Suite(.serialized)
struct EmbeddedControlTests {
    static let introduction = "Price, range slider, 10 to 90, of 0 to 100. lower, horizontal slider, 10, from 0 to 90. Press question mark for help."

    func makeControl() throws -> EmbeddedControl {
        var options = SessionOptions()
        options.speech = .on
        options.braille = .on
        options.screenReader = .off
        options.programName = "embedded-test"
        return try EmbeddedControl(panel: try ControlPanel(slider: try RangeSlider(), label: "Price"), options: options, columns: 60)
    }

    /// The host's loop for a moment: the control's descriptor and timeout in one poll.
    func drive(_ control: EmbeddedControl, until condition: () -> Bool, timeout: Duration = .seconds(5)) {
        let deadline = ContinuousClock.now + timeout
        while !condition(), ContinuousClock.now < deadline {
            var fd = pollfd(fd: control.descriptor, events: Int16(POLLIN), revents: 0)
            let wait = control.timeoutMilliseconds
            _ = poll(&fd, 1, wait < 0 ? 20 : min(wait, 20))
            control.handleReady()
        }
    }

    @Test func focusKeysAndBlurSpeakBrailleAndGiveTheDisplayBack() throws {
        let display = try SharedDisplay.get()
        _ = try SharedDisplay.client()
        let spoken = try CaptureFile()
        let before = try cellsWithoutTheControl(display)
        let control = try makeControl()
        defer { control.close() }
        #expect(control.lines.contains { $0.contains("Price: 10 to 90") }, "\(control.lines)")
        #expect(throws: EmbeddedControl.Failure.notFocused) { try control.sendKey(named: "right") }

        var mark = display.frames.count
        try control.focus()
        #expect(control.isFocused)
        #expect(control.descriptor >= 0)
        let line = display.waitForFrame(after: mark, timeout: .seconds(10)) { $0.text.hasPrefix("Price 10") }
        #expect(line != nil, "frames: \(display.frames[mark...].map(\.text))")
        let intro = spoken.waitForLines { $0.contains(Self.introduction) }
        #expect(intro.filter { $0 == Self.introduction }.count == 1, "\(intro)")

        mark = display.frames.count
        let afterIntro = spoken.count
        try control.sendKey(named: "right")
        #expect(control.takeEvents() == [.valueChanged([11, 90])])
        #expect(control.lines.contains { $0.contains("Price: 11 to 90") }, "\(control.lines)")
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("Price 11") } != nil)
        let said = spoken.waitForLines { $0.last == "11" }
        #expect(Array(said.dropFirst(afterIntro)).filter { $0 == "11" }.count == 1, "\(said.dropFirst(afterIntro))")
        // The bytes a terminal sends for Right, too.
        try control.sendBytes(Array("\u{1B}[C".utf8))
        #expect(control.values == [12, 90])
        #expect(control.takeEvents() == [.valueChanged([12, 90])])
        #expect(spoken.waitForLines { $0.last == "12" }.last == "12")
        drive(control, until: { false }, timeout: .milliseconds(200))

        // Blur: the display shows what it showed before the control, and nothing more is said.
        mark = display.frames.count
        control.blur()
        #expect(!control.isFocused)
        let back = waitForCells(before.cells, on: display, after: mark, timeout: .seconds(5))
        #expect(back != nil, "the display kept '\(display.lastFrame()?.text ?? "")' after blur")
        let heardAtBlur = spoken.count
        #expect(throws: EmbeddedControl.Failure.notFocused) { try control.sendKey(named: "right") }
        #expect(control.values == [12, 90])
        // Nothing said after the blur (a second key's worth of waiting).
        _ = spoken.waitForLines(timeout: .milliseconds(500)) { $0.count > heardAtBlur }
        #expect(spoken.count == heardAtBlur, "\(spoken.lines.dropFirst(heardAtBlur))")

        // Focus again: it comes back where it was.
        mark = display.frames.count
        try control.focus()
        #expect(display.waitForFrame(after: mark, timeout: .seconds(10)) { $0.text.hasPrefix("Price 12") } != nil)
        try control.sendKey(named: "enter")
        #expect(control.takeEvents() == [.accepted([12, 90])])
        #expect(!control.isFocused)
    }

    @Test func wrongKeyNamesAndWidthsAreErrors() throws {
        let control = try makeControl()
        defer { control.close() }
        try control.focus()
        #expect(throws: EmbeddedControl.Failure.unknownKeyName("rihgt")) { try control.sendKey(named: "rihgt") }
        #expect(throws: EmbeddedControl.Failure.unknownKeyName("")) { try control.sendKey(named: "") }
        #expect(throws: EmbeddedControl.Failure.badWidth(0)) { try control.resize(columns: 0) }
        try control.sendKey(named: "+")
        try control.sendKey(named: "shift+tab")
        try control.sendKey(named: "ctrl+a")
        control.close()
        #expect(throws: EmbeddedControl.Failure.closed) { try control.focus() }
    }

    /// What the display shows with no client of the control: BRLTTY is made to update it (a
    /// NOOP), and the frame it then shows is taken (or the last one, when nothing changed).
    private func cellsWithoutTheControl(_ display: VirtualBrailleDisplay) throws -> VirtualDisplayFrame {
        _ = display.waitForFrame(timeout: .seconds(10)) { _ in true }
        let mark = display.frames.count
        try display.press("NOOP")
        _ = display.waitForFrame(after: mark, timeout: .milliseconds(500)) { _ in true }
        return try #require(display.lastFrame(), "the display received nothing")
    }

    /// Sends NOOP every 100 ms (BRLTTY updates the display) until it shows `cells` in a frame
    /// after `index` (as BrailleReleaseTests does).
    private func waitForCells(_ cells: [String], on display: VirtualBrailleDisplay, after index: Int, timeout: Duration) -> VirtualDisplayFrame? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let frame = display.firstFrame(after: index, where: { $0.cells == cells }) { return frame }
            if ContinuousClock.now >= deadline { return nil }
            try? display.press("NOOP")
            _ = display.waitForFrame(after: index, timeout: .milliseconds(100)) { $0.cells == cells }
        }
    }
}
}
