import Testing
@testable import A11yControls
@testable import A11yDevices
@testable import A11yFormatting
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
@testable import A11yOptions

/// Bad command lines: each gives exit status 2 and exactly this one line on stderr.
@Suite("CLI usage errors: golden one-line messages")
struct CommandLineErrorGoldenTests {
    static let cases: [(arguments: [String], line: String)] = [
        (["range", "--mn", "5"], "Error: Unknown option '--mn'. Did you mean '--min'?"),
        (["range", "--colour"], "Error: Unknown option '--colour'"),
        (["-x"], "Error: Unknown option '-x'"),
        (["-min", "5"], "Error: Unknown option '-min'. Did you mean '--min'?"),
        (["range", "--min"], "Error: Missing value for '--min <n>'"),
        (["range", "--label", "--single"], "Error: Missing value for '--label <text>'"),
        (["range", "--min", "abc"], "Error: The value 'abc' is invalid for '--min <n>': not a number"),
        (["range", "--min", ""], "Error: The value '' is invalid for '--min <n>': not a number"),
        (["range", "--min", "0x10"], "Error: The value '0x10' is invalid for '--min <n>': not a number"),
        (["range", "--min", "0,5"], "Error: The value '0,5' is invalid for '--min <n>': not a number (write the decimal point as '.')"),
        (["range", "--max=nan"], "Error: The value 'nan' is invalid for '--max <n>': not a finite number"),
        (["range", "--max", "-inf"], "Error: The value '-inf' is invalid for '--max <n>': not a finite number"),
        (["range", "--max", "1e400"], "Error: The value '1e400' is invalid for '--max <n>': not a finite number"),
        (["range", "--min", "50", "--max", "10"], "Error: '--min' '50' must be less than '--max' '10'"),
        (["stepper", "--min", "7", "--max", "7"], "Error: '--min' '7' must be less than '--max' '7'"),
        (["range", "--min", "-1e308", "--max", "1e308"], "Error: The range from '--min' '-1e308' to '--max' '1e308' is too large"),
        (["range", "--step", "0"], "Error: The value '0' is invalid for '--step <n>': must be greater than 0"),
        (["stepper", "--step=-1"], "Error: The value '-1' is invalid for '--step <n>': must be greater than 0"),
        (["range", "--step", "200"], "Error: '--step' '200' is larger than the range '100' ('--max' minus '--min')"),
        (["stepper", "--max", "2", "--step", "5"], "Error: '--step' '5' is larger than the range '1' ('--max' minus '--min')"),
        (["stepper", "--max", "1e308"], "Error: '--step' '1' cuts the range '1e+308' into more than 1000000000000 steps"),
        (["range", "--max", "1e13", "--step", "0.5"], "Error: '--step' '0.5' cuts the range '10000000000000' into more than 1000000000000 steps"),
        (["range", "--lower", "150"], "Error: '--lower' '150' is outside the range '0' to '100' ('--min' to '--max')"),
        (["stepper", "--value", "100"], "Error: '--value' '100' is outside the range '1' to '99' ('--min' to '--max')"),
        (["range", "--single", "--value", "-3"], "Error: '--value' '-3' is outside the range '0' to '100' ('--min' to '--max')"),
        (["range", "--lower", "95", "--upper", "90"], "Error: '--lower' '95' is above '--upper' '90'"),
        (["range", "--lower", "40", "--upper", "45", "--min-distance", "10"],
         "Error: '--lower' and '--upper' are '5' apart, less than '--min-distance' '10'"),
        (["range", "--lower", "10", "--upper", "90", "--max-distance", "50"],
         "Error: '--lower' and '--upper' are '80' apart, more than '--max-distance' '50'"),
        (["range", "--min-distance", "20", "--max-distance", "10"], "Error: '--max-distance' '10' is less than '--min-distance' '20'"),
        (["range", "--min-distance", "-1"], "Error: The value '-1' is invalid for '--min-distance <n>': must not be negative"),
        (["range", "--step", "10", "--min-distance", "1", "--max-distance", "9"],
         "Error: Invalid '--max-distance': cannot hold: no two values on the step grid are between --min-distance and --max-distance apart"),
        (["stepper", "--autorepeat-interval", "0"], "Error: The value '0' is invalid for '--autorepeat-interval <seconds>': must be greater than 0"),
        (["stepper", "--autorepeat-interval", "-0.5"], "Error: The value '-0.5' is invalid for '--autorepeat-interval <seconds>': must be greater than 0"),
        (["stepper", "--autorepeat-delay", "-1"], "Error: The value '-1' is invalid for '--autorepeat-delay <seconds>': must not be negative"),
        (["stepper", "--no-autorepeat", "--autorepeat-delay", "1"], "Error: '--autorepeat-delay' cannot be used with '--no-autorepeat'"),
        (["range", "--format", "bogus"],
         "Error: The value 'bogus' is invalid for '--format <spec>': unknown format 'bogus'; expected decimal, integer, percent, currency:CODE, unit:SYMBOL, duration, names:A,B,…, none or plugin:PATH"),
        (["stepper", "--format", "decimal:12"],
         "Error: The value 'decimal:12' is invalid for '--format <spec>': fraction digits must be a number from 0 to 9, got '12'"),
        (["range", "--format-plugin", "/nope/x.so"], "Error: The value '/nope/x.so' is invalid for '--format-plugin <path>': no such plugin file"),
        (["stepper", "--format", "plugin:/nope/y.so"], "Error: The value 'plugin:/nope/y.so' is invalid for '--format <spec>': no such plugin file"),
        (["range", "--format", "integer", "--format-plugin", "/ok/one-digit.so"], "Error: '--format-plugin' cannot be used with '--format'"),
        (["--speech", "loud"], "Error: The value 'loud' is invalid for '--speech <mode>': expected auto, on or off"),
        (["range", "--braille=yes"], "Error: The value 'yes' is invalid for '--braille <mode>': expected auto, on or off"),
        (["--verbosity", "chatty"], "Error: The value 'chatty' is invalid for '--verbosity <level>': expected terse, normal or verbose"),
        (["--speech-rate", "101"], "Error: The value '101' is invalid for '--speech-rate <rate>': must be a whole number from -100 to 100"),
        (["--speech-rate", "1.5"], "Error: The value '1.5' is invalid for '--speech-rate <rate>': not a whole number"),
        (["--speech-rate", "99999999999999999999999"],
         "Error: The value '99999999999999999999999' is invalid for '--speech-rate <rate>': must be a whole number from -100 to 100"),
        (["--voice", "robot"],
         "Error: The value 'robot' is invalid for '--voice <voice>': expected male1, male2, male3, female1, female2, female3, child_male or child_female"),
        (["--language", "english!"], "Error: The value 'english!' is invalid for '--language <language>': expected a language code such as 'en', 'de' or 'pt-BR'"),
        (["--keymap", ""], "Error: The value '' is invalid for '--keymap <file>': must not be empty"),
        (["--theme", "dark"], "Error: The value 'dark' is invalid for '--theme <theme>': expected default or high-contrast"),
        (["--tint-color", "red"], "Error: The value 'red' is invalid for '--tint-color <sgr>': expected an SGR colour: digits and semicolons, as in '32' or '38;5;208'"),
        (["--handle-color", "1;\u{1B}[2J"],
         "Error: The value '1;\\e[2J' is invalid for '--handle-color <sgr>': expected an SGR colour: digits and semicolons, as in '32' or '38;5;208'"),
        (["--line-thickness", "4"], "Error: The value '4' is invalid for '--line-thickness <rows>': must be a whole number from 1 to 3"),
        (["--focused-handle-width", "0"], "Error: The value '0' is invalid for '--focused-handle-width <columns>': must be a whole number from 1 to 3"),
        (["--handle-glyph", "ab"], "Error: The value 'ab' is invalid for '--handle-glyph <char>': expected exactly one printable character"),
        (["--handle-glyph", "\t"], "Error: The value '\\t' is invalid for '--handle-glyph <char>': expected exactly one printable character"),
        (["range", "--page-step", "0"], "Error: The value '0' is invalid for '--page-step <count>': must be a whole number from 1 to 1000000"),
        (["--min", "5", "range"], "Error: '--min' is an option of 'range' and 'stepper'; write it after the subcommand"),
        (["range", "--wraps"], "Error: '--wraps' is an option of 'stepper', not of 'range'"),
        (["stepper", "--max-distance=5"], "Error: '--max-distance' is an option of 'range', not of 'stepper'"),
        (["rnage"], "Error: Unknown subcommand 'rnage'; expected 'range', 'stepper' or 'help'. Did you mean 'range'?"),
        (["help", "stepr"], "Error: Unknown subcommand 'stepr'; expected 'range', 'stepper' or 'help'. Did you mean 'stepper'?"),
        (["range", "extra"], "Error: Unexpected argument 'extra'"),
        (["range", "-5"], "Error: Unexpected argument '-5'"),
        (["range", "--single=yes"], "Error: The option '--single' does not take a value, but 'yes' was given"),
        (["range", "--single", "--lower", "5"], "Error: '--lower' cannot be used with '--single'"),
        (["range", "--value", "5"], "Error: '--value' can only be used with '--single'"),
        (["range", "--label", "a\u{1B}[31mred\u{7}"], "Error: The value 'a\\e[31mred\\x07' is invalid for '--label <text>': contains control characters"),
        (["stepper", "--label", "line one\nline two"], "Error: The value 'line one\\nline two' is invalid for '--label <text>': contains control characters"),
        (["range", "--upper-label", "evil\u{202E}txt"], "Error: The value 'evil\\u{202E}txt' is invalid for '--upper-label <text>': contains control characters"),
        (["range", "--label", String(repeating: "a", count: 300)],
         "Error: The value '" + String(repeating: "a", count: 60) + "…' is invalid for '--label <text>': longer than 200 characters"),
        (["range", "--\u{1B}]0;pwned\u{7}"], "Error: Unknown option '--\\e]0;pwned\\x07'"),
    ]

    @Test("enough distinct bad inputs")
    func coverage() {
        #expect(Self.cases.count >= 25)
        #expect(Set(Self.cases.map(\.line)).count == Self.cases.count)
    }

    @Test(arguments: 0..<cases.count)
    func golden(_ index: Int) {
        let (arguments, line) = Self.cases[index]
        switch parseCLI(arguments) {
        case .success(let parsed):
            Issue.record("\(arguments) parsed as \(parsed.invocation)")
        case .failure(let error):
            #expect(error.message == line, "\(arguments)")
            #expect(error.exitCode == 2)
            #expect(error.exitStatus == .usage)
            #expect(!error.message.contains("\n"))
            #expect(!CLIText.hasControlCharacters(error.message))
        }
    }
}
