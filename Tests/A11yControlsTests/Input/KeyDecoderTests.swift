import Testing
import A11yControls
import A11yInputChecks
import A11yOptions

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

    @Test("an Escape right before the terminal's answer to a query is a key, and the answer is read")
    func escapeBeforeAReply() {
        // The demo queries the keyboard protocol once its first braille frame is out; a test (or
        // a quick user) may press Escape at that frame, and the Escape and the answer must not be
        // dropped together as one unknown Alt sequence (the demo would never exit).
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}\u{1B}[?1;2c".utf8)) == [.key(KeyEvent(.escape)), .reply(.primaryDeviceAttributes)])
        #expect(decoder.decode(Array("\u{1B}\u{1B}[?1u\u{1B}[?62c".utf8))
            == [.key(KeyEvent(.escape)), .reply(.kittyKeyboardFlags(1)), .reply(.primaryDeviceAttributes)])
        // Alt with a cursor key (rxvt) is still one key.
        #expect(decoder.decode(Array("\u{1B}\u{1B}[A".utf8)) == [.key(KeyEvent(.up, .alt))])
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
