import A11yControls
import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// a11y-demo's words end to end with the real speech-dispatcher: the language chosen by
/// --language or by the locale alone, the language speech-dispatcher was told (the capture
/// module writes it beside each utterance), the decimal comma, and the wording of blocked keys,
/// the track's ends and its bounds.
extension RealServerTests {
@Suite(.serialized)
struct DemoLanguageTests {
    /// No locale from the test's own environment leaks in.
    static let neutralLocale = ["LC_ALL": "", "LC_MESSAGES": "", "LC_NUMERIC": "", "LANG": "C"]

    func start(_ arguments: [String], environment: [String: String] = neutralLocale) throws -> DemoInTmux {
        let display = try SharedDisplay.get()
        let mark = display.frames.count
        let demo = try DemoInTmux(arguments, environment: environment)
        guard display.waitForFrame(after: mark, timeout: .seconds(10), { !$0.text.isEmpty }) != nil else {
            throw FixtureError("the demo never showed itself on the braille display; screen:\n\(demo.screen)\nstderr: \(demo.stderr)")
        }
        return demo
    }

    @Test func germanSessionSpeaksGermanWithADecimalComma() throws {
        let spoken = try CaptureFile()
        let languages = try CaptureFile(path: try Servers.captureFile + ".language")
        let demo = try start(["range", "--language", "de", "--min", "0", "--max", "10", "--step", "0.5",
                              "--lower", "1", "--upper", "9", "--label", "Preis"])
        let introduction = "Preis, Bereichsregler, 1,0 bis 9,0, Skala von 0,0 bis 10,0. "
            + "Regler unten, horizontaler Schieber, 1,0, von 0,0 bis 9,0. Hilfe mit der Fragezeichentaste."
        #expect(spoken.waitForLines { $0.contains(introduction) }.contains(introduction))
        try demo.send("Right")
        #expect(spoken.waitForLines { $0.last == "1,5" }.last == "1,5")
        try demo.send("Tab", "End", "Right")
        #expect(spoken.waitForLines { $0.last?.contains("blockiert") == true }.suffix(3)
                == ["Regler oben, horizontaler Schieber, 9,0, von 1,5 bis 10,0", "10,0, Ende der Skala",
                    "10,0, blockiert, Ende der Skala"])
        #expect(demo.waitForScreen { $0.contains("Preis: 1,5 bis 10,0") }.contains("? für Hilfe"))
        // speech-dispatcher was told German for every utterance.
        let told = languages.waitForLines { $0.count >= 5 }
        #expect(!told.isEmpty && told.allSatisfy { $0 == "de" })
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
        #expect(spoken.waitForLines { $0.last == "abgebrochen" }.last == "abgebrochen")
    }

    @Test func langAlonePicksFrench() throws {
        let spoken = try CaptureFile()
        let languages = try CaptureFile(path: try Servers.captureFile + ".language")
        var environment = Self.neutralLocale
        environment["LANG"] = "fr_FR.UTF-8"
        let demo = try start(["range", "--label", "Prix", "--step", "0.5"], environment: environment)
        let lines = spoken.waitForLines { $0.contains { $0.hasPrefix("Prix, glissière de plage") } }
        #expect(lines.contains("Prix, glissière de plage, 10,0 à 90,0, sur une échelle de 0,0 à 100,0. "
                               + "curseur bas, glissière horizontale, 10,0, de 0,0 à 90,0. Aide avec la touche point d'interrogation."))
        try demo.send("Right")
        #expect(spoken.waitForLines { $0.last == "10,5" }.last == "10,5")
        #expect(languages.waitForLines { !$0.isEmpty }.last == "fr")
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(spoken.waitForLines { $0.last?.hasSuffix("validé") == true }.last == "10,5 à 90,0, validé")
    }

    @Test func blockedKeysLimitsAndBoundsAreWordedApart() throws {
        let spoken = try CaptureFile()
        let demo = try start(["range", "--label", "Price"])
        _ = spoken.waitForLines { $0.contains { $0.hasPrefix("Price, range slider, 10 to 90, of 0 to 100.") } }
        try demo.send("Tab", "Home", "Left")
        #expect(spoken.waitForLines { $0.last == "10, blocked by lower" }.suffix(3)
                == ["upper, horizontal slider, 90, from 10 to 100", "10, meets lower", "10, blocked by lower"])
        try demo.send("Tab", "Home", "Left")
        #expect(spoken.waitForLines { $0.last == "0, blocked, end of track" }.suffix(3)
                == ["lower, horizontal slider, 10, from 0 to 10", "0, end of track", "0, blocked, end of track"])
        try demo.send("Space")
        let status = "Price, range slider, 0 to 10, of 0 to 100. lower, horizontal slider, 0, from 0 to 10"
        #expect(spoken.waitForLines { $0.last == status }.last == status)
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }
}
}
