import A11yControls
import CA11yControls
/// The parsed command line of `a11y-demo`: what to run and how to present it.
///
/// Pure: the input is the argument vector (without the program name) and the environment; the
/// output is a value or a `CLIError`. Grammar:
/// ```
/// a11y-demo [COMMON…] [range|stepper [OPTIONS…]]     (no subcommand: the showcase)
/// a11y-demo help [range|stepper]      a11y-demo [subcommand] --help|-h      a11y-demo --version
/// a11y-demo --diagnose [--json] [COMMON…]
/// ```
/// - Options take their value as `--name value` or `--name=value`. A value may start with "-"
///   (`--min -5`, `--label -x`), but not with "--": `--label --x` is a missing value; write
///   `--label=--x`.
/// - Common and visual options may stand before or after the subcommand; a subcommand's own
///   options only after it. When an option is repeated, the last one counts.
/// - `--help` wins over everything else (even errors), then `--version`, then `--diagnose` (which
///   reads the common options, takes a bad preferences file as none, and builds no control).
/// - Numbers: see `ValueParsing` (`1e3` is accepted; NaN, infinities, `0x…` and `1e400` are not).
package struct ParsedCommandLine: Sendable, Equatable {
    /// What to run.
    package var invocation: DemoInvocation
    /// How to present it.
    package var options: CommonOptions

    package init(invocation: DemoInvocation, options: CommonOptions = CommonOptions()) {
        self.invocation = invocation
        self.options = options
    }

    package static let programName = "a11y-demo"
    /// The version, as the C API's header defines it (`A11Y_CONTROLS_VERSION`).
    package static let version = A11Y_CONTROLS_VERSION
    /// The most steps a range may hold (`(max - min) / step`): more is a usage error. Nobody can
    /// walk 10^12 steps by keyboard, and the step grid needs the count to fit exact arithmetic.
    package static let maximumStepCount = 1_000_000_000_000
    /// The line `--version` prints: "a11y-demo 0.1.0".
    package static var versionText: String { "\(programName) \(version)" }

    /// The language of the help and of the error messages, before the command line is checked:
    /// the last `--language` of `arguments` (`--language de` or `--language=de`), else the
    /// preferences', else the locale's (LC_ALL, LC_MESSAGES, LANG). Nil: English.
    package static func interfaceLanguage(_ arguments: [String], preferences: Preferences?, environment: [String: String]) -> String? {
        var language: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == "--language", index + 1 < arguments.count { language = arguments[index + 1] }
            if argument.hasPrefix("--language=") { language = String(argument.dropFirst("--language=".count)) }
        }
        if let language, !Messages.catalogNames(for: language).isEmpty { return language }
        if let preferred = preferences?.settings.last(where: { $0.option == "--language" })?.value { return preferred }
        return Messages.localeName(in: environment)
    }

    /// Opens a formatter plugin; the live one is `PluginFormatter.loadFormatter(path:)`.
    package typealias PluginLoader = (String) throws -> any ValueFormatter

    /// Parses `arguments` (without the program name). NO_COLOR (non-empty) sets `noColor`,
    /// TERM=dumb sets `dumbTerminal`. A formatter plugin is loaded here with `loadPlugin`, so a
    /// plugin that cannot be loaded is a usage error. `preferences` (the user's file, or why it
    /// is bad) stand before the command line, which wins; help and version do not read them.
    package static func parse(_ arguments: [String], environment: [String: String],
                             preferences: Result<Preferences, CLIError> = .success(Preferences()),
                             loadPlugin: PluginLoader = PluginFormatter.loadFormatter(path:)) throws(CLIError) -> ParsedCommandLine {
        // In dialog mode only help and version are looked for before its own parser runs.
        let dialogMode = DialogCommandLine.isDialogMode(arguments)
        let scan = Scan(dialogMode ? arguments.filter { [OptionTable.help.name, OptionTable.helpShort, OptionTable.version.name].contains($0) } : arguments)
        if let topic = scan.helpTopic {
            switch topic {
            case .success(let topic): return ParsedCommandLine(invocation: .help(topic))
            case .failure(let error): throw error
            }
        }
        if scan.versionRequested { return ParsedCommandLine(invocation: .version) }
        // `--diagnose` reports a bad preferences file instead of stopping at it.
        let diagnose = !dialogMode && scan.occurrences.contains { $0.name == "--diagnose" }
        let preferences = diagnose ? ((try? preferences.get()) ?? Preferences()) : try preferences.get()
        if dialogMode {
            return try DialogCommandLine.parse(arguments, environment: environment) { values throws(CLIError) in
                try commonOptions(OptionValues(preferences.occurrences + values.occurrences), environment: environment)
            }
        }
        if let error = scan.firstError { throw error }

        let values = OptionValues(preferences.occurrences + scan.occurrences)
        let options = try commonOptions(values, environment: environment)
        if diagnose { return ParsedCommandLine(invocation: .diagnose, options: options) }
        let words = MessageCatalogs.messages(asked: options.language, environment: environment)
        let invocation: DemoInvocation
        switch scan.subcommand {
        case nil: invocation = .showcase
        case .range: invocation = .range(try RangeBuilder.build(values, loadPlugin: loadPlugin, words: words))
        case .stepper: invocation = .stepper(try StepperBuilder.build(values, loadPlugin: loadPlugin, words: words))
        }
        return ParsedCommandLine(invocation: invocation, options: options)
    }

    /// `parse` as a `Result`.
    package static func parseResult(_ arguments: [String], environment: [String: String],
                                   preferences: Result<Preferences, CLIError> = .success(Preferences()),
                                   loadPlugin: PluginLoader = PluginFormatter.loadFormatter(path:)) -> Result<ParsedCommandLine, CLIError> {
        do {
            return .success(try parse(arguments, environment: environment, preferences: preferences, loadPlugin: loadPlugin))
        } catch {
            return .failure(error)
        }
    }

    static func commonOptions(_ values: OptionValues, environment: [String: String]) throws(CLIError) -> CommonOptions {
        var o = CommonOptions()
        let modes = DeviceMode.allCases.map { ($0.rawValue, $0) }
        if let t = values.text("--speech") { o.speech = try ValueParsing.choice(t, option: "--speech", modes) }
        if let t = values.text("--braille") { o.braille = try ValueParsing.choice(t, option: "--braille", modes) }
        if let t = values.text("--speech-rate") { o.speechRate = try ValueParsing.integer(t, option: "--speech-rate", in: -100...100) }
        if let t = values.text("--voice") { o.voice = try ValueParsing.choice(t, option: "--voice", CommonOptions.voiceNames) }
        if let t = values.text("--language") { o.language = try ValueParsing.language(t, option: "--language") }
        if let t = values.text("--screen-reader") {
            o.screenReader = try ValueParsing.choice(t, option: "--screen-reader", ScreenReaderMode.allCases.map { ($0.rawValue, $0) })
        }
        if let t = values.text("--screen-reader-speech") {
            o.speechThroughReader = try ValueParsing.choice(t, option: "--screen-reader-speech", OptionTable.readerSpeechChoices)
        }
        if let t = values.text("--tones") { o.tones = try ValueParsing.choice(t, option: "--tones", OptionTable.onOff) }
        if let t = values.text("--mouse") { o.mouse = try ValueParsing.choice(t, option: "--mouse", OptionTable.onOff) }
        if let t = values.text("--tones-device") { o.tonesDevice = try ValueParsing.label(t, option: "--tones-device") }
        if let t = values.text("--verbosity") {
            o.verbosity = try ValueParsing.choice(t, option: "--verbosity", Verbosity.allCases.map { ($0.rawValue, $0) })
        }
        if let t = values.text("--keymap") { o.keyMapPath = try ValueParsing.path(t, option: "--keymap") }
        if let t = values.text("--braille-table") { o.brailleTable = try ValueParsing.path(t, option: "--braille-table") }
        o.noColor = values.flag("--no-color") || !(environment["NO_COLOR"] ?? "").isEmpty
        o.dumbTerminal = environment["TERM"] == "dumb"
        o.preview = values.flag("--preview")
        o.json = values.flag("--json")
        o.printPartial = values.flag("--print-partial")
        if let t = values.text("--timeout") { o.timeout = try ValueParsing.timeout(t, option: "--timeout") }
        if let t = values.text("--theme") {
            o.visual.highContrast = try ValueParsing.choice(t, option: "--theme", OptionTable.themes)
        }
        if let t = values.text("--handle-glyph") { o.visual.handleGlyph = try ValueParsing.glyph(t, option: "--handle-glyph") }
        o.visual.labelsBelow = values.flag("--labels-below")
        if let t = values.text("--direction") {
            o.visual.direction = try ValueParsing.choice(t, option: "--direction", TrackLayout.Direction.allCases.map { ($0.rawValue, $0) })
        }
        if let t = values.text("--line-thickness") { o.visual.lineThickness = try ValueParsing.integer(t, option: "--line-thickness", in: 1...3) }
        if let t = values.text("--focused-handle-width") {
            o.visual.focusedHandleWidth = try ValueParsing.integer(t, option: "--focused-handle-width", in: 1...3)
        }
        if let t = values.text("--tint-color") { o.visual.tintColor = try ValueParsing.sgr(t, option: "--tint-color") }
        if let t = values.text("--between-color") { o.visual.betweenColor = try ValueParsing.sgr(t, option: "--between-color") }
        if let t = values.text("--handle-color") { o.visual.handleColor = try ValueParsing.sgr(t, option: "--handle-color") }
        return o
    }
}

/// The options given, in order. `text(name)` gives the last value of `name`.
struct OptionValues {
    private(set) var occurrences: [(name: String, value: String?)]

    init(_ occurrences: [(name: String, value: String?)]) { self.occurrences = occurrences }

    /// True when the option was given.
    func has(_ name: String) -> Bool { occurrences.contains { $0.name == name } }

    /// True when the flag was given.
    func flag(_ name: String) -> Bool { has(name) }

    /// The last value given for `name`, or nil.
    func text(_ name: String) -> String? {
        occurrences.last { $0.name == name }?.value
    }
}

/// The first pass over the arguments: subcommand, help, version, and each option with its value,
/// checked against the table of the place it stands in.
struct Scan {
    var subcommand: DemoSubcommand?
    var occurrences: [(name: String, value: String?)] = []
    var versionRequested = false
    /// Set when help was asked for: the topic, or the error naming a bad topic.
    var helpTopic: Result<HelpTopic, CLIError>?
    var firstError: CLIError?

    init(_ arguments: [String]) {
        var helpFlag = false
        var helpWord = false
        var topicWord: String? = nil
        var i = 0
        func record(_ error: CLIError) { if firstError == nil { firstError = error } }
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if argument == OptionTable.help.name || argument == OptionTable.helpShort { helpFlag = true; continue }
            if argument == OptionTable.version.name { versionRequested = true; continue }
            if argument.hasPrefix("--") && argument.count > 2 {
                let name: String, inline: String?
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    inline = String(argument[argument.index(after: equals)...])
                } else {
                    name = argument
                    inline = nil
                }
                let here = OptionTable.lookup(name, in: subcommand)
                guard let spec = here ?? OptionTable.anySpec(named: name) else {
                    let candidates = OptionTable.options(for: subcommand).map(\.name) + [OptionTable.help.name, OptionTable.version.name]
                    record(.unknownOption(name, suggestion: CLIText.suggestion(for: name, among: candidates)))
                    continue
                }
                var value: String? = nil
                if spec.takesValue {
                    if let inline {
                        value = inline
                    } else if i < arguments.count && !arguments[i].hasPrefix("--") {
                        value = arguments[i]
                        i += 1
                    } else {
                        record(.missingValue(option: name))
                        continue
                    }
                } else if let inline {
                    record(.unexpectedValue(option: name, value: inline))
                    continue
                }
                if here == nil {
                    record(.optionNotHere(option: name, belongsTo: OptionTable.owners(of: name).map(\.rawValue),
                                          given: subcommand?.rawValue))
                    continue
                }
                occurrences.append((name, value))
                continue
            }
            if argument.hasPrefix("-") && argument.count > 1 && argument != "--" {
                // "-min" is most likely "--min"; "-5" as a word of its own is not an option value.
                let long = "-" + argument
                let known = OptionTable.lookup(String(long.prefix { $0 != "=" }), in: subcommand) != nil
                    || OptionTable.anySpec(named: String(long.prefix { $0 != "=" })) != nil
                if ValueParsing.isDecimalNumber(argument) {
                    record(.unexpectedArgument(argument))
                } else {
                    record(.unknownOption(argument, suggestion: known ? String(long.prefix { $0 != "=" }) : nil))
                }
                continue
            }
            if helpWord {
                if topicWord == nil { topicWord = argument } else { record(.unexpectedArgument(argument)) }
                continue
            }
            if subcommand == nil {
                if let command = DemoSubcommand(rawValue: argument) {
                    subcommand = command
                } else if argument == "help" {
                    helpWord = true
                } else {
                    record(.unknownSubcommand(argument, suggestion: CLIText.suggestion(for: argument,
                        among: DemoSubcommand.allCases.map(\.rawValue) + ["help"])))
                }
                continue
            }
            record(.unexpectedArgument(argument))
        }
        if helpWord || helpFlag {
            if let topicWord {
                if let topic = HelpTopic(rawValue: topicWord), topic != .general {
                    helpTopic = .success(topic)
                } else {
                    helpTopic = .failure(.unknownSubcommand(topicWord, suggestion: CLIText.suggestion(for: topicWord,
                        among: DemoSubcommand.allCases.map(\.rawValue))))
                }
            } else {
                helpTopic = .success(subcommand.map { HelpTopic(rawValue: $0.rawValue) ?? .general } ?? .general)
            }
        }
    }
}
