/// Where an item of the byte stream ends, by the grammar of ECMA-48 (CSI and SS3 sequences),
/// the Alt (ESC) prefix and UTF-8; `KeyDecoder+Meaning.swift` says what a complete sequence
/// means, from the key table (`KeySequences`).
extension KeyDecoder {
    enum Step: Equatable {
        /// The bytes are a proper prefix of a sequence.
        case needMore
        /// `count` bytes make one item; nil means they are unknown.
        case done(Int, DecodedInput?)
        /// A control sequence longer than the maximum: report `count` bytes, skip the rest.
        case overlong(Int)
    }

    private static let esc: UInt8 = 0x1B

    /// Parses one item at the start of `b` (not empty).
    static func parse(_ b: ArraySlice<UInt8>, atEnd: Bool) -> Step {
        let i = b.startIndex
        let first = b[i]
        if first != esc { return parsePlain(b, atEnd: atEnd) }
        guard b.count >= 2 else { return atEnd ? .done(1, key(.escape)) : .needMore }
        let second = b[i + 1]
        switch second {
        case UInt8(ascii: "["):
            return parseCSI(b, atEnd: atEnd)
        case UInt8(ascii: "O"):
            return parseSS3(b, atEnd: atEnd)
        case esc:
            // rxvt and others send Alt with a cursor key as ESC + the key's sequence.
            guard b.count >= 3 else { return atEnd ? .done(1, key(.escape)) : .needMore }
            let third = b[i + 2]
            guard third == UInt8(ascii: "[") || third == UInt8(ascii: "O") else { return .done(1, key(.escape)) }
            switch parse(b.dropFirst(), atEnd: atEnd) {
            case .needMore: return .needMore
            case .overlong(let n): return .overlong(n + 1)
            case .done(_, .reply?):
                // The terminal's answer to a query came right behind a lone Escape (pressed as
                // the program started): the Escape is a key, and the answer is read next.
                return .done(1, key(.escape))
            case .done(let n, let input):
                if case .key(let k)? = input, !isUnknown(k.key) {
                    return .done(n + 1, .key(KeyEvent(k.key, k.modifiers.union(.alt), kind: k.kind)))
                }
                return .done(n + 1, nil)
            }
        default:
            // Alt (Meta sends Escape) with a plain key: ESC a, ESC DEL, ESC é.
            switch parsePlain(b.dropFirst(), atEnd: atEnd) {
            case .needMore: return .needMore
            case .overlong(let n): return .overlong(n + 1)
            case .done(let n, let input):
                if case .key(let k)? = input, !isUnknown(k.key) {
                    return .done(n + 1, .key(KeyEvent(k.key, k.modifiers.union(.alt))))
                }
                return .done(n + 1, nil)
            }
        }
    }

    static func isUnknown(_ key: Key) -> Bool {
        if case .unknown = key { return true }
        return false
    }

    static func key(_ key: Key, _ mods: KeyModifiers = [], _ kind: KeyEventKind = .press) -> DecodedInput {
        .key(KeyEvent(key, mods, kind: kind))
    }

    /// A byte that is not ESC: a control character, ASCII, or a UTF-8 sequence.
    fileprivate static func parsePlain(_ b: ArraySlice<UInt8>, atEnd: Bool) -> Step {
        let i = b.startIndex
        let c = b[i]
        if let (k, mods) = KeySequences.key(forByte: c) { return .done(1, key(k, mods)) }
        // UTF-8.
        let length: Int
        switch c {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .done(1, nil)
        }
        var n = 1
        while n < length {
            guard i + n < b.endIndex else { return atEnd ? .done(n, nil) : .needMore }
            let cont = b[i + n]
            guard cont & 0xC0 == 0x80 else { return .done(n, nil) }
            n += 1
        }
        var decoder = UTF8()
        var iterator = b[i..<i + length].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return .done(length, nil) }
        // Overlong forms and surrogates are rejected by the UTF-8 decoder; C1 controls mean nothing.
        if scalar.isControlCharacter { return .done(length, nil) }
        return .done(length, key(.character(Character(scalar))))
    }

    /// ESC [ ...: collects a control sequence by the ECMA-48 grammar, then interprets it.
    fileprivate static func parseCSI(_ b: ArraySlice<UInt8>, atEnd: Bool) -> Step {
        let s = b.startIndex
        var j = s + 2
        guard j < b.endIndex else { return atEnd ? .done(2, nil) : .needMore }
        if b[j] == UInt8(ascii: "[") {
            // The Linux console's F1-F5: ESC [ [ A ... ESC [ [ E.
            guard j + 1 < b.endIndex else { return atEnd ? .done(3, nil) : .needMore }
            let f = b[j + 1]
            guard f >= 0x20 && f <= 0x7E else { return .done(3, nil) }
            return .done(4, lookup(b[s..<j + 2]))
        }
        var sawIntermediate = false
        var digitsOnly = true
        while j < b.endIndex {
            let c = b[j]
            if j - s >= maximumSequenceLength { return .overlong(j - s) }
            switch c {
            case 0x30...0x3F:
                if sawIntermediate { return .done(j - s, nil) }
                if !(c >= 0x30 && c <= 0x39) && c != UInt8(ascii: ";") && c != UInt8(ascii: ":") { digitsOnly = false }
                j += 1
            case UInt8(ascii: "$") where !sawIntermediate && digitsOnly && j > s + 2:
                // rxvt's Shift forms end in '$' (ESC [ 5 $), which ECMA-48 calls an intermediate.
                return .done(j - s + 1, interpret(b[s...j]))
            case 0x20...0x2F:
                sawIntermediate = true
                j += 1
            case 0x40...0x7E:
                return .done(j - s + 1, interpret(b[s...j]))
            default:
                // A control character or a non-ASCII byte inside a sequence: malformed.
                return .done(j - s, nil)
            }
        }
        if atEnd { return .done(j - s, nil) }
        return .needMore
    }

    /// ESC O ...: SS3, with optional modifier digits (ESC O 5 A, ESC O 1;5 P).
    fileprivate static func parseSS3(_ b: ArraySlice<UInt8>, atEnd: Bool) -> Step {
        let s = b.startIndex
        var j = s + 2
        while j < b.endIndex {
            let c = b[j]
            if j - s >= maximumSequenceLength { return .overlong(j - s) }
            switch c {
            case 0x30...0x39, UInt8(ascii: ";"):
                j += 1
            case 0x40...0x7E:
                return .done(j - s + 1, interpretSS3(b[s...j]))
            default:
                return .done(j - s, nil)
            }
        }
        if atEnd { return .done(j - s, nil) }
        return .needMore
    }
}
