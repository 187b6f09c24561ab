import Testing
@testable import A11yFormatting
@testable import A11yModel
@testable import A11yPresentation

/// Every catalog against English: no key missing, no placeholder English does not have, and the
/// words of each language actually used.
@Suite struct MessageCatalogTests {
    static let englishPhrases = Messages.parse(Messages.englishCatalog)

    @Test func englishHasEveryKeyTheCodeUses() {
        for key in MessageKey.allCases {
            #expect(Self.englishPhrases[key.rawValue] != nil, "en lacks \(key.rawValue)")
        }
        #expect(Set(Self.englishPhrases.keys) == Set(MessageKey.allCases.map(\.rawValue)))
    }

    @Test(arguments: ["de", "fr", "es"])
    func catalogIsCompleteAndUsesOnlyEnglishPlaceholders(language: String) throws {
        let catalog = Messages.parse(try #require(Messages.catalogText(of: language)))
        for (key, english) in Self.englishPhrases {
            let phrase = try #require(catalog[key], "\(language) lacks \(key)")
            let extra = Messages.placeholders(in: phrase).subtracting(Messages.placeholders(in: english))
            #expect(extra.isEmpty, "\(language) \(key) has placeholders English has not: \(extra)")
        }
        #expect(Set(catalog.keys).subtracting(Self.englishPhrases.keys).isEmpty, "\(language) has unknown keys")
    }

    /// Phrases are looked up by `MessageKey.ordinal`, the case's number as the enum stores it:
    /// it must be the case's place in `allCases`, and every key must find its own phrase.
    @Test func eachKeyFindsItsOwnPhraseByItsOrdinal() {
        #expect(MemoryLayout<MessageKey>.size == 1)
        for (index, key) in MessageKey.allCases.enumerated() {
            #expect(key.ordinal == index, "\(key.rawValue)")
            #expect(Messages.english(key) == Self.englishPhrases[key.rawValue], "\(key.rawValue)")
        }
    }

    /// The catalogs as the controls read them (each line cut into its template as it is read)
    /// say every phrase as written, in every language, whatever order the lines come in.
    @Test(arguments: ["en", "de", "fr", "es"])
    func everyPhraseReadsAsWritten(language: String) throws {
        let text = try #require(Messages.catalogText(of: language))
        let written = Messages.parse(text)
        for catalog in [text, text.split(separator: "\n").reversed().joined(separator: "\n")] {
            let messages = Messages(language: language, catalog: catalog)
            for key in MessageKey.allCases {
                // No arguments: each placeholder stays as written.
                #expect(messages(key) == written[key.rawValue], "\(language) \(key.rawValue)")
            }
        }
    }

    @Test func missingPhraseFallsBackToEnglishAlone() {
        let partial = Messages(language: "xx", phrases: ["cancelled": "annulliert"])
        #expect(partial(.cancelled) == "annulliert")
        #expect(partial(.alreadyThere, ["value": "5"]) == "already 5")
    }

    @Test func languageIsChosenFromLocaleNames() {
        #expect(Messages(for: "de_DE.UTF-8").language == "de")
        #expect(Messages(for: "fr-CA").language == "fr")
        #expect(Messages(for: "es").language == "es")
        #expect(Messages(for: "C").language == "en")
        #expect(Messages(for: "ja_JP").language == "en")
        #expect(Messages(for: nil).language == "en")
    }

    @Test func germanSaysDecimalCommaAndGermanWords() throws {
        var configuration = RangeSliderConfiguration()
        configuration.enableStep = true
        configuration.step = 0.5
        var slider = try RangeSlider(configuration: configuration)
        let announcer = Announcer(messages: Messages(for: "de"))
        let locale = NumberLocale(named: "de")
        let formatter = DecimalFormatter(fractionDigits: nil)
        _ = slider.apply(.setValue(1, handle: .lower))
        let change = slider.apply(.increment)
        let control = PresentedControl(slider, label: "Preis", formatter: formatter, locale: locale)
        #expect(announcer.utterance(for: change, in: control)?.text == "1,5")
        let blocked = slider.apply(.setValue(90, handle: .lower))
        #expect(announcer.utterance(for: blocked, in: PresentedControl(slider, label: "Preis", formatter: formatter, locale: locale))?.text
                == "90,0, trifft Regler oben")
        #expect(announcer.status(of: control).text
                == "Preis, Bereichsregler, 1,5 bis 90,0, Skala von 0,0 bis 100,0. Regler unten, horizontaler Schieber, 1,5, von 0,0 bis 90,0")
    }

    @Test func programNamesAreKeptAndNeverTranslated() throws {
        var configuration = RangeSliderConfiguration()
        configuration.lowerHandleLabel = "Minimum price"
        configuration.upperHandleLabel = "Maximum price"
        var slider = try RangeSlider(configuration: configuration)
        let change = slider.apply(.setValue(90, handle: .lower))
        let control = PresentedControl(slider, label: "Price", formatter: DecimalFormatter(fractionDigits: nil), locale: .posix)
        #expect(Announcer().utterance(for: change, in: control)?.text == "90, meets Maximum price")
        #expect(Announcer(messages: Messages(for: "fr")).utterance(for: change, in: control)?.text == "90, contre Maximum price")
    }

    @Test func typedNumbersAreSaidWithTheLanguagesDecimalSeparator() {
        let german = Announcer(messages: Messages(for: "de"), decimalSeparator: ",")
        #expect(german.utterance(for: .deleted(remaining: "1.5"))?.text == "1,5")
        #expect(german.utterance(for: .typed("."))?.text == "Komma")
        #expect(german.reason(.aboveMaximum(12.5)) == "zu groß, höchstens 12,5")
        #expect(Announcer().reason(.aboveMaximum(12.5)) == "above the maximum, 12.5")
    }
}
