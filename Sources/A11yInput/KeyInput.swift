/// The keyboard's bytes as key events, for an event loop on an injected clock: the key decoder,
/// its escape timer and the end of input, in one place (the session's engine holds one of these).
///
/// A lone Escape cannot be told from the start of a sequence by its bytes, so the decoder holds
/// such a prefix back. Bytes go in with the time they arrived (`feed`); the loop sleeps no longer
/// than `nextDeadline` and calls `tick(at:)` when it wakes, which resolves the held prefix (a
/// lone Escape becomes `.escape`, a truncated sequence `.unknown`) once no byte followed it for
/// `escapeTimeout`. At the end of the input call `endOfInput()`: nothing is held back after it.
///
/// A control sequence the timer cut short (`ESC [` and parameters: a mouse report split by a slow
/// link) is `.unknown`, and parameter bytes that come within `sequenceTailWindow` after the cut
/// are taken as its tail and dropped with its final byte, so a late `2;3M` is not typed as the
/// digits 2 and 3.
///
/// Times are `Duration`s since any fixed origin (the session uses `ContinuousClock.now - start`;
/// tests use plain numbers). Every byte that arrives restarts the timer while a prefix is held.
///
/// ```swift
/// var input = KeyInput()
/// input.feed([0x1B], at: .milliseconds(0))        // [] (Escape, or the start of a sequence?)
/// input.nextDeadline                              // 100 ms
/// input.tick(at: .milliseconds(100))              // [esc]
/// input.feed(Array("\u{1B}[A".utf8), at: .zero)   // [up]
/// ```
package struct KeyInput: Sendable {
    /// The decoder (for its `hasPendingPrefix` and limits).
    package private(set) var decoder = KeyDecoder()
    /// How long a held prefix waits for its next byte.
    package let escapeTimeout: Duration
    /// When the last byte arrived while a prefix is held; nil when nothing is held.
    private var lastByteAt: Duration?
    /// When the escape timer cut a control sequence short: parameter bytes that come within
    /// `sequenceTailWindow` of it are its tail, not typed digits.
    private var cutSequenceAt: Duration?
    /// How long after a cut the rest of the sequence is still taken as its tail: a report split by
    /// a slow link arrives in pieces well within it, and a person does not type digits so soon
    /// after moving the mouse.
    package static let sequenceTailWindow: Duration = .seconds(1)

    /// `escapeTimeout`: how long a lone Escape waits for the rest of a sequence.
    package init(escapeTimeout: Duration = KeyDecoder.recommendedEscapeTimeout) {
        self.escapeTimeout = escapeTimeout
    }

    /// When the escape timer expires; nil when nothing is held back.
    package var nextDeadline: Duration? { lastByteAt.map { $0 + escapeTimeout } }

    /// Decodes bytes that arrived at `time` into the key events they complete. Replies to
    /// terminal queries in the stream are dropped (use `receive(_:at:)` to get them).
    package mutating func feed<S: Sequence>(_ bytes: S, at time: Duration) -> [KeyEvent] where S.Element == UInt8 {
        Self.keys(receive(bytes, at: time))
    }

    /// Decodes bytes that arrived at `time` into keys and terminal replies, in order.
    @_specialize(exported: true, where S == [UInt8])
    package mutating func receive<S: Sequence>(_ bytes: S, at time: Duration) -> [DecodedInput] where S.Element == UInt8 {
        if let cut = cutSequenceAt {
            cutSequenceAt = nil
            var first = bytes.makeIterator()
            if time - cut <= Self.sequenceTailWindow, let byte = first.next(), KeyDecoder.parameterBytes.contains(byte) {
                decoder.skipSequenceTail()
            }
        }
        let out = decoder.decode(bytes)
        lastByteAt = decoder.hasPendingPrefix ? time : nil
        return out
    }

    /// A cursor position query was written: its answer in the stream is read as one.
    package mutating func awaitCursorPosition() {
        decoder.awaitCursorPosition()
    }

    /// Resolves what is held back if the escape timer expired by `time`; otherwise nothing.
    package mutating func tick(at time: Duration) -> [KeyEvent] {
        guard let deadline = nextDeadline, time >= deadline else { return [] }
        let keys = endOfInput()
        cutSequenceAt = decoder.flushCutASequence ? time : nil
        return keys
    }

    /// The input ended (or the terminal is gone): resolves what is held back at once (a lone
    /// Escape is Escape) and stops the timer.
    package mutating func endOfInput() -> [KeyEvent] {
        lastByteAt = nil
        cutSequenceAt = nil
        return decoder.flush()
    }

    private static func keys(_ items: [DecodedInput]) -> [KeyEvent] {
        items.compactMap { if case .key(let key) = $0 { return key } else { return nil } }
    }
}
