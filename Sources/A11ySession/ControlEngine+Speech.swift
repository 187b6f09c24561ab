import A11yInput
import A11yPresentation
import A11yVocabulary

// Conveniences for loops that only want the words: each sends one event and returns what to
// say; frames are read from `brailleFrame` and `screenFrame` when wanted.
extension ControlEngine {
    /// The introduction of the focused control (on start).
    public mutating func start(at time: Duration = .zero) -> [Utterance] {
        send(.start, at: time).utterances
    }

    /// Bytes from the keyboard.
    public mutating func feed(_ bytes: [UInt8], at time: Duration) -> [Utterance] {
        send(.bytes(bytes), at: time).utterances
    }

    /// A key already decoded.
    public mutating func handle(key event: KeyEvent, at time: Duration) -> [Utterance] {
        send(.key(event), at: time).utterances
    }

    /// A key from the braille display.
    public mutating func handle(brailleKey key: BrailleKey, at time: Duration) -> [Utterance] {
        send(.brailleKey(key), at: time).utterances
    }

    /// The end of scripted input.
    public mutating func endOfInput(at time: Duration) -> [Utterance] {
        send(.endOfInput, at: time).utterances
    }

    /// Time passed.
    public mutating func tick(at time: Duration) -> [Utterance] {
        send(.tick, at: time).utterances
    }

    /// The braille display's width changed (0: the display went away).
    public mutating func setBrailleWidth(_ width: Int, at time: Duration = .zero) {
        _ = send(.brailleWidth(width), at: time)
    }
}
