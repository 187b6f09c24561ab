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
        guard display.waitForFrame(after: mark, { !$0.text.isEmpty }) != nil else {
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

    /// A language added by its .po file alone: compiled into a locale directory of the test's
    /// own, `--language nl` speaks its words (English where it has none), speech-dispatcher is
    /// told nl.
    @Test func aCatalogAloneAddsALanguage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-nl-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let po = #"""
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\n"
            "Language: nl\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\n"

            msgctxt "role.rangeSlider"
            msgid "range slider"
            msgstr "bereikschuifregelaar"

            msgctxt "cancelled"
            msgid "cancelled"
            msgstr "geannuleerd"
            """#
        let (status, log) = try TestCatalogs.compile(po: po, language: "nl", into: directory)
        #expect(status == 0, "\(log)")
        let spoken = try CaptureFile()
        let languages = try CaptureFile(path: try Servers.captureFile + ".language")
        var environment = Self.neutralLocale
        environment["A11Y_LOCALEDIR"] = directory
        let demo = try start(["range", "--language", "nl", "--label", "Prijs"], environment: environment)
        let introduction = "Prijs, bereikschuifregelaar, 10 to 90, of 0 to 100. lower, horizontal slider, 10, from 0 to 90. Press question mark for help."
        #expect(spoken.waitForLines { $0.contains(introduction) }.contains(introduction))
        #expect(languages.waitForLines { !$0.isEmpty }.last == "nl")
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
        #expect(spoken.waitForLines { $0.last == "geannuleerd" }.last == "geannuleerd")
    }

    /// Usage errors and --help follow the language; a locale directory that is missing or a
    /// catalog that cannot be read is English and one line on stderr, and the control still runs.
    @Test func errorsHelpAndBadCatalogsOnStderr() throws {
        let demo = try DemoInTmux.binary
        var environment = ProcessInfo.processInfo.environment
        environment.merge(Self.neutralLocale) { $1 }
        let german = try Spawn.scripted([demo, "--language", "de", "range", "--min", "x"], input: "", environment: environment)
        #expect(german.status == 2 && german.stderr == "Fehler: Der Wert 'x' ist ungültig für '--min <n>': keine Zahl\n")
        environment["LANG"] = "es_ES.UTF-8"
        let help = try Spawn.scripted([demo, "--help"], input: "", environment: environment)
        #expect(help.status == 0 && help.stdout.hasPrefix("DESCRIPCIÓN: ") && help.stdout.contains("\nOPCIONES:\n") && help.stderr.isEmpty)

        environment["A11Y_LOCALEDIR"] = "/nonexistent/locale"
        let missing = try Spawn.scripted([demo, "stepper", "--speech", "off", "--braille", "off"], input: "+\r", environment: environment)
        #expect((missing.status, missing.stdout) == (0, "2\n"))
        #expect(missing.stderr == "a11y-demo: A11Y_LOCALEDIR=/nonexistent/locale is not a directory: the words are English\n")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-bad-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/es/LC_MESSAGES", withIntermediateDirectories: true)
        let catalog = try TestCatalogs.compiled("de")
        try Data(catalog.prefix(100)).write(to: URL(fileURLWithPath: directory + "/es/LC_MESSAGES/a11y-controls.mo"))
        environment["A11Y_LOCALEDIR"] = directory
        let truncated = try Spawn.scripted([demo, "range", "--nope"], input: "", environment: environment)
        let lines = truncated.stderr.split(separator: "\n")
        #expect(truncated.status == 2 && lines.count == 2, "\(truncated.stderr)")
        #expect(lines.first?.hasPrefix("a11y-demo: \(directory)/es/LC_MESSAGES/a11y-controls.mo") == true)
        #expect(lines.last == "Error: Unknown option '--nope'")
    }
}
}
