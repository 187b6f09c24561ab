import Testing
@testable import A11yControls
@testable import A11ySession
import A11yOptions
@testable import A11yDevices
import Glibc

@Suite("CLI parsing: forms, places, defaults")
struct DemoCommandLineTests {
    @Test("no arguments: the showcase with default options")
    func showcase() throws {
        let parsed = try parseCLI([]).get()
        #expect(parsed.invocation == .showcase)
        #expect(parsed.options == CommonOptions())
        #expect(try parseCLI(["--speech", "off", "--json"]).get().invocation == .showcase)
    }

    @Test("--name=value and --name value are the same", arguments: [
        (["range", "--min", "-20", "--max", "20", "--lower", "-5", "--upper", "5", "--step", "0.5", "--label", "Temperature"],
         ["range", "--min=-20", "--max=20", "--lower=-5", "--upper=5", "--step=0.5", "--label=Temperature"]),
        (["stepper", "--value", "3", "--autorepeat-interval", "0.25", "--format", "unit:kg"],
         ["stepper", "--value=3", "--autorepeat-interval=0.25", "--format=unit:kg"]),
        (["--speech", "off", "--braille", "on", "--voice", "female2", "--speech-rate", "-40"],
         ["--speech=off", "--braille=on", "--voice=female2", "--speech-rate=-40"]),
    ])
    func equalsForms(_ spaced: [String], _ joined: [String]) throws {
        #expect(try parseCLI(spaced).get() == parseCLI(joined).get())
    }

    @Test("common options before or after the subcommand", arguments: [
        ["--speech", "off"], ["--braille", "on"], ["--verbosity", "terse"], ["--no-color"], ["--preview"], ["--json"],
        ["--theme", "high-contrast"], ["--line-thickness", "3"], ["--keymap", "keys.conf"], ["--language=de"],
    ])
    func commonAnywhere(_ common: [String]) throws {
        for subcommand in ["range", "stepper"] {
            let before = try parseCLI(common + [subcommand, "--min", "2"]).get()
            let after = try parseCLI([subcommand] + common + ["--min", "2"]).get()
            let end = try parseCLI([subcommand, "--min", "2"] + common).get()
            #expect(before == after)
            #expect(after == end)
            #expect(before.options != CommonOptions())
        }
    }

    @Test("negative values")
    func negatives() throws {
        let range = try #require(parsedRange(["range", "--min", "-100", "--max", "-10", "--lower", "-90", "--upper=-20"]))
        #expect(range.slider.selectedMinimum == -90)
        #expect(range.slider.selectedMaximum == -20)
        let stepper = try #require(parsedStepper(["stepper", "--min", "-5", "--max", "5", "--value", "-3"]))
        #expect(stepper.stepper.value == -3)
        #expect(parsedOptions(["--speech-rate", "-100"])?.speechRate == -100)
        // "-x" after a text option is its value.
        #expect(parsedRange(["range", "--label", "-x"])?.label == "-x")
        #expect(parsedRange(["range", "--label=--x"])?.label == "--x")
    }

    @Test("number forms: sign, fraction, exponent")
    func numberForms() throws {
        for (text, value) in [("1e2", 100.0), ("+50", 50), (".5", 0.5), ("5.", 5), ("2.5E1", 25), ("-0", 0)] {
            let stepper = try #require(parsedStepper(["stepper", "--min", "-1000", "--max", "1000", "--step", "0.5", "--value", text]))
            #expect(stepper.stepper.value == value, "\(text)")
        }
    }

    @Test("range defaults follow the range (10% and 90%)", arguments: [
        (["range"], 10.0, 90.0),
        (["range", "--min", "200", "--max", "300"], 210, 290),
        (["range", "--min", "-50", "--max", "50"], -40, 40),
        (["range", "--max", "1"], 0.1, 0.9),
        (["range", "--min", "0", "--max", "500", "--step", "5"], 50, 450),
        (["range", "--lower", "95"], 95, 95),
        (["range", "--upper", "5"], 5, 5),
        (["range", "--lower", "30"], 30, 90),
    ] as [([String], Double, Double)])
    func rangeDefaults(_ arguments: [String], _ lower: Double, _ upper: Double) throws {
        let range = try #require(parsedRange(arguments))
        #expect(Swift.abs(range.slider.selectedMinimum - lower) < 1e-9)
        #expect(Swift.abs(range.slider.selectedMaximum - upper) < 1e-9)
    }

    @Test("range defaults as TTRangeSlider")
    func rangeDefaultConfiguration() throws {
        let range = try #require(parsedRange(["range"]))
        #expect(range.configuration == RangeSliderConfiguration())
        #expect(range.label == "range")
        #expect(range.formatSpec == .default)
        #expect(range == RangeInvocation())
    }

    @Test("range options reach the configuration")
    func rangeOptions() throws {
        let range = try #require(parsedRange(["range", "--step", "5", "--page-step", "4", "--min-distance", "10", "--max-distance", "60",
                                              "--lower-label", "from", "--upper-label", "to", "--hide-labels", "--label", "Price"]))
        let c = range.configuration
        #expect(c.enableStep && c.step == 5 && c.pageSteps == 4)
        #expect(c.minDistance == 10 && c.maxDistance == 60)
        #expect(c.lowerHandleLabel == "from" && c.upperHandleLabel == "to")
        #expect(c.hideLabels)
        #expect(range.label == "Price")
    }

    @Test("--single: one handle, started by --value or --upper")
    func single() throws {
        let a = try #require(parsedRange(["range", "--single"]))
        #expect(a.configuration.disableRange)
        #expect(a.slider.selectedMaximum == 90)
        #expect(a.label == "value")
        #expect(parsedRange(["range", "--single", "--value", "25"])?.slider.selectedMaximum == 25)
        #expect(parsedRange(["range", "--single", "--upper", "25"])?.slider.selectedMaximum == 25)
    }

    @Test("stepper defaults: value 1 moved into the range", arguments: [
        (["stepper"], 1),
        (["stepper", "--min", "5", "--max", "9"], 5),
        (["stepper", "--min", "-9", "--max", "-5"], -5),
        (["stepper", "--min", "-10", "--max", "10"], 1),
        (["stepper", "--value", "3"], 3),
    ] as [([String], Double)])
    func stepperDefaults(_ arguments: [String], _ value: Double) throws {
        #expect(parsedStepper(arguments)?.stepper.value == value)
    }

    @Test("stepper options reach the configuration")
    func stepperOptions() throws {
        let s = try #require(parsedStepper(["stepper", "--wraps", "--no-autorepeat", "--label", "Copies", "--step", "2"]))
        #expect(s.configuration.wraps && !s.configuration.autoRepeat)
        #expect(s.configuration.label == "Copies" && s.configuration.stepValue == 2)
        let t = try #require(parsedStepper(["stepper", "--autorepeat-interval", "0.2", "--autorepeat-delay", "0"]))
        #expect(t.configuration.autoRepeatSchedule == AutoRepeatSchedule(initialDelay: 0, interval: 0.2))
        #expect(parsedStepper(["stepper"]) == StepperInvocation())
    }

    @Test("the last of a repeated option counts")
    func repeated() {
        #expect(parsedStepper(["stepper", "--value", "3", "--value", "4"])?.stepper.value == 4)
    }

    @Test("help: --help, -h, help, help TOPIC, SUBCOMMAND --help; it wins over errors")
    func help() throws {
        let cases: [([String], HelpTopic)] = [
            (["--help"], .general), (["-h"], .general), (["help"], .general), (["help", "range"], .range),
            (["range", "--help"], .range), (["stepper", "-h"], .stepper), (["--help", "stepper"], .stepper),
            (["range", "--min", "abc", "--help"], .range), (["--bogus", "-h"], .general),
            (["range", "--help", "--version"], .range),
        ]
        for (arguments, topic) in cases {
            #expect(try parseCLI(arguments).get().invocation == .help(topic), "\(arguments)")
        }
    }

    @Test("--version")
    func version() throws {
        #expect(try parseCLI(["--version"]).get().invocation == .version)
        #expect(try parseCLI(["stepper", "--version"]).get().invocation == .version)
        #expect(ParsedCommandLine.versionText == "a11y-demo 0.1.0")
    }

    @Test("common options")
    func common() throws {
        let o = try #require(parsedOptions(["--speech", "on", "--braille", "off", "--speech-rate", "30", "--voice", "child_female",
                                            "--language", "pt-BR", "--verbosity", "verbose", "--keymap", "/etc/keys", "--preview", "--json"]))
        #expect(o.speech == .on && o.braille == .off && o.speechRate == 30 && o.voice == .childFemale)
        #expect(o.language == "pt-BR" && o.verbosity == .verbose && o.keyMapPath == "/etc/keys")
        #expect(o.preview && o.json && !o.noColor)
    }

    @Test("NO_COLOR and --no-color; TERM=dumb")
    func color() throws {
        #expect(parsedOptions([], environment: ["NO_COLOR": "1"])?.noColor == true)
        #expect(parsedOptions([], environment: ["NO_COLOR": ""])?.noColor == false)
        #expect(parsedOptions(["--no-color"])?.noColor == true)
        #expect(parsedOptions(["--no-color"])?.screenTheme.usesColor == false)
        let dumb = try #require(parsedOptions([], environment: ["TERM": "dumb"]))
        #expect(!dumb.screenTheme.usesEscapes)
    }

    @Test("visual options map onto ScreenTheme")
    func theme() throws {
        #expect(parsedOptions([])?.screenTheme == ScreenTheme())
        #expect(parsedOptions(["--theme", "high-contrast"])?.screenTheme == ScreenTheme.highContrast)
        let o = try #require(parsedOptions(["--handle-glyph", "#", "--labels-below", "--line-thickness", "2", "--focused-handle-width", "3",
                                            "--tint-color", "48;5;236", "--between-color", "42", "--handle-color", "1;47"]))
        let t = o.screenTheme
        #expect(t.handleGlyph == "#" && t.labelsBelow && t.lineThickness == 2 && t.focusedHandleWidth == 3)
        #expect(t.tintColor == "48;5;236" && t.colorBetweenHandles == "42" && t.handleColor == "1;47")
        #expect(t.usesColor)
    }

    @Test("--format sets the formatter and the digits shown")
    func format() throws {
        let r = try #require(parsedRange(["range", "--format", "decimal:2"]))
        #expect(r.formatSpec == .decimal(fractionDigits: 2))
        #expect(r.slider.fractionDigits == 2)
        let p = try #require(parsedStepper(["stepper", "--format-plugin", "/ok/one-digit.so"]))
        #expect(p.formatSpec == .plugin(path: "/ok/one-digit.so"))
        #expect(p.stepper.fractionDigits == 1)
        #expect(parsedStepper(["stepper", "--format", "plugin:/ok/one-digit.so"])?.formatter.fractionDigits == 1)
    }

    @Test("the live plugin loader: a missing file is a usage error")
    func realMissingPlugin() {
        let path = "/nonexistent/a11y-cli-test/plugin.so"
        let result = ParsedCommandLine.parseResult(["range", "--format-plugin", path], environment: [:])
        guard case .failure(let error) = result else { Issue.record("parsed"); return }
        #expect(error.message == "Error: The value '\(path)' is invalid for '--format-plugin <path>': no such plugin file")
        #expect(error.exitCode == 2)
    }

    @Test("exit statuses")
    func exitStatuses() {
        #expect(ExitStatus.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 124, 130, 255])
        #expect(ExitStatus(startFailure: DeviceUnavailable(device: "speech", reason: "gone")) == .serverUnavailable)
        #expect(ExitStatus(startFailure: TerminalError("tcsetattr", code: EIO)) == .terminal)
    }
}
