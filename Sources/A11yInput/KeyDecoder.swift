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
package struct KeyDecoder: Sendable {
    /// The longest escape sequence the decoder collects before giving up on it.
    package static let maximumSequenceLength = 64
    /// The most bytes ever held back: a sequence and an Alt (ESC) prefix.
    package static let maximumPendingCount = maximumSequenceLength + 1
    /// A good escape timeout for an interactive terminal: 50 ms is enough on a local terminal,
    /// over SSH 100 ms avoids splitting sequences. (vim's ttimeoutlen is 100, tmux uses 10.)
    package static let recommendedEscapeTimeout: Duration = .milliseconds(100)
    /// A control sequence's parameter bytes: digits, `;`, `:`, `<` to `?`.
    package static let parameterBytes: ClosedRange<UInt8> = 0x30...0x3F
    /// What stands between `ESC [` and a control sequence's final byte: its parameter and
    /// intermediate bytes.
    static let sequenceBodyBytes: ClosedRange<UInt8> = 0x20...0x3F

    /// One decoded item with the bytes it came from.
    package struct Decoded: Sendable, Hashable {
        package var input: DecodedInput
        package var bytes: [UInt8]
    }

    private var buffer: [UInt8] = []
    /// Cursor position answers still awaited: while there are, `CSI row ; column R` is read as
    /// one (otherwise it is a modified F3, as xterm sends it).
    package private(set) var awaitedCursorPositions = 0
    /// Inside an over-long control sequence: drop bytes up to its final byte.
    private var discarding = false
    /// The last flush cut a control sequence short (`ESC [` and parameters, no final byte): its
    /// tail may still be on its way (`skipSequenceTail()`).
    package private(set) var flushCutASequence = false

    package init() {}

    /// Whether bytes are held back waiting for the rest of a sequence (or the escape timeout):
    /// the event loop should arm the escape timer while this is true and call `flush()` when it
    /// expires.
    package var hasPendingPrefix: Bool { !buffer.isEmpty || discarding }

    /// A cursor position query (`CSI 6 n`) was written: its answer is read as such.
    package mutating func awaitCursorPosition() {
        awaitedCursorPositions = min(awaitedCursorPositions + 1, 8)
    }

    package var bufferCount: Int { buffer.count }

    /// Decodes `bytes` and returns the key events completed so far (replies are dropped).
    package mutating func feed<S: Sequence>(_ bytes: S) -> [KeyEvent] where S.Element == UInt8 {
        Self.keys(decodeDetailed(bytes))
    }

    /// The escape timeout expired (or the input ended): resolves what is pending. A lone Escape
    /// becomes `.escape`; a truncated sequence becomes `.unknown`.
    package mutating func flush() -> [KeyEvent] {
        Self.keys(flushDetailed())
    }

    /// Decodes `bytes` into keys and terminal replies.
    @_specialize(exported: true, where S == [UInt8])
    package mutating func decode<S: Sequence>(_ bytes: S) -> [DecodedInput] where S.Element == UInt8 {
        var out: [DecodedInput] = []
        buffer.append(contentsOf: bytes)
        // Only the inputs: no array of each item's bytes (a key's path, on every key).
        drain(atEnd: false) { input, _ in out.append(input) }
        return out
    }

    /// Decodes `bytes`, reporting for each item the bytes it was decoded from.
    @_specialize(exported: true, where S == [UInt8])
    package mutating func decodeDetailed<S: Sequence>(_ bytes: S) -> [Decoded] where S.Element == UInt8 {
        var out: [Decoded] = []
        buffer.append(contentsOf: bytes)
        drain(atEnd: false) { out.append(Decoded(input: $0, bytes: Array($1))) }
        return out
    }

    /// `flush()` with the bytes of each item.
    package mutating func flushDetailed() -> [Decoded] {
        flushCutASequence = Self.isCutControlSequence(buffer)
        var out: [Decoded] = []
        drain(atEnd: true) { out.append(Decoded(input: $0, bytes: Array($1))) }
        discarding = false
        return out
    }

    /// The next bytes are the rest of a control sequence cut short by a flush (a mouse report
    /// split by a slow link): its parameter bytes and final byte are dropped, not typed.
    package mutating func skipSequenceTail() {
        if buffer.isEmpty { discarding = true }
    }

    /// `ESC [` (after an Alt prefix, if any) and at least one parameter or intermediate byte, no
    /// final byte: a control sequence whose end has not come. A bare `ESC [` is Alt+[.
    private static func isCutControlSequence(_ bytes: [UInt8]) -> Bool {
        let body = bytes.starts(with: [0x1B, 0x1B]) ? bytes.dropFirst() : bytes[...]
        guard body.starts(with: [0x1B, 0x5B]), body.count > 2 else { return false }
        return body.dropFirst(2).allSatisfy { sequenceBodyBytes.contains($0) }
    }

    /// The key events among `items` (pointer events and replies dropped).
    private static func keys(_ items: [Decoded]) -> [KeyEvent] {
        items.compactMap { if case .key(let k) = $0.input { return k } else { return nil } }
    }

    /// Hands each complete item in the buffer to `emit`, with the bytes it was decoded from.
    private mutating func drain(atEnd: Bool, _ emit: (DecodedInput, ArraySlice<UInt8>) -> Void) {
        var start = 0
        while start < buffer.count {
            if discarding {
                let byte = buffer[start]
                if Self.sequenceBodyBytes.contains(byte) { start += 1; continue }
                discarding = false
                if byte >= 0x40 && byte <= 0x7E { start += 1; continue }
            }
            let slice = buffer[start...]
            switch Self.parse(slice, atEnd: atEnd) {
            case .needMore:
                if buffer.count - start > Self.maximumPendingCount {
                    // Never hold more than a sequence's worth: give up and skip its remainder.
                    emit(.key(KeyEvent(.unknown(Array(slice)))), slice)
                    start = buffer.count
                    discarding = slice.first == 0x1B
                } else {
                    buffer.removeFirst(start)
                    return
                }
                continue
            case .done(let count, var input):
                let bytes = buffer[start..<start + count]
                if awaitedCursorPositions > 0, let answer = Self.cursorPosition(bytes) {
                    awaitedCursorPositions -= 1
                    input = answer
                }
                emit(input ?? .key(KeyEvent(.unknown(Array(bytes)))), bytes)
                start += count
            case .overlong(let count):
                let bytes = buffer[start..<start + count]
                emit(.key(KeyEvent(.unknown(Array(bytes)))), bytes)
                start += count
                discarding = true
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
