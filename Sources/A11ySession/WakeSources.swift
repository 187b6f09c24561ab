import A11yDevices

/// What can wake a session's loop, each descriptor by what it is.
package enum WakeSource: CaseIterable, Sendable, Hashable {
    /// The keyboard (the terminal, or scripted input): bytes to read.
    case keys
    /// The signal pipe (`SignalHandling`): signals to drain.
    case signals
    /// `SpeechOutput`'s wake pipe: speech was lost, is back or stopped answering.
    case speechStatus
    /// Speech-dispatcher's socket, watched for its hang-up only: the server closed.
    case speechServer
    /// The screen reader's process (a pidfd): readable when it ended.
    case screenReader
    /// The braille link's updates (keys from BRLTTY, a display that came, went or resized).
    case braille
}

/// The descriptors a session's loop waits on, by name.
package typealias WakeSources = NamedDescriptors<WakeSource>

extension NamedDescriptors where Name == WakeSource {
    /// The sources of one wait: each descriptor by its name (nil: the source has none now, such
    /// as BRLTTY while it is away, and is not waited on).
    package init(keys: Int32, signals: Int32?, speechStatus: Int32?, speechServer: Int32?, screenReader: Int32?, braille: Int32?) {
        self.init()
        add(.keys, keys)
        add(.signals, signals)
        add(.speechStatus, speechStatus)
        add(.speechServer, speechServer, for: .hangUp)
        add(.screenReader, screenReader)
        add(.braille, braille)
    }

    /// Milliseconds from `now` to `deadline`, rounded up (0 when it is due); -1 without one
    /// (sleep until a source is ready).
    package static func timeout(until deadline: Duration?, now: Duration) -> Int32 {
        guard let deadline else { return -1 }
        let left = deadline - now
        if left <= .zero { return 0 }
        let ms = left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(min(ms, Int64(Int32.max)))
    }
}
