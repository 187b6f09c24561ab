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
    /// Refuse to start without it (exit status 3).
    case on
    /// Do not use it.
    case off
}

/// A required server could not be reached (`DeviceMode.on`).
public struct DeviceUnavailable: Error, Sendable, CustomStringConvertible {
    public var device: String
    public var reason: String
    public var description: String { "\(device) is required (--\(device) on) but unavailable: \(reason)" }
}

/// Whether a screen reader reads this terminal (`--screen-reader`). With one, the control does not
/// speak itself: the screen's first line carries what it would have said, rewritten in place with
/// the cursor on it, so the reader says it once.
public enum ScreenReaderMode: String, Sendable, Equatable, CaseIterable {
    /// On when `ScreenReaderDetection` finds one (Fenrir, speakup, ACCESSIBLE=1).
    case auto
    case on
    case off

    /// Whether the screen carries the words, given what detection found.
    public func isOn(detected: String?) -> Bool {
        switch self {
        case .auto: detected != nil
        case .on: true
        case .off: false
        }
    }
}
