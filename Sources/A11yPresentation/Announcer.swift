import A11yFormatting
import A11yModel
import A11yVocabulary
/// Something to say, and how urgently (speech-dispatcher's SSIP priority).
public struct Utterance: Sendable, Equatable, CustomStringConvertible {
    public var text: String
    public var priority: SpeechPriority

    public init(_ text: String, priority: SpeechPriority = .text) {
        self.text = text
        self.priority = priority
    }

    public var description: String { "\(priority): \(text)" }
}

/// How much the controls say.
public enum Verbosity: String, Sendable, CaseIterable {
    /// Values and the reasons a key did nothing; no kind, no hints.
    case terse
    /// Also the kind of control on start, the limit reached, the help hint.
    case normal
    /// Also handle hints and a summary of the keys on start.
    case verbose
}

/// Chooses the words: from what a command changed (a `Change`) and the control afterwards, to
/// what is spoken. Pure: the session sends the result to speech-dispatcher.
///
/// Value changes and reasons use the `text` priority, so each interrupts stale speech and a held
/// key never builds a backlog; the result of accepting uses `message`, so it is never cut off.
public struct Announcer: Sendable {
    public var verbosity: Verbosity

    public init(verbosity: Verbosity = .normal) {
        self.verbosity = verbosity
    }

    /// What to say after `change`; `control` is the control after it. Nil: say nothing (the start
    /// or end of a held key).
    public func utterance(for change: Change, in control: PresentedControl) -> Utterance? {
        let state = control.state(of: change.handle) ?? control.focusedHandle
        let value = state.text.spoken
        let other = control.handles.first { $0.handle != change.handle }
        switch change.outcome {
        case .moved:
            return Utterance(value)
        case .reachedLimit(let limit):
            return Utterance(verbosity == .terse && limit != .otherHandle
                             ? value : "\(value), \(reason(limit, other: other))")
        case .blocked(.minimum), .blocked(.maximum):
            return Utterance(reason(change.limit!, other: other))
        case .blocked(let limit):
            return Utterance("at \(value), \(reason(limit, other: other))")
        case .wrapped(let limit):
            return Utterance("\(value), wrapped to \(reason(limit, other: other))")
        case .focusMoved, .unchanged(.alreadyFocused):
            return Utterance(named(state))
        case .unchanged(.alreadyThere):
            return Utterance("already \(value)")
        case .unchanged(.noOtherHandle):
            return Utterance("only one handle")
        case .unchanged(.invalidValue):
            return Utterance("not a number")
        case .interaction, .unchanged(.interactionUnchanged):
            return nil
        }
    }

    /// What to say when a control appears.
    public func introduction(of control: PresentedControl) -> Utterance {
        let label = control.label.isEmpty ? [] : [control.label]
        let values: String
        if control.kind == .stepper {
            let value = control.focusedHandle.text.spoken
            values = verbosity == .terse ? value
                : "\(value), from \(control.minimum.spoken) to \(control.maximum.spoken)"
        } else if verbosity == .terse {
            values = control.handles.map(\.text.spoken).joined(separator: " to ")
        } else {
            values = control.handles.map { "\($0.name) \($0.text.spoken)" }.joined(separator: ", ")
        }
        var parts = label + (verbosity == .terse ? [] : [control.kind.rawValue]) + [values]
        if verbosity == .verbose, control.handles.count > 1 {
            parts.append("\(control.focusedHandle.name) focused")
        }
        var text = parts.joined(separator: ", ")
        if verbosity != .terse { text += ". Press question mark for help." }
        if verbosity == .verbose { text += " " + keysSummary(control.kind) }
        return Utterance(text)
    }

    /// Where things stand (the Space key): every handle, the focused one first.
    public func status(of control: PresentedControl) -> Utterance {
        let ordered = [control.focusedHandle] + control.handles.filter { $0.handle != control.focused }
        var parts = control.label.isEmpty ? [] : [control.label]
        if control.kind == .stepper {
            parts.append("\(control.focusedHandle.text.spoken), from \(control.minimum.spoken) to \(control.maximum.spoken)")
        } else {
            parts += ordered.map { "\($0.name) \($0.text.spoken)" }
        }
        return Utterance(parts.joined(separator: ", "))
    }

    /// The help text (the ? and F1 keys).
    public func help(for control: PresentedControl) -> Utterance {
        Utterance(keysSummary(control.kind))
    }

    /// What to say when the user accepts: the chosen values; never cut off.
    public func accepted(_ control: PresentedControl) -> Utterance {
        let values = control.handles.map(\.text.spoken).joined(separator: " to ")
        return Utterance("\(values), accepted", priority: .message)
    }

    /// What to say when the user cancels.
    public func cancelled() -> Utterance { Utterance("cancelled", priority: .message) }
    /// The control ended because nobody touched it in time (`--timeout`).
    public func timedOut() -> Utterance { Utterance("time is up, cancelled", priority: .message) }

    private func named(_ state: PresentedControl.HandleState) -> String {
        var text = "\(state.name), \(state.text.spoken)"
        if verbosity == .verbose, !state.hint.isEmpty { text += ", \(state.hint)" }
        return text
    }

    private func reason(_ limit: Limit, other: PresentedControl.HandleState?) -> String {
        switch limit {
        case .minimum: return "minimum"
        case .maximum: return "maximum"
        case .otherHandle: return "the \(other?.name ?? "other") handle"
        case .minimumDistance: return "minimum distance"
        case .maximumDistance: return "maximum distance"
        }
    }

    private func keysSummary(_ kind: PresentedControl.Kind) -> String {
        switch kind {
        case .stepper:
            return "Up and Down arrows step, Page Up and Page Down step by 10, Home and End go to the limits, "
                + "type digits to enter a value, Space says the value, Enter accepts, Escape cancels."
        case .slider:
            return "Arrows move the handle, Page Up and Page Down move by 10 steps, Home and End go to the limits, "
                + "type digits to enter a value, Space says the value, Enter accepts, Escape cancels."
        case .rangeSlider:
            return "Arrows move the focused handle, Tab switches handles, Page Up and Page Down move by 10 steps, "
                + "Home and End go as far as the handle may, type digits to enter a value, Space says both values, "
                + "Enter accepts, Escape cancels."
        }
    }
}
