import Testing
@testable import A11yControls
@testable import A11yDevices
@testable import A11yFormatting
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
@testable import DemoCommandLine
@testable import A11yOptions

/// Random and malformed argument vectors: the parser never traps, and the outcome is either a
/// valid invocation (whose controls hold their invariants) or exactly one line without control
/// characters.
@Suite("CLI fuzz: never crash, one clean line or a valid invocation")
struct CommandLineFuzzTests {
    static let names: [String] = {
        let all = OptionTable.range + OptionTable.stepper + OptionTable.common + OptionTable.visual
        return Array(Set(all.map(\.name))).sorted() + ["--help", "-h", "--version", "--", "-", "--=", "--min=", "---min", "-5"]
    }()

    static let values: [String] = [
        "0", "1", "-1", "5", "10", "90", "100", "-0", "0.5", "1e3", "-1e-3", "1e400", "-1e400", "1e308", "-1e308",
        "nan", "NaN", "inf", "-infinity", "0x1F", "1_000", "1,5", "", " ", "  7 ", "abc", "on", "off", "auto", "terse",
        "high-contrast", "32", "38;5;208", "1;\u{1B}[2J", "#", "ab", "\u{301}", "female1", "child_male", "en", "pt-BR",
        "\u{1B}[31m", "\u{7}", "a\nb", "\r", "\u{0}", "\u{9B}1m", "\u{202E}rtl", "\u{2028}", "\u{FEFF}",
        "decimal:2", "percent", "currency:EUR", "unit:°C:1", "names:a,b=bee,c", "names:\u{1B}", "plugin:/nope.so",
        "/ok/one-digit.so", "/nonexistent.so", "range", "stepper", "help", "rnage",
        String(repeating: "x", count: 10_000), String(repeating: "9", count: 400), "-" + String(repeating: "9", count: 400),
        String(repeating: "é", count: 250), "👩‍👩‍👧", "0." + String(repeating: "0", count: 500) + "1",
    ]

    static func randomArgument(_ g: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<10, using: &g) {
        case 0...3: return names.randomElement(using: &g)!
        case 4...6: return values.randomElement(using: &g)!
        case 7: return names.randomElement(using: &g)! + "=" + values.randomElement(using: &g)!
        case 8: return ["range", "stepper", "help"].randomElement(using: &g)!
        default:
            // Random scalars, including controls, surrogates excluded by construction.
            let count = Int.random(in: 0...12, using: &g)
            var s = String.UnicodeScalarView()
            for _ in 0..<count {
                let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x9F, 0xA0...0x2FF, 0x2000...0x206F, 0x1F300...0x1F64F]
                let r = ranges.randomElement(using: &g)!
                if let scalar = Unicode.Scalar(UInt32.random(in: r, using: &g)) { s.append(scalar) }
            }
            return String(s)
        }
    }

    static func check(_ arguments: [String]) {
        switch parseCLI(arguments) {
        case .failure(let error):
            let line = error.message
            #expect(line.hasPrefix("Error: "), "\(arguments)")
            #expect(!CLIText.hasControlCharacters(line), "\(arguments)")
            #expect(error.exitCode == 2)
            // Echoed text is cut, so even 10,000-character arguments give a short line.
            #expect(line.count < 600, "\(arguments)")
        case .success(let parsed):
            switch parsed.invocation {
            case .range(let r):
                let s = r.slider
                #expect(s.bounds.contains(s.selectedMinimum) && s.bounds.contains(s.selectedMaximum))
                #expect(s.selectedMinimum <= s.selectedMaximum)
                #expect(!CLIText.hasControlCharacters(r.label))
                _ = ResultFormatter(json: true).line(for: .range(s))
            case .stepper(let st):
                #expect(st.stepper.bounds.contains(st.stepper.value))
                #expect(!CLIText.hasControlCharacters(st.configuration.label))
                _ = ResultFormatter().line(for: .stepper(st.stepper))
            case .help(let topic):
                #expect(!DemoHelp.text(for: topic).isEmpty)
            case .rangebox(let box):
                #expect(box.range.slider.bounds.contains(box.range.slider.selectedMaximum))
                #expect(!CLIText.hasControlCharacters(box.range.label))
            case .showcase, .version, .diagnose:
                break
            }
        }
    }

    @Test("10,000 seeded random argument vectors", arguments: 0..<10)
    func random(_ seed: UInt64) {
        var g = SeededGenerator(seed: 0xA11C_0000 + seed)
        for _ in 0..<1_000 {
            let prefix: [String] = Bool.random(using: &g) ? [["range", "stepper"].randomElement(using: &g)!] : []
            let count = Int.random(in: 0...8, using: &g)
            Self.check(prefix + (0..<count).map { _ in Self.randomArgument(&g) })
        }
    }

    @Test("every option with every value, after each subcommand")
    func table() {
        for subcommand in [[], ["range"], ["stepper"]] {
            for name in Self.names {
                Self.check(subcommand + [name])
                for value in Self.values {
                    Self.check(subcommand + [name, value])
                    Self.check(subcommand + [name + "=" + value])
                }
            }
        }
    }

    @Test("every message escapes control characters in the user's text")
    func escaping() {
        #expect(CLIText.quoted("a\u{1B}b\u{9B}c\u{0}d\u{2028}") == "'a\\eb\\x9Bc\\x00d\\u{2028}'")
        #expect(CLIText.quoted(String(repeating: "z", count: 61)) == "'" + String(repeating: "z", count: 60) + "…'")
        #expect(CLIText.quoted(String(repeating: "z", count: 60)) == "'" + String(repeating: "z", count: 60) + "'")
    }
}
