import A11yTestSupport
import Testing
@testable import A11yControls
@testable import A11yPresentation
@testable import A11ySession
@testable import DemoCommandLine
@testable import A11yOptions

/// The command line in the user's language: usage errors and --help from the catalogs, the
/// option names, value names and the user's own text never translated; English exactly as before
/// without a catalog.
@Suite struct CommandLineLanguageTests {
    func error(_ arguments: [String], in language: String) throws -> String? {
        let words = try TestCatalogs.messages(language)
        if case .failure(let error) = parseCLI(arguments) { return error.message(in: words) }
        return nil
    }

    @Test func usageErrorsInEachLanguage() throws {
        #expect(try error(["--min", "x"], in: "de") == "Fehler: '--min' ist eine Option von 'range' und 'stepper'; nach dem Unterbefehl angeben")
        #expect(try error(["range", "--min", "x"], in: "de") == "Fehler: Der Wert 'x' ist ungültig für '--min <n>': keine Zahl")
        #expect(try error(["range", "--nope"], in: "fr") == "Erreur\u{A0}: Option inconnue '--nope'")
        #expect(try error(["range", "--min-distanse", "3"], in: "fr")
                == "Erreur\u{A0}: Option inconnue '--min-distanse'. Vouliez-vous dire '--min-distance'\u{A0}?")
        #expect(try error(["stepper", "--min", "5", "--max", "1"], in: "es") == "Error: '--min' '5' debe ser menor que '--max' '1'")
        #expect(try error(["--speech", "loud"], in: "es") == "Error: El valor 'loud' no es válido para '--speech <mode>': se esperaba auto, on o off")
        #expect(try error(["range", "--label", String(repeating: "x", count: 300)], in: "de")
                == "Fehler: Der Wert '\(String(repeating: "x", count: 60))…' ist ungültig für '--label <text>': länger als 200 Zeichen")
    }

    /// Without a catalog (English, or a language without one) the lines are as the golden
    /// tests have them, byte for byte.
    @Test func englishIsUnchanged() throws {
        for arguments in [["--min", "x"], ["range", "--nope"], ["range", "--lower", "50", "--upper", "40"], ["bogus"],
                          ["stepper", "--step", "0"], ["range", "--label", "\u{1B}[31m"]] {
            guard case .failure(let error) = parseCLI(arguments) else { Issue.record("\(arguments) parsed"); continue }
            #expect(error.message(in: .english) == error.message)
            #expect(error.message(in: try TestCatalogs.messages("ja")) == error.message)
        }
    }

    /// A catalog cannot put a control character on the line.
    @Test func aCatalogCannotBreakTheLine() throws {
        let hostile = MOFileWriter.bytes(texts: [(nil, "Error: {problem}", nil, ["\u{1B}[2J\n{problem}"])])
        var problems: [String] = []
        let words = Messages(language: "xx", catalog: try MOFile(bytes: hostile), problems: &problems)
        guard case .failure(let error) = parseCLI(["range", "--nope"]) else { return }
        let line = error.message(in: words)
        #expect(line == "\\e[2J\\nUnknown option '--nope'")
        #expect(!CLIText.hasControlCharacters(line))
    }

    @Test(arguments: ["de", "fr", "es"])
    func helpInEachLanguageKeepsEveryOptionAndFits80Columns(language: String) throws {
        let words = try TestCatalogs.messages(language)
        for topic in HelpTopic.allCases {
            let text = DemoHelp.text(for: topic, words: words)
            let own: [OptionSpec] = topic == .range ? OptionTable.range : topic == .stepper ? OptionTable.stepper : []
            for spec in own + OptionTable.common + OptionTable.visual {
                #expect(text.contains("  " + spec.synopsis), "\(spec.name) in \(topic), \(language)")
            }
            #expect(text.contains("\n" + words.tr("USAGE:") + " a11y-demo"))
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(line.count <= 80, "\(language): \(line)")
                #expect(!CLIText.hasControlCharacters(String(line)))
            }
            #expect(text != DemoHelp.text(for: topic))
        }
    }

    @Test func helpHeadingsAndOneLineHelpTexts() throws {
        let german = DemoHelp.text(for: .general, words: try TestCatalogs.messages("de"))
        #expect(german.hasPrefix("ÜBERSICHT: Barrierefreie Terminal-Steuerelemente"))
        for heading in ["AUFRUF: a11y-demo", "OPTIONEN:", "SKRIPT-OPTIONEN:", "ANZEIGE-OPTIONEN:", "DIALOG-MODUS:", "UNTERBEFEHLE:",
                        "ERGEBNIS:", "EXIT-STATUS:"] {
            #expect(german.contains("\n" + heading), "\(heading)")
        }
        #expect(german.contains("  --verbosity <level>     Wie viel gesprochen wird: terse, normal oder verbose.\n"))
        #expect(german.contains("(Vorgabe: die des Servers)"))
        let french = DemoHelp.text(for: .range, words: try TestCatalogs.messages("fr"))
        #expect(french.contains("OPTIONS DE LA GLISSIÈRE\u{A0}:\n  --min <n>               La plus petite valeur de l'échelle."))
        let spanish = DemoHelp.text(for: .stepper, words: try TestCatalogs.messages("es"))
        #expect(spanish.contains("ESTADO DE SALIDA:\n  0                       Aceptado; el resultado está en stdout."))
    }

    @Test func theLanguageOfHelpAndErrorsBeforeTheCommandLineIsChecked() throws {
        let locale = ["LANG": "fr_FR.UTF-8"]
        #expect(ParsedCommandLine.interfaceLanguage(["range", "--language", "de", "--min", "x"], preferences: nil, environment: locale) == "de")
        #expect(ParsedCommandLine.interfaceLanguage(["--language=es", "--help"], preferences: nil, environment: locale) == "es")
        #expect(ParsedCommandLine.interfaceLanguage(["--language", "de", "--language", "es"], preferences: nil, environment: [:]) == "es")
        // Not a language: the locale's.
        #expect(ParsedCommandLine.interfaceLanguage(["--language", "../x"], preferences: nil, environment: locale) == "fr_FR.UTF-8")
        #expect(ParsedCommandLine.interfaceLanguage(["--", "--language", "de"], preferences: nil, environment: [:]) == nil)
        var preferences = Preferences()
        preferences.settings = [Preferences.Setting(option: "--language", value: "es", line: 1)]
        #expect(ParsedCommandLine.interfaceLanguage(["range"], preferences: preferences, environment: locale) == "es")
        #expect(ParsedCommandLine.interfaceLanguage(["range"], preferences: nil, environment: ["LC_ALL": "C", "LANG": "de_DE"]) == nil)
    }
}
