import A11yModel
import A11yVocabulary
/// An amount of money in an ISO 4217 currency: "€12.50" (en) or "12,50 €" (de, fr), spoken
/// "12.50 euros", brailled "12.50 EUR" (the code reads unambiguously in every braille table).
/// Spec `currency:EUR` or `currency:EUR:N`.
public struct CurrencyFormatter: ValueFormatter {
    /// The ISO 4217 code, upper case.
    public let code: String
    /// Fraction digits of the amount: those given to `init(code:fractionDigits:)`, else the
    /// currency's usual ones (0 for JPY and KRW, 2 for the others and for codes not in the table).
    /// Never nil, so a control always adopts the currency's precision.
    public let fractionDigits: Int?

    /// Symbol, singular and plural spoken names of common currencies, and their usual digits.
    static let table: [String: (symbol: String, one: String, many: String, digits: Int)] = [
        "EUR": ("€", "euro", "euros", 2), "USD": ("$", "dollar", "dollars", 2),
        "GBP": ("£", "pound", "pounds", 2), "JPY": ("¥", "yen", "yen", 0),
        "CNY": ("¥", "yuan", "yuan", 2), "CHF": ("CHF", "Swiss franc", "Swiss francs", 2),
        "SEK": ("kr", "krona", "kronor", 2), "NOK": ("kr", "krone", "kroner", 2),
        "DKK": ("kr.", "krone", "kroner", 2), "PLN": ("zł", "zloty", "zloty", 2),
        "CZK": ("Kč", "koruna", "korunas", 2), "RUB": ("₽", "ruble", "rubles", 2),
        "INR": ("₹", "rupee", "rupees", 2), "KRW": ("₩", "won", "won", 0),
        "CAD": ("CA$", "Canadian dollar", "Canadian dollars", 2), "AUD": ("A$", "Australian dollar", "Australian dollars", 2),
        "BRL": ("R$", "real", "reais", 2), "MXN": ("MX$", "Mexican peso", "Mexican pesos", 2),
    ]

    /// A formatter for `code` (three letters A-Z; any case, kept upper case). A code missing from
    /// the built-in table of common currencies stands for its own symbol and spoken name
    /// ("XYZ 12.50", "12.50 XYZ"). `fractionDigits` (0...9) nil takes the currency's usual digits.
    public init(code: String, fractionDigits: Int? = nil) {
        self.code = code.uppercased()
        self.fractionDigits = fractionDigits ?? CurrencyFormatter.table[code.uppercased()]?.digits ?? 2
    }

    private var symbol: String { CurrencyFormatter.table[code]?.symbol ?? code }

    /// The amount with the locale's separators and grouping, the currency's symbol where the locale
    /// puts it: "€1,234.50" and "-€12.50" (en), "CHF 12.50" and "kr. 12.50" (a symbol that ends
    /// in a letter or an abbreviation's point gets a space), "1.234,50 €" (de, with a no-break
    /// space before the symbol).
    public func visualText(for value: Double, in context: FormatContext) -> String {
        let d = DecimalDigits(value, fractionDigits: digits(context))
        let number = NumberText.unsigned(d, grouping: true, locale: context.locale)
        let sign = d.isNegative ? "-" : ""
        if context.locale.currencySymbolFirst {
            let spaced = symbol.count > 1 && (symbol.last!.isLetter || symbol.last == ".")
            return sign + symbol + (spaced ? " " : "") + number
        }
        return sign + number + "\u{00A0}" + symbol
    }

    /// The amount without grouping, then the currency's name, singular for exactly one: "12.50 euros",
    /// "1.00 euro", "minus 3.00 dollars". A code missing from the table is spoken as the code.
    public func spokenText(for value: Double, in context: FormatContext) -> String {
        let n = digits(context)
        let names = CurrencyFormatter.table[code]
        let word = NumberText.isOne(value, digits: n) ? (names?.one ?? code) : (names?.many ?? code)
        return NumberText.spoken(value, digits: n, locale: context.locale) + " " + word
    }

    /// The amount without grouping, then the ISO code, which reads the same in every braille table:
    /// "1234.50 EUR".
    public func brailleText(for value: Double, in context: FormatContext) -> String {
        NumberText.braille(value, digits: digits(context), locale: context.locale) + " " + code
    }
}
