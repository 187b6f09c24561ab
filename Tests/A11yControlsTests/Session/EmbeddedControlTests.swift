import Glibc
import Testing
import A11yControls
@testable import A11ySession
import A11yTestSupport
import A11yDevices

/// `EmbeddedControl` on fake devices: a fake speech server and braille display, a manual clock
/// and a speech queue that runs its work at once. The host's loop is the test: it gives keys, focus and blur,
/// and calls `handleReady()` when the control's descriptor is readable. Serialized: focusing a
/// control blurs the one of the process that had the focus.
@Suite(.serialized) struct EmbeddedControlUnitTests {
    struct Rig {
        let speech = FakeSpeechServer()
        let braille = FakeBrailleDisplay(width: 40)
        let clock = ManualClock()

        func control(_ panel: ControlPanel = .priceSlider(), columns: Int = 60) throws -> EmbeddedControl {
            var options = SessionOptions()
            options.screenReader = .off
            options.speech = .on
            options.braille = .on
            options.theme = .standard(environment: ["NO_COLOR": "1", "TERM": "xterm"])
            options.report = { _ in }
            return try EmbeddedControl(panel: panel, options: options, columns: columns, speech: speech, braille: braille,
                                       clock: clock, speechQueue: { InlineQueue() }, yieldProcessor: {})
        }
    }

    /// Whether `descriptor` is readable now.
    func readable(_ descriptor: Int32) -> Bool {
        var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 0) > 0
    }

    @Test func focusIntroducesAndTakesTheDisplayBlurGivesItBack() throws {
        let rig = Rig()
        let control = try rig.control()
        #expect(!control.isFocused)
        #expect(rig.braille.frames.isEmpty && rig.speech.spoken.isEmpty)
        #expect(control.lines.contains { $0.contains("Price: 10 to 90") })
        try control.focus()
        #expect(rig.braille.isInTTY)
        #expect(rig.braille.frames.last?.text.hasPrefix("Price 10 ") == true)
        #expect(rig.speech.spoken.first?.hasPrefix("Price, range slider") == true)
        try control.sendKey(named: "right")
        #expect(rig.speech.spoken.last == "11")
        #expect(rig.braille.frames.last?.text.hasPrefix("Price 11 ") == true)
        #expect(control.lines.contains { $0.contains("Price: 11 to 90") })
        #expect(control.takeEvents() == [.valueChanged([11, 90])])
        control.blur()
        #expect(!rig.braille.isInTTY)
        #expect(throws: EmbeddedControl.Failure.notFocused) { try control.sendBytes([0x1B, 0x5B, 0x43]) }
        #expect(control.values == [11, 90])
        #expect(control.lines.contains { $0.contains("Price: 11 to 90") })
        // Focused again, where it was.
        try control.focus()
        #expect(rig.braille.frames.last?.text.hasPrefix("Price 11 ") == true)
        control.close()
        #expect(!rig.braille.isInTTY)
        #expect(throws: EmbeddedControl.Failure.closed) { try control.focus() }
    }

    @Test func brailleKeysArriveThroughTheDescriptor() throws {
        let rig = Rig()
        let control = try rig.control()
        try control.focus()
        // Once what the start set going has settled (the servers' first answers), an idle
        // control neither makes its descriptor readable nor asks to be woken.
        for _ in 0..<5 where readable(control.descriptor) || control.timeout != nil {
            rig.clock.advance(by: control.timeout ?? .zero)
            control.handleReady()
        }
        #expect(!readable(control.descriptor))
        #expect(control.timeout == nil)
        #expect(control.timeoutMilliseconds == -1)
        rig.braille.press(.lineDown)
        #expect(readable(control.descriptor))
        control.handleReady()
        #expect(control.values == [9, 90])
        #expect(control.takeEvents() == [.valueChanged([9, 90])])
        #expect(!readable(control.descriptor))
        rig.braille.press(.symbol(.enter))
        control.handleReady()
        #expect(control.takeEvents() == [.accepted([9, 90])])
        #expect(!control.isFocused)
        #expect(!rig.braille.isInTTY)
        #expect(rig.speech.spoken.last == "9 to 90, accepted")
    }

    @Test func escapeCancelsAndALoneEscapeWaitsForItsTimeout() throws {
        let rig = Rig()
        let control = try rig.control()
        try control.focus()
        try control.sendBytes([0x1B])
        // A lone Escape byte may begin a sequence: the control wants to be woken after its timeout.
        let timeout = try #require(control.timeout)
        #expect(control.timeoutMilliseconds >= 0)
        rig.clock.advance(by: timeout)
        control.handleReady()
        #expect(control.takeEvents() == [.cancelled])
        #expect(!control.isFocused)
        try control.focus()
        try control.sendKey(named: "escape")
        #expect(control.takeEvents() == [.cancelled])
    }

    @Test func keyNamesAsFrameworksSendThem() throws {
        let rig = Rig()
        let control = try rig.control(.priceSlider())
        try control.focus()
        for name in ["", "rihgt", "ctrl+", "hyper+a", "\u{7}"] {
            #expect(throws: EmbeddedControl.Failure.unknownKeyName(name)) { try control.sendKey(named: name) }
        }
        try control.sendKey(named: "End")
        #expect(control.values == [90, 90] || control.values.first == 89)
        try control.sendKey(named: "shift+tab")
        try control.sendKey(named: "ctrl+a")
        try control.sendKey(named: "+")
        #expect(control.isFocused)
    }

    @Test func widthsAreCheckedAndLinesFollowThem() throws {
        let rig = Rig()
        #expect(throws: EmbeddedControl.Failure.badWidth(0)) { try rig.control(columns: 0) }
        let control = try rig.control(columns: 60)
        #expect(throws: EmbeddedControl.Failure.badWidth(-3)) { try control.resize(columns: -3) }
        #expect(throws: EmbeddedControl.Failure.badWidth(100_000)) { try control.resize(columns: 100_000) }
        try control.resize(columns: 30)
        #expect(control.lines.allSatisfy { $0.count <= 30 }, "\(control.lines)")
        try control.focus()
        try control.resize(columns: 50)
        #expect(control.lines.allSatisfy { $0.count <= 50 })
        let cursor = control.cursor
        #expect(cursor.row < control.lines.count)
    }

    @Test func focusingOneControlBlursTheOther() throws {
        let first = Rig(), second = Rig()
        let price = try first.control(), copies = try second.control(.priceSlider(label: "Copies"))
        try price.focus()
        try price.sendKey(named: "right")
        try copies.focus()
        #expect(!price.isFocused && !first.braille.isInTTY)
        #expect(copies.isFocused && second.braille.isInTTY)
        #expect(throws: EmbeddedControl.Failure.notFocused) { try price.sendKey(named: "right") }
        try copies.sendKey(named: "right")
        #expect(second.braille.frames.last?.text.hasPrefix("Copies 11 ") == true)
        #expect(price.values == [11, 90])
        price.close()
        #expect(copies.isFocused)
        copies.close()
    }

    /// The one descriptor of the host's loop follows the set it is given: readable while a member
    /// is, not for one taken out, and again for a descriptor closed and made again under its number.
    @Test func theReadinessGroupFollowsItsMembers() throws {
        let group = ReadinessGroup()
        #expect(group.descriptor >= 0)
        guard let first = Pipe.make(), let second = Pipe.make() else { throw FixtureError("pipe failed") }
        let readable = NamedDescriptors<WakeSource>.Interest.readable
        group.set([(descriptor: first.read, interest: readable), (descriptor: second.read, interest: readable)])
        #expect(!self.readable(group.descriptor))
        var byte: UInt8 = 1
        _ = Glibc.write(second.write, &byte, 1)
        #expect(self.readable(group.descriptor))
        group.set([(descriptor: first.read, interest: readable)])
        #expect(!self.readable(group.descriptor))
        for fd in [second.read, second.write, first.write] { Glibc.close(fd) }
        // The first pipe closed (the kernel drops it from the group) and another made: the group
        // waits on the new one, under whatever number it got.
        Glibc.close(first.read)
        guard let again = Pipe.make() else { throw FixtureError("pipe failed") }
        group.set([(descriptor: again.read, interest: readable)])
        #expect(!self.readable(group.descriptor))
        _ = Glibc.write(again.write, &byte, 1)
        #expect(self.readable(group.descriptor))
        for fd in [again.read, again.write] { Glibc.close(fd) }
    }

    /// Mouse reports count from the control's own lines: a press on the track's far right moves
    /// the nearest handle (the upper) there; a report off the lines does nothing.
    @Test func mouseReportsArePlacedOnTheControlsLines() throws {
        let rig = Rig()
        let control = try rig.control(columns: 60)
        #expect(throws: EmbeddedControl.Failure.notFocused) { try control.sendPointer(.left, .press, column: 1, row: 1) }
        try control.focus()
        let track = try #require(control.lines.firstIndex { $0.hasPrefix("10 ") }, "\(control.lines)")
        // The track in ASCII: its last '-' is right of the upper handle.
        let line = control.lines[track]
        let end = try #require(line.lastIndex(of: "-").map { line.distance(from: line.startIndex, to: $0) }, "\(line)")
        try control.sendPointer(.left, .press, column: end, row: track)
        try control.sendPointer(.left, .release, column: end, row: track)
        #expect(control.values[0] == 10 && control.values[1] > 90, "\(control.values) \(control.lines)")
        let before = control.values
        try control.sendPointer(.left, .press, column: 0, row: control.lines.count + 3)
        #expect(control.values == before)
        #expect(throws: EmbeddedControl.Failure.badPosition(column: -1, row: 0)) { try control.sendPointer(.left, .press, column: -1, row: 0) }
    }

    @Test func longLinesWrapAtSpaces() {
        #expect(EmbeddedControl.wrap("Press ? for help, Enter to accept", columns: 12) == ["Press ? for", "help, Enter", "to accept"])
        #expect(EmbeddedControl.wrap("abcdefghij", columns: 4) == ["abcd", "efgh", "ij"])
        #expect(EmbeddedControl.wrap("short", columns: 40) == ["short"])
    }

    @Test func styledLinesCarryTheThemeAndPlainLinesDoNot() {
        #expect(EmbeddedControl.plain("\u{1B}[1;7mPrice\u{1B}[0m: 10") == "Price: 10")
        #expect(EmbeddedControl.plain("plain") == "plain")
    }
}
