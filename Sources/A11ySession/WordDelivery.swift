import A11yDevices

/// How the control's words reach the user beside braille, given the screen reader on the terminal:
/// spoken by the control, written on the screen for the reader, or told to the reader. Whichever
/// reader it is, each key is heard from one voice.
///
/// Not to be confused with the synthesizer's voice type (a11y-demo's `--voice`): this is
/// the path the words take, not how they sound.
public enum WordDelivery: Sendable, Equatable {
    /// The control speaks through speech-dispatcher; the cursor follows the focused handle, so
    /// screen magnifiers and BRLTTY's screen review follow it too. No screen reader.
    case speech
    /// A screen reader that reads what changes on the screen (Fenrir, speakup) reads the words:
    /// the screen's first line carries them, rewritten in place with the cursor on it, and the
    /// controls' own lines keep their text, so the reader says each change once. The control
    /// does not speak.
    case screenLine
    /// A screen reader that does not read rewritten text and echoes the character under a caret
    /// that a key moved (Orca): the control speaks, and the cursor stays where it is on every
    /// key, so the reader has nothing to echo.
    case speechWithStillCursor
    /// The screen reader speaks the words itself, told through its own channel (Fenrir's remote
    /// socket): nothing on the screen changes as text and the cursor stays still, so the reader
    /// reads nothing from the screen; each utterance interrupts the stale one.
    case throughReader
    /// A screen reader that compares the terminal's whole text before and after and speaks what
    /// was added (NVDA, JAWS, Narrator, VoiceOver, on another machine over ssh or WSL): each key's
    /// words are added as new lines above the controls, the earlier words staying above them as
    /// history, so the comparison finds the whole phrase and nothing else; the controls' lines
    /// keep their text and the cursor rests on a blank line below them. The control speaks only
    /// when its own speech-dispatcher was named or asked for.
    case addedLines

    /// The delivery for `reader` (nil: none). A reader of screen changes that can be told the words
    /// (Fenrir's own remote socket) is told them when `tellReader` allows.
    package init(for reader: ScreenReader?, tellReader: Bool = true) {
        switch reader {
        case nil: self = .speech
        case let reader? where reader.readsScreenChanges: self = tellReader && reader.remoteSocket != nil ? .throughReader : .screenLine
        case _?: self = .speechWithStillCursor
        }
    }

    /// Whether the engine hands the words over to be spoken (through speech-dispatcher, or the
    /// reader's channel).
    public var speaks: Bool { self != .screenLine }
    /// Whether the controls are drawn without the text that changes with their values.
    public var quietScreen: Bool { self == .screenLine || self == .throughReader || self == .addedLines }
    /// Whether each key's words are added below the earlier ones.
    public var addsLines: Bool { self == .addedLines }
    /// Whether the cursor stays where it is on every key.
    public var stillCursor: Bool { self == .speechWithStillCursor || self == .throughReader }
}
