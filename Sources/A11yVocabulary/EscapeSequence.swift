/// Escape sequences in text, shaped as ECMA-48 shapes them: the one definition by which the
/// sanitizer of untrusted text (`TextSanitizer`) and the devices' output sanitizer (`OutputText`)
/// skip them.
///
/// - A control sequence (CSI: `ESC [` or C1 0x9B): parameter bytes (0x30-0x3F), intermediate
///   bytes (0x20-0x2F), then a final byte (0x40-0x7E). Anything else where those are expected
///   ends the sequence before it: the sequence is malformed and what follows is text again.
/// - A control string (OSC, DCS, APC, PM, SOS: `ESC ]`, `ESC P`, `ESC _`, `ESC ^`, `ESC X`, or
///   their C1 forms): up to and including BEL, ST (0x9C) or `ESC \`.
/// - Any other `ESC x`: those two.
enum EscapeSequence {
    /// The sequence that starts at `start` (an ESC or a C1 introducer): the index after it, and
    /// whether it is a complete SGR in the 7-bit form (`ESC [ 0-9;: m`, what the screen theme
    /// draws with). Nil when no sequence starts there.
    static func at(_ start: Int, in scalars: [Unicode.Scalar]) -> (end: Int, isSGR: Bool)? {
        switch scalars[start].value {
        case 0x1B:
            guard start + 1 < scalars.count else { return (start + 1, false) }
            let next = scalars[start + 1].value
            if next == 0x5B { return controlSequence(from: start + 2, in: scalars, sevenBit: true) }
            if controlStringIntroducers.contains(next) { return (controlStringEnd(from: start + 2, in: scalars), false) }
            return (start + 2, false)
        case 0x9B:
            return controlSequence(from: start + 1, in: scalars, sevenBit: false)
        case let value where value >= 0x80 && controlStringIntroducers.contains(value - 0x40):
            return (controlStringEnd(from: start + 1, in: scalars), false)
        default:
            return nil
        }
    }

    /// The second byte of `ESC ]`, `ESC P`, `ESC _`, `ESC ^` and `ESC X` (their C1 forms are 0x40
    /// above them).
    private static let controlStringIntroducers: Set<UInt32> = [0x5D, 0x50, 0x5F, 0x5E, 0x58]

    /// A control sequence's parameters, intermediates and final byte, from `start`.
    private static func controlSequence(from start: Int, in scalars: [Unicode.Scalar], sevenBit: Bool) -> (end: Int, isSGR: Bool) {
        var i = start
        while i < scalars.count, (0x30...0x3F).contains(scalars[i].value) { i += 1 }
        let parametersEnd = i
        while i < scalars.count, (0x20...0x2F).contains(scalars[i].value) { i += 1 }
        guard i < scalars.count, (0x40...0x7E).contains(scalars[i].value) else { return (i, false) }
        let isSGR = sevenBit && scalars[i].value == 0x6D && parametersEnd == i
            && scalars[start..<parametersEnd].allSatisfy { (0x30...0x3B).contains($0.value) }
        return (i + 1, isSGR)
    }

    /// The index after a control string's terminator (BEL, ST or `ESC \`), or the end.
    private static func controlStringEnd(from start: Int, in scalars: [Unicode.Scalar]) -> Int {
        var i = start
        while i < scalars.count {
            let value = scalars[i].value
            if value == 0x07 || value == 0x9C { return i + 1 }
            if value == 0x1B { return min(i + 2, scalars.count) }
            i += 1
        }
        return i
    }
}
