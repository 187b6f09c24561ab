import Testing
@testable import A11yControls
@testable import A11yOptions

/// The preferences file: `name = value` lines under the command line, FILE:LINE errors.
@Suite struct PreferencesTests {
    let file = "/home/u/.config/a11y-controls/config"

    func parse(_ text: String) -> Result<Preferences, CLIError> {
        Result { () throws(CLIError) in try Preferences.parse(text, file: file) }
    }

    func error(_ text: String) -> String? {
        if case .failure(let error) = parse(text) { return error.message }
        return nil
    }

    @Test func linesCommentsAndFlags() throws {
        let preferences = try parse("# mine\n\nspeech = off\n  speech-rate=30  \nno-color = yes\nlabels-below = no\r\nverbosity = terse\n").get()
        #expect(preferences.settings.map(\.option) == ["--speech", "--speech-rate", "--no-color", "--verbosity"])
        #expect(preferences.settings.map(\.line) == [3, 4, 5, 7])
        let line = try ParsedCommandLine.parse(["stepper"], environment: [:], preferences: .success(preferences), loadPlugin: fakePluginLoader)
        #expect(line.options.speech == .off && line.options.speechRate == 30 && line.options.noColor && !line.options.visual.labelsBelow)
        #expect(line.options.verbosity == .terse)
    }

    @Test func theCommandLineWins() throws {
        let preferences = try parse("speech = on\nbraille = on\n").get()
        let line = try ParsedCommandLine.parse(["--speech", "off", "stepper"], environment: [:], preferences: .success(preferences),
                                             loadPlugin: fakePluginLoader)
        #expect(line.options.speech == .off && line.options.braille == .on)
    }

    @Test func badLinesNameTheFileAndLine() {
        #expect(error("speech = off\nspeech = maybe\n") == "Error: \(file):2: The value 'maybe' is invalid for 'speech': expected auto, on or off")
        #expect(error("speach = on") == "Error: \(file):1: unknown preference 'speach'. Did you mean 'speech'?")
        #expect(error("\n\nspeech on") == "Error: \(file):3: expected 'name = value', as in 'speech = off'")
        #expect(error("no-color = perhaps") == "Error: \(file):1: the value 'perhaps' is invalid for 'no-color': expected yes or no")
        #expect(error("json = yes")?.hasPrefix("Error: \(file):1: unknown preference 'json'") == true)
        #expect(error("speech-rate = 500") == "Error: \(file):1: The value '500' is invalid for 'speech-rate': must be a whole number from -100 to 100")
        #expect(error("voice = " + String(repeating: "x", count: 1_000_000)) == "Error: \(file):1: the line is longer than 4096 characters")
        // A bad file is one error, exit 2, even when the command line alone is fine.
        guard case .failure(let failure) = parse("x") else { Issue.record("parsed"); return }
        #expect(failure.exitCode == 2)
        let line = ParsedCommandLine.parseResult(["stepper"], environment: [:], preferences: .failure(failure), loadPlugin: fakePluginLoader)
        #expect(line == .failure(failure))
        // Help and version do not read them.
        #expect((try? ParsedCommandLine.parse(["--help"], environment: [:], preferences: .failure(failure)))?.invocation == .help(.general))
    }

    @Test func everyCommonOptionIsAPreferenceExceptJSON() {
        #expect(Preferences.names.contains("speech") && Preferences.names.contains("theme") && Preferences.names.contains("no-color"))
        #expect(Preferences.names.contains("keymap") && Preferences.names.contains("language") && !Preferences.names.contains("json"))
    }

    @Test func whereTheFileIs() {
        #expect(Preferences.location(environment: ["A11Y_CONTROLS_CONFIG": "/x/c", "HOME": "/h"])! == ("/x/c", true))
        #expect(Preferences.location(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])! == ("/x/a11y-controls/config", false))
        #expect(Preferences.location(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])! == ("/h/.config/a11y-controls/config", false))
        #expect(Preferences.location(environment: [:]) == nil)
    }
}
