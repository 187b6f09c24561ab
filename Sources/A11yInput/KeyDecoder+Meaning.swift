/// What a complete escape sequence means: looked up whole in the key table (`KeySequences`),
/// or read from its parameters (modifiers, kitty's event kinds and key codes, replies to
/// queries) with the key of its plain form from the same table.
extension KeyDecoder {
    /// `CSI row ; column R`, read as the answer to a cursor position query; nil for other bytes.
    static func cursorPosition(_ bytes: ArraySlice<UInt8>) -> DecodedInput? {
        guard bytes.count >= 6, bytes.last == UInt8(ascii: "R"), bytes[bytes.startIndex + 1] == UInt8(ascii: "["),
              let fields = parseFields(bytes.dropFirst(2).dropLast()), fields.count == 2, fields.allSatisfy({ $0.count == 1 }),
              let row = fields[0][0], let column = fields[1][0], row >= 1, column >= 1 else { return nil }
        return .reply(.cursorPosition(row: row, column: column))
    }

    static func lookup(_ bytes: ArraySlice<UInt8>) -> DecodedInput? {
        guard let entry = KeySequences.entry(for: bytes) else { return nil }
        return key(entry.key, entry.modifiers)
    }

    static func interpretSS3(_ seq: ArraySlice<UInt8>) -> DecodedInput? {
        if let known = lookup(seq) { return known }
        // Modifier digits: ESC O 5 A (older xterm, some konsole) or ESC O 1;5 A.
        let params = seq.dropFirst(2).dropLast()
        let final = seq.last!
        guard let fields = parseFields(params), let last = fields.last, let m = last.first ?? nil,
              fields.allSatisfy({ $0.count == 1 }) else { return nil }
        guard let mods = modifiers(m) else { return nil }
        guard let base = KeySequences.entry(introducer: UInt8(ascii: "O"), final: final) else { return nil }
        return key(base.key, base.modifiers.union(mods))
    }

    /// Parameters as fields (split at ';') of sub-fields (split at ':'); nil if not all digits.
    fileprivate static func parseFields(_ params: ArraySlice<UInt8>) -> [[Int?]]? {
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
    fileprivate static func modifiers(_ parameter: Int) -> KeyModifiers? {
        guard parameter >= 1 && parameter <= 256 else { return nil }
        return KeyModifiers(rawValue: UInt8((parameter - 1) & 0x0F))
    }

    fileprivate static func eventKind(_ value: Int?) -> KeyEventKind? {
        switch value ?? 1 {
        case 1: return .press
        case 2: return .repeat
        case 3: return .release
        default: return nil
        }
    }

    static func interpret(_ seq: ArraySlice<UInt8>) -> DecodedInput? {
        if let known = lookup(seq) { return known }
        var params = seq.dropFirst(2).dropLast()
        let final = seq.last!
        // SGR mouse reports: CSI < button ; column ; row M (press, drag) or m (release).
        if params.first == UInt8(ascii: "<") {
            guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"), let fields = parseFields(params.dropFirst()),
                  fields.count == 3, fields.allSatisfy({ $0.count == 1 }),
                  let code = fields[0][0], let column = fields[1][0], let row = fields[2][0],
                  let event = PointerEvent(code: code, column: column, row: row, released: final == UInt8(ascii: "m")) else { return nil }
            return .pointer(event)
        }
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
        case UInt8(ascii: "~"):
            // VT220 with xterm's modifiers: CSI n ; m ~, the key of CSI n ~.
            guard fields[0].count == 1, let n = number, fields.count <= 2, let base = KeySequences.tildeEntry(n) else { return nil }
            return key(base.key, base.modifiers.union(mods), kind)
        case UInt8(ascii: "^"), UInt8(ascii: "@"), UInt8(ascii: "$"):
            // rxvt: ^ Control, @ Control-Shift, $ Shift.
            guard fields.count == 1, fields[0].count == 1, let n = number, let base = KeySequences.tildeEntry(n) else { return nil }
            let rxvt: KeyModifiers = final == UInt8(ascii: "^") ? .control : final == UInt8(ascii: "$") ? .shift : [.control, .shift]
            return key(base.key, base.modifiers.union(rxvt))
        case UInt8(ascii: "u"):
            // kitty: CSI code[:shifted[:base]] ; modifiers[:event] [; text] u
            guard let code = number, let k = KeySequences.kittyKey(code: code) else { return nil }
            return key(k, mods, kind)
        default:
            // xterm: CSI 1 ; m X, kitty adds :event; the key of CSI X (the first parameter is
            // 1 or absent).
            guard fields[0].count == 1, number == nil || number == 1, fields.count <= 2,
                  let base = KeySequences.entry(introducer: UInt8(ascii: "["), final: final) else { return nil }
            return key(base.key, base.modifiers.union(mods), kind)
        }
    }
}
