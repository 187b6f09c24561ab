/// A reply from the terminal to a query, decoded from the same byte stream as keys.
package enum TerminalReply: Sendable, Hashable {
    /// The kitty keyboard protocol's answer to `CSI ? u`: the flags now in force.
    case kittyKeyboardFlags(Int)
    /// The answer to the primary device attributes query `CSI c` (every terminal answers it,
    /// so it marks the end of a query round).
    case primaryDeviceAttributes
    /// The answer to `CSI 6 n` (`PointerReporting.cursorPositionQuery`): where the cursor is,
    /// counted from 1 at the top left. Taken only while such an answer is awaited
    /// (`KeyDecoder.awaitCursorPosition()`): otherwise the same bytes are a modified F3.
    case cursorPosition(row: Int, column: Int)
}

/// What the decoder made of some bytes.
package enum DecodedInput: Sendable, Hashable {
    case key(KeyEvent)
    case reply(TerminalReply)
    /// A mouse report (`PointerEvent`).
    case pointer(PointerEvent)
}
