import Testing
import A11yControls
import A11yOptions

/// Decodes `pieces` as reads, then flushes (the escape timeout): every item, keys, reports and replies.
private func decodeAll(_ pieces: [[UInt8]], awaiting answers: Int = 0) -> [DecodedInput] {
    var decoder = KeyDecoder()
    for _ in 0..<answers { decoder.awaitCursorPosition() }
    var inputs: [DecodedInput] = []
    for piece in pieces { inputs += decoder.decode(piece) }
    return inputs + decoder.flushDetailed().map(\.input)
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The SGR mouse grammar (xterm 1006 with 1002 drags) and the cursor position answer, decoded with
/// the keys: what each report means, reads split anywhere, and the bad input that must mean nothing.
@Suite("KeyDecoder: mouse reports")
struct PointerDecodingTests {
    struct ReportCase: Sendable, CustomStringConvertible {
        var text: String
        var event: PointerEvent
        var description: String { text.debugDescription }
    }

    static let reports: [ReportCase] = [
        ReportCase(text: "\u{1B}[<0;5;3M", event: PointerEvent(.left, .press, column: 5, row: 3)),
        ReportCase(text: "\u{1B}[<32;6;3M", event: PointerEvent(.left, .drag, column: 6, row: 3)),
        ReportCase(text: "\u{1B}[<0;7;3m", event: PointerEvent(.left, .release, column: 7, row: 3)),
        ReportCase(text: "\u{1B}[<1;1;1M", event: PointerEvent(.middle, .press, column: 1, row: 1)),
        ReportCase(text: "\u{1B}[<2;80;24M", event: PointerEvent(.right, .press, column: 80, row: 24)),
        ReportCase(text: "\u{1B}[<2;80;24m", event: PointerEvent(.right, .release, column: 80, row: 24)),
        ReportCase(text: "\u{1B}[<64;10;2M", event: PointerEvent(.wheelUp, .press, column: 10, row: 2)),
        ReportCase(text: "\u{1B}[<65;10;2M", event: PointerEvent(.wheelDown, .press, column: 10, row: 2)),
        ReportCase(text: "\u{1B}[<35;4;4M", event: PointerEvent(.noButton, .drag, column: 4, row: 4)),
        ReportCase(text: "\u{1B}[<4;2;2M", event: PointerEvent(.left, .press, column: 2, row: 2, modifiers: .shift)),
        ReportCase(text: "\u{1B}[<8;2;2M", event: PointerEvent(.left, .press, column: 2, row: 2, modifiers: .alt)),
        ReportCase(text: "\u{1B}[<16;2;2M", event: PointerEvent(.left, .press, column: 2, row: 2, modifiers: .control)),
        ReportCase(text: "\u{1B}[<80;2;2M", event: PointerEvent(.wheelUp, .press, column: 2, row: 2, modifiers: .control)),
        ReportCase(text: "\u{1B}[<60;2;2M", event: PointerEvent(.left, .drag, column: 2, row: 2, modifiers: [.shift, .alt, .control])),
        ReportCase(text: "\u{1B}[<128;3;3M", event: PointerEvent(.other(8), .press, column: 3, row: 3)),
        ReportCase(text: "\u{1B}[<131;3;3m", event: PointerEvent(.other(11), .release, column: 3, row: 3)),
        ReportCase(text: "\u{1B}[<0;10000;10000M", event: PointerEvent(.left, .press, column: 10_000, row: 10_000)),
        ReportCase(text: "\u{1B}[<255;1;1m", event: PointerEvent(.other(11), .release, column: 1, row: 1, modifiers: [.shift, .alt, .control])),
        ReportCase(text: "\u{1B}[<000;05;003M", event: PointerEvent(.left, .press, column: 5, row: 3)),
    ]

    @Test("each report decodes to its event, whole, split at every byte, a byte a read", arguments: reports)
    func report(_ testCase: ReportCase) {
        let data = bytes(testCase.text)
        #expect(decodeAll([data]) == [.pointer(testCase.event)])
        for cut in 1..<data.count {
            #expect(decodeAll([Array(data[..<cut]), Array(data[cut...])]) == [.pointer(testCase.event)], "split at \(cut)")
        }
        #expect(decodeAll(data.map { [$0] }) == [.pointer(testCase.event)])
        // A report is never a key: the key path sees nothing.
        var decoder = KeyDecoder()
        #expect(decoder.feed(data) + decoder.flush() == [])
    }

    /// The reports written as terminals write them (no leading zeros; code 255 is also button 11).
    @Test("an event's report is the bytes a terminal sends for it",
          arguments: reports.filter { !$0.text.contains("<000") && !$0.text.contains("<255") })
    func reportBytes(_ testCase: ReportCase) {
        #expect(testCase.event.report == testCase.text)
    }

    @Test("a burst of reports in one read, and keys between them, keep their order")
    func burst() {
        let text = "\u{1B}[<0;5;3Mx\u{1B}[<32;6;3M\u{1B}[<32;7;3M\u{1B}[C\u{1B}[<0;7;3m"
        let expected: [DecodedInput] = [
            .pointer(PointerEvent(.left, .press, column: 5, row: 3)), .key(KeyEvent(.character("x"))),
            .pointer(PointerEvent(.left, .drag, column: 6, row: 3)), .pointer(PointerEvent(.left, .drag, column: 7, row: 3)),
            .key(KeyEvent(.right)), .pointer(PointerEvent(.left, .release, column: 7, row: 3)),
        ]
        let data = bytes(text)
        #expect(decodeAll([data]) == expected)
        for a in 1..<data.count {
            for b in stride(from: a + 1, to: data.count, by: 3) {
                #expect(decodeAll([Array(data[..<a]), Array(data[a..<b]), Array(data[b...])]) == expected, "split at \(a), \(b)")
            }
        }
    }

    @Test("a report cut short by the escape timeout is one unknown key, and the next report decodes")
    func cutShort() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(bytes("\u{1B}[<0;5")) == [])
        #expect(decoder.hasPendingPrefix)
        #expect(decoder.flushDetailed().map(\.input) == [.key(KeyEvent(.unknown(bytes("\u{1B}[<0;5"))))])
        #expect(!decoder.hasPendingPrefix)
        #expect(decoder.decode(bytes("\u{1B}[<0;5;3M")) == [.pointer(PointerEvent(.left, .press, column: 5, row: 3))])
    }

    static let invalid: [String] = [
        "\u{1B}[<256;5;3M",          // a code over 255
        "\u{1B}[<100000;5;3M",
        "\u{1B}[<0;0;3M",            // coordinates from 1
        "\u{1B}[<0;5;0M",
        "\u{1B}[<0;10001;3M",        // beyond the largest coordinate
        "\u{1B}[<0;5;10001M",
        "\u{1B}[<0;99999999999;3M",  // a number overflowing
        "\u{1B}[<64;5;3m",           // a wheel released
        "\u{1B}[<65;5;3m",
        "\u{1B}[<96;5;3M",           // a wheel dragged
        "\u{1B}[<3;5;3M",            // no button pressed, not a motion
        "\u{1B}[<3;5;3m",
        "\u{1B}[<0;5M",              // a field missing, empty, extra or split
        "\u{1B}[<0;5;3;1M",
        "\u{1B}[<;5;3M",
        "\u{1B}[<0;;3M",
        "\u{1B}[<0;5;M",
        "\u{1B}[<0:1;5;3M",
        "\u{1B}[<0;5:1;3M",
        "\u{1B}[<M",
        "\u{1B}[<0;5;3X",            // another final
        "\u{1B}[<0;5;3R",
        "\u{1B}[<0;5;3~",
        "\u{1B}[0;5;3M",             // no '<'
        "\u{1B}[?0;5;3M",
        "\u{1B}[<0<5;3M",
        "\u{1B}[<0;5;3 M",           // an intermediate byte
    ]

    @Test("a report no terminal sends is one unknown key, never a report", arguments: invalid)
    func invalidReport(_ text: String) {
        let data = bytes(text)
        let inputs = decodeAll([data])
        #expect(inputs == [.key(KeyEvent(.unknown(data)))])
        for cut in 1..<data.count { #expect(decodeAll([Array(data[..<cut]), Array(data[cut...])]) == inputs, "split at \(cut)") }
    }

    @Test("a report behind an Escape (Alt) is not a report")
    func altPrefixed() {
        let inputs = decodeAll([bytes("\u{1B}\u{1B}[<0;5;3M")])
        #expect(!inputs.contains { if case .pointer = $0 { true } else { false } })
    }

    @Test("a report interrupted by a control byte is dropped, and what follows is read as keys")
    func interrupted() {
        let inputs = decodeAll([bytes("\u{1B}[<0;5\u{18}\u{1B}[<0;6;3M")])
        #expect(inputs.first == .key(KeyEvent(.unknown(bytes("\u{1B}[<0;5")))))
        #expect(inputs.last == .pointer(PointerEvent(.left, .press, column: 6, row: 3)))
        #expect(inputs.filter { if case .pointer = $0 { true } else { false } }.count == 1)
    }

    @Test("an over-long report is skipped to its final byte and the decoder holds a bounded number of bytes")
    func overlong() {
        let long = bytes("\u{1B}[<0;" + String(repeating: "1", count: 200) + ";3M")
        var decoder = KeyDecoder()
        var inputs: [DecodedInput] = []
        for byte in long {
            inputs += decoder.decode([byte])
            #expect(decoder.pendingByteCount <= KeyDecoder.maximumPendingCount)
        }
        inputs += decoder.decode(bytes("\u{1B}[<0;6;3M"))
        #expect(inputs.count == 2)
        if case .key(let key) = inputs.first, case .unknown = key.key {} else { Issue.record("not an unknown key first: \(inputs)") }
        #expect(inputs.last == .pointer(PointerEvent(.left, .press, column: 6, row: 3)))
    }

    // MARK: The cursor position answer

    @Test("the cursor position answer is a reply only while one is awaited, once per question")
    func cursorPosition() {
        let answer = bytes("\u{1B}[7;1R")
        #expect(decodeAll([answer], awaiting: 1) == [.reply(.cursorPosition(row: 7, column: 1))])
        // Unasked, the same bytes are no reply (a modified F3 would be CSI 1 ; m R).
        let unasked = decodeAll([answer])
        #expect(unasked.count == 1)
        if case .reply = unasked[0] { Issue.record("an unasked answer was read as one") }
        // One question, two answers: the second is a key again.
        let twice = decodeAll([answer + bytes("\u{1B}[9;4R")], awaiting: 1)
        #expect(twice.first == .reply(.cursorPosition(row: 7, column: 1)))
        #expect(twice.count == 2)
        if case .reply = twice[1] { Issue.record("a second answer to one question was read as one") }
        // Split anywhere.
        for cut in 1..<answer.count {
            #expect(decodeAll([Array(answer[..<cut]), Array(answer[cut...])], awaiting: 1) == [.reply(.cursorPosition(row: 7, column: 1))])
        }
    }

    @Test("an answer amid mouse reports and keys is read in its place")
    func cursorPositionAmidReports() {
        let text = "\u{1B}[<0;5;3M\u{1B}[12;1R\u{1B}[<0;5;3m"
        #expect(decodeAll([bytes(text)], awaiting: 1) == [
            .pointer(PointerEvent(.left, .press, column: 5, row: 3)), .reply(.cursorPosition(row: 12, column: 1)),
            .pointer(PointerEvent(.left, .release, column: 5, row: 3)),
        ])
    }

    @Test("a malformed answer is not an answer, and the question stays open for the real one")
    func malformedAnswer() {
        for bad in ["\u{1B}[0;1R", "\u{1B}[7R", "\u{1B}[7;1;1R", "\u{1B}[7:1;1R", "\u{1B}[;1R"] {
            let inputs = decodeAll([bytes(bad) + bytes("\u{1B}[3;1R")], awaiting: 1)
            #expect(!inputs.dropLast().contains { if case .reply = $0 { true } else { false } }, "\(bad.debugDescription)")
            #expect(inputs.last == .reply(.cursorPosition(row: 3, column: 1)), "\(bad.debugDescription)")
        }
    }
}
