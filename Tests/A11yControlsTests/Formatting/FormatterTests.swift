import Testing
import A11yControls
import A11yOptions

@Suite("Built-in formatters: visual, spoken and braille texts")
struct FormatterTests {
    let en = FormatContext(fractionDigits: 0, minimum: 0, maximum: 100, locale: NumberLocale(named: "en_US.UTF-8"))
    let de = FormatContext(fractionDigits: 0, minimum: 0, maximum: 100, locale: NumberLocale(named: "de_DE.UTF-8"))
    let fr = FormatContext(fractionDigits: 0, minimum: 0, maximum: 100, locale: NumberLocale(named: "fr_FR.UTF-8"))

    func with(_ c: FormatContext, digits: Int) -> FormatContext { var c = c; c.fractionDigits = digits; return c }

    /// `format` gives all three texts at once for the built-ins that share their rounding: it
    /// must say what the three texts say, for every sign, size, precision and separator.
    @Test func formatAtOnceSaysWhatTheThreeTextsSay() {
        let formatters: [any ValueFormatter] = [DecimalFormatter(), DecimalFormatter(fractionDigits: 2), PercentFormatter(), PercentFormatter(fractionDigits: 1)]
        let values: [Double] = [0, -0.4, 0.5, 1, -1, 12, 999, 1000, -1234.5, 1234567.891, 0.1 + 0.2, 1.005, -99999.99, 1e14, .nan, .infinity]
        for formatter in formatters {
            for context in [en, de, fr, with(en, digits: 3), with(de, digits: 1)] {
                for value in values {
                    let separate = FormattedValue(visual: formatter.visualText(for: value, in: context),
                                                  spoken: formatter.spokenText(for: value, in: context),
                                                  braille: formatter.brailleText(for: value, in: context))
                    #expect(formatter.format(value, in: context) == separate, "\(formatter) \(value) \(context.locale.identifier)")
                }
            }
        }
    }

    /// A language tag (what --language takes) names the same locale as the locale name.
    @Test func languageTagsAreLocaleNames() {
        for (tag, name) in [("pt-BR", "pt_BR"), ("de-CH", "de_CH"), ("fr-CA", "fr_CA"), ("de", "de")] {
            #expect(NumberLocale(named: tag) == NumberLocale(named: name), "\(tag)")
        }
        #expect(NumberLocale(named: "pt-BR").groupingSeparator != NumberLocale(named: "pt-PT").groupingSeparator)
    }

    @Test func decimalFollowsTheControlsDigits() {
        let f = DecimalFormatter()
        #expect(f.format(1234.5, in: with(en, digits: 1)) == FormattedValue(visual: "1,234.5", spoken: "1234.5", braille: "1234.5"))
        #expect(f.format(-1234.5, in: with(de, digits: 2)) == FormattedValue(visual: "-1.234,50", spoken: "minus 1234,50", braille: "-1234,50"))
        #expect(f.visualText(for: 1234567, in: fr) == "1\u{202F}234\u{202F}567")
        #expect(f.visualText(for: 0.1 + 0.2, in: with(en, digits: 2)) == "0.30")
        #expect(f.visualText(for: 1.005, in: with(en, digits: 2)) == "1.01")   // decimal rounding, not binary
        #expect(f.visualText(for: -0.4, in: en) == "0")                         // no "-0"
        #expect(f.fractionDigits == nil)
        #expect(DecimalFormatter(fractionDigits: 3).visualText(for: 2, in: en) == "2.000")
    }

    @Test func integer() throws {
        let f = try FormatterSpec.parse("integer").makeFormatter()
        #expect(f.fractionDigits == 0)
        #expect(f.format(41.6, in: with(en, digits: 2)) == FormattedValue(visual: "42", spoken: "42", braille: "42"))
    }

    @Test func percent() {
        let f = PercentFormatter()
        #expect(f.format(45, in: en) == FormattedValue(visual: "45%", spoken: "45 percent", braille: "45%"))
        #expect(PercentFormatter(fractionDigits: 1).spokenText(for: -2.5, in: de) == "minus 2,5 percent")
    }

    @Test func currency() {
        let eur = CurrencyFormatter(code: "eur")
        #expect(eur.fractionDigits == 2)
        #expect(eur.format(12.5, in: en) == FormattedValue(visual: "€12.50", spoken: "12.50 euros", braille: "12.50 EUR"))
        #expect(eur.visualText(for: 1234.5, in: de) == "1.234,50\u{00A0}€")
        #expect(eur.spokenText(for: 1, in: en) == "1.00 euro")
        #expect(eur.visualText(for: -3, in: en) == "-€3.00")
        #expect(CurrencyFormatter(code: "JPY").visualText(for: 1500, in: en) == "¥1,500")
        #expect(CurrencyFormatter(code: "XYZ").format(2, in: en) == FormattedValue(visual: "XYZ 2.00", spoken: "2.00 XYZ", braille: "2.00 XYZ"))
        #expect(CurrencyFormatter(code: "CHF").visualText(for: 2, in: en) == "CHF 2.00")
        #expect(CurrencyFormatter(code: "DKK").visualText(for: 2, in: en) == "kr. 2.00")
        #expect(CurrencyFormatter(code: "CAD").visualText(for: 2, in: en) == "CA$2.00")
        #expect(eur.spokenText(for: -1, in: en) == "minus 1.00 euro")
    }

    @Test func unit() {
        let c = UnitFormatter(symbol: "°C")
        #expect(c.format(-5, in: en) == FormattedValue(visual: "-5 °C", spoken: "minus 5 degrees Celsius", braille: "-5°C"))
        #expect(c.spokenText(for: 1, in: en) == "1 degree Celsius")
        #expect(c.spokenText(for: -1, in: en) == "minus 1 degree Celsius")
        #expect(UnitFormatter(symbol: "dB").spokenText(for: -12, in: en) == "minus 12 decibels")
        #expect(UnitFormatter(symbol: "ms").format(250, in: en) == FormattedValue(visual: "250 ms", spoken: "250 milliseconds", braille: "250ms"))
        #expect(UnitFormatter(symbol: "°").visualText(for: 90, in: en) == "90°")
        #expect(UnitFormatter(symbol: "furlongs").spokenText(for: 3, in: en) == "3 furlongs")
    }

    @Test func duration() {
        let f = DurationFormatter()
        #expect(f.format(65, in: en) == FormattedValue(visual: "1:05", spoken: "1 minute 5 seconds", braille: "1:05"))
        #expect(f.format(0, in: en) == FormattedValue(visual: "0:00", spoken: "0 seconds", braille: "0:00"))
        #expect(f.format(3725, in: en) == FormattedValue(visual: "1:02:05", spoken: "1 hour 2 minutes 5 seconds", braille: "1:02:05"))
        #expect(f.spokenText(for: 120, in: en) == "2 minutes")
        #expect(f.spokenText(for: 1, in: en) == "1 second")
        #expect(f.visualText(for: -65, in: en) == "-1:05")
        #expect(f.spokenText(for: -65, in: en) == "minus 1 minute 5 seconds")
        #expect(f.visualText(for: 59.6, in: en) == "1:00")
    }

    @Test func namesCountFromTheControlsMinimum() throws {
        let f = try FormatterSpec.parse("names:Mon=Monday,Tue=Tuesday,Wed,Thu,Fri,Sat,Sun").makeFormatter()
        let week = FormatContext(fractionDigits: 0, minimum: 1, maximum: 7, locale: .posix)
        #expect(f.format(1, in: week) == FormattedValue(visual: "Mon", spoken: "Monday", braille: "Mon"))
        #expect(f.format(2, in: week).spoken == "Tuesday")
        #expect(f.format(3, in: week) == FormattedValue(visual: "Wed", spoken: "Wed", braille: "Wed"))
        #expect(f.visualText(for: 9, in: week) == "9")   // off the list: a number
        #expect(f.fractionDigits == 0)
    }

    @Test func noneHidesLabelsButSpeechAndBrailleKeepTheValue() {
        let f = NoLabelsFormatter()
        #expect(!f.showsLabels)
        #expect(f.format(42, in: en) == FormattedValue(visual: "", spoken: "42", braille: "42"))
        #expect(DecimalFormatter().showsLabels)
    }

    @Test func spokenTextsHaveNoSymbolsASynthesizerMispronounces() throws {
        let specs = ["decimal", "integer", "percent", "currency:EUR", "currency:USD", "unit:°C", "unit:dB", "duration", "names:a,b"]
        for spec in specs {
            let f = try FormatterSpec.parse(spec).makeFormatter()
            for v in [-1234.5, -1, 0, 1, 65, 1234567.25] {
                let spoken = f.spokenText(for: v, in: with(en, digits: 2))
                #expect(!spoken.contains(where: { "-€$£°%,\u{00A0}\u{202F}".contains($0) }), "\(spec): \(spoken)")
            }
        }
    }

    @Test func localesFromTheEnvironment() {
        #expect(NumberLocale(environment: ["LANG": "de_DE.UTF-8"]).decimalSeparator == ",")
        #expect(NumberLocale(environment: ["LANG": "de_DE.UTF-8", "LC_NUMERIC": "en_GB.UTF-8"]).decimalSeparator == ".")
        #expect(NumberLocale(environment: ["LC_ALL": "fr_FR", "LC_NUMERIC": "en_US"]).groupingSeparator == "\u{202F}")
        #expect(NumberLocale(environment: [:]) == .posix)
        #expect(NumberLocale(named: "de_CH.UTF-8").groupingSeparator == "’")
        #expect(NumberLocale(named: "pt_BR").groupingSeparator == ".")
        #expect(NumberLocale(named: "sv_SE.UTF-8").groupingSeparator == "\u{00A0}")
        #expect(NumberLocale(named: "ru_RU.UTF-8").decimalSeparator == ",")
        #expect(NumberLocale(named: "it_IT").decimalSeparator == ",")
        #expect(NumberLocale(named: "nl_NL@euro").decimalSeparator == ",")
        #expect(NumberLocale(named: "es_ES").groupingSeparator == ".")
        #expect(NumberLocale(named: "C").groupingSeparator == "")
        #expect(NumberLocale(named: "xx_YY").decimalSeparator == ".")
    }

    @Test func contextFromAControl() throws {
        var c = RangeSliderConfiguration()
        c.enableStep = true; c.step = 0.25
        let context = FormatContext(for: try RangeSlider(configuration: c), locale: .posix)
        #expect(context.fractionDigits == 2 && context.minimum == 0 && context.maximum == 100)
        #expect(DecimalFormatter().visualText(for: 10.5, in: context) == "10.50")
    }
}
