import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary
/// Whether a session uses a speech or braille server (`--speech`, `--braille`).
public enum DeviceMode: String, Sendable, Equatable, CaseIterable {
    /// Use the server when it can be reached; otherwise say once on stderr what is missing, go on
    /// without it and keep trying to reconnect in the background.
    case auto
    /// Refuse to start without it: the session's start throws `DeviceUnavailable` (a11y-demo
    /// exits with status 3).
    case on
    /// Do not use it.
    case off
}

/// A required server could not be reached (`DeviceMode.on`): thrown by `ControlSession`'s start.
public struct DeviceUnavailable: Error, Sendable, CustomStringConvertible {
    /// Which server: "speech" (speech-dispatcher) or "braille" (BRLTTY).
    public var device: String
    /// What went wrong, in words (the connection's error, or a server that did not answer).
    public var reason: String
    /// The error as one line for the user: the server, the option that requires it, and why.
    public var description: String { "\(device) is required (--\(device) on) but unavailable: \(reason)" }
}

/// Which screen reader reads this terminal (`--screen-reader`), and so how the control's words
/// reach the user beside braille (`WordDelivery`).
public enum ScreenReaderMode: String, Sendable, Equatable, CaseIterable {
    /// As detection on this machine finds: Fenrir or speakup read the screen's words line, with
    /// Orca the control speaks and keeps the cursor still, with none it speaks.
    case auto
    /// A screen reader reads this terminal: the one detection finds (Orca: the control speaks
    /// and keeps the cursor still), else one that reads what changes on the screen (Fenrir,
    /// speakup, a braille screen review): the control does not speak; the screen's first line
    /// carries its words.
    case on
    /// No screen reader: the control speaks and the cursor follows the focused handle.
    case off
    /// Orca (or another reader that reads only after Return or Tab and echoes the character under
    /// a moved caret): the control speaks and keeps the cursor still.
    case orca
    /// A screen reader on another machine reads this terminal by comparing its text (NVDA,
    /// JAWS, Narrator, VoiceOver over ssh or WSL; `auto` chooses it over ssh and in WSL when no
    /// reader runs here): each key's words are added as new lines (`WordDelivery.addedLines`), and the
    /// control speaks only when speech-dispatcher was named (SPEECHD_ADDRESS) or asked for.
    case remote

    /// The reader this mode stands for, given what detection finds (`detect` is called for
    /// `.auto` and `.on`).
    package func reader(detect: () -> ScreenReader?) -> ScreenReader? {
        switch self {
        case .auto: detect()
        case .on: detect() ?? ScreenReader(name: .declared, evidence: "--screen-reader on")
        case .off: nil
        case .orca: ScreenReader(name: .orca, evidence: "--screen-reader orca")
        case .remote: nil
        }
    }
}
