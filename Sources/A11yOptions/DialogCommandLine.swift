import A11yControls
/// Where dialog mode writes the value.
package enum DialogOutput: Sendable, Equatable {
    /// dialog's default: standard error.
    case standardError
    /// `--stdout`.
    case standardOutput
    /// `--output-fd N`.
    case fileDescriptor(Int32)
}

/// `a11y-demo [<options>] [--title T] [--stdout | --output-fd N] --rangebox TEXT HEIGHT WIDTH MIN MAX DEFAULT`:
/// a one-handle slider from MIN to MAX in whole steps, started at DEFAULT, run as dialog's
/// rangebox is for a script.
package struct RangeboxInvocation: Sendable, Equatable {
    /// The slider to run (`--single`, step 1), labelled with the title and the text.
    package var range: RangeInvocation
    /// Where the value goes.
    package var output: DialogOutput
    /// The exit status on Enter: DIALOG_OK, default 0.
    package var okStatus: Int32 = 0
    /// On `q` (and the end of scripted input): DIALOG_CANCEL, default 1.
    package var cancelStatus: Int32 = 1
    /// On Escape: DIALOG_ESC, default 255.
    package var escapeStatus: Int32 = 255
    /// HEIGHT and WIDTH as given (the control takes the terminal's width; they are checked only).
    package var height: Int, width: Int
}

/// Parses dialog mode. The dialog options may stand anywhere before `--rangebox`; a11y-demo's
/// common options too; nothing may follow the six arguments of `--rangebox`.
enum DialogCommandLine {
    /// True when `arguments` ask for dialog mode.
    static func isDialogMode(_ arguments: [String]) -> Bool {
        arguments.contains { $0 == "--rangebox" || $0.hasPrefix("--rangebox=") }
    }

    static func parse(_ arguments: [String], environment: [String: String],
                      commonOptions: (OptionValues) throws(CLIError) -> CommonOptions) throws(CLIError) -> ParsedCommandLine {
        var rest: [String] = []
        var dialog = OptionValues([])
        var box: [String]? = nil
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            let name = String(argument.prefix { $0 != "=" })
            guard let spec = OptionTable.dialog.first(where: { $0.name == name }), box == nil else {
                if box != nil { throw .unexpectedArgument(argument) }
                rest.append(argument)
                continue
            }
            var values: [String] = []
            if argument != name {
                guard spec.takesValue else { throw .unexpectedValue(option: name, value: String(argument.dropFirst(name.count + 1))) }
                values.append(String(argument.dropFirst(name.count + 1)))
            }
            while values.count < spec.valueNames.count {
                // The text of a rangebox may be anything, even "--x"; other values may not start with "--".
                guard i < arguments.count, name == "--rangebox" || !arguments[i].hasPrefix("--") else {
                    throw .missingValue(option: name)
                }
                values.append(arguments[i])
                i += 1
            }
            if name == "--rangebox" { box = values } else { dialog = OptionValues(dialog.occurrences + [(name, values.first)]) }
        }
        guard let box else { throw .missingValue(option: "--rangebox") }
        let scan = Scan(rest)
        if let error = scan.firstError { throw error }
        if let subcommand = scan.subcommand { throw .conflict(option: "--rangebox", other: subcommand.rawValue) }
        let options = try commonOptions(OptionValues(scan.occurrences))
        return ParsedCommandLine(invocation: .rangebox(try rangebox(box, dialog, environment: environment)), options: options)
    }

    private static func rangebox(_ box: [String], _ dialog: OptionValues, environment: [String: String]) throws(CLIError) -> RangeboxInvocation {
        let option = "--rangebox"
        let height = try ValueParsing.integer(box[1], option: option, in: -1...10_000)
        let width = try ValueParsing.integer(box[2], option: option, in: -1...10_000)
        let bounds = -1_000_000_000...1_000_000_000
        let minimum = try ValueParsing.integer(box[3], option: option, in: bounds)
        let maximum = try ValueParsing.integer(box[4], option: option, in: bounds)
        let start = try ValueParsing.integer(box[5], option: option, in: bounds)
        guard minimum < maximum else {
            throw .invalidConfiguration(option: option, problem: "MIN \(minimum) must be less than MAX \(maximum)")
        }
        guard (minimum...maximum).contains(start) else {
            throw .invalidConfiguration(option: option, problem: "DEFAULT \(start) is outside MIN \(minimum) to MAX \(maximum)")
        }
        let text = oneLine(box[0])
        let title = dialog.text("--title").map(oneLine) ?? ""
        let label = try ValueParsing.label(String([title, text].filter { !$0.isEmpty }.joined(separator: ": ").prefix(TextSanitizer.maximumLength)),
                                           option: option)
        let values = OptionValues([("--single", nil), ("--min", String(minimum)), ("--max", String(maximum)),
                                   ("--value", String(start)), ("--step", "1"), ("--label", label.isEmpty ? "value" : label),
                                   ("--upper-label", "value")])
        let range = try RangeBuilder.build(values, loadPlugin: { _ in DecimalFormatter() })
        let stdout = dialog.flag("--stdout"), fd = dialog.text("--output-fd")
        if stdout && fd != nil { throw .conflict(option: "--stdout", other: "--output-fd") }
        var output = DialogOutput.standardError
        if stdout { output = .standardOutput }
        if let fd { output = .fileDescriptor(Int32(try ValueParsing.integer(fd, option: "--output-fd", in: 0...65_535))) }
        var invocation = RangeboxInvocation(range: range, output: output, height: height, width: width)
        if let t = environment["DIALOG_OK"] { invocation.okStatus = try status(t, "DIALOG_OK") }
        if let t = environment["DIALOG_CANCEL"] { invocation.cancelStatus = try status(t, "DIALOG_CANCEL") }
        if let t = environment["DIALOG_ESC"] { invocation.escapeStatus = try status(t, "DIALOG_ESC") }
        return invocation
    }

    private static func status(_ text: String, _ variable: String) throws(CLIError) -> Int32 {
        Int32(try ValueParsing.integer(text, option: variable, in: 0...255))
    }

    /// dialog's text on one line: its "\n" escapes, newlines and tabs become spaces; runs of
    /// spaces collapse.
    private static func oneLine(_ text: String) -> String {
        text.replacing("\\n", with: " ").split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .joined(separator: " ")
    }
}
