import A11yModel
import A11yVocabulary
/// The default: a decimal number ("1,234.5"), spoken "minus 3.5", brailled without grouping.
/// Spec `decimal` (digits as the step needs), `decimal:N`, or `integer` (`decimal:0`).
public struct DecimalFormatter: ValueFormatter {
    /// Fraction digits shown (0...9), or nil to follow the control's (`Control.fractionDigits`).
    public let fractionDigits: Int?

    /// A decimal formatter with `fractionDigits` digits (0...9), or the control's when nil.
    public init(fractionDigits: Int? = nil) { self.fractionDigits = fractionDigits }

    /// The number with the locale's separators, grouped from four integer digits on: "1,234.5" (en),
    /// "1.234,5" (de), "1234.5" (POSIX, which has no grouping), "-3.5".
    public func visualText(for value: Double, in context: FormatContext) -> String {
        NumberText.visual(value, digits: digits(context), locale: context.locale)
    }
    /// The number without grouping, its sign as a word: "minus 1234.5" (a synthesizer may
    /// read a grouping separator as a pause or a word).
    public func spokenText(for value: Double, in context: FormatContext) -> String {
        NumberText.spoken(value, digits: digits(context), locale: context.locale)
    }
    /// The number without grouping, which would take cells: "-1234.5".
    public func brailleText(for value: Double, in context: FormatContext) -> String {
        NumberText.braille(value, digits: digits(context), locale: context.locale)
    }
    /// The three texts above from one rounding of the value.
    public func format(_ value: Double, in context: FormatContext) -> FormattedValue {
        NumberText.all(value, digits: digits(context), locale: context.locale)
    }
}

/// A percentage; the value is the number of percent (a 0...100 slider at 45 shows "45%"), as
/// people set volumes and thresholds. Spoken "45 percent". Spec `percent` or `percent:N`.
public struct PercentFormatter: ValueFormatter {
    /// Fraction digits of the number of percent (0...9), or nil to follow the control's.
    public let fractionDigits: Int?

    /// A percent formatter with `fractionDigits` digits (0...9), or the control's when nil.
    public init(fractionDigits: Int? = nil) { self.fractionDigits = fractionDigits }

    /// The number of percent with the locale's separators and a percent sign: "45%", "12,5%" (de).
    public func visualText(for value: Double, in context: FormatContext) -> String {
        NumberText.visual(value, digits: digits(context), locale: context.locale) + "%"
    }
    /// The number of percent without grouping, then the word: "45 percent", "minus 5 percent".
    public func spokenText(for value: Double, in context: FormatContext) -> String {
        NumberText.spoken(value, digits: digits(context), locale: context.locale) + " percent"
    }
    /// The number of percent without grouping, then the sign: "45%".
    public func brailleText(for value: Double, in context: FormatContext) -> String {
        NumberText.braille(value, digits: digits(context), locale: context.locale) + "%"
    }
    /// The three texts above from one rounding of the value.
    public func format(_ value: Double, in context: FormatContext) -> FormattedValue {
        let number = NumberText.all(value, digits: digits(context), locale: context.locale)
        return FormattedValue(visual: number.visual + "%", spoken: number.spoken + " percent", braille: number.braille + "%")
    }
}

/// No labels on screen: TTRangeSlider's `numberFormatterOverride = NSNull`, spec `none`.
/// Speech and braille still give the number: a blind user needs the value even when the sighted
/// layout hides it.
public struct NoLabelsFormatter: ValueFormatter {
    /// The formatter of spec `none`.
    public init() {}
    /// Always false: no value label is drawn on screen.
    public var showsLabels: Bool { false }
    /// Always empty: the screen shows no value.
    public func visualText(for value: Double, in context: FormatContext) -> String { "" }
    /// The value as `DecimalFormatter` speaks it with the control's digits: "minus 3.5".
    public func spokenText(for value: Double, in context: FormatContext) -> String {
        DecimalFormatter().spokenText(for: value, in: context)
    }
    /// The value as `DecimalFormatter` brailles it with the control's digits: "-3.5".
    public func brailleText(for value: Double, in context: FormatContext) -> String {
        DecimalFormatter().brailleText(for: value, in: context)
    }
}
