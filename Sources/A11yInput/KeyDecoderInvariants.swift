import A11yModel
import A11yVocabulary
/// The properties the key decoder must keep on ANY input, checked by the fuzz target
/// (KeyDecoderFuzzer) and by the seeded fuzz test.
///
/// 1. Splitting the input at any points gives the same items as feeding it whole.
/// 2. The decoder never holds more than `KeyDecoder.maximumPendingCount` bytes.
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
        if whole.pendingByteCount > KeyDecoder.maximumPendingCount {
            return "holds \(whole.pendingByteCount) bytes"
        }
        wholeItems += whole.flushDetailed()
        if whole.hasPendingPrefix { return "still pending after flush" }

        var pieces = KeyDecoder()
        var pieceItems: [KeyDecoder.Decoded] = []
        var start = 0
        for cut in (splits.filter { $0 > 0 && $0 < input.count }.sorted() + [input.count]) where cut >= start {
            pieceItems += pieces.decodeDetailed(input[start..<cut])
            if pieces.pendingByteCount > KeyDecoder.maximumPendingCount {
                return "holds \(pieces.pendingByteCount) bytes after a split"
            }
            start = cut
        }
        pieceItems += pieces.flushDetailed()
        if pieceItems != wholeItems {
            return "input \(input) split at \(splits) decodes differently: \(pieceItems.map(\.bytes)) vs \(wholeItems.map(\.bytes))"
        }

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

/// A seeded generator of decoder inputs, for the fuzz test and the fuzz target's seeded mode.
public struct KeyDecoderFuzzGenerator: Sendable {
    private var random: SplitMix64

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    public mutating func next() -> UInt64 { random.next() }

    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }

    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    private static let known: [[UInt8]] = KeySequences.table.map(\.bytes) + [
        "\u{1B}[1;5A", "\u{1B}[1;1:3A", "\u{1B}[1;1:2B", "\u{1B}[5;3~", "\u{1B}[97;5u", "\u{1B}[57413u", "\u{1B}[27u",
        "\u{1B}[5^", "\u{1B}[5$", "\u{1B}[6@", "\u{1B}\u{1B}[A", "\u{1B}[?3u", "\u{1B}[?62c", "\u{1B}O5A", "é", "€",
    ].map { Array($0.utf8) }

    private mutating func randomParams(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in pick(Array("0123456789;:".utf8)) }
    }

    /// Any input: known sequences, their prefixes, random CSI, random bytes, mixed.
    public mutating func anyInput() -> (bytes: [UInt8], splits: [Int]) {
        var bytes: [UInt8] = []
        for _ in 0..<(1 + below(6)) {
            switch below(7) {
            case 0: bytes += pick(Self.known)
            case 1:
                let k = pick(Self.known)
                bytes += k.prefix(below(k.count + 1))
            case 2: bytes += [0x1B, UInt8(ascii: "[")] + randomParams(below(8)) + [UInt8(truncatingIfNeeded: 0x20 + below(0x60))]
            case 3: bytes += (0..<(1 + below(8))).map { _ in UInt8(truncatingIfNeeded: next()) }
            case 4: bytes += [0x1B] + (0..<below(4)).map { _ in UInt8(truncatingIfNeeded: next()) }
            case 5: bytes += [0x1B, UInt8(ascii: "O")] + randomParams(below(3)) + [UInt8(truncatingIfNeeded: 0x20 + below(0x60))]
            default: bytes += [UInt8(truncatingIfNeeded: 0x20 + below(0x5F))]
            }
        }
        return (bytes, randomSplits(bytes.count))
    }

    private mutating func randomSplits(_ count: Int) -> [Int] {
        guard count > 1 else { return [] }
        return (0..<below(4)).map { _ in 1 + below(count - 1) }
    }

    /// Garbage only: invalid UTF-8, truncated sequences cut off by a meaningless byte, unknown
    /// finals, bad kitty event types and codes, over-long and overflowing parameters,
    /// meaningless control characters. Decoding it must give no value-changing key.
    public mutating func garbage() -> (bytes: [UInt8], splits: [Int]) {
        let invalidUTF8: [UInt8] = Array(0x80...0xBF) + [0xC0, 0xC1] + Array(0xF5...0xFF)
        let meaninglessControls: [UInt8] = [0x00, 0x03, 0x04, 0x07, 0x0B, 0x0C, 0x0F, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1C, 0x1D, 0x1E, 0x1F]
        let unknownFinals = Array("GIJKLMNTXY`ghijklmnopqrstvwxyz{|}".utf8)
        var bytes: [UInt8] = []
        for _ in 0..<(1 + below(5)) {
            switch below(8) {
            case 0: bytes += (0..<(1 + below(4))).map { _ in pick(invalidUTF8) }
            case 1:
                let k = pick(Self.known)
                if k.count > 1 { bytes += k.prefix(1 + below(k.count - 1)) + [pick(meaninglessControls + invalidUTF8)] }
            case 2: bytes += [0x1B, UInt8(ascii: "[")] + randomParams(below(6)) + [pick(unknownFinals)]
            case 3: bytes += Array("\u{1B}[1;1:\(4 + below(9))\(pick(["A", "B", "C", "D", "~", "u"]))".utf8)
            case 4: bytes += Array("\u{1B}[\(57344 + below(55));\(1 + below(8))u".utf8)
            case 5: bytes += [0x1B, UInt8(ascii: "[")] + randomParams(65 + below(100)) + [pick(Array("ABCD~u".utf8))]
            case 6: bytes += Array("\u{1B}[\(10_000_000 + below(1_000_000_000));5\(pick(["A", "~", "u"]))".utf8)
            default: bytes += [pick(meaninglessControls)]
            }
        }
        return (bytes, randomSplits(bytes.count))
    }

    /// Checks that garbage decodes to no value-changing key (whole and split). nil: fine.
    public static func checkGarbage(_ bytes: [UInt8], splits: [Int]) -> String? {
        if let failure = KeyDecoderInvariants.check(bytes, splits: splits) { return failure }
        var decoder = KeyDecoder()
        for event in decoder.feed(bytes) + decoder.flush() where KeyDecoderInvariants.changesValue(event) {
            return "garbage \(bytes) gave value-changing \(event)"
        }
        return nil
    }
}
