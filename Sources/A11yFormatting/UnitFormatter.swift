import A11yModel
import A11yVocabulary
/// A number with a unit suffix: "-5 °C", spoken "minus 5 degrees Celsius", brailled "-5°C".
/// Spec `unit:SYMBOL` or `unit:SYMBOL:N`. Unknown symbols are spoken as written.
public struct UnitFormatter: ValueFormatter {
    /// The suffix, e.g. "°C", "dB", "ms".
    public let symbol: String
    /// Fraction digits shown (0...9), or nil to follow the control's.
    public let fractionDigits: Int?

    /// Spoken singular and plural names of common units.
    static let names: [String: (one: String, many: String)] = [
        "°C": ("degree Celsius", "degrees Celsius"), "°F": ("degree Fahrenheit", "degrees Fahrenheit"),
        "°": ("degree", "degrees"), "K": ("kelvin", "kelvins"),
        "dB": ("decibel", "decibels"), "dBFS": ("decibel full scale", "decibels full scale"),
        "ms": ("millisecond", "milliseconds"), "µs": ("microsecond", "microseconds"), "μs": ("microsecond", "microseconds"), "s": ("second", "seconds"), "min": ("minute", "minutes"),
        "h": ("hour", "hours"), "Hz": ("hertz", "hertz"), "kHz": ("kilohertz", "kilohertz"),
        "MHz": ("megahertz", "megahertz"), "%": ("percent", "percent"), "px": ("pixel", "pixels"),
        "pt": ("point", "points"), "mm": ("millimetre", "millimetres"), "cm": ("centimetre", "centimetres"),
        "m": ("metre", "metres"), "km": ("kilometre", "kilometres"), "g": ("gram", "grams"),
        "kg": ("kilogram", "kilograms"), "l": ("litre", "litres"), "ml": ("millilitre", "millilitres"),
        "V": ("volt", "volts"), "W": ("watt", "watts"), "kW": ("kilowatt", "kilowatts"),
        "A": ("ampere", "amperes"), "B": ("byte", "bytes"), "KB": ("kilobyte", "kilobytes"),
        "MB": ("megabyte", "megabytes"), "GB": ("gigabyte", "gigabytes"), "bpm": ("beat per minute", "beats per minute"),
        "wpm": ("word per minute", "words per minute"), "x": ("times", "times"), "×": ("times", "times"),
    ]

    /// A formatter that writes `symbol` after the number, with `fractionDigits` digits or the control's
    /// when nil. `symbol` should be one line without control characters (`FormatterSpec.parse(_:)`
    /// takes 1 to 16 printable characters).
    public init(symbol: String, fractionDigits: Int? = nil) {
        self.symbol = symbol
        self.fractionDigits = fractionDigits
    }

    /// Symbols written without a space: "45%", "90°".
    private var joined: Bool { ["%", "°", "′", "″", "x", "×"].contains(symbol) }

    /// The number with the locale's separators, a space and the symbol: "-5 °C", "1,500 ms" (en); "%",
    /// "°", "′", "″", "x" and "×" follow the number without a space ("45%", "90°").
    public func visualText(for value: Double, in context: FormatContext) -> String {
        NumberText.visual(value, digits: digits(context), locale: context.locale) + (joined ? "" : " ") + symbol
    }

    /// The number without grouping, then the unit's name, singular for exactly one: "minus 5 degrees
    /// Celsius", "1 decibel". A symbol missing from the built-in table is spoken as written ("3 rpm").
    public func spokenText(for value: Double, in context: FormatContext) -> String {
        let n = digits(context)
        let name = UnitFormatter.names[symbol].map { NumberText.isOne(value, digits: n) ? $0.one : $0.many } ?? symbol
        return NumberText.spoken(value, digits: n, locale: context.locale) + " " + name
    }

    /// The number without grouping, the symbol right after it to save cells: "-5°C".
    public func brailleText(for value: Double, in context: FormatContext) -> String {
        NumberText.braille(value, digits: digits(context), locale: context.locale) + symbol
    }
}
