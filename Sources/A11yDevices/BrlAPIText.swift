import A11yVocabulary
/// A line of text prepared for `brlapi__write`: exactly `width` cells, with dots to OR on top.
///
/// BRLTTY 6.5 corrupted its heap (and aborted, "malloc assertion failure in sysmalloc") about
/// every other time a client that had written with a `charset` (or with no text) left tty mode or
/// disconnected; with text in the server's 8-bit charset (charset NULL) it happened in 0 of 30
/// trials (still once in a later full run, so rarer, not impossible). So ASCII is sent as 8-bit
/// text, and Unicode braille patterns (U+2800...U+28FF) as blanks with their dots in the OR mask.
/// Only text with other non-ASCII characters is sent as UTF-8, with the higher risk.
struct BrlAPIText: Equatable {
    /// The text, `width` characters.
    var text: String
    /// Dots to add on top of each cell, `width` bytes.
    var orMask: [UInt8]
    /// "UTF-8" when the text needs it; nil for the server's 8-bit charset.
    var charset: String?

    init(text: String, orMask: [UInt8], width: Int) {
        var scalars: [Unicode.Scalar] = []
        var mask = Array(orMask.prefix(width)) + Array(repeating: 0, count: max(0, width - orMask.count))
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
}
