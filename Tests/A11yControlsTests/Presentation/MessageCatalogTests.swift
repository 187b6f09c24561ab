import A11yTestSupport
import Testing
@testable import A11yFormatting
@testable import A11yModel
@testable import A11yPresentation
import A11ySession

/// Every catalog against English: no key missing, no placeholder English does not have, and the
/// words of each language actually used. The catalogs are po/<language>.po compiled by msgfmt
/// (`TestCatalogs`), read as a11y-demo reads them.
@Suite struct MessageCatalogTests {
    static let english = Dictionary(uniqueKeysWithValues: MessageKey.englishPhrases.map { ($0.key, $0.forms) })

    @Test func englishHasEveryKeyTheCodeUses() {
        for key in MessageKey.allCases {
            #expect(Self.english[key.rawValue] != nil, "en lacks \(key.rawValue)")
        }
        #expect(Set(Self.english.keys) == Set(MessageKey.allCases.map(\.rawValue)))
        #expect(MessageKey.englishPhrases.count == MessageKey.allCases.count)
    }

    @Test(arguments: ["de", "fr", "es"])
    func catalogIsCompleteAndUsesOnlyEnglishPlaceholders(language: String) throws {
        let catalog = try MOFile(bytes: try TestCatalogs.compiled(language))
        #expect(catalog.problems.isEmpty)
        for (key, english) in Self.english {
            let forms = try #require(catalog.translation(of: english[0], context: key), "\(language) lacks \(key)")
            for phrase in forms {
                let extra = Messages.placeholders(in: phrase).subtracting(Messages.placeholders(in: english.joined()))
                #expect(extra.isEmpty, "\(language) \(key) has placeholders English has not: \(extra)")
            }
            #expect(forms.count == english.count || english.count > 1, "\(language) \(key)")
        }
        let contexts = Set(catalog.originalTexts.compactMap(\.context))
        #expect(contexts.subtracting(Self.english.keys).isEmpty, "\(language) has unknown keys")
    }

    /// Phrases are looked up by `MessageKey.ordinal`, the case's number as the enum stores it:
    /// it must be the case's place in `allCases`, and every key must find its own phrase.
    @Test func eachKeyFindsItsOwnPhraseByItsOrdinal() {
        #expect(MemoryLayout<MessageKey>.size == 1)
        for (index, key) in MessageKey.allCases.enumerated() {
            #expect(key.ordinal == index, "\(key.rawValue)")
            #expect(MessageKey.englishPhrases[index].key == key.rawValue, "\(key.rawValue)")
            #expect(Messages.english(key) == Self.english[key.rawValue]?.first, "\(key.rawValue)")
        }
    }

    /// The catalogs as the controls read them (each phrase cut into its template as it is read)
    /// say every phrase as the .po file writes it, in every language, whatever order the
    /// strings come in the compiled file (msgfmt sorts them; a file that does not is searched in
    /// order).
    @Test(arguments: ["de", "fr", "es"])
    func everyPhraseReadsAsWritten(language: String) throws {
        let po = try POFile(path: PackageRoot.url.path + "/po/\(language).po")
        let written = po.entries.filter { $0.context != nil }
        let unsorted = MOFileWriter.bytes(texts: written.reversed().map { ($0.context, $0.id, $0.plural, $0.translations) },
                                          header: "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: \(po.header["Plural-Forms"] ?? "")\n",
                                          sorted: false)
        for bytes in [try TestCatalogs.compiled(language), unsorted] {
            var problems: [String] = []
            let messages = Messages(language: language, catalog: try MOFile(bytes: bytes), problems: &problems)
            #expect(problems.isEmpty)
            for key in MessageKey.allCases {
                // No arguments: each placeholder stays as written.
                #expect(messages(key) == po.translations(of: Self.english[key.rawValue]![0], context: key.rawValue)?.first,
                        "\(language) \(key.rawValue)")
            }
        }
    }

    @Test func missingPhraseFallsBackToEnglishAlone() {
        let partial = Messages(language: "xx", phrases: ["cancelled": "annulliert"])
        #expect(partial(.cancelled) == "annulliert")
        #expect(partial(.alreadyThere, ["value": "5"]) == "already 5")
    }

    @Test func languageIsChosenFromLocaleNames() throws {
        #expect(try TestCatalogs.messages("de_DE.UTF-8").language == "de")
        #expect(try TestCatalogs.messages("fr-CA").language == "fr")
        #expect(try TestCatalogs.messages("es").language == "es")
        #expect(try TestCatalogs.messages("C").language == "en")
        #expect(try TestCatalogs.messages("ja_JP").language == "en")
        #expect(try TestCatalogs.messages(nil).language == "en")
    }

    @Test func germanSaysDecimalCommaAndGermanWords() throws {
        var configuration = RangeSliderConfiguration()
        configuration.enableStep = true
        configuration.step = 0.5
        var slider = try RangeSlider(configuration: configuration)
        let announcer = Announcer(messages: try TestCatalogs.messages("de"))
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
        #expect(Announcer(messages: try TestCatalogs.messages("fr")).utterance(for: change, in: control)?.text == "90, contre Maximum price")
    }

    @Test func typedNumbersAreSaidWithTheLanguagesDecimalSeparator() throws {
        let german = Announcer(messages: try TestCatalogs.messages("de"), decimalSeparator: ",")
        #expect(german.utterance(for: .deleted(remaining: "1.5"))?.text == "1,5")
        #expect(german.utterance(for: .typed("."))?.text == "Komma")
        #expect(german.reason(.aboveMaximum(12.5)) == "zu groß, höchstens 12,5")
        #expect(Announcer().reason(.aboveMaximum(12.5)) == "above the maximum, 12.5")
    }

    /// Phrases that count pick their form by the catalog's plural rule, and a verbose
    /// announcement says the percentages in the language.
    @Test func phrasesThatCountPickTheirFormByTheLanguagesRule() throws {
        let french = try TestCatalogs.messages("fr")
        #expect(french(.span, ["span": "1"], count: 1) == "1 pour cent de l'échelle")
        #expect(french(.span, ["span": "80"], count: 80) == "80 pour cent de l'échelle")
        let slider = try RangeSlider(configuration: RangeSliderConfiguration())
        let control = PresentedControl(slider, label: "Prix", formatter: DecimalFormatter(fractionDigits: nil), locale: .posix)
        #expect(Announcer(verbosity: .verbose, messages: french).status(of: control).text.contains("80 pour cent de l'échelle"))
        #expect(Announcer(verbosity: .verbose).status(of: control).text.contains("lower, horizontal slider, 10, 10 percent, from 0 to 90"))
    }
}
