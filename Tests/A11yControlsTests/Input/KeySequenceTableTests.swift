import Testing
@testable import A11yInput

/// The key table (`KeySequences`) is the only place that says which bytes mean which key: every
/// form with parameters takes the key of its plain form in the table.
@Suite("One key table")
struct KeySequenceTableTests {
    private func decode(_ text: String) -> [KeyEvent] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    /// Table entries `ESC <introducer> <tail>` with a one-byte tail.
    private func entries(introducer: Character) -> [KeySequences.Entry] {
        KeySequences.table.filter { $0.bytes.count == 3 && $0.bytes[1] == introducer.asciiValue! }
    }

    @Test("CSI 1;m X (xterm) and CSI 1;m:e X (kitty) are the key of CSI X with modifiers")
    func csiModifierForms() {
        let plain = entries(introducer: "[")
        #expect(plain.count >= 11)
        for entry in plain {
            let final = String(UnicodeScalar(entry.bytes[2]))
            #expect(decode("\u{1B}[1;5" + final) == [KeyEvent(entry.key, entry.modifiers.union(.control))], "\(entry.note)")
            #expect(decode("\u{1B}[1;3:3" + final) == [KeyEvent(entry.key, entry.modifiers.union(.alt), kind: .release)], "\(entry.note)")
        }
    }

    @Test("SS3 m X is the key of SS3 X with modifiers")
    func ss3ModifierForms() {
        for entry in entries(introducer: "O") {
            let final = String(UnicodeScalar(entry.bytes[2]))
            #expect(decode("\u{1B}O2" + final) == [KeyEvent(entry.key, entry.modifiers.union(.shift))], "\(entry.note)")
        }
    }

    @Test("CSI n;m ~ (xterm) and CSI n ^ / $ / @ (rxvt) are the key of CSI n ~ with modifiers")
    func tildeForms() {
        let tilde = KeySequences.table.filter { $0.bytes.last == UInt8(ascii: "~") }
        #expect(tilde.count == 20)
        for entry in tilde {
            let number = String(decoding: entry.bytes.dropFirst(2).dropLast(), as: UTF8.self)
            #expect(decode("\u{1B}[\(number);3~") == [KeyEvent(entry.key, .alt)], "\(entry.note)")
            #expect(decode("\u{1B}[\(number)^") == [KeyEvent(entry.key, .control)], "\(entry.note)")
            #expect(decode("\u{1B}[\(number)$") == [KeyEvent(entry.key, .shift)], "\(entry.note)")
            #expect(decode("\u{1B}[\(number)@") == [KeyEvent(entry.key, [.control, .shift])], "\(entry.note)")
        }
        #expect(decode("\u{1B}[24;5~") == [KeyEvent(.function(12), .control)])
        #expect(decode("\u{1B}[16~") == [KeyEvent(.unknown(Array("\u{1B}[16~".utf8)))])
    }

    @Test("a final that is in no table entry is unknown, with or without modifiers")
    func unknownFinals() {
        for text in ["\u{1B}[1;5G", "\u{1B}[G", "\u{1B}O5G", "\u{1B}[1;5X"] {
            #expect(decode(text) == [KeyEvent(.unknown(Array(text.utf8)))], "\(text.debugDescription)")
        }
    }

    @Test("single bytes and kitty's codes for the same keys agree")
    func singleBytesAndKittyCodes() {
        for byte in [UInt8(8), 9, 13, 27, 127] {
            #expect(KeySequences.kittyKey(code: Int(byte)) == KeySequences.key(forByte: byte)?.key)
        }
        #expect(KeySequences.key(forByte: 0x80) == nil)
        #expect(KeySequences.kittyKey(code: 57419) == .up)
    }

    @Test func sequencesPackIntoDistinctNumbersUpToSevenBytes() {
        #expect(KeySequences.packed([0x1B, 0x5B]) != KeySequences.packed([0x1B, 0x5B, 0x00]))
        #expect(KeySequences.packed([0x1B, 0x5B, 0x41]) != KeySequences.packed([0x1B, 0x5B, 0x42]))
        #expect(KeySequences.packed([UInt8](repeating: 0xFF, count: 7)) != nil)
        #expect(KeySequences.packed([UInt8](repeating: 0x1B, count: 8)) == nil)
        #expect(KeySequences.entry(for: Array("\u{1B}[A".utf8)[...])?.key == .up)
        #expect(KeySequences.entry(for: Array("\u{1B}[Z\u{1B}".utf8)) == nil)
    }
}
