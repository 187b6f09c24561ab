// A typed number is a value of the control like any other: its rules (the range the focused handle
// may take now, fractions, negatives) live in the Model.
/// Typing a number into a control, as a part with its own state: whether an entry is open, what
/// each key did to it. Pure; the words for each outcome come from the Announcer.
package struct EntryEditor: Sendable, Equatable {
    /// The number being typed, nil when none is.
    package private(set) var entry: NumericEntry?

    package init() {}

    /// True while a number is being typed.
    package var isActive: Bool { entry != nil }

    /// What a key did to the entry.
    package enum Outcome: Sendable, Equatable {
        /// A character was added (`-`, `.` or a digit).
        case typed(Character)
        /// A character was refused; the entry is unchanged.
        case refused(NumericEntry.Rejection)
        /// Backspace: the text left, or empty when the entry is now closed.
        case deleted(remaining: String)
        /// Escape while typing: the entry is closed.
        case cancelled
        /// Enter: the number was refused and stays open for editing.
        case commitRefused(text: String, NumericEntry.Rejection)
        /// Enter: the number to set; the entry is closed.
        case committed(Double)
        /// The key had nothing to act on (Backspace or Enter with no entry).
        case ignored
    }

    /// Applies `input` under `rules` (the values the focused handle may take now).
    package mutating func apply(_ input: EntryInput, rules: NumericEntry.Rules) -> Outcome {
        switch input {
        case .character(let character):
            var current = entry ?? NumericEntry()
            if let rejection = current.insert(character, rules: rules) { return .refused(rejection) }
            entry = current
            return .typed(character)
        case .deleteBackward:
            guard var current = entry, current.deleteBackward() else { return .ignored }
            entry = current.isEmpty ? nil : current
            return .deleted(remaining: current.text)
        case .cancel:
            entry = nil
            return .cancelled
        case .commit:
            guard let current = entry else { return .ignored }
            switch current.commit(rules: rules) {
            case .failure(let rejection):
                return .commitRefused(text: current.text, rejection)
            case .success(let value):
                entry = nil
                return .committed(value)
            }
        }
    }

    /// Closes the entry without a word (the session ended, the focus moved).
    package mutating func close() { entry = nil }
}
