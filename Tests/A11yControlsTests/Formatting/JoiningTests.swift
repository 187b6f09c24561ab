import Testing
import A11yVocabulary

@Suite struct JoiningTests {
    /// `String(joining:)` is `+` in one copy: small and long pieces, empty ones, text beyond ASCII,
    /// a piece that is a slice of a longer string.
    @Test(arguments: [
        [String](),
        [""],
        ["", "", ""],
        ["a"],
        ["\u{1B}[", "1", "m", "Price: 10 to 90", "\u{1B}[0m"],
        ["Preis: ", "10,5 €", " bis ", "90 €"],
        ["⣀⣤⡇", "", "日本語のラベル", "👩🏽‍💻"],
        [String(repeating: "long piece ", count: 40), "!"],
        [String("a label: 42".split(separator: ":")[1]), String(Substring("x"))],
    ])
    func joiningIsConcatenation(parts: [String]) {
        let joined = String(joining: parts)
        #expect(joined == parts.reduce("", +))
        #expect(joined.utf8.count == parts.reduce(0) { $0 + $1.utf8.count })
    }

    @Test func theVariadicFormJoinsTheSame() {
        #expect(String(joining: "range", ": ", "10 to 90") == "range: 10 to 90")
    }
}
