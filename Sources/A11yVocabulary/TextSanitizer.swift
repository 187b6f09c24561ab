/// Makes untrusted text (from a plugin) safe for the terminal, the speech protocol and a braille line.
///
/// - invalid UTF-8 becomes U+FFFD;
/// - escape sequences (CSI `ESC [ … final`, OSC / DCS / APC / PM / SOS up to BEL or `ESC \`, other
///   two-byte `ESC x`, and their C1 forms) are removed whole;
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
            let s = scalars[i].value
            switch s {
            case 0x1B:
                altered = true
                i += 1
                guard i < scalars.count else { break }
                let next = scalars[i].value
                if next == 0x5B { // CSI
                    i += 1
                    while i < scalars.count && !(0x40...0x7E).contains(scalars[i].value) { i += 1 }
                    i += 1
                } else if [0x5D, 0x50, 0x5F, 0x5E, 0x58].contains(next) { // OSC DCS APC PM SOS
                    i = skipString(scalars, from: i + 1)
                } else {
                    i += 1
                }
                continue
            case 0x9B: // C1 CSI
                altered = true
                i += 1
                while i < scalars.count && !(0x40...0x7E).contains(scalars[i].value) { i += 1 }
                i += 1
                continue
            case 0x9D, 0x90, 0x9F, 0x9E, 0x98: // C1 OSC DCS APC PM SOS
                altered = true
                i = skipString(scalars, from: i + 1)
                continue
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

    /// The index after a control string's terminator (BEL, ESC \ or C1 ST), or the end. Shared
    /// with the devices' output sanitizer (`OutputText`).
    static func skipString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var i = start
        while i < scalars.count {
            let v = scalars[i].value
            if v == 0x07 || v == 0x9C { return i + 1 }
            if v == 0x1B { return i + 2 }
            i += 1
        }
        return i
    }
}
