import A11yControls
import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// `--screen-reader`: with a terminal screen reader the demo says nothing through
/// speech-dispatcher; the screen's first line carries the words, rewritten in place with the
/// cursor on it, so the reader says them once.
extension RealServerTests {
@Suite(.serialized)
struct DemoScreenReaderTests {
    static let noScreenReader = ["ACCESSIBLE": "", "A11Y_FENRIR_SOCKET": "/nonexistent", "A11Y_SPEAKUP_PATH": "/nonexistent",
                                 "A11Y_PROC_ROOT": "/nonexistent", "DISPLAY": "", "WAYLAND_DISPLAY": "",
                                 "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"]

    @Test func onSpeaksNothingAndTheFirstLineCarriesTheWords() throws {
        let spoken = try CaptureFile()
        let demo = try DemoInTmux(["range", "--label", "Price", "--screen-reader", "on", "--braille", "off"],
                                  environment: Self.noScreenReader)
        let first = demo.waitForScreen { $0.hasPrefix("Price, range slider, 10 to 90, of 0 to 100.") }
        #expect(first.hasPrefix("Price, range slider, 10 to 90, of 0 to 100."))
        #expect(demo.cursor.map { $0 == (0, 0) } == true)
        try demo.send("Right")
        let moved = demo.waitForScreen { $0.split(separator: "\n").first == "11" }
        #expect(moved.split(separator: "\n").first == "11")
        // The values are in the words alone: nothing else on screen changes as text.
        #expect(!moved.contains("Price: 11 to 90") && moved.contains("Price"))
        #expect(demo.cursor.map { $0 == (0, 0) } == true)
        try demo.send("Tab")
        let focused = "upper, horizontal slider, 90, from 11 to 100"
        #expect(demo.waitForScreen { $0.hasPrefix(focused) }.hasPrefix(focused))
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "11 90\n")
        // The last words stay on the terminal, for the reader to read after the control is gone.
        #expect(demo.screen.split(separator: "\n").first == "11 to 90, accepted", "\(demo.screen)")
        // The demo never connected to speech-dispatcher: nothing was spoken.
        spoken.refresh()
        #expect(spoken.lines.isEmpty)
    }

    /// ACCESSIBLE=1 turns the words line on; a verbose run says once on stderr which reader was
    /// found and what the control does, a normal run says nothing there (the reader would read it).
    @Test(arguments: [false, true])
    func autoTurnsOnWithAccessible(verbose: Bool) throws {
        let spoken = try CaptureFile()
        var environment = Self.noScreenReader
        environment["ACCESSIBLE"] = "1"
        let demo = try DemoInTmux(["range", "--label", "Price", "--braille", "off"] + (verbose ? ["--verbosity", "verbose"] : []),
                                  environment: environment)
        #expect(demo.waitForScreen { $0.hasPrefix("Price, range slider") }.hasPrefix("Price, range slider"))
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
        let lines = demo.stderr.split(separator: "\n").filter { $0.contains("screen reader") }
        #expect(lines.count == (verbose ? 1 : 0))
        if verbose { #expect(lines.first?.contains("ACCESSIBLE=1 (ACCESSIBLE=1 in the environment): the words go to the screen's first line") == true) }
        spoken.refresh()
        #expect(spoken.lines.isEmpty)
    }
}
}
