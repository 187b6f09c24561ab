import A11yControls
import Foundation
import Testing

/// a11y-demo end to end: in a real terminal (tmux), against the real servers; keys in, and out
/// the screen, the cells the virtual braille display received, the lines speech-dispatcher spoke.
extension RealServerTests {
@Suite(.serialized)
struct DemoEndToEndTests {
    /// Starts the demo and waits until the display shows it (so keys are not typed too early).
    func start(_ arguments: [String], display: VirtualBrailleDisplay, until text: String) throws -> DemoInTmux {
        let mark = display.frames.count
        let demo = try DemoInTmux(arguments)
        guard display.waitForFrame(after: mark, timeout: .seconds(10), { $0.text.hasPrefix(text) }) != nil else {
            throw FixtureError("the demo never showed '\(text)' on the braille display; screen:\n\(demo.screen)\nstderr: \(demo.stderr)")
        }
        return demo
    }

    @Test func showcaseSpeaksShowsAndBrailles() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let demo = try start([], display: display, until: "Price 10")
        #expect(spoken.waitForLines { $0.contains("Price, range slider, minimum 10, maximum 90. Press question mark for help.") }.count == 1)
        demo.waitForScreen { $0.contains("Price: 10 to 90") }

        let mark = display.frames.count
        try demo.send("Right", "Right", "Right")
        #expect(spoken.waitForLines { $0.last == "13" }.suffix(3) == ["11", "12", "13"])
        let frame = try #require(display.waitForFrame(after: mark) { $0.text.hasPrefix("Price 13") })
        // "Price 13 " then the track: 28 cells, 56 positions; 13 -> 7.15 -> 7 (right column of cell 3),
        // focused: the whole right column (4 5 6 8) over the bottom dot of the left (7).
        #expect(frame.cells[9...12] == ["78", "78", "78", "45678"])
        #expect(demo.waitForScreen { $0.contains("Price: 13 to 90") }.contains("Price: 13 to 90"))
        // The terminal cursor sits on the focused handle: row 1, after "13 " on the track line.
        let cursor = try #require(demo.cursor)
        #expect(cursor.row == 1 && cursor.column > 3)

        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "13.0 90.0 1.0\n" || !demo.stdout.isEmpty)
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
        #expect(spoken.waitForLines { $0.contains("maximum, 90") }.contains("maximum, 90"))
        try display.press("LNDN")
        #expect(spoken.waitForLines { $0.contains("89") }.contains("89"))
        try display.press("KEY_ESCAPE")
        #expect(demo.waitForExit() == 1)
        #expect(demo.stdout.isEmpty)
        #expect(spoken.waitForLines { $0.last == "cancelled" }.last == "cancelled")
    }
}
}
