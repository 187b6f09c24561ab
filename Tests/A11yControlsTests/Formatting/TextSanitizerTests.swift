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

@Suite("Untrusted text is made safe")
struct TextSanitizerTests {
    func clean(_ bytes: [UInt8]) -> String { TextSanitizer.sanitize(bytes).text }
    func clean(_ s: String) -> String { clean(Array(s.utf8)) }

    @Test func plainTextPassesUnchanged() {
        let r = TextSanitizer.sanitize(Array("C♯4 is fine".utf8))
        #expect(r.text == "C♯4 is fine" && !r.altered)
    }

    @Test func escapeSequencesAreRemovedWhole() {
        #expect(clean("\u{1B}[31mred\u{1B}[0m") == "red")
        #expect(clean("\u{1B}]0;title\u{07}x") == "x")
        #expect(clean("\u{1B}]52;c;Zm9v\u{1B}\\y") == "y")
        #expect(clean("\u{1B}Pq#0;2;0;0;0\u{1B}\\z") == "z")
        #expect(clean("a\u{1B}cb") == "ab")
        #expect(clean("\u{9B}2Jgone") == "gone")
        #expect(clean("trailing\u{1B}") == "trailing")
        #expect(clean("\u{1B}[") == "")
    }

    @Test func controlCharactersAreRemovedAndLinesJoined() {
        #expect(clean("one\ntwo\r\nthree\tfour") == "one two three four")
        #expect(clean("bell\u{07}\u{08}\u{7F}\u{85}x") == "bellx")
        #expect(clean("  many    spaces  ") == "many spaces")
        #expect(clean("a\u{0}b") == "ab")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let r = TextSanitizer.sanitize([0x41, 0xFF, 0xC3, 0x28, 0x42])
        #expect(r.altered)
        #expect(r.text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count >= 2)
        #expect(r.text.hasPrefix("A") && r.text.hasSuffix("B"))
    }

    @Test func bidiOverridesAreRemoved() {
        #expect(clean("abc\u{202E}def\u{2066}g") == "abcdefg")
        #expect(clean("a\u{200F}b\u{061C}c\u{FEFF}d") == "abcd")
    }

    @Test func lineAndParagraphSeparatorsBecomeSpaces() {
        #expect(clean("one\u{2028}two\u{2029}three") == "one two three")
    }

    @Test func aLoneDotAndOverlongTextAreNeutralized() {
        #expect(clean(".") == "")
        #expect(clean("\n.\n") == "")
        #expect(clean("..") == "..")
        #expect(clean(String(repeating: "x", count: 5000)).count == TextSanitizer.maximumLength)
    }
}

/// The one definition of unsafe code points, and what each device does with them.
@Suite("Unsafe code points")
struct UnsafeCodePointTests {
    /// One code point of each category, and code points next to them that are safe.
    static let unsafe: [Unicode.Scalar] = ["\u{0}", "\u{7}", "\u{9}", "\u{A}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}",
                                           "\u{9B}", "\u{9F}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}",
                                           "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{FEFF}"]
    static let safe: [Unicode.Scalar] = [" ", "~", "\u{A0}", "é", "\u{200D}", "\u{2027}", "\u{202F}", "\u{2065}", "\u{206A}",
                                         "\u{FEFE}", "\u{2800}", "€"]

    @Test func theCategories() {
        #expect(Self.unsafe.allSatisfy { $0.isUnsafeInText })
        #expect(!Self.safe.contains { $0.isUnsafeInText })
        #expect(Unicode.Scalar(0x85)!.isControlCharacter && !Unicode.Scalar(0xA0)!.isControlCharacter)
        #expect(Unicode.Scalar(0x2029)!.isLineOrParagraphSeparator)
        #expect(Unicode.Scalar(0x202D)!.isBidiOverrideOrIsolate && Unicode.Scalar(0x2068)!.isBidiOverrideOrIsolate)
        #expect(Unicode.Scalar(0x200E)!.isBidiMark && Unicode.Scalar(0xFEFF)!.isByteOrderMark)
        #expect(Unicode.Scalar(0x061C)!.isInvisibleFormatting && !Unicode.Scalar(0x2028)!.isInvisibleFormatting)
        // Control characters are Unicode's general category Cc, exactly.
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(scalar.isControlCharacter == (scalar.properties.generalCategory == .control), "U+\(String(value, radix: 16))")
        }
        #expect("ok\u{200F}".containsUnsafeCodePoints && !"ok".containsUnsafeCodePoints)
    }

    @Test(arguments: unsafe)
    func noDeviceGetsOne(_ scalar: Unicode.Scalar) {
        let text = "a" + String(Character(scalar)) + "b"
        #expect(!OutputText.terminal(text).containsUnsafeCodePoints)
        #expect(!OutputText.speech(text).containsUnsafeCodePoints)
        #expect(!TextSanitizer.sanitize(Array(text.utf8)).text.containsUnsafeCodePoints)
        // Braille: one blank cell in its place, so the layout stays cell for cell.
        #expect(BrlAPIText(text: text, orMask: [], width: 3).text == "a b")
        // The command line refuses it in a label and shows it as an escape.
        #expect(CLIText.hasControlCharacters(text))
        #expect(!CLIText.quoted(text).containsUnsafeCodePoints)
        #expect(throws: FormatterSpecError.self) { try FormatterSpec.parse("unit:" + text) }
        #expect(Key(name: String(Character(scalar))) == nil)
    }

    @Test func eachDeviceRemovesOrReplaces() {
        // Terminal: a tab is a space, the rest is removed.
        #expect(OutputText.terminal("a\tb\u{2028}c\u{200F}d\u{FEFF}e") == "a bcde")
        // Speech: controls and separators are spaces (one line), invisible formatting is removed.
        #expect(OutputText.speech("a\nb\u{2029}c\u{200F}d\u{202E}e") == "a b cde")
        // The command line shows controls as \\xNN and the others as \\u{NNNN}.
        #expect(CLIText.quoted("\u{7F}\u{200F}\u{FEFF}") == "'\\x7F\\u{200F}\\u{FEFF}'")
    }

    @Test func theTerminalFastPathTakesOnlyPlainTextAndCompleteSGR() {
        let styled = "\u{1B}[1mPrice: 10 to 90\u{1B}[0m \u{1B}[1;38;5;33m [ ]\u{1B}[0m"
        #expect(OutputText.isPlainTerminalText(styled) && OutputText.terminal(styled) == styled)
        for unsafe in ["a\u{1B}[2Jb", "a\u{1B}]0;title\u{07}b", "a\u{1B}[1", "a\tb", "a\u{1B}", "é", "a\u{7F}"] {
            #expect(!OutputText.isPlainTerminalText(unsafe), "\(Array(unsafe.unicodeScalars))")
        }
        #expect(OutputText.terminal("a\u{1B}[2Jb") == "ab")
    }

    @Test(arguments: safe)
    func safeCodePointsPass(_ scalar: Unicode.Scalar) {
        let text = "a" + String(Character(scalar)) + "b"
        #expect(OutputText.terminal(text) == text)
        #expect(OutputText.speech(text) == text)
        #expect(!CLIText.hasControlCharacters(text))
    }
}
