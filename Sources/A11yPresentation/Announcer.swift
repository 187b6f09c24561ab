import A11yFormatting
import A11yModel
import A11yVocabulary
/// Something to say, and how urgently (speech-dispatcher's SSIP priority).
public struct Utterance: Sendable, Equatable, CustomStringConvertible {
    /// The words, in the user's language, ready for the synthesizer.
    public var text: String
    /// What the words may interrupt and what may interrupt them: `.text` for a value change (a
    /// newer one cancels it), `.message` for what must be heard whole (accepted, cancelled, a
    /// server lost).
    public var priority: SpeechPriority
    /// The words of a key said again after a notice that may have cut them off: a `.message`
    /// cancels the `.text` that speech-dispatcher is saying or still holds (and a screen
    /// reader told each utterance stops the one before). Where a message waits for the text
    /// (Orca's service), the words were not cut and are not said again.
    package var isRestatement = false

    /// Words to say, by default at the `.text` priority of a value change.
    public init(_ text: String, priority: SpeechPriority = .text) {
        self.text = text
        self.priority = priority
    }

    /// The priority, then the words ("text: 50"), for logs and tests.
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

/// The words the controls say: what a key changed, where things stand, the help, the result.
/// Make one with the user's verbosity, language and decimal separator and give it to
/// `ControlEngine`; the engine asks it for every utterance (`.speak` effects), and every phrase
/// comes from `messages`, the catalog of the user's language.
///
/// The first word of every utterance carries the news: the new value, or "already", or the name of
/// the handle that has focus. A handle is never named like a limit of the track: the default names
/// are "lower" and "upper", the track's ends are "end of track", a blocked key says what blocked it.
///
/// Value changes and reasons use the `text` priority, so each interrupts stale speech and a held
/// key never builds a backlog; the result of accepting uses `message`, so it is never cut off.
public struct Announcer: Sendable {
    /// How much is said beyond the values and the reasons a key did nothing (see `Verbosity`).
    public var verbosity: Verbosity
    /// The words of the user's language.
    public var messages: Messages
    /// How a typed number's decimal point is said ("," in German, French and Spanish), so the
    /// synthesizer reads "1,5" as one and a half.
    public var decimalSeparator: String

    /// An announcer that speaks `messages` at `verbosity`. Give `decimalSeparator` the one of the
    /// `NumberLocale` the engine writes values with, so typed numbers are said as values are.
    public init(verbosity: Verbosity = .normal, messages: Messages = .english, decimalSeparator: String = ".") {
        self.verbosity = verbosity
        self.messages = messages
        self.decimalSeparator = decimalSeparator
    }

    /// What to say after `change`; `control` is the control after it. Nil: say nothing (the start
    /// or end of a held key).
    package func utterance(for change: Change, in control: PresentedControl) -> Utterance? {
        // The handle by index, its fields read in place; the other's name only for the words
        // that need it (not for a plain move, the common case).
        let index = control.index(of: change.handle) ?? control.focusedIndex
        let value = control.handles[index].text.spoken
        let stepper = control.kind == .stepper
        func say(_ key: MessageKey) -> Utterance {
            let other = control.handles.first { $0.handle != change.handle }.map(name(of:)) ?? ""
            return Utterance(messages(key, ["value": value, "other": other]))
        }
        switch change.outcome {
        case .moved:
            return Utterance(value)
        case .reachedLimit(.minimum), .reachedLimit(.maximum):
            return verbosity == .terse ? Utterance(value) : say(stepper ? .endOfRange : .endOfTrack)
        case .reachedLimit(.otherHandle): return say(.meetsOther)
        case .reachedLimit(.minimumDistance): return say(.minimumDistance)
        case .reachedLimit(.maximumDistance): return say(.maximumDistance)
        case .blocked(.minimum), .blocked(.maximum): return say(stepper ? .blockedEndOfRange : .blockedEndOfTrack)
        case .blocked(.otherHandle): return say(.blockedByOther)
        case .blocked(.minimumDistance): return say(.blockedMinimumDistance)
        case .blocked(.maximumDistance): return say(.blockedMaximumDistance)
        case .wrapped(let limit): return say(limit == .minimum ? .wrappedToStart : .wrappedToEnd)
        case .focusMoved, .unchanged(.alreadyFocused):
            return Utterance(focus(on: control.handles[index], in: control))
        case .unchanged(.alreadyThere): return say(.alreadyThere)
        case .unchanged(.noOtherHandle): return say(.onlyOneHandle)
        case .unchanged(.invalidValue): return say(.notANumber)
        case .interaction, .unchanged(.interactionUnchanged):
            return nil
        }
    }

    /// As `utterance(for:in:)`, with the word of what changed before a value ("lower, 12"; a
    /// stepper's or a one-handle slider's label), for a screen reader that reads only the text
    /// added to the screen: it hears whose value it is, never fewer than three characters, whatever
    /// else is on the screen. A focus change already starts with the handle's name.
    package func namedUtterance(for change: Change, in control: PresentedControl) -> Utterance? {
        guard let utterance = utterance(for: change, in: control) else { return nil }
        switch change.outcome {
        case .focusMoved, .unchanged(.alreadyFocused): return utterance
        default:
            let state = control.handles[control.index(of: change.handle) ?? control.focusedIndex]
            let word = control.kind == .rangeSlider || control.label.isEmpty ? name(of: state) : control.label
            return Utterance(labelled(word, utterance.text), priority: utterance.priority)
        }
    }

    /// What to say when a control appears: where things stand, the help prompt and, when verbose,
    /// the keys.
    package func introduction(of control: PresentedControl) -> Utterance {
        if verbosity == .terse {
            guard control.kind == .rangeSlider else {
                return Utterance(labelled(control.label, control.focusedHandle.text.spoken))
            }
            return Utterance(Self.dropEmptyLabel(messages(.introTerseRange, ["label": control.label] + values(of: control)),
                                                 label: control.label))
        }
        var text = status(of: control).text + ". " + messages(.helpPrompt)
        if verbosity == .verbose { text += " " + keysSummary(control.kind) }
        return Utterance(text)
    }

    /// Where things stand (the Space key, and the start): for a range slider the selection and the
    /// track's bounds, then the focused handle as a screen reader says it on focus.
    package func status(of control: PresentedControl) -> Utterance {
        let focused = focus(on: control.focusedHandle, in: control)
        guard control.kind == .rangeSlider else { return Utterance(focused) }
        var selection = messages(.introRange, ["label": control.label, "role": messages(.roleRangeSlider),
                                               "minimum": control.minimum.spoken, "maximum": control.maximum.spoken]
                                 + values(of: control))
        selection = Self.dropEmptyLabel(selection, label: control.label)
        if verbosity == .verbose, control.handles.count > 1 {
            let span = Int(((control.handles[1].fraction - control.handles[0].fraction) * 100).rounded())
            selection += ", " + messages(.span, ["span": String(span)], count: span)
        }
        return Utterance(selection + ". " + focused)
    }

    /// The help text (the ? and F1 keys).
    package func help(for control: PresentedControl) -> Utterance {
        Utterance(keysSummary(control.kind))
    }

    /// What to say when the user accepts: the chosen values; never cut off.
    package func accepted(_ control: PresentedControl) -> Utterance {
        Utterance(messages(.accepted, ["values": chosenValues(of: control)]), priority: .message)
    }

    /// What to say when the user accepts and a screen reader reads the values where the program
    /// prints them (Orca, the result line on its terminal): that it is done, without the values.
    package func acceptedAlone() -> Utterance { Utterance(messages(.acceptedAlone), priority: .message) }

    /// What to say when the user cancels.
    package func cancelled() -> Utterance { Utterance(messages(.cancelled), priority: .message) }
    /// The control ended because nobody touched it in time (`--timeout`).
    package func timedOut() -> Utterance { Utterance(messages(.timedOut), priority: .message) }

    /// The name a handle is spoken and brailled by: the program's own, or the default name
    /// ("lower", "upper") in the user's language.
    package func name(of state: PresentedControl.HandleState) -> String {
        switch state.name {
        case Messages.english(.handleLower): messages(.handleLower)
        case Messages.english(.handleUpper): messages(.handleUpper)
        default: state.name
        }
    }

    /// "10 to 90", or "50" for one handle.
    func chosenValues(of control: PresentedControl) -> String {
        control.handles.count > 1 ? messages(.valuesRange, values(of: control)) : control.focusedHandle.text.spoken
    }

    /// What a screen reader says when focus arrives on a handle: its name, role and orientation,
    /// value (when verbose, its percentage) and the range it may take now.
    func focus(on state: PresentedControl.HandleState, in control: PresentedControl) -> String {
        // A stepper or a one-handle slider is named by the control's label.
        let named = control.kind == .rangeSlider || control.label.isEmpty ? name(of: state) : control.label
        let role = messages(control.kind == .stepper ? .roleStepper
                            : control.layout.orientation == .vertical ? .roleVerticalSlider : .roleHorizontalSlider)
        let verbose = verbosity == .verbose
        let percent = Int((state.fraction * 100).rounded())
        var text = messages(verbose ? .focusVerbose : .focus, [
            "name": named, "role": role, "value": state.text.spoken, "percent": String(percent),
            "from": state.allowedLower.spoken, "to": state.allowedUpper.spoken,
        ], count: percent)
        if verbose, !state.hint.isEmpty { text += ", \(state.hint)" }
        return text
    }

    private func values(of control: PresentedControl) -> MessageArguments {
        ["lower": control.handles[0].text.spoken, "upper": control.handles[control.handles.count - 1].text.spoken]
    }

    private func labelled(_ label: String, _ text: String) -> String {
        label.isEmpty ? text : "\(label), \(text)"
    }

    /// A phrase that starts with an empty `{label}` loses its leading ", ".
    private static func dropEmptyLabel(_ text: String, label: String) -> String {
        guard label.isEmpty else { return text }
        return String(text.drop { $0 == "," || $0 == " " })
    }

    private func keysSummary(_ kind: PresentedControl.Kind) -> String {
        switch kind {
        case .stepper: messages(.keysStepper)
        case .slider: messages(.keysSlider)
        case .rangeSlider: messages(.keysRangeSlider)
        }
    }
}

