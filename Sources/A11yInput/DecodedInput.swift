/// A reply from the terminal to a query, decoded from the same byte stream as keys.
public enum TerminalReply: Sendable, Hashable {
    /// The kitty keyboard protocol's answer to `CSI ? u`: the flags now in force.
    case kittyKeyboardFlags(Int)
    /// The answer to the primary device attributes query `CSI c` (every terminal answers it,
    /// so it marks the end of a query round).
    case primaryDeviceAttributes
}

/// What the decoder made of some bytes.
public enum DecodedInput: Sendable, Hashable {
    case key(KeyEvent)
    case reply(TerminalReply)
}
