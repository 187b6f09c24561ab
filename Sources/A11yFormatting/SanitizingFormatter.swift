import A11yModel
import A11yVocabulary
/// Which of the three texts a formatter is asked for. Raw values are the plugin ABI's
/// `A11Y_TEXT_VISUAL`, `A11Y_TEXT_SPOKEN` and `A11Y_TEXT_BRAILLE`.
package enum TextKind: Int32, Sendable, CaseIterable {
    /// The text on screen (`A11Y_TEXT_VISUAL`).
    case visual = 0
    /// The text spoken (`A11Y_TEXT_SPOKEN`).
    case spoken = 1
    /// The text on the braille display (`A11Y_TEXT_BRAILLE`).
    case braille = 2
}

/// A formatter that produces untrusted bytes, such as a plugin loaded at run time.
package protocol RawTextFormatter: Sendable {
    /// A name for messages.
    var name: String { get }
    /// Fraction digits the formatter shows, nil to follow the control.
    var fractionDigits: Int? { get }
    /// The bytes for `kind`, or nil when the formatter has no text of that kind (or failed).
    func rawText(_ kind: TextKind, for value: Double, in context: FormatContext) -> [UInt8]?
}

/// Adapts a `RawTextFormatter` into a `ValueFormatter` whose texts are always safe: each text goes
/// through `TextSanitizer`. An empty or failed visual text falls back to the decimal formatter; an
/// empty or failed spoken or braille text falls back to the visual text.
package struct SanitizingFormatter<Raw: RawTextFormatter>: ValueFormatter {
    package let raw: Raw

    package init(_ raw: Raw) { self.raw = raw }

    package var fractionDigits: Int? { raw.fractionDigits }

    private func text(_ kind: TextKind, _ value: Double, _ context: FormatContext) -> String? {
        guard let bytes = raw.rawText(kind, for: value, in: context) else { return nil }
        let text = TextSanitizer.sanitize(bytes).text
        return text.isEmpty ? nil : text
    }

    package func visualText(for value: Double, in context: FormatContext) -> String {
        text(.visual, value, context) ?? DecimalFormatter(fractionDigits: raw.fractionDigits).visualText(for: value, in: context)
    }
    package func spokenText(for value: Double, in context: FormatContext) -> String {
        text(.spoken, value, context) ?? visualText(for: value, in: context)
    }
    package func brailleText(for value: Double, in context: FormatContext) -> String {
        text(.braille, value, context) ?? visualText(for: value, in: context)
    }
}
