/// The last line of defence for text on its way out of the program: whatever a label, a formatter
/// or a plugin produced, each device gets only what it can take safely.
///
/// - Terminal: only the SGR sequences the screen theme draws with (`ESC [ 0-9;: m`) pass; every
///   other escape sequence (`EscapeSequence`: CSI, OSC, DCS, APC, PM, SOS, two-byte ESC x, and
///   the C1 forms) is removed whole; a tab becomes a space and every other unsafe code point
///   (`Unicode.Scalar.isUnsafeInText`: C0/C1 control characters, DEL, line and paragraph
///   separators, bidirectional overrides, isolates and marks, the byte order mark) is removed.
/// - Speech (SSIP): control characters (newlines included) and line and paragraph separators
///   become spaces, so no line can be a lone "." (SSIP's end of message), nor anything else but
///   one line of text; invisible formatting (bidi, BOM) is removed; a text that is only "." is
///   spoken as "dot".
/// - Braille (BrlAPI): see `BrlAPIText`, which turns control characters into blank cells.
package enum OutputText {
    /// `line` as it may reach the terminal (see the type's description).
    package static func terminal(_ line: String) -> String {
        if isPlainTerminalText(line) { return line }
        let scalars = Array(line.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if let sequence = EscapeSequence.at(i, in: scalars) {
                // Every escape sequence is removed whole but a complete SGR.
                if sequence.isSGR { out.append(contentsOf: scalars[i..<sequence.end]) }
                i = sequence.end
                continue
            }
            switch scalars[i].value {
            case 0x09:
                out.append(" ")
            case _ where scalars[i].isUnsafeInText:
                break
            default:
                out.append(scalars[i])
            }
            i += 1
        }
        return String(out)
    }

    /// True when `line` is printable ASCII and complete SGR sequences only, so `terminal` would
    /// return it unchanged: checked byte by byte without building anything (the screen's lines,
    /// every redraw).
    static func isPlainTerminalText(_ line: String) -> Bool {
        func check(_ bytes: some Sequence<UInt8>) -> Bool {
            var state = 0  // 0: text, 1: after ESC, 2: in an SGR's parameters
            for byte in bytes {
                switch state {
                case 0:
                    if byte == 0x1B { state = 1 } else if byte < 0x20 || byte >= 0x7F { return false }
                case 1:
                    guard byte == 0x5B else { return false }
                    state = 2
                default:
                    if byte == 0x6D { state = 0 } else if !(0x30...0x3B).contains(byte) { return false }
                }
            }
            return state == 0
        }
        // The bytes in place: the view's iterator does far more work for each byte, and every
        // line of every frame is checked on the key's way to the screen.
        return line.utf8.withContiguousStorageIfAvailable(check) ?? check(line.utf8)
    }

    /// `text` as it may reach speech-dispatcher: one line, no control characters, never a lone ".".
    package static func speech(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isControlCharacter || scalar.isLineOrParagraphSeparator {
                if out.last != " " { out.append(" ") }
            } else if !scalar.isInvisibleFormatting {
                out.append(scalar)
            }
        }
        let line = String(out)
        return line.outputTextTrimmed == "." ? "dot" : line
    }
}

extension String {
    fileprivate var outputTextTrimmed: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? endIndex
        return start < end ? self[start..<end] : ""
    }
}
