import A11yInput

// The terminal's answer to the keyboard-protocol query, read from the key stream, so that a loop
// need not wait for it before the first braille frame and utterance.
extension ControlEngine {
    /// The keys in `bytes`; the terminal's replies in them set `kittyKeyboardAnswer`.
    mutating func receive(_ bytes: [UInt8], at time: Duration) -> [KeyEvent] {
        var keys: [KeyEvent] = []
        for input in keyInput.receive(bytes, at: time) {
            switch input {
            case .key(let key): keys.append(key)
            case .reply(.kittyKeyboardFlags): sawKittyKeyboardFlags = true
            case .reply(.primaryDeviceAttributes): if kittyKeyboardAnswer == nil { kittyKeyboardAnswer = sawKittyKeyboardFlags }
            }
        }
        return keys
    }

    /// From now on the auto-repeat learns of held keys this way (for instance `.releaseEvents`
    /// once the kitty keyboard protocol is on); a key held now is let go.
    public mutating func setHoldDetection(_ detection: AutoRepeat.HoldDetection) {
        guard detection != holdDetection else { return }
        holdDetection = detection
        autoRepeat = Self.makeAutoRepeat(focused, detection: detection)
    }
}
