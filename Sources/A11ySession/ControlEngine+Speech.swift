import A11yInput
import A11yPresentation
import A11yVocabulary

// Conveniences for loops that only want the words: each sends one event and returns what to
// say; frames are read from `brailleFrame` and `screenFrame` when wanted.
extension ControlEngine {
    /// Sends `.start`; returns the introduction of the focused control.
    public mutating func start(at time: Duration = .zero) -> [Utterance] {
        send(.start, at: time).utterances
    }

    /// Sends bytes from the keyboard (`.bytes`) at `time`; returns what to say.
    public mutating func feed(_ bytes: [UInt8], at time: Duration) -> [Utterance] {
        send(.bytes(bytes), at: time).utterances
    }

    /// Sends a key already decoded (`.key`) at `time`; returns what to say.
    public mutating func handle(key event: KeyEvent, at time: Duration) -> [Utterance] {
        send(.key(event), at: time).utterances
    }

    /// Sends a key from the braille display (`.brailleKey`) at `time`; returns what to say.
    public mutating func handle(brailleKey key: BrailleKey, at time: Duration) -> [Utterance] {
        send(.brailleKey(key), at: time).utterances
    }

    /// Sends the end of scripted input (`.endOfInput`), which cancels the session; returns what
    /// to say.
    public mutating func endOfInput(at time: Duration) -> [Utterance] {
        send(.endOfInput, at: time).utterances
    }

    /// Sends `.tick` at `time` (held keys step, a lone Escape times out); returns what to say.
    public mutating func tick(at time: Duration) -> [Utterance] {
        send(.tick, at: time).utterances
    }

    /// Tells the engine the braille display's width in cells (0: the display went away).
    public mutating func setBrailleWidth(_ width: Int, at time: Duration = .zero) {
        _ = send(.brailleWidth(width), at: time)
    }
}
