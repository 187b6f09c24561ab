/// Makes untrusted text (from a plugin) safe for the terminal, the speech protocol and a braille line.
///
/// - invalid UTF-8 becomes U+FFFD;
/// - escape sequences (`EscapeSequence`: CSI, OSC / DCS / APC / PM / SOS, other two-byte `ESC x`,
///   and their C1 forms) are removed whole;
/// - tab, CR, LF and the line and paragraph separators become spaces; every other unsafe code
///   point (`Unicode.Scalar.isUnsafeInText`: C0 and C1 control characters, DEL, bidirectional
///   overrides, isolates and marks, the byte order mark) is removed, so text cannot move the
///   cursor nor reorder what follows it;
/// - runs of spaces collapse, ends are trimmed, length is capped at `maximumLength` characters;
/// - a lone "." (SSIP's end-of-message line) becomes empty.
package enum TextSanitizer {
    /// The longest text kept, in characters.
    package static let maximumLength = 200

    /// The sanitized text, and whether anything had to be changed.
    package static func sanitize(_ bytes: some Collection<UInt8>) -> (text: String, altered: Bool) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        let scalars = Array(decoded.unicodeScalars)
        var out = String.UnicodeScalarView()
        var altered = decoded.utf8.count != bytes.count || !decoded.utf8.elementsEqual(bytes)
        var i = 0
        var lastWasSpace = true
        func appendSpace() {
            if !lastWasSpace { out.append(" "); lastWasSpace = true }
        }
        while i < scalars.count {
            if let sequence = EscapeSequence.at(i, in: scalars) {
                altered = true
                i = sequence.end
                continue
            }
            switch scalars[i].value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029:
                altered = true
                appendSpace()
            case 0x20:
                if lastWasSpace { altered = true }
                appendSpace()
            case _ where scalars[i].isUnsafeInText:
                altered = true
            default:
                out.append(scalars[i])
                lastWasSpace = false
            }
            i += 1
        }
        var text = String(out)
        if text.last == " " { text.removeLast(); altered = true }
        if text.count > maximumLength { text = String(text.prefix(maximumLength)); altered = true }
        if text == "." { text = ""; altered = true }
        return (text, altered)
    }

}
