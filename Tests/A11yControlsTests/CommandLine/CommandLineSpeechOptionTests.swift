import A11yTestSupport
import Testing
@testable import A11yControls
@testable import A11ySession
@testable import A11yOptions

/// The speech, language, screen-reader and tone options of a11y-demo, and the default labels in
/// the user's language.
@Suite struct CommandLineSpeechOptionTests {
    func options(_ arguments: [String]) throws -> CommonOptions {
        try parseCLI(arguments).get().options
    }

    @Test func screenReaderAndTonesParse() throws {
        #expect(try options(["range"]).screenReader == .auto)
        #expect(try options(["range", "--screen-reader", "on"]).screenReader == .on)
        #expect(try options(["--screen-reader", "off"]).screenReader == .off)
        #expect(try options(["range"]).tones == false)
        #expect(try options(["range", "--tones", "on", "--tones-device", "hw:1"]).tones == true)
        #expect(try options(["range", "--tones-device", "hw:1"]).tonesDevice == "hw:1")
        #expect(errorLine(["range", "--tones", "loud"])?.contains("--tones") == true)
        #expect(errorLine(["range", "--screen-reader", "maybe"])?.contains("--screen-reader") == true)
    }

    @Test func defaultLabelsAreInTheUsersLanguage() throws {
        // The catalogs of po/, as make test's A11Y_LOCALEDIR names them.
        let catalogs = ["A11Y_LOCALEDIR": try TestCatalogs.requiredDirectory()]
        func label(_ arguments: [String], _ environment: [String: String]) throws -> String {
            switch try parseCLI(arguments, environment: environment.merging(catalogs) { $1 }).get().invocation {
            case .range(let range): range.label
            case .stepper(let stepper): stepper.stepper.configuration.label
            default: ""
            }
        }
        #expect(try label(["range"], [:]) == "range")
        #expect(try label(["range"], ["LANG": "de_DE.UTF-8"]) == "Bereich")
        #expect(try label(["range", "--single"], ["LANG": "de_DE.UTF-8"]) == "Wert")
        #expect(try label(["stepper"], ["LC_MESSAGES": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"]) == "valor")
        #expect(try label(["range", "--language", "fr"], ["LANG": "de_DE.UTF-8"]) == "plage")
        #expect(try label(["range", "--label", "Preis"], ["LANG": "fr_FR.UTF-8"]) == "Preis")
    }
}
