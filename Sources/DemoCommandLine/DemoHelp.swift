import A11yControls
import A11yOptions
/// The help texts of `a11y-demo`, in swift-argument-parser's layout: OVERVIEW, USAGE, option
/// groups with "(default: …)", SUBCOMMANDS, then exit statuses. Built from `OptionTable`, so
/// help and parsing never disagree. Lines are at most 80 columns; printed on stdout, exit 0.
package enum DemoHelp {
    /// The full help text for `topic`, ending with a newline, in the language of `words`: the
    /// headings, sentences and option help lines are msgids of the message catalogs (`make pot`
    /// reads them here and in OptionTable), the option names and value names are never
    /// translated.
    package static func text(for topic: HelpTopic, words: Messages = .english) -> String {
        var out = ""
        let program = ParsedCommandLine.programName
        switch topic {
        case .general:
            out += paragraph(words.tr("OVERVIEW: Accessible terminal controls: a range slider and a stepper, spoken through speech-dispatcher, shown on a braille display and drawn on the terminal."))
            out += wrap(words.tr("Without a subcommand, shows a range slider and a stepper in one screen."), width: lineWidth)
                .map { $0 + "\n" }.joined()
            out += paragraph(words.tr("Enter accepts and prints the values; Escape or q cancels."))
            out += words.tr("USAGE:") + " \(program) [<options>] [<subcommand>]\n\n"
            out += section(words.tr("OPTIONS:"), OptionTable.common + [OptionTable.help, OptionTable.version], words)
            out += section(words.tr("SCRIPT OPTIONS:"), OptionTable.scripting, words)
            out += section(words.tr("VISUAL OPTIONS:"), OptionTable.visual, words)
            out += dialogMode(words)
            out += words.tr("SUBCOMMANDS:") + "\n"
            out += row("range", words.tr("A range slider with two handles (or one, with --single)."))
            out += row("stepper", words.tr("A stepper: a value changed up and down by a step."))
            out += row("help", words.tr("Show subcommand help information."))
            out += "\n" + wrap(words.tr("See {command} for detailed help.", ["command": "'\(program) help <subcommand>'"]), width: lineWidth - 2)
                .map { "  " + $0 + "\n" }.joined() + "\n"
            out += results(plain: "LOWER UPPER VALUE", json: #"{"control":"showcase","range":{"lower":10,"upper":90},"stepper":{"value":1}}"#,
                           words)
        case .range:
            out += subcommand("range", overview: words.tr("A range slider: choose a lower and an upper value."),
                              prints: words.tr("'LOWER UPPER' (with --single: 'VALUE')"),
                              options: (words.tr("RANGE OPTIONS:"), OptionTable.range), words)
            out += results(plain: "LOWER UPPER", json: #"{"control":"range","lower":10,"upper":90}"#, words)
        case .stepper:
            out += subcommand("stepper", overview: words.tr("A stepper: change a value up and down by a step."),
                              prints: "'VALUE'", options: (words.tr("STEPPER OPTIONS:"), OptionTable.stepper), words)
            out += results(plain: "VALUE", json: #"{"control":"stepper","value":1}"#, words)
        }
        return out
    }

    /// A subcommand's overview, usage and option groups: its own options first, then the common ones.
    static func subcommand(_ name: String, overview: String, prints: String, options: (title: String, specs: [OptionSpec]),
                           _ words: Messages) -> String {
        paragraph(words.tr("OVERVIEW: {overview}", ["overview": overview]))
            + paragraph(words.tr("Prints {result} on stdout when Enter accepts.", ["result": prints]))
            + words.tr("USAGE:") + " \(ParsedCommandLine.programName) \(name) [<options>]\n\n"
            + section(options.title, options.specs, words)
            + section(words.tr("OPTIONS:"), OptionTable.common + [OptionTable.help, OptionTable.version], words)
            + section(words.tr("SCRIPT OPTIONS:"), OptionTable.scripting, words)
            + section(words.tr("VISUAL OPTIONS:"), OptionTable.visual, words)
    }

    /// dialog's rangebox, as scripts written for dialog call it.
    static func dialogMode(_ words: Messages) -> String {
        words.tr("DIALOG MODE:") + "\n"
            + wrap("\(ParsedCommandLine.programName) [<options>] [--title T] [--stdout | --output-fd N] --rangebox TEXT HEIGHT WIDTH MIN MAX DEFAULT", width: lineWidth - 2)
                .map { "  " + $0 + "\n" }.joined()
            + "\n" + section(words.tr("DIALOG OPTIONS:"), OptionTable.dialog, words)
    }

    /// `text` wrapped at 80 columns, then a blank line.
    static func paragraph(_ text: String) -> String {
        wrap(text, width: lineWidth).map { $0 + "\n" }.joined() + "\n"
    }

    /// Label column width, as swift-argument-parser: labels padded to 26 columns.
    static let labelWidth = 26
    static let lineWidth = 80

    /// A titled group of options: each one's synopsis, then its help line and default in the
    /// language of `words`.
    static func section(_ title: String, _ specs: [OptionSpec], _ words: Messages = .english) -> String {
        var out = "\(title)\n"
        for spec in specs {
            let label = spec.name == OptionTable.help.name ? "-h, --help" : spec.synopsis
            var help = words.tr(spec.help)
            if let d = spec.defaultText { help += " " + words.tr("(default: {default})", ["default": words.tr(d)]) }
            out += row(label, help)
        }
        return out + "\n"
    }

    /// "  label      help", help wrapped at 80 columns; a label too wide for its column puts the
    /// help on the next line.
    static func row(_ label: String, _ help: String) -> String {
        var out = "  " + label
        let helpWidth = lineWidth - labelWidth
        let lines = wrap(help, width: helpWidth)
        let indent = String(repeating: " ", count: labelWidth)
        if out.count + 2 > labelWidth {
            out += "\n"
            for line in lines { out += indent + line + "\n" }
        } else {
            out += String(repeating: " ", count: labelWidth - out.count)
            for (i, line) in lines.enumerated() { out += (i == 0 ? "" : indent) + line + "\n" }
        }
        return out
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.isEmpty ? [""] : lines
    }

    static func results(plain: String, json: String, _ words: Messages) -> String {
        var out = words.tr("RESULT:") + "\n"
        let prose = words.tr("On Enter: {result} on one line of stdout, plain numbers ('.' decimal point, no grouping, as many fraction digits as shown). With --json, one object:",
                             ["result": "'\(plain)'"])
        for line in wrap(prose, width: lineWidth - 2) { out += "  " + line + "\n" }
        out += "  " + json + "\n\n"
        out += words.tr("EXIT STATUS:") + "\n"
        out += row("0", words.tr("Accepted; the result is on stdout."))
        out += row("1", words.tr("Cancelled with Escape or q; nothing on stdout."))
        out += row("2", words.tr("Bad usage; one line on stderr."))
        out += row("3", words.tr("--speech on or --braille on, and the server cannot be reached."))
        out += row("4", words.tr("The terminal could not be set up; one line on stderr."))
        out += row("124", words.tr("--timeout: the control was left untouched; nothing on stdout."))
        out += row("130", words.tr("Interrupted (Ctrl-C)."))
        out += row("255", words.tr("--rangebox: Escape (DIALOG_ESC; 0 and 1 follow DIALOG_OK and DIALOG_CANCEL)."))
        return out
    }
}
