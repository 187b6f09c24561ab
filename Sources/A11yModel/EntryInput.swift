/// One input to numeric entry.
public enum EntryInput: Sendable, Equatable {
    /// A digit, `-` or `.`.
    case character(Character)
    /// Backspace or Delete: removes the last character typed; the entry closes when none is left.
    case deleteBackward
    /// Enter: sets the number typed if the focused handle may take it; otherwise the entry stays
    /// open.
    case commit
    /// Escape: closes the entry and leaves the value as it was.
    case cancel
}
