import Testing
@testable import A11yFormatting
@testable import A11yModel
@testable import A11yPresentation
@testable import A11yVocabulary

/// Notices and "where am I" in contracted braille, word by word; digits and punctuation as text.
@Suite struct BrailleWordsTests {
    /// "speech" as two made-up cells, "lower" as one.
    let table: [String: ContractedText] = [
        "speech": ContractedText(text: [" ", " "], dots: [0x0E, 0x0F], sourceIndex: [0, 2]),
        "lower": ContractedText(text: [" "], dots: [0x07], sourceIndex: [0]),
    ]

    @Test func wordsAreRunsOfLetters() {
        #expect(BrailleWords.words(in: "Price: lower 10, upper 90 (0..100)") == ["Price", "lower", "upper"])
        #expect(BrailleWords.words(in: "speech lost") == ["speech", "lost"])
    }

    @Test func contractedWordsBecomeDotsTheRestStaysText() {
        let (text, dots) = BrailleWords.cells(for: "speech lost", contractions: table)
        #expect(String(text) == "   lost")
        #expect(dots.map(\.rawValue) == [0x0E, 0x0F, 0, 0, 0, 0, 0])
        let status = BrailleWords.cells(for: "lower 10", contractions: table)
        #expect(String(status.text) == "  10")
        #expect(status.dots.map(\.rawValue) == [0x07, 0, 0, 0])
        // No table: computer braille, every character as text.
        #expect(String(BrailleWords.cells(for: "lower 10", contractions: [:]).text) == "lower 10")
    }

    @Test func theViewportWritesNoticesAndWhereAmIWithTheWords() throws {
        var viewport = BrailleViewport()
        let control = PresentedControl(try RangeSlider(), label: "Price", formatter: DecimalFormatter(), locale: .posix)
        viewport.setWidth(12, control: control, renderer: BrailleRenderer())
        viewport.wordContractions = table
        viewport.showNotice("speech lost", at: .zero)
        #expect(viewport.frame(entry: nil)?.dots.prefix(2).map(\.rawValue) == [0x0E, 0x0F])
        #expect(viewport.frame(entry: nil)?.text == "   lost     ")
        viewport.dismissNotice()
        viewport.showStatus("lower 10")
        #expect(viewport.frame(entry: nil)?.text.hasPrefix("  10") == true)
        #expect(viewport.frame(entry: nil)?.dots.first?.rawValue == 0x07)
    }

    /// Literary braille turned off (or on) while "where am I" is shown: the status line is written
    /// again in the new braille, not left in the old one until the next key.
    @Test func whereAmIFollowsAChangeOfTheWordsBraille() throws {
        var viewport = BrailleViewport()
        let control = PresentedControl(try RangeSlider(), label: "Price", formatter: DecimalFormatter(), locale: .posix)
        viewport.setWidth(12, control: control, renderer: BrailleRenderer())
        viewport.wordContractions = table
        viewport.showStatus("lower 10")
        #expect(viewport.frame(entry: nil)?.text.hasPrefix("  10") == true)
        viewport.wordContractions = [:]
        #expect(viewport.frame(entry: nil)?.text == "lower 10    ")
        #expect(viewport.frame(entry: nil)?.dots.allSatisfy { $0.rawValue == 0 } == true)
        viewport.wordContractions = table
        #expect(viewport.frame(entry: nil)?.dots.first?.rawValue == 0x07)
    }
}
