import Testing
@testable import A11yControls
@testable import A11yDevices
@testable import A11yFormatting
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
@testable import DemoCommandLine

/// One sequence a terminal sends, and the key it means.
struct SequenceCase: CustomTestStringConvertible, Sendable {
    let family: String
    let bytes: [UInt8]
    let expected: KeyEvent

    var testDescription: String {
        let shown = bytes.map { b -> String in
            switch b {
            case 0x1B: return "ESC "
            case 0x20...0x7E: return String(UnicodeScalar(b))
            default: return "\\x" + String(b, radix: 16) + " "
            }
        }.joined()
        return "\(family): \(shown) -> \(expected)"
    }
}

private func c(_ family: String, _ s: String, _ key: Key, _ mods: KeyModifiers = [], _ kind: KeyEventKind = .press) -> SequenceCase {
    SequenceCase(family: family, bytes: Array(s.utf8), expected: KeyEvent(key, mods, kind: kind))
}

private func cb(_ family: String, _ bytes: [UInt8], _ key: Key, _ mods: KeyModifiers = []) -> SequenceCase {
    SequenceCase(family: family, bytes: bytes, expected: KeyEvent(key, mods))
}

/// xterm's modifier parameter for a set of modifiers.
private func param(_ m: KeyModifiers) -> Int { Int(m.rawValue) + 1 }

private let modifierSets: [KeyModifiers] = [.shift, .alt, [.shift, .alt], .control, [.control, .shift], [.control, .alt], [.control, .alt, .shift]]

/// Every key the issue names, in each terminal family's spelling.
let terminalFamilyCases: [SequenceCase] = {
    var cases: [SequenceCase] = []
    // Keys every family sends the same way.
    for family in ["xterm", "VT220", "rxvt", "linux", "tmux", "kitty"] {
        cases += [
            c(family, "\r", .enter), c(family, "\t", .tab), c(family, "\u{7F}", .backspace),
            c(family, "k", .character("k")), c(family, "+", .character("+")), c(family, " ", .character(" ")),
            c(family, "?", .character("?")), c(family, "7", .character("7")), c(family, "é", .character("é")),
            c(family, "€", .character("€")), c(family, "😀", .character("😀")),
            cb(family, [0x01], .character("a"), .control), cb(family, [0x05], .character("e"), .control),
            c(family, "\u{1B}[5~", .pageUp), c(family, "\u{1B}[6~", .pageDown),
            c(family, "\u{1B}[Z", .tab, .shift),
            c(family, "\u{1B}k", .character("k"), .alt),
        ]
        if family != "kitty" { cases.append(c(family, "\u{1B}", .escape)) }
    }
    // xterm: CSI and SS3 cursor keys, CSI H/F, SS3 F1, modifier forms CSI 1;m X and CSI n;m ~.
    let letters: [(String, Key)] = [("A", .up), ("B", .down), ("C", .right), ("D", .left), ("H", .home), ("F", .end), ("P", .function(1))]
    for (f, key) in letters {
        if f != "P" { cases.append(c("xterm", "\u{1B}[\(f)", key)) }
        cases.append(c("xterm", "\u{1B}O\(f)", key))
        for m in modifierSets {
            cases.append(c("xterm", "\u{1B}[1;\(param(m))\(f)", key, m))
            cases.append(c("tmux", "\u{1B}[1;\(param(m))\(f)", key, m))
        }
    }
    for (n, key) in [(5, Key.pageUp), (6, .pageDown), (3, .delete)] {
        for m in modifierSets {
            cases.append(c("xterm", "\u{1B}[\(n);\(param(m))~", key, m))
            cases.append(c("tmux", "\u{1B}[\(n);\(param(m))~", key, m))
        }
    }
    cases.append(c("xterm", "\u{1B}OM", .enter))
    cases.append(c("xterm", "\u{1B}Ok", .character("+")))
    cases.append(c("xterm", "\u{1B}Om", .character("-")))
    cases.append(c("xterm", "\u{1B}O5A", .up, .control))
    cases.append(c("xterm", "\u{1B}\u{7F}", .backspace, .alt))
    // VT220.
    cases += [
        c("VT220", "\u{1B}[A", .up), c("VT220", "\u{1B}[B", .down), c("VT220", "\u{1B}[C", .right), c("VT220", "\u{1B}[D", .left),
        c("VT220", "\u{1B}OA", .up), c("VT220", "\u{1B}OD", .left),
        c("VT220", "\u{1B}[1~", .home), c("VT220", "\u{1B}[4~", .end), c("VT220", "\u{1B}OP", .function(1)),
        cb("VT220", [0x08], .backspace),
    ]
    // rxvt.
    cases += [
        c("rxvt", "\u{1B}[A", .up), c("rxvt", "\u{1B}OA", .up),
        c("rxvt", "\u{1B}[7~", .home), c("rxvt", "\u{1B}[8~", .end), c("rxvt", "\u{1B}[11~", .function(1)),
        c("rxvt", "\u{1B}[a", .up, .shift), c("rxvt", "\u{1B}[b", .down, .shift),
        c("rxvt", "\u{1B}[c", .right, .shift), c("rxvt", "\u{1B}[d", .left, .shift),
        c("rxvt", "\u{1B}Oa", .up, .control), c("rxvt", "\u{1B}Ob", .down, .control),
        c("rxvt", "\u{1B}Oc", .right, .control), c("rxvt", "\u{1B}Od", .left, .control),
        c("rxvt", "\u{1B}[5^", .pageUp, .control), c("rxvt", "\u{1B}[6^", .pageDown, .control),
        c("rxvt", "\u{1B}[5$", .pageUp, .shift), c("rxvt", "\u{1B}[6@", .pageDown, [.control, .shift]),
        c("rxvt", "\u{1B}[7^", .home, .control), c("rxvt", "\u{1B}[8$", .end, .shift), c("rxvt", "\u{1B}[11^", .function(1), .control),
        c("rxvt", "\u{1B}\u{1B}[A", .up, .alt), c("rxvt", "\u{1B}\u{1B}[5~", .pageUp, .alt), c("rxvt", "\u{1B}\u{1B}OC", .right, .alt),
    ]
    // The Linux console.
    cases += [
        c("linux", "\u{1B}[A", .up), c("linux", "\u{1B}[B", .down), c("linux", "\u{1B}[C", .right), c("linux", "\u{1B}[D", .left),
        c("linux", "\u{1B}[1~", .home), c("linux", "\u{1B}[4~", .end),
        c("linux", "\u{1B}[[A", .function(1)), c("linux", "\u{1B}[[B", .function(2)), c("linux", "\u{1B}[[E", .function(5)),
        c("linux", "\u{1B}[3~", .delete), c("linux", "\u{1B}a", .character("a"), .alt),
    ]
    // tmux (xterm-keys): what it sends whatever the outer terminal.
    cases += [
        c("tmux", "\u{1B}[A", .up), c("tmux", "\u{1B}OA", .up), c("tmux", "\u{1B}[1~", .home), c("tmux", "\u{1B}[4~", .end),
        c("tmux", "\u{1B}OP", .function(1)), c("tmux", "\u{1B}[1;5A", .up, .control),
    ]
    // kitty keyboard protocol (flags 1 + 2).
    cases += [
        c("kitty", "\u{1B}[A", .up), c("kitty", "\u{1B}[1;1:1A", .up), c("kitty", "\u{1B}[1;1:2A", .up, [], .repeat),
        c("kitty", "\u{1B}[1;1:3A", .up, [], .release), c("kitty", "\u{1B}[1;5:3C", .right, .control, .release),
        c("kitty", "\u{1B}[1;1:3B", .down, [], .release), c("kitty", "\u{1B}[1;1:2D", .left, [], .repeat),
        c("kitty", "\u{1B}[H", .home), c("kitty", "\u{1B}[1;1:3F", .end, [], .release),
        c("kitty", "\u{1B}[5;1:2~", .pageUp, [], .repeat), c("kitty", "\u{1B}[6;1:3~", .pageDown, [], .release),
        c("kitty", "\u{1B}[27u", .escape), c("kitty", "\u{1B}[27;1:3u", .escape, [], .release),
        c("kitty", "\u{1B}[13;2u", .enter, .shift), c("kitty", "\u{1B}[9;2u", .tab, .shift),
        c("kitty", "\u{1B}[97;5u", .character("a"), .control), c("kitty", "\u{1B}[99;5u", .character("c"), .control),
        c("kitty", "\u{1B}[107;1:3u", .character("k"), [], .release), c("kitty", "\u{1B}[43;1:2u", .character("+"), [], .repeat),
        c("kitty", "\u{1B}[P", .function(1)), c("kitty", "\u{1B}[1;1:3P", .function(1), [], .release),
        c("kitty", "\u{1B}[57413u", .character("+")), c("kitty", "\u{1B}[57419;1:3u", .up, [], .release),
        c("kitty", "\u{1B}[57399u", .character("0")), c("kitty", "\u{1B}[127;3u", .backspace, .alt),
        c("kitty", "\u{1B}[97;6u", .character("a"), [.control, .shift]),
    ]
    return cases
}()

/// Feeds `pieces` and then flushes (the escape timeout).
private func decode(_ pieces: [ArraySlice<UInt8>]) -> [KeyEvent] {
    var decoder = KeyDecoder()
    var events: [KeyEvent] = []
    for piece in pieces { events += decoder.feed(piece) }
    return events + decoder.flush()
}

@Suite("KeyDecoder")
struct KeyDecoderTests {
    @Test("each terminal family's sequences decode, whole and split at every byte boundary", arguments: terminalFamilyCases)
    func familySequence(_ testCase: SequenceCase) {
        let bytes = testCase.bytes
        #expect(decode([bytes[...]]) == [testCase.expected])
        // Every single split point.
        for cut in 1..<max(1, bytes.count) {
            #expect(decode([bytes[..<cut], bytes[cut...]]) == [testCase.expected], "split at \(cut)")
        }
        // One byte per read.
        #expect(decode(bytes.indices.map { bytes[$0...$0] }) == [testCase.expected])
        // Followed by another key, no timeout is needed (a lone Escape and a key is Alt+key).
        guard bytes != [0x1B] else { return }
        var decoder = KeyDecoder()
        let followed = decoder.feed(bytes + Array("x".utf8))
        #expect(followed == [testCase.expected, KeyEvent(.character("x"))])
        #expect(!decoder.hasPendingPrefix)
    }

    @Test("every entry of the sequence table decodes to its key")
    func tableEntries() {
        for entry in KeySequences.table {
            #expect(decode([entry.bytes[...]]) == [KeyEvent(entry.key, entry.modifiers)], "\(entry.note)")
        }
    }

    @Test("a lone Escape waits for the timeout; the decoder says so")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPendingPrefix)
        #expect(decoder.flush() == [KeyEvent(.escape)])
        #expect(!decoder.hasPendingPrefix)
        // After the timeout, the rest is plain keys.
        #expect(decoder.feed(Array("[A".utf8)) == [KeyEvent(.character("[")), KeyEvent(.character("A"))])
        // Two Escapes: the first is a key at once.
        #expect(decoder.feed([0x1B, 0x1B]).isEmpty)
        #expect(decoder.flush() == [KeyEvent(.escape), KeyEvent(.escape)])
        #expect(decoder.feed([0x1B, 0x1B, 0x61]) == [KeyEvent(.escape), KeyEvent(.character("a"), .alt)])
    }

    @Test("Enter may be CR or LF; scripted input uses LF")
    func enterForms() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\r\n".utf8)) == [KeyEvent(.enter), KeyEvent(.enter)])
    }

    @Test("truncated sequences become unknown at the timeout, never a key")
    func truncated() {
        for prefix in ["\u{1B}[", "\u{1B}[1", "\u{1B}[1;", "\u{1B}[1;5", "\u{1B}O", "\u{1B}[[", "\u{1B}\u{1B}[", "\u{1B}[5", "\u{1B}[57413"] {
            var decoder = KeyDecoder()
            #expect(decoder.feed(Array(prefix.utf8)).isEmpty, "\(prefix.utf8.map { $0 })")
            #expect(decoder.hasPendingPrefix)
            let events = decoder.flush()
            #expect(events.count == 1)
            if case .unknown = events.first?.key {} else { Issue.record("\(events) from \(Array(prefix.utf8))") }
        }
    }

    @Test("malformed sequences end at the offending byte and decode nothing from it")
    func malformed() {
        var decoder = KeyDecoder()
        let events = decoder.feed(Array("\u{1B}[1;5\u{1B}[B".utf8))
        #expect(events.count == 2)
        #expect(events.first?.key == .unknown(Array("\u{1B}[1;5".utf8)))
        #expect(events.last == KeyEvent(.down))
        // An unknown final, a bad kitty event type, an out-of-range number, a private reply we
        // did not ask for.
        for garbage in ["\u{1B}[1;5y", "\u{1B}[1;1:7A", "\u{1B}[99999999999;5A", "\u{1B}[?1;2$y", "\u{1B}[57441u", "\u{1B}[99~", "\u{1B}[2;5A", "\u{1B}[1;0A", "\u{1B}O"] {
            var d = KeyDecoder()
            let out = d.feed(Array(garbage.utf8)) + d.flush()
            #expect(out.allSatisfy { if case .unknown = $0.key { true } else { false } }, "\(garbage.utf8.map { $0 }): \(out)")
        }
    }

    @Test("over-long sequences are skipped to their final byte; no digit leaks out")
    func overlong() {
        var decoder = KeyDecoder()
        let long = "\u{1B}[" + String(repeating: "1;", count: 100) + "A"
        let events = decoder.feed(Array(long.utf8) + Array("k".utf8))
        #expect(events.count == 2)
        if case .unknown = events[0].key {} else { Issue.record("\(events)") }
        #expect(events[1] == KeyEvent(.character("k")))
        // The same, one byte at a time.
        var slow = KeyDecoder()
        var slowEvents: [KeyEvent] = []
        for b in Array(long.utf8) + Array("k".utf8) {
            slowEvents += slow.feed([b])
            #expect(slow.pendingByteCount <= KeyDecoder.maximumPendingCount)
        }
        #expect(slowEvents == events)
    }

    @Test("invalid UTF-8 becomes unknown")
    func invalidUTF8() {
        var decoder = KeyDecoder()
        let events = decoder.feed([0xC3, 0x41, 0xFF, 0xE2, 0x82]) + decoder.flush()
        #expect(events.map(\.key) == [.unknown([0xC3]), .character("A"), .unknown([0xFF]), .unknown([0xE2, 0x82])])
        // Overlong encoding of '/', a surrogate, a C1 control.
        var d = KeyDecoder()
        let more = d.feed([0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xC2, 0x85])
        #expect(more.allSatisfy { if case .unknown = $0.key { true } else { false } })
    }

    @Test("terminal replies are reported as replies")
    func replies() {
        var decoder = KeyDecoder()
        let inputs = decoder.decode(Array("\u{1B}[?3u\u{1B}[?62;22c\u{1B}[A".utf8))
        #expect(inputs == [.reply(.kittyKeyboardFlags(3)), .reply(.primaryDeviceAttributes), .key(KeyEvent(.up))])
    }

    @Test("ctrl characters decode as ctrl+letter")
    func controlCharacters() {
        var decoder = KeyDecoder()
        let names = decoder.feed([0x01, 0x02, 0x05, 0x06, 0x0E, 0x10, 0x1F, 0x00]).map(\.name)
        #expect(names == ["ctrl+a", "ctrl+b", "ctrl+e", "ctrl+f", "ctrl+n", "ctrl+p", "ctrl+_", "ctrl+space"])
    }
}

@Suite("Key names")
struct KeyNameTests {
    @Test("canonical names round-trip")
    func roundTrip() {
        let names = ["up", "alt+up", "shift+tab", "ctrl+a", "ctrl+alt+shift+pagedown", "f1", "space", "equals", "hash", "+", "-", "k", "K", "?", "esc", "enter", "backspace", "home", "end", "pageup", "super+left", "é"]
        for name in names {
            let chord = KeyChord(name: name)
            #expect(chord?.name == name, "\(name)")
        }
    }

    @Test("aliases and case")
    func aliases() {
        #expect(KeyChord(name: "Ctrl+A")?.name == "ctrl+a")
        #expect(KeyChord(name: "control+PgUp")?.name == "ctrl+pageup")
        #expect(KeyChord(name: "shift+k")?.name == "K")
        #expect(KeyChord(name: "escape")?.name == "esc")
        #expect(KeyChord(name: "plus")?.name == "+")
        #expect(KeyChord(name: "ctrl++")?.name == "ctrl++")
        #expect(KeyChord(name: "hyper+a") == nil)
        #expect(KeyChord(name: "f99") == nil)
        #expect(KeyChord(name: "") == nil)
        #expect(KeyChord(name: "ctrl+") == nil)
    }

    @Test("normalisation is stable: one chord per key whatever the terminal sends")
    func normalisation() {
        let chords = [KeyChord(.character("a"), [.control, .shift]), KeyChord(.character("A"), .control), KeyChord(.character("k"), .shift)]
        #expect(chords.map(\.name) == ["ctrl+a", "ctrl+a", "K"])
        for chord in chords {
            #expect(KeyChord(chord.key, chord.modifiers) == chord)
            #expect(KeyEvent(chord.key, chord.modifiers).chord == chord)
        }
    }

    @Test("decoded events name themselves canonically")
    func decodedNames() {
        var decoder = KeyDecoder()
        let names = decoder.feed(Array("\u{1B}[1;3A\u{1B}[Z\u{1B}[97;5u\u{1B}[1;1:3A".utf8)).map(\.name)
        #expect(names == ["alt+up", "shift+tab", "ctrl+a", "up"])
    }
}

@Suite("KeyDecoder regressions found by fuzzing")
struct KeyDecoderRegressionTests {
    @Test("an Alt-prefixed over-long sequence splits the same as whole")
    func altOverlong() {
        let input = [UInt8]([0x1B, 0x1B, 0x5B]) + Array(repeating: UInt8(ascii: "1"), count: 70) + [UInt8(ascii: "A"), UInt8(ascii: "k")]
        for cut in 1..<input.count {
            #expect(KeyDecoderInvariants.check(input, splits: [cut]) == nil, "split at \(cut)")
        }
    }
}
