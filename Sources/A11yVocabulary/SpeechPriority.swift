/// The priority of an utterance (SSIP priorities), which decides what interrupts what.
///
/// `text` interrupts earlier `text` (the latest wins); `progress` drops messages while one is
/// spoken but always speaks the last of a series; `message` never drops anything.
public enum SpeechPriority: Sendable, Equatable, CaseIterable {
    /// Spoken at once, cancelling everything else; never interrupted. Use sparingly.
    case important
    /// Spoken after the current message; never dropped.
    case message
    /// Ordinary text: a newer `text` cancels an older one.
    case text
    /// Dropped when anything else is being said.
    case notification
    /// Progress reports: intermediate ones may be dropped, the last one is always spoken.
    case progress
}
