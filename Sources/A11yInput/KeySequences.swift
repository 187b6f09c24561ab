/// The keys terminals send, as one table (after Bubble Tea's `sequences` in key.go): the only
/// place that says which bytes mean which key. `KeyDecoder` finds where a sequence ends and
/// reads its numbers; the key always comes from here.
///
/// - `table`: every fixed escape sequence. A complete sequence is looked up here first.
///   Sequences with parameters take their key from their plain form in the table: xterm's
///   modifier forms `CSI 1;5A` (from `CSI A`), `CSI 5;3~` (from `CSI 5~`), `SS3 5A` (from
///   `SS3 A`), rxvt's `CSI 5^` (from `CSI 5~`); the kitty protocol's `CSI 1;1:3A` likewise.
/// - `key(forByte:)`: single bytes (ASCII, C0 controls, DEL).
/// - `kittyKey(code:)`: the kitty protocol's key codes (`CSI 97;5u`).
package enum KeySequences {
    /// One entry: the bytes, the key they stand for, and which terminals send them.
    package struct Entry: Sendable {
        package var bytes: [UInt8]
        package var key: Key
        package var modifiers: KeyModifiers
        package var note: String
    }

    private static func e(_ s: String, _ key: Key, _ mods: KeyModifiers, _ note: String) -> Entry {
        Entry(bytes: Array(s.utf8), key: key, modifiers: mods, note: note)
    }

    private static func e(_ s: String, _ key: Key, _ note: String) -> Entry {
        Entry(bytes: Array(s.utf8), key: key, modifiers: [], note: note)
    }

    /// Every fixed sequence the decoder knows.
    package static let table: [Entry] = [
        // Cursor keys, normal mode (CSI): xterm, VT220, rxvt, Linux console, tmux, kitty.
        e("\u{1B}[A", .up, "CSI cursor keys"),
        e("\u{1B}[B", .down, "CSI cursor keys"),
        e("\u{1B}[C", .right, "CSI cursor keys"),
        e("\u{1B}[D", .left, "CSI cursor keys"),
        // Cursor keys, application mode (SS3, DECCKM): xterm, VT220, rxvt, tmux.
        e("\u{1B}OA", .up, "SS3 / DECCKM"),
        e("\u{1B}OB", .down, "SS3 / DECCKM"),
        e("\u{1B}OC", .right, "SS3 / DECCKM"),
        e("\u{1B}OD", .left, "SS3 / DECCKM"),
        // Home and End.
        e("\u{1B}[H", .home, "xterm, kitty"),
        e("\u{1B}[F", .end, "xterm, kitty"),
        e("\u{1B}OH", .home, "xterm application mode"),
        e("\u{1B}OF", .end, "xterm application mode"),
        e("\u{1B}[1~", .home, "VT220, Linux console, tmux"),
        e("\u{1B}[4~", .end, "VT220, Linux console, tmux"),
        e("\u{1B}[7~", .home, "rxvt"),
        e("\u{1B}[8~", .end, "rxvt"),
        // Editing keypad.
        e("\u{1B}[2~", .insert, "VT220"),
        e("\u{1B}[3~", .delete, "VT220"),
        e("\u{1B}[5~", .pageUp, "VT220 and everyone since"),
        e("\u{1B}[6~", .pageDown, "VT220 and everyone since"),
        // Back-tab.
        e("\u{1B}[Z", .tab, .shift, "Shift-Tab (CBT): xterm, rxvt, Linux console, tmux"),
        // F1 and its friends.
        e("\u{1B}OP", .function(1), "VT100 PF1: xterm, VT220, tmux"),
        e("\u{1B}OQ", .function(2), "VT100 PF2"),
        e("\u{1B}OR", .function(3), "VT100 PF3"),
        e("\u{1B}OS", .function(4), "VT100 PF4"),
        e("\u{1B}[11~", .function(1), "rxvt, old xterm"),
        e("\u{1B}[12~", .function(2), "rxvt, old xterm"),
        e("\u{1B}[13~", .function(3), "rxvt, old xterm"),
        e("\u{1B}[14~", .function(4), "rxvt, old xterm"),
        e("\u{1B}[15~", .function(5), "VT220 and everyone since"),
        e("\u{1B}[17~", .function(6), "VT220 and everyone since"),
        e("\u{1B}[18~", .function(7), "VT220 and everyone since"),
        e("\u{1B}[19~", .function(8), "VT220 and everyone since"),
        e("\u{1B}[20~", .function(9), "VT220 and everyone since"),
        e("\u{1B}[21~", .function(10), "VT220 and everyone since"),
        e("\u{1B}[23~", .function(11), "VT220 and everyone since"),
        e("\u{1B}[24~", .function(12), "VT220 and everyone since"),
        e("\u{1B}[[A", .function(1), "Linux console"),
        e("\u{1B}[[B", .function(2), "Linux console"),
        e("\u{1B}[[C", .function(3), "Linux console"),
        e("\u{1B}[[D", .function(4), "Linux console"),
        e("\u{1B}[[E", .function(5), "Linux console"),
        e("\u{1B}[P", .function(1), "kitty (disambiguate)"),
        e("\u{1B}[Q", .function(2), "kitty (disambiguate)"),
        e("\u{1B}[R", .function(3), "xterm's modified F3 (CSI 1;5R) without its modifier"),
        e("\u{1B}[S", .function(4), "kitty (disambiguate)"),
        // rxvt's modified cursor keys.
        e("\u{1B}[a", .up, .shift, "rxvt shift"),
        e("\u{1B}[b", .down, .shift, "rxvt shift"),
        e("\u{1B}[c", .right, .shift, "rxvt shift"),
        e("\u{1B}[d", .left, .shift, "rxvt shift"),
        e("\u{1B}Oa", .up, .control, "rxvt control"),
        e("\u{1B}Ob", .down, .control, "rxvt control"),
        e("\u{1B}Oc", .right, .control, "rxvt control"),
        e("\u{1B}Od", .left, .control, "rxvt control"),
        // The numeric keypad in application mode (DECKPAM): xterm, rxvt, VT220.
        e("\u{1B}OM", .enter, "keypad Enter"),
        e("\u{1B}Ok", .character("+"), "keypad +"),
        e("\u{1B}Om", .character("-"), "keypad -"),
        e("\u{1B}Oj", .character("*"), "keypad *"),
        e("\u{1B}Oo", .character("/"), "keypad /"),
        e("\u{1B}On", .character("."), "keypad ."),
        e("\u{1B}Ol", .character(","), "keypad ,"),
        e("\u{1B}OX", .character("="), "keypad ="),
        e("\u{1B}Op", .character("0"), "keypad 0"),
        e("\u{1B}Oq", .character("1"), "keypad 1"),
        e("\u{1B}Or", .character("2"), "keypad 2"),
        e("\u{1B}Os", .character("3"), "keypad 3"),
        e("\u{1B}Ot", .character("4"), "keypad 4"),
        e("\u{1B}Ou", .character("5"), "keypad 5"),
        e("\u{1B}Ov", .character("6"), "keypad 6"),
        e("\u{1B}Ow", .character("7"), "keypad 7"),
        e("\u{1B}Ox", .character("8"), "keypad 8"),
        e("\u{1B}Oy", .character("9"), "keypad 9"),
    ]

    /// The entry of the whole sequence `bytes`, nil when the table has none.
    ///
    /// A binary search over the table's sequences packed into numbers: a dictionary keyed by
    /// byte arrays would make an array and hash it for every escape sequence a key sends, and
    /// its first use would build its generic storage's metadata at the first key.
    static func entry<Bytes: Collection<UInt8>>(for bytes: Bytes) -> Entry? {
        guard let key = packed(bytes) else { return nil }
        let keys = sorted.keys
        var (low, high) = (0, keys.count)
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? table[sorted.entries[low]] : nil
    }

    /// The entry of `ESC <introducer> <final>` (`ESC [ A`, `ESC O P`): the plain form of a
    /// sequence with parameters.
    static func entry(introducer: UInt8, final: UInt8) -> Entry? {
        entry(for: [0x1B, introducer, final])
    }

    /// The entry of `ESC [ <n> ~` (VT220's editing and function keys).
    static func tildeEntry(_ n: Int) -> Entry? {
        entry(for: Array("\u{1B}[\(n)~".utf8))
    }

    /// A sequence of at most 7 bytes as one number: its length in the top byte, then its bytes
    /// from the most significant (nil for a longer one: the table has none).
    static func packed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64? {
        guard bytes.count <= 7 else { return nil }
        var value = UInt64(bytes.count) << 56
        var shift: UInt64 = 48
        for byte in bytes {
            value |= UInt64(byte) << shift
            shift &-= 8
        }
        return value
    }

    /// The table's sequences packed, in ascending order, with each one's place in `table` (the
    /// first of entries with the same bytes).
    private static let sorted: (keys: [UInt64], entries: [Int]) = {
        var pairs: [(key: UInt64, entry: Int)] = []
        pairs.reserveCapacity(table.count)
        for (index, entry) in table.enumerated() {
            if let key = packed(entry.bytes) { pairs.append((key, index)) }
        }
        // Stable for equal keys: the first entry comes first and is the one found.
        pairs.sort { $0.key != $1.key ? $0.key < $1.key : $0.entry < $1.entry }
        var keys: [UInt64] = []
        var entries: [Int] = []
        for pair in pairs where keys.last != pair.key {
            keys.append(pair.key)
            entries.append(pair.entry)
        }
        return (keys, entries)
    }()

    /// The key one byte below 0x80 stands for: ASCII itself; CR and LF Enter, Tab, DEL and BS
    /// Backspace, ESC Escape; other C0 controls Control with a letter (0x01 `ctrl+a`, 0x00
    /// `ctrl+space`, 0x1C-0x1F `ctrl+\` to `ctrl+_`). Nil for other bytes.
    package static func key(forByte byte: UInt8) -> (key: Key, modifiers: KeyModifiers)? {
        switch byte {
        case 0x0D, 0x0A: return (.enter, [])
        case 0x09: return (.tab, [])
        case 0x7F, 0x08: return (.backspace, [])
        case 0x00: return (.character(" "), .control)
        case 0x01...0x1A: return (.character(Character(Unicode.Scalar(byte + 0x60))), .control)
        case 0x1B: return (.escape, [])
        case 0x1C...0x1F: return (.character(Character(Unicode.Scalar(byte + 0x40))), .control)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), [])
        default: return nil
        }
    }

    /// A kitty protocol key code (`CSI code ; modifiers u`): a Unicode code point, or a
    /// functional key in the private use area. Nil for codes that are no key here.
    package static func kittyKey(code: Int) -> Key? {
        switch code {
        case 8, 9, 13, 27, 127: return key(forByte: UInt8(code))?.key
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
