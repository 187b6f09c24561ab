/// One input to numeric entry.
public enum EntryInput: Sendable, Equatable {
    /// A digit, `-` or `.`.
    case character(Character)
    case deleteBackward
    case commit
    case cancel
}
