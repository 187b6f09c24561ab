import A11yModel
import A11yVocabulary
/// Names for integer positions counted from the control's minimum, like ARIA's `aria-valuetext`:
/// a 0...6 slider with `names:Mon=Monday,Tue=Tuesday,…` shows "Mon" and says "Monday".
/// Values off the list are written as decimals. Spec `names:A,B,C` or `names:A=Spoken A,…`
/// (a backslash escapes a comma, an equals sign or itself).
public struct NamesFormatter: ValueFormatter {
    /// One name: shown (and brailled) text, and spoken text.
    public struct Name: Sendable, Equatable {
        /// The text on screen and on the braille display ("Mon").
        public var visual: String
        /// The text spoken ("Monday").
        public var spoken: String
        /// A name shown as `visual` and spoken as `spoken`, or as `visual` when `spoken` is nil. Each
        /// text should be one line without control characters (`FormatterSpec.parse(_:)` refuses them).
        public init(visual: String, spoken: String? = nil) {
            self.visual = visual
            self.spoken = spoken ?? visual
        }
    }

    /// The names of the positions minimum, minimum + 1, minimum + 2, … of the control, in order.
    public let names: [Name]

    /// A formatter that names the control's positions from its minimum with `names` (an empty list
    /// writes every value as a whole number).
    public init(names: [Name]) { self.names = names }

    /// Always 0: names stand for whole positions.
    public var fractionDigits: Int? { 0 }

    private func name(_ value: Double, _ context: FormatContext) -> Name? {
        let offset = (value - context.minimum).rounded()
        guard offset.isFinite, offset >= 0, offset < Double(names.count) else { return nil }
        return names[Int(offset)]
    }

    /// The shown name of the value's position ("Mon"), or the value as a whole number when the
    /// position has no name ("7"). The braille text is the same.
    public func visualText(for value: Double, in context: FormatContext) -> String {
        name(value, context)?.visual ?? DecimalFormatter(fractionDigits: 0).visualText(for: value, in: context)
    }
    /// The spoken name of the value's position ("Monday"), or the value as a whole number spoken
    /// ("minus 2").
    public func spokenText(for value: Double, in context: FormatContext) -> String {
        name(value, context)?.spoken ?? DecimalFormatter(fractionDigits: 0).spokenText(for: value, in: context)
    }
}
