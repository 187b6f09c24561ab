import A11yModel
import A11yVocabulary
/// The default: a decimal number ("1,234.5"), spoken "minus 3.5", brailled without grouping.
/// Spec `decimal` (digits as the step needs), `decimal:N`, or `integer` (`decimal:0`).
public struct DecimalFormatter: ValueFormatter {
    public let fractionDigits: Int?

    public init(fractionDigits: Int? = nil) { self.fractionDigits = fractionDigits }

    public func visualText(for value: Double, in context: FormatContext) -> String {
        NumberText.visual(value, digits: digits(context), locale: context.locale)
    }
    public func spokenText(for value: Double, in context: FormatContext) -> String {
        NumberText.spoken(value, digits: digits(context), locale: context.locale)
    }
    public func brailleText(for value: Double, in context: FormatContext) -> String {
        NumberText.braille(value, digits: digits(context), locale: context.locale)
    }
    public func format(_ value: Double, in context: FormatContext) -> FormattedValue {
        NumberText.all(value, digits: digits(context), locale: context.locale)
    }
}

/// A percentage; the value is the number of percent (a 0...100 slider at 45 shows "45%"), as
/// people set volumes and thresholds. Spoken "45 percent". Spec `percent` or `percent:N`.
public struct PercentFormatter: ValueFormatter {
    public let fractionDigits: Int?

    public init(fractionDigits: Int? = nil) { self.fractionDigits = fractionDigits }

    public func visualText(for value: Double, in context: FormatContext) -> String {
        NumberText.visual(value, digits: digits(context), locale: context.locale) + "%"
    }
    public func spokenText(for value: Double, in context: FormatContext) -> String {
        NumberText.spoken(value, digits: digits(context), locale: context.locale) + " percent"
    }
    public func brailleText(for value: Double, in context: FormatContext) -> String {
        NumberText.braille(value, digits: digits(context), locale: context.locale) + "%"
    }
    public func format(_ value: Double, in context: FormatContext) -> FormattedValue {
        let number = NumberText.all(value, digits: digits(context), locale: context.locale)
        return FormattedValue(visual: number.visual + "%", spoken: number.spoken + " percent", braille: number.braille + "%")
    }
}

/// No labels on screen: TTRangeSlider's `numberFormatterOverride = NSNull`, spec `none`.
/// Speech and braille still give the number: a blind user needs the value even when the sighted
/// layout hides it.
public struct NoLabelsFormatter: ValueFormatter {
    public init() {}
    public var showsLabels: Bool { false }
    public func visualText(for value: Double, in context: FormatContext) -> String { "" }
    public func spokenText(for value: Double, in context: FormatContext) -> String {
        DecimalFormatter().spokenText(for: value, in: context)
    }
    public func brailleText(for value: Double, in context: FormatContext) -> String {
        DecimalFormatter().brailleText(for: value, in: context)
    }
}
