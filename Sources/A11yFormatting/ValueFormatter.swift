import A11yModel
import A11yVocabulary
/// What a formatter knows of the control whose value it formats.
public struct FormatContext: Sendable, Equatable {
    /// Fraction digits the control shows (`Control.fractionDigits`); a formatter with its own
    /// precision uses that instead.
    public var fractionDigits: Int
    /// The lowest value of the track (names count positions from here).
    public var minimum: Double
    /// The highest value of the track.
    public var maximum: Double
    /// Separators to use.
    public var locale: NumberLocale

    /// A context given field by field; the defaults describe a 0...100 track shown in whole numbers
    /// in the POSIX locale.
    public init(fractionDigits: Int = 0, minimum: Double = 0, maximum: Double = 100, locale: NumberLocale = .posix) {
        self.fractionDigits = fractionDigits
        self.minimum = minimum
        self.maximum = maximum
        self.locale = locale
    }

    /// The context for `control`'s current settings.
    public init<C: Control>(for control: C, locale: NumberLocale = .posix) {
        self.init(fractionDigits: control.fractionDigits, minimum: control.bounds.lowerBound,
                  maximum: control.bounds.upperBound, locale: locale)
    }
}

/// A value written three ways: for the screen, for a speech synthesizer, for a braille display.
public struct FormattedValue: Sendable, Equatable {
    /// For the screen (may be empty when labels are hidden).
    public var visual: String
    /// For speech: words a synthesizer says well ("minus 5 degrees Celsius"), no grouping separators.
    public var spoken: String
    /// For braille: short, no grouping separators.
    public var braille: String

    /// A value written as these three texts.
    public init(visual: String, spoken: String, braille: String) {
        self.visual = visual
        self.spoken = spoken
        self.braille = braille
    }
}

/// Turns a control's value into text. Spoken and braille texts default to the visual one.
///
/// Every text is one line, without control characters: built-ins guarantee it, and plugins are
/// passed through `TextSanitizer`.
public protocol ValueFormatter: Sendable {
    /// Fraction digits this formatter always shows, or nil to follow the control's. Give it to the
    /// control (`displayFractionDigits`) so keyboard steps always change the text shown.
    var fractionDigits: Int? { get }
    /// False for "none": no label on screen (speech and braille still give the value).
    var showsLabels: Bool { get }
    /// The text on screen.
    func visualText(for value: Double, in context: FormatContext) -> String
    /// The text spoken.
    func spokenText(for value: Double, in context: FormatContext) -> String
    /// The text on the braille display.
    func brailleText(for value: Double, in context: FormatContext) -> String
    /// All three texts (by default the three calls above). A formatter that can share work
    /// between them (one rounding of the number) gives them at once: this runs for every value
    /// on every key.
    func format(_ value: Double, in context: FormatContext) -> FormattedValue
}

extension ValueFormatter {
    /// By default nil: the formatter follows the control's fraction digits.
    public var fractionDigits: Int? { nil }
    /// By default true: the value's labels are drawn on screen.
    public var showsLabels: Bool { true }
    /// By default the visual text, spoken as it is.
    public func spokenText(for value: Double, in context: FormatContext) -> String { visualText(for: value, in: context) }
    /// By default the visual text, brailled as it is.
    public func brailleText(for value: Double, in context: FormatContext) -> String { visualText(for: value, in: context) }

    /// By default the results of `visualText(for:in:)`, `spokenText(for:in:)` and
    /// `brailleText(for:in:)`.
    public func format(_ value: Double, in context: FormatContext) -> FormattedValue {
        FormattedValue(visual: visualText(for: value, in: context),
                       spoken: spokenText(for: value, in: context),
                       braille: brailleText(for: value, in: context))
    }

    /// The context's digits, unless this formatter fixes its own.
    func digits(_ context: FormatContext) -> Int { fractionDigits ?? context.fractionDigits }
}

/// Number writing shared by the built-ins.
enum NumberText {
    /// `visual`, `spoken` and `braille` at once: the number rounded once, the texts sharing
    /// their digits.
    static func all(_ value: Double, digits: Int, locale: NumberLocale) -> FormattedValue {
        let d = DecimalDigits(value, fractionDigits: digits)
        let plain = unsigned(d, grouping: false, locale: locale)
        let grouped = d.integerDigits.utf8.count > 3 ? unsigned(d, grouping: true, locale: locale) : plain
        guard d.isNegative else { return FormattedValue(visual: grouped, spoken: plain, braille: plain) }
        return FormattedValue(visual: "-" + grouped, spoken: "minus " + plain, braille: "-" + plain)
    }

    /// "1,234.5" / "-1.234,5" with the locale's separators.
    static func visual(_ value: Double, digits: Int, locale: NumberLocale) -> String {
        let d = DecimalDigits(value, fractionDigits: digits)
        return (d.isNegative ? "-" : "") + unsigned(d, grouping: true, locale: locale)
    }

    /// "minus 1234.5": no grouping, the sign as a word.
    static func spoken(_ value: Double, digits: Int, locale: NumberLocale) -> String {
        let d = DecimalDigits(value, fractionDigits: digits)
        return (d.isNegative ? "minus " : "") + unsigned(d, grouping: false, locale: locale)
    }

    /// "-1234.5": no grouping.
    static func braille(_ value: Double, digits: Int, locale: NumberLocale) -> String {
        let d = DecimalDigits(value, fractionDigits: digits)
        return (d.isNegative ? "-" : "") + unsigned(d, grouping: false, locale: locale)
    }

    static func unsigned(_ d: DecimalDigits, grouping: Bool, locale: NumberLocale) -> String {
        let integer = grouping ? locale.grouped(d.integerDigits) : d.integerDigits
        return d.fractionDigits.isEmpty ? integer : integer + locale.decimalSeparator + d.fractionDigits
    }

    /// True when the value as shown with `digits` is exactly one or minus one (for singular words:
    /// "minus 1 degree").
    static func isOne(_ value: Double, digits: Int) -> Bool {
        let d = DecimalDigits(value, fractionDigits: digits)
        return d.integerDigits == "1" && d.fractionDigits.allSatisfy { $0 == "0" }
    }
}
