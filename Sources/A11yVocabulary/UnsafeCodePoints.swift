/// The code points that must never reach a device as they are, defined once: every sanitizer
/// and validator of the project (terminal, speech and braille output, plugin text, formatter
/// specs, key names, the command line's checks and echoes) asks these properties, and each decides
/// only what to do with such a code point (remove it, turn it into a space or a blank cell,
/// refuse the text, or show an escape).
///
/// The categories:
/// - control characters (Unicode's general category Cc): C0 (U+0000-U+001F), DEL (U+007F)
///   and C1 (U+0080-U+009F; NEL U+0085 and the 8-bit CSI U+009B among them). They move the
///   cursor, start escape sequences or end an SSIP message line.
/// - line and paragraph separators (U+2028, U+2029): line breaks that are not controls.
/// - bidirectional formatting: the embeddings and overrides (U+202A-U+202E) and isolates
///   (U+2066-U+2069), which reorder the text that follows them, and the invisible direction
///   marks (LRM U+200E, RLM U+200F, ALM U+061C).
/// - the byte order mark (U+FEFF, also the zero width no-break space).
extension Unicode.Scalar {
    /// C0 controls, DEL and C1 controls (general category Cc).
    package var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// The line separator U+2028 and the paragraph separator U+2029.
    package var isLineOrParagraphSeparator: Bool {
        value == 0x2028 || value == 0x2029
    }

    /// Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they
    /// reorder what follows them.
    package var isBidiOverrideOrIsolate: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// The invisible direction marks LRM (U+200E), RLM (U+200F) and ALM (U+061C).
    package var isBidiMark: Bool {
        value == 0x200E || value == 0x200F || value == 0x061C
    }

    /// The byte order mark U+FEFF.
    package var isByteOrderMark: Bool { value == 0xFEFF }

    /// Invisible formatting that changes how text is ordered or read, without being a control:
    /// bidirectional overrides, isolates and marks, and the byte order mark. Removed wherever text
    /// is shown or spoken.
    package var isInvisibleFormatting: Bool {
        isBidiOverrideOrIsolate || isBidiMark || isByteOrderMark
    }

    /// Whether this code point is unsafe in text for any device: a control character, a line or
    /// paragraph separator, or invisible formatting (see the categories above).
    package var isUnsafeInText: Bool {
        isControlCharacter || isLineOrParagraphSeparator || isInvisibleFormatting
    }
}

extension StringProtocol {
    /// Whether any code point of the text is unsafe for a device (`Unicode.Scalar.isUnsafeInText`).
    package var containsUnsafeCodePoints: Bool {
        unicodeScalars.contains { $0.isUnsafeInText }
    }
}

extension Character {
    /// Whether any code point of the character is unsafe for a device (`Unicode.Scalar.isUnsafeInText`).
    package var containsUnsafeCodePoints: Bool {
        unicodeScalars.contains { $0.isUnsafeInText }
    }
}
