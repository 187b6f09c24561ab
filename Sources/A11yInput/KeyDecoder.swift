import A11yModel
import A11yVocabulary
/// A reply from the terminal to a query, decoded from the same byte stream as keys.
public enum TerminalReply: Sendable, Hashable {
    /// The kitty keyboard protocol's answer to `CSI ? u`: the flags now in force.
    case kittyKeyboardFlags(Int)
    /// The answer to the primary device attributes query `CSI c` (every terminal answers it,
    /// so it marks the end of a query round).
    case primaryDeviceAttributes
}

/// What the decoder made of some bytes.
public enum DecodedInput: Sendable, Hashable {
    case key(KeyEvent)
    case reply(TerminalReply)
}

/// Decodes the bytes a terminal sends into key events.
///
/// Feed it bytes as they arrive, in pieces of any size: a sequence split across reads decodes the
/// same as a whole one. A lone Escape cannot be told from the start of a sequence by its bytes,
/// so the decoder holds such a prefix (`hasPendingPrefix`) until more bytes come or the caller
/// says the escape timeout expired (`flush()`); the decoder itself has no clock.
///
/// Garbage never becomes a key that means something: unknown, malformed and truncated sequences
/// come out as `Key.unknown(bytes)`, over-long ones are skipped up to their final byte, and the
/// decoder never holds more than `maximumSequenceLength` bytes.
public struct KeyDecoder: Sendable {
    /// The longest escape sequence the decoder collects before giving up on it.
    public static let maximumSequenceLength = 64
    /// The most bytes ever held back: a sequence and an Alt (ESC) prefix.
    public static let maximumPendingCount = maximumSequenceLength + 1
    /// A good escape timeout for an interactive terminal: 50 ms is enough on a local terminal,
    /// over SSH 100 ms avoids splitting sequences. (vim's ttimeoutlen is 100, tmux uses 10.)
    public static let recommendedEscapeTimeout: Duration = .milliseconds(100)

    /// One decoded item with the bytes it came from.
    public struct Decoded: Sendable, Hashable {
        public var input: DecodedInput
        public var bytes: [UInt8]
    }

    private var buffer: [UInt8] = []
    /// Inside an over-long control sequence: drop bytes up to its final byte.
    private var discarding = false

    public init() {}

    /// Whether bytes are held back waiting for the rest of a sequence (or the escape timeout):
    /// the event loop should arm the escape timer while this is true and call `flush()` when it
    /// expires.
    public var hasPendingPrefix: Bool { !buffer.isEmpty || discarding }

    var bufferCount: Int { buffer.count }

    /// Decodes `bytes` and returns the key events completed so far (replies are dropped).
    public mutating func feed<S: Sequence>(_ bytes: S) -> [KeyEvent] where S.Element == UInt8 {
        Self.keys(decodeDetailed(bytes))
    }

    /// The escape timeout expired (or the input ended): resolves what is pending. A lone Escape
    /// becomes `.escape`; a truncated sequence becomes `.unknown`.
    public mutating func flush() -> [KeyEvent] {
        Self.keys(flushDetailed())
    }

    /// Decodes `bytes` into keys and terminal replies.
    public mutating func decode<S: Sequence>(_ bytes: S) -> [DecodedInput] where S.Element == UInt8 {
        decodeDetailed(bytes).map(\.input)
    }

    /// Decodes `bytes`, reporting for each item the bytes it was decoded from.
    public mutating func decodeDetailed<S: Sequence>(_ bytes: S) -> [Decoded] where S.Element == UInt8 {
        var out: [Decoded] = []
        buffer.append(contentsOf: bytes)
        drain(atEnd: false, into: &out)
        return out
    }

    /// `flush()` with the bytes of each item.
    public mutating func flushDetailed() -> [Decoded] {
        var out: [Decoded] = []
        drain(atEnd: true, into: &out)
        discarding = false
        return out
    }

    private static func keys(_ items: [Decoded]) -> [KeyEvent] {
        items.compactMap { if case .key(let k) = $0.input { return k } else { return nil } }
    }

    private mutating func drain(atEnd: Bool, into out: inout [Decoded]) {
        var start = 0
        while start < buffer.count {
            if discarding {
                let byte = buffer[start]
                if byte >= 0x20 && byte <= 0x3F { start += 1; continue }
                discarding = false
                if byte >= 0x40 && byte <= 0x7E { start += 1; continue }
            }
            let slice = buffer[start...]
            switch Self.parse(slice, atEnd: atEnd) {
            case .needMore:
                if buffer.count - start > Self.maximumPendingCount {
                    // Never hold more than a sequence's worth: give up and skip its remainder.
                    out.append(Decoded(input: .key(KeyEvent(.unknown(Array(slice)))), bytes: Array(slice)))
                    start = buffer.count
                    discarding = slice.first == 0x1B
                } else {
                    buffer.removeFirst(start)
                    return
                }
                continue
            case .done(let count, let input):
                let bytes = Array(buffer[start..<start + count])
                out.append(Decoded(input: input ?? .key(KeyEvent(.unknown(bytes))), bytes: bytes))
                start += count
            case .overlong(let count):
                let bytes = Array(buffer[start..<start + count])
                out.append(Decoded(input: .key(KeyEvent(.unknown(bytes))), bytes: bytes))
                start += count
                discarding = true
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    // MARK: - Parsing

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

    private static func isUnknown(_ key: Key) -> Bool {
        if case .unknown = key { return true }
        return false
    }

    private static func key(_ key: Key, _ mods: KeyModifiers = [], _ kind: KeyEventKind = .press) -> DecodedInput {
        .key(KeyEvent(key, mods, kind: kind))
    }

    /// A byte that is not ESC: a control character, ASCII, or a UTF-8 sequence.
    private static func parsePlain(_ b: ArraySlice<UInt8>, atEnd: Bool) -> Step {
        let i = b.startIndex
        let c = b[i]
        switch c {
        case 0x0D, 0x0A: return .done(1, key(.enter))
        case 0x09: return .done(1, key(.tab))
        case 0x7F, 0x08: return .done(1, key(.backspace))
        case 0x00: return .done(1, key(.character(" "), .control))
        case 0x01...0x1A: return .done(1, key(.character(Character(Unicode.Scalar(c + 0x60))), .control))
        case 0x1B: return .done(1, key(.escape))
        case 0x1C...0x1F: return .done(1, key(.character(Character(Unicode.Scalar(c + 0x40))), .control))
        case 0x20...0x7E: return .done(1, key(.character(Character(Unicode.Scalar(c)))))
        default: break
        }
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
        if scalar.value < 0xA0 { return .done(length, nil) }
        return .done(length, key(.character(Character(scalar))))
    }

    /// ESC [ ...: collects a control sequence by the ECMA-48 grammar, then interprets it.
    private static func parseCSI(_ b: ArraySlice<UInt8>, atEnd: Bool) -> Step {
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
    private static func parseSS3(_ b: ArraySlice<UInt8>, atEnd: Bool) -> Step {
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

    private static func lookup(_ bytes: ArraySlice<UInt8>) -> DecodedInput? {
        guard let entry = KeySequences.lookup[Array(bytes)] else { return nil }
        return key(entry.key, entry.modifiers)
    }

    private static func interpretSS3(_ seq: ArraySlice<UInt8>) -> DecodedInput? {
        if let known = lookup(seq) { return known }
        // Modifier digits: ESC O 5 A (older xterm, some konsole) or ESC O 1;5 A.
        let params = seq.dropFirst(2).dropLast()
        let final = seq.last!
        guard let fields = parseFields(params), let last = fields.last, let m = last.first ?? nil,
              fields.allSatisfy({ $0.count == 1 }) else { return nil }
        guard let mods = modifiers(m) else { return nil }
        let plain: [UInt8] = [esc, UInt8(ascii: "O"), final]
        guard let base = KeySequences.lookup[plain] else { return nil }
        return key(base.key, base.modifiers.union(mods))
    }

    /// Parameters as fields (split at ';') of sub-fields (split at ':'); nil if not all digits.
    private static func parseFields(_ params: ArraySlice<UInt8>) -> [[Int?]]? {
        var fields: [[Int?]] = [[nil]]
        for c in params {
            switch c {
            case UInt8(ascii: ";"): fields.append([nil])
            case UInt8(ascii: ":"): fields[fields.count - 1].append(nil)
            case 0x30...0x39:
                let value = (fields[fields.count - 1].last! ?? 0) * 10 + Int(c - 0x30)
                if value > 0x10FFFF { return nil }
                fields[fields.count - 1][fields[fields.count - 1].count - 1] = value
            default: return nil
            }
        }
        return fields
    }

    /// xterm's modifier parameter: 1 + a bit mask (1 Shift, 2 Alt, 4 Control, 8 Meta/Super;
    /// kitty adds 16 Hyper, 32 Meta, 64 Caps Lock, 128 Num Lock, which are ignored).
    private static func modifiers(_ parameter: Int) -> KeyModifiers? {
        guard parameter >= 1 && parameter <= 256 else { return nil }
        return KeyModifiers(rawValue: UInt8((parameter - 1) & 0x0F))
    }

    private static func eventKind(_ value: Int?) -> KeyEventKind? {
        switch value ?? 1 {
        case 1: return .press
        case 2: return .repeat
        case 3: return .release
        default: return nil
        }
    }

    private static func tildeKey(_ n: Int) -> Key? {
        switch n {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(n - 10)
        case 17...21: return .function(n - 11)
        case 23, 24: return .function(n - 12)
        default: return nil
        }
    }

    private static func interpret(_ seq: ArraySlice<UInt8>) -> DecodedInput? {
        if let known = lookup(seq) { return known }
        var params = seq.dropFirst(2).dropLast()
        let final = seq.last!
        // Replies to queries carry a private marker.
        if let marker = params.first, marker == UInt8(ascii: "?") {
            params = params.dropFirst()
            guard let fields = parseFields(params) else { return nil }
            switch final {
            case UInt8(ascii: "u"):
                guard fields.count == 1, fields[0].count == 1 else { return nil }
                return .reply(.kittyKeyboardFlags(fields[0][0] ?? 0))
            case UInt8(ascii: "c"):
                return .reply(.primaryDeviceAttributes)
            default:
                return nil
            }
        }
        guard let fields = parseFields(params), fields.count <= 3 else { return nil }
        let number = fields[0][0]
        var mods: KeyModifiers = []
        var kind = KeyEventKind.press
        if fields.count >= 2 {
            guard fields[1].count <= 2, let m = modifiers(fields[1][0] ?? 1), let k = eventKind(fields[1].count > 1 ? fields[1][1] : nil) else {
                return nil
            }
            mods = m
            kind = k
        }
        switch final {
        case UInt8(ascii: "A"), UInt8(ascii: "B"), UInt8(ascii: "C"), UInt8(ascii: "D"),
             UInt8(ascii: "H"), UInt8(ascii: "F"), UInt8(ascii: "P"), UInt8(ascii: "Q"),
             UInt8(ascii: "R"), UInt8(ascii: "S"), UInt8(ascii: "Z"):
            // xterm: CSI 1 ; m X; kitty adds :event. The first parameter is 1 or absent.
            guard fields[0].count == 1, number == nil || number == 1, fields.count <= 2 else { return nil }
            let k: Key
            switch final {
            case UInt8(ascii: "A"): k = .up
            case UInt8(ascii: "B"): k = .down
            case UInt8(ascii: "C"): k = .right
            case UInt8(ascii: "D"): k = .left
            case UInt8(ascii: "H"): k = .home
            case UInt8(ascii: "F"): k = .end
            case UInt8(ascii: "P"): k = .function(1)
            case UInt8(ascii: "Q"): k = .function(2)
            case UInt8(ascii: "R"): k = .function(3)
            case UInt8(ascii: "S"): k = .function(4)
            default:
                k = .tab
                mods.insert(.shift)
            }
            return key(k, mods, kind)
        case UInt8(ascii: "~"):
            guard fields[0].count == 1, let n = number, let k = tildeKey(n), fields.count <= 2 else { return nil }
            return key(k, mods, kind)
        case UInt8(ascii: "^"), UInt8(ascii: "@"), UInt8(ascii: "$"):
            // rxvt: ^ Control, @ Control-Shift, $ Shift.
            guard fields.count == 1, fields[0].count == 1, let n = number, let k = tildeKey(n) else { return nil }
            let rxvt: KeyModifiers = final == UInt8(ascii: "^") ? .control : final == UInt8(ascii: "$") ? .shift : [.control, .shift]
            return key(k, rxvt)
        case UInt8(ascii: "u"):
            // kitty: CSI code[:shifted[:base]] ; modifiers[:event] [; text] u
            guard let code = number, let k = kittyKey(code) else { return nil }
            return key(k, mods, kind)
        default:
            return nil
        }
    }

    /// A kitty protocol key code: a Unicode code point, or a functional key in the private use area.
    private static func kittyKey(_ code: Int) -> Key? {
        switch code {
        case 9: return .tab
        case 13: return .enter
        case 27: return .escape
        case 127, 8: return .backspace
        case 57399...57408: return .character(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(code - 57399))))
        case 57409: return .character(".")
        case 57410: return .character("/")
        case 57411: return .character("*")
        case 57412: return .character("-")
        case 57413: return .character("+")
        case 57414: return .enter
        case 57415: return .character("=")
        case 57417: return .left
        case 57418: return .right
        case 57419: return .up
        case 57420: return .down
        case 57421: return .pageUp
        case 57422: return .pageDown
        case 57423: return .home
        case 57424: return .end
        case 57425: return .insert
        case 57426: return .delete
        case 32...126: return .character(Character(Unicode.Scalar(UInt8(code))))
        case 0xA0...0xD7FF, 0xF900...0xEFFFF:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        default: return nil
        }
    }
}
