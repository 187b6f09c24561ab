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
    }

    @Test func aLoneDotAndOverlongTextAreNeutralized() {
        #expect(clean(".") == "")
        #expect(clean("\n.\n") == "")
        #expect(clean("..") == "..")
        #expect(clean(String(repeating: "x", count: 5000)).count == TextSanitizer.maximumLength)
    }
}
