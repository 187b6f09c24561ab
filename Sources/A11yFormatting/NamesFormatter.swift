import A11yModel
import A11yVocabulary
/// Names for integer positions counted from the control's minimum, like ARIA's `aria-valuetext`:
/// a 0...6 slider with `names:Mon=Monday,Tue=Tuesday,…` shows "Mon" and says "Monday".
/// Values off the list are written as decimals. Spec `names:A,B,C` or `names:A=Spoken A,…`
/// (a backslash escapes a comma, an equals sign or itself).
public struct NamesFormatter: ValueFormatter {
    /// One name: shown (and brailled) text, and spoken text.
    public struct Name: Sendable, Equatable {
        public var visual: String
        public var spoken: String
        public init(visual: String, spoken: String? = nil) {
            self.visual = visual
            self.spoken = spoken ?? visual
        }
    }

    public let names: [Name]

    public init(names: [Name]) { self.names = names }

    public var fractionDigits: Int? { 0 }

    private func name(_ value: Double, _ context: FormatContext) -> Name? {
        let offset = (value - context.minimum).rounded()
        guard offset.isFinite, offset >= 0, offset < Double(names.count) else { return nil }
        return names[Int(offset)]
    }

    public func visualText(for value: Double, in context: FormatContext) -> String {
        name(value, context)?.visual ?? DecimalFormatter(fractionDigits: 0).visualText(for: value, in: context)
    }
    public func spokenText(for value: Double, in context: FormatContext) -> String {
        name(value, context)?.spoken ?? DecimalFormatter(fractionDigits: 0).spokenText(for: value, in: context)
    }
}
