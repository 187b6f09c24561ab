import A11yInput

// The terminal's answer to the keyboard-protocol query, read from the key stream, so that a loop
// need not wait for it before the first braille frame and utterance.
extension ControlEngine {
    /// What `bytes` hold, keys and the terminal's replies; the replies set `kittyKeyboardAnswer`.
    mutating func receive(_ bytes: [UInt8], at time: Duration) -> [DecodedInput] {
        let inputs = keyInput.receive(bytes, at: time)
        for case .reply(let reply) in inputs {
            switch reply {
            case .kittyKeyboardFlags: sawKittyKeyboardFlags = true
            case .primaryDeviceAttributes: if kittyKeyboardAnswer == nil { kittyKeyboardAnswer = sawKittyKeyboardFlags }
            case .cursorPosition(let row, let column): pointer.cursorAnswered(row: row, column: column)
            }
        }
        return inputs
    }

    /// Changes how the auto-repeat learns that a key is held (for instance to `.releaseEvents`
    /// once the terminal's kitty keyboard protocol is on); a key held at the time is let go.
    public mutating func setHoldDetection(_ detection: AutoRepeat.HoldDetection) {
        guard detection != holdDetection else { return }
        holdDetection = detection
        autoRepeat = Self.makeAutoRepeat(focused, detection: detection)
    }
}
