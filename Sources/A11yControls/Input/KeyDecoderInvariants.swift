/// The properties the key decoder must keep on ANY input, checked by the fuzz target
/// (KeyDecoderFuzzer) and by the seeded fuzz test.
///
/// 1. Splitting the input at any points gives the same items as feeding it whole.
/// 2. The decoder never holds more than `KeyDecoder.maximumSequenceLength` bytes.
/// 3. The items' bytes, concatenated, are the input minus skipped over-long sequence tails.
/// 4. A key that changes a value (under the default key maps, inside an entry or not) comes from
///    a well-formed span: one byte, or a complete CSI/SS3 sequence (optionally Alt-prefixed),
///    and the span decodes alone to the same key.
public enum KeyDecoderInvariants {
    /// Checks `input`, fed whole and in the pieces that `splits` (offsets, any order) give.
    /// Returns a description of the first violation, or nil.
    public static func check(_ input: [UInt8], splits: [Int]) -> String? {
        var whole = KeyDecoder()
        var wholeItems = whole.decodeDetailed(input)
        if whole.pendingByteCount > KeyDecoder.maximumSequenceLength {
            return "holds \(whole.pendingByteCount) bytes"
        }
        wholeItems += whole.flushDetailed()
        if whole.hasPendingPrefix { return "still pending after flush" }

        var pieces = KeyDecoder()
        var pieceItems: [KeyDecoder.Decoded] = []
        var start = 0
        for cut in (splits.filter { $0 > 0 && $0 < input.count }.sorted() + [input.count]) where cut >= start {
            pieceItems += pieces.decodeDetailed(input[start..<cut])
            if pieces.pendingByteCount > KeyDecoder.maximumSequenceLength {
                return "holds \(pieces.pendingByteCount) bytes after a split"
            }
            start = cut
        }
        pieceItems += pieces.flushDetailed()
        if pieceItems != wholeItems { return "split input decodes differently: \(pieceItems.map(\.input)) vs \(wholeItems.map(\.input))" }

        let consumed = wholeItems.reduce(0) { $0 + $1.bytes.count }
        if consumed > input.count { return "items cover more bytes than the input" }

        for item in wholeItems {
            guard case .key(let event) = item.input else { continue }
            guard changesValue(event) else { continue }
            guard isWellFormed(item.bytes) else {
                return "value-changing \(event) from malformed bytes \(item.bytes)"
            }
            var alone = KeyDecoder()
            let again = alone.feed(item.bytes) + alone.flush()
            if again != [event] { return "span \(item.bytes) decodes alone to \(again), not \(event)" }
        }
        return nil
    }

    static let maps = [KeyMap(kind: .slider), KeyMap(kind: .stepper)]

    /// Whether the default key maps give `event` a value-changing action.
    public static func changesValue(_ event: KeyEvent) -> Bool {
        maps.contains { map in
            [false, true].contains { entry in map.action(for: event, entryActive: entry)?.changesValue ?? false }
                || (map.action(for: event, entryActive: false).map { if case .entry = $0 { return true } else { return false } } ?? false)
        }
    }

    /// One byte, ESC + a complete CSI/SS3 sequence, or ESC + ESC + one.
    static func isWellFormed(_ bytes: [UInt8]) -> Bool {
        if bytes.count == 1 { return true }
        var b = bytes[...]
        guard b.first == 0x1B else { return false }
        b = b.dropFirst()
        if b.first == 0x1B { b = b.dropFirst() }
        guard let introducer = b.first, let final = b.last, b.count >= 2 else { return false }
        let body = b.dropFirst().dropLast()
        guard final >= 0x40 && final <= 0x7E || final == UInt8(ascii: "$") else { return false }
        switch introducer {
        case UInt8(ascii: "["):
            if body == [UInt8(ascii: "[")] { return true }
            return body.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }
        case UInt8(ascii: "O"):
            return body.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ";") }
        default:
            return false
        }
    }
}

extension KeyDecoder {
    /// How many bytes are held back (for the invariants).
    public var pendingByteCount: Int { bufferCount }
}
