import A11yControls
import A11yOptions
/// The help texts of `a11y-demo`, in swift-argument-parser's layout: OVERVIEW, USAGE, option
/// groups with "(default: …)", SUBCOMMANDS, then exit statuses. Built from `OptionTable`, so
/// help and parsing never disagree. Lines are at most 80 columns; printed on stdout, exit 0.
public enum DemoHelp {
    /// The full help text for `topic`, ending with a newline.
    public static func text(for topic: HelpTopic) -> String {
        var out = ""
        let program = ParsedCommandLine.programName
        switch topic {
        case .general:
            out += "OVERVIEW: Accessible terminal controls: a range slider and a stepper, spoken\n"
            out += "through speech-dispatcher, shown on a braille display and drawn on the terminal.\n\n"
            out += "Without a subcommand, shows a range slider and a stepper in one screen.\n"
            out += "Enter accepts and prints the values; Escape or q cancels.\n\n"
            out += "USAGE: \(program) [<options>] [<subcommand>]\n\n"
            out += section("OPTIONS", OptionTable.common + [OptionTable.help, OptionTable.version])
            out += section("SCRIPT OPTIONS", OptionTable.scripting)
            out += section("VISUAL OPTIONS", OptionTable.visual)
            out += dialogMode()
            out += "SUBCOMMANDS:\n"
            out += row("range", "A range slider with two handles (or one, with --single).")
            out += row("stepper", "A stepper: a value changed up and down by a step.")
            out += row("help", "Show subcommand help information.")
            out += "\n  See '\(program) help <subcommand>' for detailed help.\n\n"
            out += results(plain: "LOWER UPPER VALUE", json: #"{"control":"showcase","range":{"lower":10,"upper":90},"stepper":{"value":1}}"#)
        case .range:
            out += subcommand("range", overview: "A range slider: choose a lower and an upper value.",
                              prints: "'LOWER UPPER' (with --single: 'VALUE')", options: ("RANGE OPTIONS", OptionTable.range))
            out += results(plain: "LOWER UPPER", json: #"{"control":"range","lower":10,"upper":90}"#)
        case .stepper:
            out += subcommand("stepper", overview: "A stepper: change a value up and down by a step.",
                              prints: "'VALUE'", options: ("STEPPER OPTIONS", OptionTable.stepper))
            out += results(plain: "VALUE", json: #"{"control":"stepper","value":1}"#)
        }
        return out
    }

    /// A subcommand's overview, usage and option groups: its own options first, then the common ones.
    static func subcommand(_ name: String, overview: String, prints: String, options: (title: String, specs: [OptionSpec])) -> String {
        "OVERVIEW: \(overview)\n\n"
            + "Prints \(prints) on stdout when Enter accepts.\n\n"
            + "USAGE: \(ParsedCommandLine.programName) \(name) [<options>]\n\n"
            + section(options.title, options.specs)
            + section("OPTIONS", OptionTable.common + [OptionTable.help, OptionTable.version])
            + section("SCRIPT OPTIONS", OptionTable.scripting)
            + section("VISUAL OPTIONS", OptionTable.visual)
    }

    /// dialog's rangebox, as scripts written for dialog call it.
    static func dialogMode() -> String {
        "DIALOG MODE:\n"
            + wrap("\(ParsedCommandLine.programName) [<options>] [--title T] [--stdout | --output-fd N] --rangebox TEXT HEIGHT WIDTH MIN MAX DEFAULT", width: lineWidth - 2)
                .map { "  " + $0 + "\n" }.joined()
            + "\n" + section("DIALOG OPTIONS", OptionTable.dialog)
    }

    /// Label column width, as swift-argument-parser: labels padded to 26 columns.
    static let labelWidth = 26
    static let lineWidth = 80

    static func section(_ title: String, _ specs: [OptionSpec]) -> String {
        var out = "\(title):\n"
        for spec in specs {
            let label = spec.name == OptionTable.help.name ? "-h, --help" : spec.synopsis
            var help = spec.help
            if let d = spec.defaultText { help += " (default: \(d))" }
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

    static func results(plain: String, json: String) -> String {
        var out = "RESULT:\n"
        let prose = "On Enter: '\(plain)' on one line of stdout, plain numbers ('.' decimal point, "
            + "no grouping, as many fraction digits as shown). With --json, one object:"
        for line in wrap(prose, width: lineWidth - 2) { out += "  " + line + "\n" }
        out += "  " + json + "\n\n"
        out += "EXIT STATUS:\n"
        out += row("0", "Accepted; the result is on stdout.")
        out += row("1", "Cancelled with Escape or q; nothing on stdout.")
        out += row("2", "Bad usage; one line on stderr.")
        out += row("3", "--speech on or --braille on, and the server cannot be reached.")
        out += row("124", "--timeout: the control was left untouched; nothing on stdout.")
        out += row("130", "Interrupted (Ctrl-C).")
        out += row("255", "--rangebox: Escape (DIALOG_ESC; 0 and 1 follow DIALOG_OK and DIALOG_CANCEL).")
        return out
    }
}
