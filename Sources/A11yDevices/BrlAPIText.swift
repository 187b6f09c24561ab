import A11yVocabulary
import CBrl

/// A line of text made ready for `brlapi__write`: exactly `width` cells, with dots to OR on top,
/// and the charset BrlAPI is to name.
///
/// BRLTTY 6.5 often corrupts its heap (and aborts, "malloc assertion failure in sysmalloc") when
/// a client that wrote with a `charset` (or with no text) leaves tty mode or disconnects; with
/// text in the server's 8-bit charset (charset NULL, which BrlAPI documents as "8 bits, the same
/// as the server's") that is much rarer, though not impossible. So ASCII, the same in every 8-bit
/// charset, is written with no charset, and Unicode braille patterns (U+2800...U+28FF) as blanks
/// with their dots in the OR mask. Only text with other non-ASCII characters is written as UTF-8
/// (the charset named), with the higher risk.
struct BrlAPIText: Equatable {
    /// The text, `width` characters.
    var text: String
    /// Dots to add on top of each cell, `width` bytes.
    var orMask: [UInt8]
    /// "UTF-8" when the text needs it; nil for the server's 8-bit charset.
    var charset: String?

    init(text: String, orMask: [UInt8], width: Int) {
        var mask = orMask.count == width ? orMask : Array(orMask.prefix(width)) + Array(repeating: 0, count: max(0, width - orMask.count))
        // The controls' own lines: printable ASCII that fits, taken as it is and padded (this is
        // on the key's way to the display, where the scalar by scalar way below is too slow).
        if let count = Self.printableASCIICount(text), count <= width {
            self.text = count == width ? text : text + String(repeating: " ", count: width - count)
            self.orMask = mask
            self.charset = nil
            return
        }
        var scalars: [Unicode.Scalar] = []
        var needsUnicode = false
        for (index, scalar) in text.unicodeScalars.prefix(width).enumerated() {
            switch scalar.value {
            case 0x20...0x7E:
                scalars.append(scalar)
            case 0x2800...0x28FF:
                scalars.append(" ")
                mask[index] |= UInt8(scalar.value - 0x2800)
            case _ where scalar.isUnsafeInText:
                // Control characters (C0, DEL, C1), line and paragraph separators and invisible
                // formatting (bidi overrides, isolates and marks would reorder the line; the
                // BOM) never reach BrlAPI: each becomes a blank cell, so the layout stays cell
                // for cell.
                scalars.append(" ")
            default:
                scalars.append(scalar)
                needsUnicode = true
            }
        }
        scalars += Array(repeating: " ", count: width - scalars.count)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        self.text = String(view)
        self.orMask = mask
        self.charset = needsUnicode ? "UTF-8" : nil
    }

    /// The length of `text` when every byte of it is printable ASCII (0x20...0x7E); nil otherwise.
    private static func printableASCIICount(_ text: String) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard (0x20...0x7E).contains(byte) else { return nil }
            count += 1
        }
        return count
    }
}
