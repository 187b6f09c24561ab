import A11yModel
import A11yVocabulary
/// An amount of money in an ISO 4217 currency: "€12.50" (en) or "12,50 €" (de, fr), spoken
/// "12.50 euros", brailled "12.50 EUR" (the code reads unambiguously in every braille table).
/// Spec `currency:EUR` or `currency:EUR:N`.
public struct CurrencyFormatter: ValueFormatter {
    /// The ISO 4217 code, upper case.
    public let code: String
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

    /// A formatter for `code` (three letters A-Z; any case).
    public init(code: String, fractionDigits: Int? = nil) {
        self.code = code.uppercased()
        self.fractionDigits = fractionDigits ?? CurrencyFormatter.table[code.uppercased()]?.digits ?? 2
    }

    private var symbol: String { CurrencyFormatter.table[code]?.symbol ?? code }

    public func visualText(for value: Double, in context: FormatContext) -> String {
        let d = DecimalDigits(value, fractionDigits: digits(context))
        let number = NumberText.unsigned(d, grouping: true, locale: context.locale)
        let sign = d.isNegative ? "-" : ""
        if context.locale.currencySymbolFirst {
            return sign + symbol + (symbol.count > 1 && symbol.last!.isLetter ? " " : "") + number
        }
        return sign + number + "\u{00A0}" + symbol
    }

    public func spokenText(for value: Double, in context: FormatContext) -> String {
        let n = digits(context)
        let names = CurrencyFormatter.table[code]
        let word = NumberText.isOne(value, digits: n) ? (names?.one ?? code) : (names?.many ?? code)
        return NumberText.spoken(value, digits: n, locale: context.locale) + " " + word
    }

    public func brailleText(for value: Double, in context: FormatContext) -> String {
        NumberText.braille(value, digits: digits(context), locale: context.locale) + " " + code
    }
}
