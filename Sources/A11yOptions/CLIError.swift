import A11yControls
/// Why an `a11y-demo` command line cannot be run. Every case carries the user's own text; the
/// wording lives in one place, `message`, which is always ONE line (screen readers read it whole).
///
/// The user's text is quoted as given, with control characters shown as escapes (`\e`, `\n`,
/// `\u{202E}`) and cut after 60 characters, so nothing the user typed can break the line or drive
/// the terminal. Options are named in their synopsis form, e.g. `'--min <n>'`.
package enum CLIError: Error, Sendable, Equatable {
    /// An option no table knows, with the closest known name when it is close enough.
    case unknownOption(String, suggestion: String?)
    /// A word where a subcommand (range, stepper, help) was expected.
    case unknownSubcommand(String, suggestion: String?)
    /// A word after the subcommand, or after `help <topic>`.
    case unexpectedArgument(String)
    /// A known option in the wrong place: it belongs to `subcommands` and was given to `given`
    /// (nil: before any subcommand).
    case optionNotHere(option: String, belongsTo: [String], given: String?)
    /// An option that takes a value came last, or before another `--option`.
    case missingValue(option: String)
    /// `--flag=value` for an option that takes no value.
    case unexpectedValue(option: String, value: String)
    /// A value that cannot be used for `option`, and why.
    case invalidValue(option: String, value: String, reason: InvalidValueReason)
    /// `--min` is not below `--max` (both as the user wrote them, or as the defaults read).
    case minimumNotBelowMaximum(minimum: String, maximum: String)
    /// `--max` minus `--min` overflows.
    case rangeTooLarge(minimum: String, maximum: String)
    /// A value outside `[--min, --max]`.
    case outsideRange(option: String, value: String, minimum: String, maximum: String)
    /// `--step` (or a distance) larger than the whole range.
    case largerThanRange(option: String, value: String, range: String)
    /// `--step` cuts the range into more than `ParsedCommandLine.maximumStepCount` steps.
    case tooManySteps(step: String, range: String)
    /// `--lower` above `--upper`.
    case lowerAboveUpper(lower: String, upper: String)
    /// The handles given explicitly are closer than `--min-distance`.
    case handlesTooClose(distance: String, minimumDistance: String)
    /// The handles given explicitly are farther apart than `--max-distance`.
    case handlesTooFar(distance: String, maximumDistance: String)
    /// `--max-distance` below `--min-distance`.
    case maximumDistanceBelowMinimum(maximum: String, minimum: String)
    /// Two options that exclude each other.
    case conflict(option: String, other: String)
    /// `option` only makes sense together with `required`.
    case requires(option: String, required: String)
    /// A rule of the model that no check above caught (ConfigurationError), named by option.
    case invalidConfiguration(option: String, problem: String)
    /// A bad preferences file (line nil: the file as a whole), and what is wrong.
    case preferences(file: String, line: Int?, problem: String)

    /// Why a value is refused.
    package enum InvalidValueReason: Sendable, Equatable {
        case notANumber
        /// "1,5": a number with a decimal comma.
        case decimalComma
        /// NaN, infinity, or too large for a Double (1e400).
        case notFinite
        case notWholeNumber
        /// Must be > 0.
        case notPositive
        /// Must be >= 0.
        case negative
        /// A whole number outside `lower...upper`.
        case outOfRange(lower: Int, upper: Int)
        /// Not one of the words.
        case notAChoice([String])
        /// Not digits and semicolons.
        case notSGR
        case notOneCharacter
        case controlCharacters
        case tooLong(maximum: Int)
        /// Larger than the largest value allowed.
        case tooLarge(maximum: String)
        case empty
        case notALanguageTag
        /// FormatterSpec.parse's explanation.
        case format(String)
        /// The plugin loader's explanation.
        case plugin(String)
    }

    /// `ExitStatus.usage` (2) for every case.
    package var exitStatus: ExitStatus { .usage }
    /// The process exit code: 2.
    package var exitCode: Int32 { exitStatus.rawValue }

    /// The whole line for stderr, without the newline: "Error: …" (in English).
    package var message: String { message(in: .english) }

    /// The whole line for stderr in the language of `words` ("Fehler: …"): the wording is the
    /// catalogs' (each text below is a msgid, its `{placeholders}` filled in), the user's own text
    /// and the option names as given.
    package func message(in words: Messages) -> String {
        let text: String
        func q(_ s: String) -> String { CLIText.quoted(s) }
        func o(_ s: String) -> String { "'" + OptionTable.synopsis(of: s) + "'" }
        func n(_ s: String) -> String { "'" + s + "'" }
        func didYouMean(_ suggestion: String?) -> String {
            suggestion.map { words.tr(". Did you mean {suggestion}?", ["suggestion": n($0)]) } ?? ""
        }
        switch self {
        case .unknownOption(let name, let suggestion):
            text = words.tr("Unknown option {option}", ["option": q(name)]) + didYouMean(suggestion)
        case .unknownSubcommand(let word, let suggestion):
            text = words.tr("Unknown subcommand {word}; expected {subcommands}",
                            ["word": q(word), "subcommands": CLIText.list(["'range'", "'stepper'", "'help'"], conjunction: words.tr("or"))])
                + didYouMean(suggestion)
        case .unexpectedArgument(let word):
            text = words.tr("Unexpected argument {word}", ["word": q(word)])
        case .optionNotHere(let option, let subcommands, let given):
            let owners = CLIText.list(subcommands.map { "'\($0)'" }, conjunction: words.tr("and"))
            if let given {
                text = words.tr("{option} is an option of {subcommands}, not of {given}",
                                ["option": n(option), "subcommands": owners, "given": n(given)])
            } else {
                text = words.tr("{option} is an option of {subcommands}; write it after the subcommand",
                                ["option": n(option), "subcommands": owners])
            }
        case .missingValue(let option):
            text = words.tr("Missing value for {option}", ["option": o(option)])
        case .unexpectedValue(let option, let value):
            text = words.tr("The option {option} does not take a value, but {value} was given", ["option": n(option), "value": q(value)])
        case .invalidValue(let option, let value, let reason):
            text = words.tr("The value {value} is invalid for {option}: {reason}",
                            ["value": q(value), "option": o(option), "reason": reason.text(in: words)])
        case .minimumNotBelowMaximum(let minimum, let maximum):
            text = words.tr("'--min' {minimum} must be less than '--max' {maximum}", ["minimum": q(minimum), "maximum": q(maximum)])
        case .rangeTooLarge(let minimum, let maximum):
            text = words.tr("The range from '--min' {minimum} to '--max' {maximum} is too large", ["minimum": q(minimum), "maximum": q(maximum)])
        case .outsideRange(let option, let value, let minimum, let maximum):
            text = words.tr("{option} {value} is outside the range {minimum} to {maximum} ('--min' to '--max')",
                            ["option": n(option), "value": q(value), "minimum": q(minimum), "maximum": q(maximum)])
        case .largerThanRange(let option, let value, let range):
            text = words.tr("{option} {value} is larger than the range {range} ('--max' minus '--min')",
                            ["option": n(option), "value": q(value), "range": q(range)])
        case .tooManySteps(let step, let range):
            text = words.tr("'--step' {step} cuts the range {range} into more than {count} steps",
                            ["step": q(step), "range": q(range), "count": String(ParsedCommandLine.maximumStepCount)])
        case .lowerAboveUpper(let lower, let upper):
            text = words.tr("'--lower' {lower} is above '--upper' {upper}", ["lower": q(lower), "upper": q(upper)])
        case .handlesTooClose(let distance, let minimumDistance):
            text = words.tr("'--lower' and '--upper' are {distance} apart, less than '--min-distance' {minimum}",
                            ["distance": q(distance), "minimum": q(minimumDistance)])
        case .handlesTooFar(let distance, let maximumDistance):
            text = words.tr("'--lower' and '--upper' are {distance} apart, more than '--max-distance' {maximum}",
                            ["distance": q(distance), "maximum": q(maximumDistance)])
        case .maximumDistanceBelowMinimum(let maximum, let minimum):
            text = words.tr("'--max-distance' {maximum} is less than '--min-distance' {minimum}", ["maximum": q(maximum), "minimum": q(minimum)])
        case .conflict(let option, let other):
            text = words.tr("{option} cannot be used with {other}", ["option": n(option), "other": n(other)])
        case .requires(let option, let required):
            text = words.tr("{option} can only be used with {required}", ["option": n(option), "required": n(required)])
        case .invalidConfiguration(let option, let problem):
            text = words.tr("Invalid {option}: {problem}", ["option": n(option), "problem": CLIText.escaped(problem, limit: 160)])
        case .preferences(let file, let line, let problem):
            text = CLIText.escaped(file, limit: 200) + (line.map { ":\($0)" } ?? "") + ": " + problem
        }
        // Belt and braces: whatever a case (or a catalog) forgot, the line never holds a control
        // character.
        return CLIText.escaped(words.tr("Error: {problem}", ["problem": text]), limit: .max)
    }
}

extension CLIError {
    /// The message without its "Error: " prefix.
    package var problem: String { String(message.dropFirst("Error: ".count)) }
}

extension CLIError: CustomStringConvertible {
    package var description: String { message }
}

extension CLIError.InvalidValueReason {
    /// The reason as a sentence fragment, in English.
    var text: String { text(in: .english) }

    /// The reason as a sentence fragment in the language of `words`.
    func text(in words: Messages) -> String {
        switch self {
        case .notANumber: return words.tr("not a number")
        case .decimalComma: return words.tr("not a number (write the decimal point as '.')")
        case .notFinite: return words.tr("not a finite number")
        case .notWholeNumber: return words.tr("not a whole number")
        case .notPositive: return words.tr("must be greater than 0")
        case .negative: return words.tr("must not be negative")
        case .outOfRange(let lower, let upper):
            return words.tr("must be a whole number from {lower} to {upper}", ["lower": String(lower), "upper": String(upper)])
        case .notAChoice(let choices): return words.tr("expected {choices}", ["choices": CLIText.list(choices, conjunction: words.tr("or"))])
        case .notSGR: return words.tr("expected an SGR colour: digits and semicolons, as in '32' or '38;5;208'")
        case .notOneCharacter: return words.tr("expected exactly one printable character")
        case .controlCharacters: return words.tr("contains control characters")
        case .tooLong(let maximum):
            return words.trPlural("longer than {maximum} character", "longer than {maximum} characters", count: maximum,
                                  ["maximum": String(maximum)])
        case .tooLarge(let maximum): return words.tr("must be at most {maximum}", ["maximum": maximum])
        case .empty: return words.tr("must not be empty")
        case .notALanguageTag: return words.tr("expected a language code such as 'en', 'de' or 'pt-BR'")
        case .format(let message): return CLIText.escaped(message, limit: 160)
        case .plugin(let message): return CLIText.escaped(message, limit: 160)
        }
    }
}

/// Text helpers for one-line messages.
enum CLIText {
    /// The longest user text echoed, in characters; longer text ends with "…".
    static let echoLimit = 60

    /// `text` in single quotes, escaped and cut after `echoLimit` characters.
    static func quoted(_ text: String) -> String {
        "'" + escaped(text, limit: echoLimit) + "'"
    }

    /// `text` with every control character (C0, DEL, C1), line or paragraph separator and
    /// bidirectional control written as a visible escape, cut after `limit` characters.
    static func escaped(_ text: String, limit: Int) -> String {
        var out = ""
        var count = 0
        for character in text {
            if count >= limit { return out + "…" }
            count += 1
            for scalar in character.unicodeScalars {
                switch scalar.value {
                case 0x1B: out += "\\e"
                case 0x0A: out += "\\n"
                case 0x0D: out += "\\r"
                case 0x09: out += "\\t"
                case _ where scalar.isControlCharacter:
                    out += "\\x" + hex(scalar.value, width: 2)
                case _ where scalar.isUnsafeInText:
                    out += "\\u{" + hex(scalar.value, width: 4) + "}"
                default:
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// True when `text` holds a character `escaped` would rewrite (an unsafe code point,
    /// `Unicode.Scalar.isUnsafeInText`).
    static func hasControlCharacters(_ text: String) -> Bool {
        text.containsUnsafeCodePoints
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// "a", "a or b", "a, b or c".
    static func list(_ items: [String], conjunction: String) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
        }
    }

    /// Levenshtein distance, for "Did you mean". Inputs longer than 64 characters give a large distance.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.count > 64 || y.count > 64 { return Int.max / 2 }
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = Array(repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// The candidate closest to `word`, if at most 2 edits away (and fewer edits than its length).
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        var best: (String, Int)? = nil
        for candidate in candidates {
            let d = editDistance(word, candidate)
            if d <= 2, d < max(candidate.count - 2, 1), best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
        }
        return best?.0
    }
}
