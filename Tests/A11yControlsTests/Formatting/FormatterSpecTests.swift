import Testing
import A11yControls
import A11yOptions

@Suite("Formatter spec strings")
struct FormatterSpecTests {
    @Test func validSpecs() throws {
        #expect(try FormatterSpec.parse("decimal") == .decimal(fractionDigits: nil))
        #expect(try FormatterSpec.parse("decimal:2") == .decimal(fractionDigits: 2))
        #expect(try FormatterSpec.parse("integer") == .integer)
        #expect(try FormatterSpec.parse("percent") == .percent(fractionDigits: nil))
        #expect(try FormatterSpec.parse("percent:1") == .percent(fractionDigits: 1))
        #expect(try FormatterSpec.parse("currency:eur") == .currency(code: "EUR", fractionDigits: nil))
        #expect(try FormatterSpec.parse("currency:JPY:0") == .currency(code: "JPY", fractionDigits: 0))
        #expect(try FormatterSpec.parse("unit:°C") == .unit(symbol: "°C", fractionDigits: nil))
        #expect(try FormatterSpec.parse("unit:dB:1") == .unit(symbol: "dB", fractionDigits: 1))
        #expect(try FormatterSpec.parse("duration") == .duration)
        #expect(try FormatterSpec.parse("none") == .none)
        #expect(try FormatterSpec.parse("plugin:/tmp/x.so") == .plugin(path: "/tmp/x.so"))
        #expect(try FormatterSpec.parse("names:a\\,b=A\\=B,c") == .names([.init(visual: "a,b", spoken: "A=B"), .init(visual: "c")]))
    }

    @Test(arguments: [
        ("bogus", "Invalid format 'bogus': unknown format 'bogus'; expected decimal, integer, percent, currency:CODE, unit:SYMBOL, duration, names:A,B,…, none or plugin:PATH"),
        ("decimal:x", "Invalid format 'decimal:x': fraction digits must be a number from 0 to 9, got 'x'"),
        ("decimal:12", "Invalid format 'decimal:12': fraction digits must be a number from 0 to 9, got '12'"),
        ("currency", "Invalid format 'currency': 'currency' needs an ISO 4217 code, as in 'currency:EUR'"),
        ("currency:EURO", "Invalid format 'currency:EURO': currency code must be three letters (ISO 4217), got 'EURO'"),
        ("unit:", "Invalid format 'unit:': 'unit' needs a unit symbol, as in 'unit:°C'"),
        ("names:a,,b", "Invalid format 'names:a,,b': name 2 is empty"),
        ("none:1", "Invalid format 'none:1': 'none' takes no argument"),
        ("duration:x", "Invalid format 'duration:x': 'duration' takes no argument"),
        ("plugin:", "Invalid format 'plugin:': 'plugin' needs the path of a shared library, as in 'plugin:/usr/lib/a11y/plugin.so'"),
        ("", "Invalid format '': unknown format ''; expected decimal, integer, percent, currency:CODE, unit:SYMBOL, duration, names:A,B,…, none or plugin:PATH"),
    ])
    func invalidSpecsGiveOneLine(_ spec: String, _ message: String) {
        #expect { try FormatterSpec.parse(spec) } throws: { error in
            let text = (error as? FormatterSpecError)?.description ?? ""
            return text == message && !text.contains("\n")
        }
    }

    @Test func unitSymbolWithControlCharactersIsRejected() {
        #expect(throws: FormatterSpecError.self) { try FormatterSpec.parse("unit:\u{1B}[31m") }
        #expect(throws: FormatterSpecError.self) { try FormatterSpec.parse("names:a\u{7},b") }
    }
}
