import A11yTestSupport
import Testing
@testable import A11yControls
@testable import A11yOptions

/// `a11y-demo --diagnose`: the report made from fixed findings (golden plain text and JSON), the
/// voice words for each `--screen-reader`, the language and the preferences file, and how the
/// command line asks for it.
@Suite("Diagnosis report")
struct DiagnosisReportTests {
    /// Both servers answering, Fenrir found as an ancestor, a kitty terminal.
    static let healthy = SystemDiagnosis(
        speech: SpeechServerFacts(address: "unix_socket:/run/user/1000/speech-dispatcher/speechd.sock", addressSource: .libraryDefault,
                                  outputModule: "espeak-ng", language: "en"),
        braille: BrailleServerFacts(address: "127.0.0.1:1", addressFromEnvironment: true, driverName: "Virtual", driverCode: "vr",
                                    size: BrailleDisplay.Size(width: 40, height: 1),
                                    preferences: BraillePreferences(deviceCellSize: 8, computerBrailleCellSize: 6, literaryBraille: true,
                                                                    literaryBrailleTable: "en-us-g2"),
                                    textTable: "en-nabcc"),
        screenReader: ScreenReader(name: .fenrir, evidence: "process 812 (fenrir) is an ancestor of this program", processID: 812),
        screenReaderFindings: ["Fenrir: process 812 (fenrir) is an ancestor of this program", "Orca: not looked for (no DISPLAY or WAYLAND_DISPLAY)"],
        terminal: TerminalFacts(standardInputIsTerminal: true, standardOutputIsTerminal: false,
                                size: TerminalSize(columns: 100, rows: 30), kittyKeyboard: .supported))

    /// Neither server reachable, no screen reader, no terminal.
    static let bare = SystemDiagnosis(
        speech: SpeechServerFacts(address: "unix_socket:/nowhere/speechd.sock", addressSource: .environment,
                                  problem: "cannot connect to speech-dispatcher at unix_socket:/nowhere/speechd.sock: No such file or directory"),
        braille: BrailleServerFacts(address: "127.0.0.1:199", addressFromEnvironment: true,
                                    problem: "cannot connect to BrlAPI at 127.0.0.1:199: Connection refused"),
        screenReader: nil, screenReaderFindings: ["Fenrir: not an ancestor of this program"],
        terminal: TerminalFacts(standardInputIsTerminal: false, standardOutputIsTerminal: false,
                                problem: "open(\"/dev/tty\"): No such device or address", kittyKeyboard: .notAsked(because: "no terminal")))

    static let environment = ["TERM": "xterm-kitty", "LANG": "de_DE.UTF-8", "HOME": "/home/ada"]

    func report(_ diagnosis: SystemDiagnosis, options: CommonOptions = CommonOptions(),
                preferences: Result<Preferences, CLIError> = .success(Preferences()),
                environment: [String: String] = environment) -> DiagnosisReport {
        // The catalogs of po/ where the words are looked for, as make test's A11Y_LOCALEDIR names them.
        DiagnosisReport(diagnosis: diagnosis, options: options, preferences: preferences,
                        environment: environment.merging(["A11Y_LOCALEDIR": TestCatalogs.directory ?? ""]) { old, _ in old },
                        version: "a11y-demo 0.1.0")
    }

    @Test func plainGolden() {
        let preferences = Preferences(file: "/home/ada/.config/a11y-controls/config", settings: [
            Preferences.Setting(option: "--speech-rate", value: "30", line: 1), Preferences.Setting(option: "--no-color", value: nil, line: 2)])
        var options = CommonOptions()
        options.speechRate = 30
        options.noColor = true
        #expect(report(Self.healthy, options: options, preferences: .success(preferences)).plainText == """
            program: version: a11y-demo 0.1.0
            speech: setting: auto
            speech: address: unix_socket:/run/user/1000/speech-dispatcher/speechd.sock
            speech: address from: libspeechd's default
            speech: reachable: yes
            speech: problem: none
            speech: module: espeak-ng
            speech: default language: en
            braille: setting: auto
            braille: address: 127.0.0.1:1
            braille: address from: BRLAPI_HOST
            braille: reachable: yes
            braille: problem: none
            braille: driver: Virtual (vr)
            braille: display size: 40x1
            braille: display cell size: 8
            braille: computer braille cell size: 6
            braille: dots per cell used: 6
            braille: text table: en-nabcc
            braille: literary braille: yes
            braille: literary table: en-us-g2
            screen reader: setting: auto
            screen reader: found: Fenrir: process 812 (fenrir) is an ancestor of this program
            screen reader: checked: Fenrir: process 812 (fenrir) is an ancestor of this program
            screen reader: checked: Orca: not looked for (no DISPLAY or WAYLAND_DISPLAY)
            screen reader: in use: Fenrir: process 812 (fenrir) is an ancestor of this program
            screen reader: mode: the words go to the screen line for the reader
            terminal: TERM: xterm-kitty
            terminal: COLORTERM: unset
            terminal: stdin is a terminal: yes
            terminal: stdout is a terminal: no
            terminal: device: /dev/tty
            terminal: problem: none
            terminal: size: 100x30
            terminal: colours: off: --no-color
            terminal: theme: default
            terminal: kitty keyboard: yes
            language: asked for: de
            language: from: LANG=de_DE.UTF-8
            language: words: de
            language: speech: de
            language: decimal separator: ,
            preferences: file: /home/ada/.config/a11y-controls/config
            preferences: status: read
            preferences: settings: speech-rate = 30
            preferences: settings: no-color = yes

            """)
    }

    @Test func jsonGolden() {
        let json = report(Self.bare, environment: ["LANG": "C"]).json
        #expect(json == """
            {"program":{"version":"a11y-demo 0.1.0"},\
            "speech":{"setting":"auto","address":"unix_socket:/nowhere/speechd.sock","address_from":"SPEECHD_ADDRESS",\
            "reachable":false,"problem":"not reachable: cannot connect to speech-dispatcher at unix_socket:/nowhere/speechd.sock: \
            No such file or directory","module":null,"default_language":null},\
            "braille":{"setting":"auto","address":"127.0.0.1:199","address_from":"BRLAPI_HOST","reachable":false,\
            "problem":"not reachable: cannot connect to BrlAPI at 127.0.0.1:199: Connection refused","driver":null,"display_size":null,\
            "display_cell_size":null,"computer_braille_cell_size":null,"dots_per_cell_used":null,"text_table":null,\
            "literary_braille":null,"literary_table":null},\
            "screen_reader":{"setting":"auto","found":null,"checked":["Fenrir: not an ancestor of this program"],"in_use":null,\
            "mode":"the control speaks"},\
            "terminal":{"TERM":null,"COLORTERM":null,"stdin_is_a_terminal":false,"stdout_is_a_terminal":false,"device":"/dev/tty",\
            "problem":"cannot open it: open(\\"/dev/tty\\"): No such device or address","size":null,"colours":"on","theme":"default",\
            "kitty_keyboard":"not asked: no terminal"},\
            "language":{"asked_for":null,"from":"LANG=C","words":"en","speech":"en","decimal_separator":"."},\
            "preferences":{"file":null,"status":"none (no HOME, XDG_CONFIG_HOME or A11Y_CONTROLS_CONFIG)","settings":[]}}

            """)
        #expect(json.filter { $0 == "\n" }.count == 1)
    }

    @Test func unreachableServersSaySoInPlainText() {
        let lines = report(Self.bare).plainText.split(separator: "\n").map(String.init)
        #expect(lines.contains("speech: reachable: no"))
        #expect(lines.contains("speech: problem: not reachable: cannot connect to speech-dispatcher at unix_socket:/nowhere/speechd.sock: No such file or directory"))
        #expect(lines.contains("speech: module: unknown"))
        #expect(lines.contains("braille: problem: not reachable: cannot connect to BrlAPI at 127.0.0.1:199: Connection refused"))
        #expect(lines.contains("braille: display size: unknown"))
        #expect(lines.contains("terminal: problem: cannot open it: open(\"/dev/tty\"): No such device or address"))
        #expect(lines.contains("screen reader: found: none"))
    }

    @Test func everyKeyInTheSameOrderWhateverWasFound() {
        func keys(_ report: DiagnosisReport) -> [String] { report.sections.flatMap { section in section.entries.map { section.name + "/" + $0.key } } }
        #expect(keys(report(Self.healthy)) == keys(report(Self.bare)))
        #expect(report(Self.healthy).sections.map(\.name) == ["program", "speech", "braille", "screen reader", "terminal", "language", "preferences"])
    }

    @Test func aReachableServerThatSaysLittle() {
        var diagnosis = Self.healthy
        diagnosis.speech.outputModule = nil
        diagnosis.braille.size = BrailleDisplay.Size(width: 0, height: 0)
        diagnosis.braille.unanswered = ["LITERARY_BRAILLE_TABLE"]
        let lines = report(diagnosis).plainText.split(separator: "\n").map(String.init)
        #expect(lines.contains("speech: module: unknown (the server did not say)"))
        #expect(lines.contains("braille: problem: BRLTTY has no display (its size is 0x0); BRLTTY did not answer LITERARY_BRAILLE_TABLE"))
        #expect(lines.contains("braille: display size: 0x0"))
        // A display that went away: BRLTTY keeps its last size, and its cell size is 0.
        diagnosis.braille.size = BrailleDisplay.Size(width: 40, height: 1)
        diagnosis.braille.unanswered = []
        diagnosis.braille.preferences?.deviceCellSize = 0
        #expect(report(diagnosis).plainText.contains("braille: problem: BRLTTY has no display (its cell size is 0)\n"))
    }

    @Test("the mode follows --screen-reader and what was found", arguments: [
        (ScreenReaderMode.auto, true, "the words go to the screen line for the reader"),
        (.auto, false, "the control speaks"),
        (.off, true, "the control speaks"),
        (.orca, false, "the control speaks and keeps the cursor still"),
        (.on, false, "the words go to the screen line for the reader"),
    ])
    func modeInWords(_ mode: ScreenReaderMode, _ fenrirFound: Bool, _ words: String) {
        var diagnosis = Self.healthy
        if !fenrirFound { diagnosis.screenReader = nil }
        var options = CommonOptions()
        options.screenReader = mode
        let section = report(diagnosis, options: options).sections.first { $0.name == "screen reader" }!
        #expect(section.entries.first { $0.key == "setting" }?.value == .text(mode.rawValue))
        #expect(section.entries.first { $0.key == "mode" }?.value == .text(words))
        #expect(section.entries.first { $0.key == "mode" }?.value == .text(DiagnosisReport.words(for: WordDelivery(for: mode.reader { diagnosis.screenReader }))))
    }

    @Test func fenrirWithItsRemoteSocketIsToldTheWords() {
        var diagnosis = Self.healthy
        diagnosis.screenReader = ScreenReader(name: .fenrir, evidence: "process 812 (fenrir) is an ancestor of this program, remote socket /tmp/fenrirscreenreader-813.sock",
                                              processID: 812, remoteSocket: "/tmp/fenrirscreenreader-813.sock")
        let lines = report(diagnosis).plainText.split(separator: "\n").map(String.init)
        #expect(lines.contains("screen reader: in use: Fenrir: process 812 (fenrir) is an ancestor of this program, remote socket /tmp/fenrirscreenreader-813.sock"))
        #expect(lines.contains("screen reader: mode: the reader is told the words through its remote socket and speaks them"))
        #expect(DiagnosisReport.words(for: .throughReader) == "the reader is told the words through its remote socket and speaks them")
        // With --speech off the words stay off the socket: Fenrir reads the words line.
        var quiet = CommonOptions()
        quiet.speech = .off
        #expect(report(diagnosis, options: quiet).plainText.contains("screen reader: mode: the words go to the screen line for the reader\n"))
    }

    @Test func orcaFoundKeepsTheCursorStill() {
        var diagnosis = Self.healthy
        diagnosis.screenReader = ScreenReader(name: .orca, evidence: "process 900 (orca) of this user, in a graphical session", processID: 900)
        let lines = report(diagnosis).plainText.split(separator: "\n").map(String.init)
        #expect(lines.contains("screen reader: in use: Orca: process 900 (orca) of this user, in a graphical session"))
        #expect(lines.contains("screen reader: mode: the control speaks and keeps the cursor still"))
    }

    @Test func languageFromTheOptionOrTheLocale() {
        func language(_ options: CommonOptions, _ environment: [String: String]) -> [String] {
            report(Self.bare, options: options, environment: environment).plainText.split(separator: "\n")
                .filter { $0.hasPrefix("language: ") }.map { String($0.dropFirst("language: ".count)) }
        }
        var german = CommonOptions()
        german.language = "de-AT"
        #expect(language(german, ["LANG": "fr_FR.UTF-8"])
                == ["asked for: de-AT", "from: --language", "words: de", "speech: de-AT", "decimal separator: ,"])
        #expect(language(CommonOptions(), ["LC_ALL": "", "LC_MESSAGES": "fr_CA.UTF-8", "LANG": "de_DE.UTF-8"])
                == ["asked for: fr", "from: LC_MESSAGES=fr_CA.UTF-8", "words: fr", "speech: fr", "decimal separator: ,"])
        // A language without a catalog: English words, spoken as English.
        #expect(language(CommonOptions(), ["LANG": "pt_BR.UTF-8"])
                == ["asked for: pt", "from: LANG=pt_BR.UTF-8", "words: en", "speech: en", "decimal separator: ,"])
        #expect(language(CommonOptions(), [:])
                == ["asked for: none", "from: none (LC_ALL, LC_MESSAGES and LANG are unset)", "words: en", "speech: en", "decimal separator: ."])
    }

    @Test func preferencesFileStates() {
        func lines(_ preferences: Result<Preferences, CLIError>, _ environment: [String: String] = ["HOME": "/h"]) -> [String] {
            report(Self.bare, preferences: preferences, environment: environment).plainText.split(separator: "\n")
                .filter { $0.hasPrefix("preferences: ") }.map(String.init)
        }
        #expect(lines(.success(Preferences())) == ["preferences: file: /h/.config/a11y-controls/config",
                                                   "preferences: status: not found (none is needed)", "preferences: settings: none"])
        let bad = CLIError.preferences(file: "/h/.config/a11y-controls/config", line: 3, problem: "unknown preference 'speach'. Did you mean 'speech'?")
        #expect(lines(.failure(bad)) == ["preferences: file: /h/.config/a11y-controls/config",
                                         "preferences: status: not used: /h/.config/a11y-controls/config:3: unknown preference 'speach'. Did you mean 'speech'?",
                                         "preferences: settings: none"])
        #expect(lines(.success(Preferences()), ["A11Y_CONTROLS_CONFIG": "/etc/a11y.conf"]).first == "preferences: file: /etc/a11y.conf")
    }

    @Test func coloursSayWhyTheyAreOff() {
        func colours(_ options: CommonOptions, _ environment: [String: String]) -> String? {
            report(Self.healthy, options: options, environment: environment).plainText.split(separator: "\n")
                .first { $0.hasPrefix("terminal: colours: ") }.map(String.init)
        }
        #expect(colours(CommonOptions(), [:]) == "terminal: colours: on")
        var noColor = CommonOptions()
        noColor.noColor = true
        #expect(colours(noColor, ["NO_COLOR": "1"]) == "terminal: colours: off: NO_COLOR is set")
        var dumb = CommonOptions()
        dumb.dumbTerminal = true
        #expect(colours(dumb, ["TERM": "dumb"]) == "terminal: colours: off: TERM=dumb (no escape sequences)")
    }

    @Test func kittyKeyboardAnswers() {
        func kitty(_ answer: KittyKeyboardAnswer) -> String? {
            var diagnosis = Self.healthy
            diagnosis.terminal.kittyKeyboard = answer
            return report(diagnosis).plainText.split(separator: "\n").first { $0.hasPrefix("terminal: kitty keyboard: ") }
                .map { String($0.dropFirst("terminal: kitty keyboard: ".count)) }
        }
        #expect(kitty(.supported) == "yes")
        #expect(kitty(.unsupported) == "no (the terminal answered without it)")
        #expect(kitty(.noAnswer(within: .seconds(1))) == "unknown: no answer within 1.0 seconds")
        #expect(kitty(.notAsked(because: "TERM=dumb: no escape sequences are written")) == "not asked: TERM=dumb: no escape sequences are written")
    }

    @Test func whateverAServerSaysStaysOneLine() {
        var diagnosis = Self.bare
        diagnosis.speech.problem = "bad\nanswer \"quoted\" \\ \u{1B}[31mred\u{7}"
        let report = report(diagnosis)
        #expect(report.plainText.contains("speech: problem: not reachable: bad answer \"quoted\" \\  [31mred \n"))
        #expect(report.json.contains(#""problem":"not reachable: bad\nanswer \"quoted\" \\ \u001b[31mred\u0007""#))
        #expect(report.json.filter { $0 == "\n" }.count == 1)
    }

    // MARK: The command line

    @Test func diagnoseIsAnInvocation() throws {
        #expect(try parseCLI(["--diagnose"]).get().invocation == .diagnose)
        let json = try parseCLI(["--diagnose", "--json", "--screen-reader", "orca"]).get()
        #expect(json.invocation == .diagnose && json.options.json && json.options.screenReader == .orca)
        // After a subcommand too; the control is not built (a plugin that cannot load is not reached).
        #expect(try parseCLI(["range", "--format-plugin", "/missing.so", "--diagnose"]).get().invocation == .diagnose)
        // Help and version win; a wrong option is a usage error as elsewhere.
        #expect(try parseCLI(["--diagnose", "--help"]).get().invocation == .help(.general))
        #expect(try parseCLI(["--diagnose", "--version"]).get().invocation == .version)
        #expect(errorLine(["--diagnose", "--speech", "loud"]) != nil)
        #expect(errorLine(["--diagnose", "--bogus"]) != nil)
        #expect(errorLine(["--diagnose=yes"]) != nil)
    }

    @Test func aBadPreferencesFileIsReportedNotFatal() throws {
        let bad = CLIError.preferences(file: "/h/c", line: 1, problem: "unknown preference 'x'")
        let line = try ParsedCommandLine.parse(["--diagnose", "--braille", "off"], environment: [:], preferences: .failure(bad),
                                               loadPlugin: fakePluginLoader)
        #expect(line.invocation == .diagnose && line.options.braille == .off)
        #expect(throws: CLIError.self) { try ParsedCommandLine.parse(["stepper"], environment: [:], preferences: .failure(bad)) }
        // The file's settings count when it is good.
        let good = Preferences(file: "/h/c", settings: [Preferences.Setting(option: "--screen-reader", value: "off", line: 1)])
        #expect(try ParsedCommandLine.parse(["--diagnose"], environment: [:], preferences: .success(good)).options.screenReader == .off)
    }

    @Test func diagnoseIsInTheOptionTableButNotAPreference() {
        #expect(OptionTable.common.contains { $0.name == "--diagnose" && !$0.takesValue })
        #expect(!Preferences.names.contains("diagnose"))
        #expect(errorLine(["--diagnose"]) == nil)
        #expect(throws: CLIError.self) { try Preferences.parse("diagnose = yes", file: "/h/c") }
    }
}
