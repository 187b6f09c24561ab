import A11yDevices
import A11yInput

// Where the terminal device (A11yDevices) meets the key decoding (A11yInput): neither layer
// knows the other, the session knows both.

extension Terminal {
    /// Asks whether the terminal speaks the kitty keyboard protocol (see `KittyKeyboardSupport`).
    /// Waits at most `timeout` (no answer: no).
    package func queryKittyKeyboard(timeout: Duration = .milliseconds(300)) throws(TerminalError) -> KittyKeyboardSupport {
        KittyKeyboardSupport(answer: try query(KittyKeyboardSupport.query, timeout: timeout,
                                               isComplete: KittyKeyboardSupport.isComplete))
    }
}

extension KeySource {
    /// How the auto-repeat learns that a key is held.
    package var holdDetection: AutoRepeat.HoldDetection {
        switch mode {
        case .scripted: return .none
        case .terminal: return terminal?.kittyKeyboardEnabled == true ? .releaseEvents : .repeatedPresses
        }
    }

    /// How long a lone Escape waits for the rest of a sequence.
    package var escapeTimeout: Duration { KeyDecoder.recommendedEscapeTimeout }
}
