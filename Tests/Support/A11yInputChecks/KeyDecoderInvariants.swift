import A11yInput
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
/// 5. A mouse report that can change a value (a left press or drag, a wheel notch) comes from a
///    well-formed SGR report, `ESC [ < code ; column ; row M|m` with every number in range, and
///    the span decodes alone to the same report.
/// 6. A cursor position answer (only read while one is awaited) comes from a well-formed
///    `ESC [ row ; column R`, and the span decodes alone, awaited, to the same answer.
package enum KeyDecoderInvariants {
    /// Checks `input`, fed whole and in the pieces that `splits` (offsets, any order) give, to a
    /// decoder that awaits `awaitedCursorPositions` answers to a cursor position query.
    /// Returns a description of the first violation, or nil.
    package static func check(_ input: [UInt8], splits: [Int], awaitedCursorPositions: Int = 0) -> String? {
        func decoder() -> KeyDecoder {
            var decoder = KeyDecoder()
            for _ in 0..<awaitedCursorPositions { decoder.awaitCursorPosition() }
            return decoder
        }
        var whole = decoder()
        var wholeItems = whole.decodeDetailed(input)
        if whole.pendingByteCount > KeyDecoder.maximumPendingCount {
            return "holds \(whole.pendingByteCount) bytes"
        }
        wholeItems += whole.flushDetailed()
        if whole.hasPendingPrefix { return "still pending after flush" }

        var pieces = decoder()
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
            switch item.input {
            case .key(let event):
                guard changesValue(event) else { continue }
                guard isWellFormed(item.bytes) else {
                    return "value-changing \(event) from malformed bytes \(item.bytes)"
                }
                var alone = KeyDecoder()
                let again = alone.feed(item.bytes) + alone.flush()
                if again != [event] { return "span \(item.bytes) decodes alone to \(again), not \(event)" }
            case .pointer(let event):
                guard changesValue(event) else { continue }
                guard isWellFormedPointerReport(item.bytes) else {
                    return "value-changing \(event) from malformed bytes \(item.bytes)"
                }
                var alone = KeyDecoder()
                let again = (alone.decodeDetailed(item.bytes) + alone.flushDetailed()).map(\.input)
                if again != [.pointer(event)] { return "span \(item.bytes) decodes alone to \(again), not \(event)" }
            case .reply(.cursorPosition(let row, let column)):
                guard isWellFormedCursorPosition(item.bytes) else {
                    return "cursor position \(row);\(column) from malformed bytes \(item.bytes)"
                }
                var alone = KeyDecoder()
                alone.awaitCursorPosition()
                let again = (alone.decodeDetailed(item.bytes) + alone.flushDetailed()).map(\.input)
                if again != [item.input] { return "span \(item.bytes) decodes alone to \(again), not \(item.input)" }
            case .reply:
                continue
            }
        }
        return nil
    }

    /// Whether `event` can change a value: a left press or drag (on a track, a stepper's button)
    /// or a wheel notch. A release only ends what a press began.
    package static func changesValue(_ event: PointerEvent) -> Bool {
        switch (event.button, event.kind) {
        case (.left, .press), (.left, .drag), (.wheelUp, .press), (.wheelDown, .press): return true
        default: return false
        }
    }

    /// `ESC [ < code ; column ; row` then `M` or `m`: three decimal numbers, the code at most
    /// 255, the coordinates from 1 to `PointerEvent.maximumCoordinate`.
    package static func isWellFormedPointerReport(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 9, bytes.starts(with: [0x1B, UInt8(ascii: "["), UInt8(ascii: "<")]),
              let final = bytes.last, final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
              let numbers = decimalFields(bytes.dropFirst(3).dropLast()), numbers.count == 3 else { return false }
        return numbers[0] <= 255 && numbers[1...].allSatisfy { (1...PointerEvent.maximumCoordinate).contains($0) }
    }

    /// `ESC [ row ; column R`, both at least 1.
    package static func isWellFormedCursorPosition(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 6, bytes.starts(with: [0x1B, UInt8(ascii: "[")]), bytes.last == UInt8(ascii: "R"),
              let numbers = decimalFields(bytes.dropFirst(2).dropLast()), numbers.count == 2 else { return false }
        return numbers.allSatisfy { $0 >= 1 }
    }

    /// Decimal numbers separated by ';', each at most 0x10FFFF as the decoder reads parameters
    /// (leading zeros are ECMA-48 parameters too); nil for anything else.
    private static func decimalFields(_ bytes: ArraySlice<UInt8>) -> [Int]? {
        var numbers: [Int] = []
        for field in bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            guard !field.isEmpty, field.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            var value = 0
            for digit in field {
                value = value * 10 + Int(digit - 0x30)
                if value > 0x10FFFF { return nil }
            }
            numbers.append(value)
        }
        return numbers
    }

    static let maps = [KeyMap(kind: .slider), KeyMap(kind: .stepper)]

    /// Whether the default key maps give `event` a value-changing action.
    package static func changesValue(_ event: KeyEvent) -> Bool {
        maps.contains { map in
            [false, true].contains { entry in map.action(for: event, entryActive: entry)?.changesValue ?? false }
                || (map.action(for: event, entryActive: false).map { if case .entry = $0 { return true } else { return false } } ?? false)
        }
    }

    /// One byte, ESC + a complete CSI/SS3 sequence, or ESC + ESC + one.
    package static func isWellFormed(_ bytes: [UInt8]) -> Bool {
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
    package var pendingByteCount: Int { bufferCount }
}

/// A seeded generator of decoder inputs, for the fuzz test and the fuzz target's seeded mode.
package struct KeyDecoderFuzzGenerator: Sendable {
    private var random: SplitMix64

    package init(seed: UInt64) { random = SplitMix64(seed: seed) }

    package mutating func next() -> UInt64 { random.next() }

    package mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }

    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    private static let known: [[UInt8]] = KeySequences.table.map(\.bytes) + [
        "\u{1B}[1;5A", "\u{1B}[1;1:3A", "\u{1B}[1;1:2B", "\u{1B}[5;3~", "\u{1B}[97;5u", "\u{1B}[57413u", "\u{1B}[27u",
        "\u{1B}[5^", "\u{1B}[5$", "\u{1B}[6@", "\u{1B}\u{1B}[A", "\u{1B}[?3u", "\u{1B}[?62c", "\u{1B}O5A", "é", "€",
    ].map { Array($0.utf8) }

    private mutating func randomParams(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in pick(Array("0123456789;:".utf8)) }
    }

    /// A mouse report as a terminal sends it: any button (the wheel, buttons 8 to 11), press,
    /// drag or release, modifiers, a cell near the top left or anywhere up to the largest.
    package mutating func pointerEvent() -> PointerEvent {
        let buttons: [PointerEvent.Button] = [.left, .left, .left, .middle, .right, .wheelUp, .wheelDown, .other(8 + below(4)), .noButton]
        let button = pick(buttons)
        var kind = pick([PointerEvent.Kind.press, .drag, .release])
        switch button {
        case .wheelUp, .wheelDown: kind = .press
        case .noButton: kind = .drag
        default: break
        }
        func coordinate() -> Int { below(4) == 0 ? 1 + below(PointerEvent.maximumCoordinate) : 1 + below(100) }
        let modifiers = KeyModifiers(rawValue: UInt8(below(8)))
        return PointerEvent(button, kind, column: coordinate(), row: coordinate(), modifiers: modifiers)
    }

    /// A valid report, mangled: a byte dropped, changed, doubled or put in; cut short; a field
    /// emptied, added or split; a number made huge. It may still decode (to whatever it now says).
    package mutating func mangledPointerReport() -> [UInt8] {
        var bytes = Array(pointerEvent().report.utf8)
        switch below(7) {
        case 0: bytes.remove(at: below(bytes.count))
        case 1: bytes[below(bytes.count)] = UInt8(truncatingIfNeeded: next())
        case 2:
            let at = below(bytes.count)
            bytes.insert(bytes[at], at: at)
        case 3: bytes.insert(pick(Array("<;:0123456789Mm[\u{1B}".utf8) + [0x00, 0x18, 0x7F, 0xC3]), at: below(bytes.count + 1))
        case 4: bytes = Array(bytes.prefix(1 + below(bytes.count - 1)))
        case 5:
            let fields = pick(["", ";", ";;", ":1", "99999999999"])
            bytes.insert(contentsOf: Array(fields.utf8), at: 3 + below(bytes.count - 3))
        default: bytes = Array("\u{1B}[<\(below(300));\(below(10_003));\(below(10_003))\(pick(["M", "m"]))".utf8)
        }
        return bytes
    }

    /// The answer to a cursor position query, `ESC [ row ; column R` (a modified F3 unless awaited).
    package mutating func cursorPositionAnswer() -> [UInt8] {
        Array("\u{1B}[\(1 + below(below(2) == 0 ? 60 : 100_000));\(1 + below(300))R".utf8)
    }

    /// Any input: known sequences, their prefixes, random CSI, random bytes, mouse reports (whole,
    /// mangled or cut), cursor position answers, mixed.
    package mutating func anyInput() -> (bytes: [UInt8], splits: [Int]) {
        var bytes: [UInt8] = []
        for _ in 0..<(1 + below(6)) {
            switch below(11) {
            case 7: bytes += Array(pointerEvent().report.utf8)
            case 8: bytes += mangledPointerReport()
            case 9:
                let report = Array(pointerEvent().report.utf8)
                bytes += report.prefix(below(report.count + 1))
            case 10: bytes += cursorPositionAnswer()
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

    /// Mouse input as a session gets it: presses, drags and releases (a drag often in a burst),
    /// wheel notches, mangled and cut reports, cursor position answers, a key now and then.
    package mutating func pointerInput() -> (bytes: [UInt8], splits: [Int]) {
        var bytes: [UInt8] = []
        for _ in 0..<(1 + below(8)) {
            switch below(8) {
            case 0, 1: bytes += Array(pointerEvent().report.utf8)
            case 2:
                let column = 1 + below(80), row = 1 + below(24)
                bytes += Array(PointerEvent(.left, .press, column: column, row: row).report.utf8)
                for _ in 0..<below(6) { bytes += Array(PointerEvent(.left, .drag, column: 1 + below(90), row: 1 + below(30)).report.utf8) }
                if below(3) > 0 { bytes += Array(PointerEvent(.left, .release, column: 1 + below(90), row: 1 + below(30)).report.utf8) }
            case 3: bytes += mangledPointerReport()
            case 4:
                let report = Array(pointerEvent().report.utf8)
                bytes += report.prefix(below(report.count + 1))
            case 5: bytes += cursorPositionAnswer()
            case 6: bytes += invalidPointerReport()
            default: bytes += pick(Self.known)
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
    package mutating func garbage() -> (bytes: [UInt8], splits: [Int]) {
        let invalidUTF8: [UInt8] = Array(0x80...0xBF) + [0xC0, 0xC1] + Array(0xF5...0xFF)
        let meaninglessControls: [UInt8] = [0x00, 0x03, 0x04, 0x07, 0x0B, 0x0C, 0x0F, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1C, 0x1D, 0x1E, 0x1F]
        let unknownFinals = Array("GIJKLMNTXY`ghijklmnopqrstvwxyz{|}".utf8)
        var bytes: [UInt8] = []
        for _ in 0..<(1 + below(5)) {
            switch below(10) {
            case 8:
                // A report cut off by a byte that cannot be in it.
                let report = Array(pointerEvent().report.utf8)
                bytes += report.prefix(1 + below(report.count - 1)) + [pick(meaninglessControls + invalidUTF8)]
            case 9: bytes += invalidPointerReport()
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

    /// A mouse report no terminal sends: a number out of range (a code over 255, a coordinate 0
    /// or over the largest), a wheel released or dragged, no button pressed, a field missing,
    /// empty, extra or split, a number overflowing, another final, an intermediate byte before
    /// the final, or the report behind an Alt prefix. None of them is a mouse report to the decoder.
    package mutating func invalidPointerReport() -> [UInt8] {
        let max = PointerEvent.maximumCoordinate
        let final = pick(["M", "m"])
        let text: String
        switch below(12) {
        case 0: text = "\u{1B}[<\(256 + below(100_000));\(1 + below(80));\(1 + below(24))\(final)"
        case 1: text = "\u{1B}[<\(below(4));\(pick([0, max + 1 + below(1_000_000)]));\(1 + below(24))\(final)"
        case 2: text = "\u{1B}[<\(below(4));\(1 + below(80));\(pick([0, max + 1 + below(1_000_000)]))\(final)"
        case 3: text = "\u{1B}[<\(64 + below(2) + 4 * below(8));\(1 + below(80));\(1 + below(24))m"   // a wheel released
        case 4: text = "\u{1B}[<\(96 + below(2));\(1 + below(80));\(1 + below(24))M"                 // a wheel dragged
        case 5: text = "\u{1B}[<\(3 + 4 * below(8));\(1 + below(80));\(1 + below(24))\(final)"      // no button, not a motion
        case 6: text = "\u{1B}[<\(pick(["", "0;5", "0;5;5;5", ";5;5", "0;;5", "0;5;", "0:1;5;5", "0;5:2;5", "0;5;5:1"]))\(final)"
        case 7: text = "\u{1B}[<0;\(10_000_000 + below(1_000_000_000));5\(final)"
        case 8: text = "\u{1B}[<0;\(1 + below(80));\(1 + below(24))\(pick(["X", "R", "~", "u", "c", "n"]))"
        case 9: text = "\u{1B}[\(pick(["0<5;5", "0;5<5", "?0;5;5", "=0;5;5", "<0<5;5", "<0;5;5<"]))\(final)"
        case 10: text = "\u{1B}[<\(below(4));\(1 + below(80));\(1 + below(24)) \(final)"                 // an intermediate byte
        default: text = "\u{1B}\u{1B}[<\(pick([0, 32, 64, 65]));\(1 + below(80));\(1 + below(24))M"
        }
        return Array(text.utf8)
    }

    /// Checks that garbage decodes to no value-changing key and no mouse report that could change
    /// a value (whole and split). nil: fine.
    package static func checkGarbage(_ bytes: [UInt8], splits: [Int]) -> String? {
        if let failure = KeyDecoderInvariants.check(bytes, splits: splits) { return failure }
        var decoder = KeyDecoder()
        for item in decoder.decodeDetailed(bytes) + decoder.flushDetailed() {
            switch item.input {
            case .key(let event) where KeyDecoderInvariants.changesValue(event):
                return "garbage \(bytes) gave value-changing \(event)"
            case .pointer(let event) where KeyDecoderInvariants.changesValue(event):
                return "garbage \(bytes) gave value-changing \(event)"
            default: continue
            }
        }
        return nil
    }
}
