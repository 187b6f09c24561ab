import A11yModel
import A11yVocabulary
/// The key decoder with its escape timer, for an event loop on an injected clock.
///
/// Bytes go in with the time they arrived; the loop sleeps no longer than `nextDeadline` and
/// calls `tick(at:)` when it wakes, which resolves a lone Escape (or a truncated sequence) once
/// no byte followed it for `escapeTimeout`. At the end of scripted input call `endOfInput()`.
public struct KeyInput: Sendable {
    public private(set) var decoder = KeyDecoder()
    /// How long a pending prefix waits for its next byte.
    public let escapeTimeout: Duration
    private var lastByteAt: Duration?

    public init(escapeTimeout: Duration = KeyDecoder.recommendedEscapeTimeout) {
        self.escapeTimeout = escapeTimeout
    }

    /// When the escape timer expires; nil when nothing is pending.
    public var nextDeadline: Duration? { lastByteAt.map { $0 + escapeTimeout } }

    /// Decodes bytes that arrived at `time`.
    public mutating func receive<S: Sequence>(_ bytes: S, at time: Duration) -> [DecodedInput] where S.Element == UInt8 {
        let out = decoder.decode(bytes)
        lastByteAt = decoder.hasPendingPrefix ? time : nil
        return out
    }

    /// Resolves what is pending if the timer expired by `time`.
    public mutating func tick(at time: Duration) -> [DecodedInput] {
        guard let deadline = nextDeadline, time >= deadline else { return [] }
        lastByteAt = nil
        return decoder.flushDetailed().map(\.input)
    }

    /// The input ended: resolves what is pending (a lone Escape is Escape).
    public mutating func endOfInput() -> [DecodedInput] {
        lastByteAt = nil
        return decoder.flushDetailed().map(\.input)
    }
}
