import A11yVocabulary
import CBrl

/// A line of text prepared for a BrlAPI write: exactly `width` cells, with dots to OR on top.
/// Text in the server's charset is sent as one packet (`writePacket`), other text through
/// `brlapi__write`.
///
/// BRLTTY 6.5 often corrupts its heap (and aborts, "malloc assertion failure in sysmalloc") when
/// a client that wrote with a `charset` (or with no text) leaves tty mode or disconnects; with
/// text in the server's 8-bit charset (charset NULL) that is much rarer, though not impossible.
/// So ASCII is sent as 8-bit text, and Unicode braille patterns (U+2800...U+28FF) as blanks with
/// their dots in the OR mask. Only text with other non-ASCII characters is sent as UTF-8, with
/// the higher risk.
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

extension BrlAPIText {
    /// The BrlAPI packet that writes these cells (in the server's 8-bit charset: `charset` nil)
    /// to the whole display, with the text dots `andMask` kept of each cell and the cursor on
    /// cell `cursor` (from 1; BRLAPI_CURSOR_OFF: none): what `brlapi__write` sends, as one
    /// buffer. BrlAPI's protocol (brlapi_protocol.h): a header (the body's size and the type
    /// BRLAPI_PACKET_WRITE, 32-bit big-endian each), then the flags and the fields they name, in
    /// the order of the flags' weights: the region (first cell, cell count), the text (its
    /// length, its bytes), the AND mask, the OR mask, the cursor.
    static func writePacket(_ cells: BrlAPIText, andMask: UInt8, cursor: Int32) -> [UInt8] {
        precondition(cells.charset == nil, "only text in the server's charset is sent this way")
        let width = cells.orMask.count
        let hasOrMask = cells.orMask.contains { $0 != 0 }
        let flags = UInt32(BRLAPI_WF_REGION | BRLAPI_WF_TEXT | BRLAPI_WF_CURSOR)
            | (andMask == 0xFF ? 0 : UInt32(BRLAPI_WF_ATTR_AND)) | (hasOrMask ? UInt32(BRLAPI_WF_ATTR_OR) : 0)
        let text = cells.text.utf8
        let size = 20 + text.count + (andMask == 0xFF ? 0 : width) + (hasOrMask ? width : 0)
        // Written straight after the header, in one buffer (this is on the key's way to the display).
        return packet(A11Y_BRLAPI_PACKET_WRITE, bodySize: size) { body in
            body.appendBigEndian(flags, 1, UInt32(width), UInt32(width))
            body.append(contentsOf: text)
            if andMask != 0xFF { body.append(contentsOf: repeatElement(andMask, count: width)) }
            if hasOrMask { body.append(contentsOf: cells.orMask) }
            body.appendBigEndian(UInt32(bitPattern: cursor))
        }
    }

    /// A BrlAPI packet (brlapi_protocol.h): the header (the body's size and `type`, 32-bit
    /// big-endian each), then `body`.
    static func packet(_ type: UInt32, _ body: [UInt8]) -> [UInt8] {
        packet(type, bodySize: body.count) { $0 += body }
    }

    /// A BrlAPI packet whose body of `bodySize` bytes `writeBody` appends after the header.
    private static func packet(_ type: UInt32, bodySize: Int, _ writeBody: (inout [UInt8]) -> Void) -> [UInt8] {
        var packet: [UInt8] = []
        packet.reserveCapacity(8 + bodySize)
        packet.appendBigEndian(UInt32(bodySize), type)
        writeBody(&packet)
        assert(packet.count == 8 + bodySize, "the body is not the size its header says")
        return packet
    }
}

extension [UInt8] {
    /// Appends each of `words` as 32-bit big-endian, BrlAPI's byte order.
    mutating func appendBigEndian(_ words: UInt32...) {
        for word in words { Swift.withUnsafeBytes(of: word.bigEndian) { append(contentsOf: $0) } }
    }

    /// The 32-bit big-endian word at `offset`.
    func bigEndianWord(at offset: Int) -> UInt32 {
        self[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
