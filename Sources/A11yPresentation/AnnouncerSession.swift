import A11yFormatting

import A11yModel
import A11yVocabulary

/// A change in a server connection that the user must learn of: send it to the engine as
/// `EngineEvent.device(_:)`, which says it (or, for speech itself, shows it on the braille line).
public enum DeviceStatus: Sendable, Equatable, CaseIterable {
    /// The connection to speech-dispatcher (or the screen reader) was lost, or could not be made.
    case speechLost
    /// Speech is connected again, or answers again after `speechNotAnswering`.
    case speechBack
    /// The connection to BRLTTY was lost, or could not be made.
    case brailleLost
    /// BRLTTY is connected again, or answers again after `brailleNotAnswering`.
    case brailleBack
    /// Speech is still connected but has not answered for a while (stopped, or stuck): what it is
    /// asked meanwhile waits, the control goes on. Its return is `speechBack`.
    case speechNotAnswering
    /// BRLTTY is still connected but has not answered for a while; its return is `brailleBack`.
    case brailleNotAnswering
}

// The words of a session beyond one control's changes: typing a number, the result of several
// controls, the servers coming and going. All of the library's words live in the Announcer.
extension Announcer {
    /// What to say for what a key did to a number being typed (nil: nothing).
    package func utterance(for outcome: EntryEditor.Outcome) -> Utterance? {
        switch outcome {
        case .typed(let character):
            return Utterance(character == "-" ? messages(.typedMinus) : character == "." ? messages(.typedPoint)
                             : String(character))
        case .refused(let rejection):
            return Utterance(reason(rejection))
        case .deleted(let remaining):
            return Utterance(remaining.isEmpty ? messages(.entryCleared) : spokenNumber(remaining))
        case .cancelled:
            return Utterance(messages(.entryCancelled))
        case .commitRefused(let text, let rejection):
            return Utterance(messages(.entryRejected, ["text": spokenNumber(text), "reason": reason(rejection)]))
        case .committed, .ignored:
            return nil
        }
    }

    /// Why a typed character or number was refused.
    package func reason(_ rejection: NumericEntry.Rejection) -> String {
        switch rejection {
        case .empty: messages(.reasonEmpty)
        case .notANumber: messages(.reasonNotANumber)
        case .belowMinimum(let limit): messages(.reasonBelowMinimum, ["limit": spokenNumber(Self.plain(limit))])
        case .aboveMaximum(let limit): messages(.reasonAboveMaximum, ["limit": spokenNumber(Self.plain(limit))])
        case .negativeNotAllowed: messages(.reasonNegative)
        case .fractionNotAllowed: messages(.reasonFraction)
        case .notADigit(let character): messages(.reasonNotADigit, ["character": String(character)])
        case .tooLong: messages(.reasonTooLong)
        }
    }

    /// A number typed or written with "." as said in the user's language ("1,5").
    private func spokenNumber(_ text: String) -> String {
        decimalSeparator == "." ? text : text.replacing(".", with: decimalSeparator)
    }

    private static func plain(_ value: Double) -> String {
        if let whole = Int64(exactly: value) { return String(whole) }
        return String(value)
    }

    /// What to say when the user accepts several controls at once: every control's values.
    package func accepted(_ controls: [PresentedControl], focused: Int) -> Utterance {
        guard controls.count > 1 else { return accepted(controls[focused]) }
        let values = controls.dropFirst().reduce(chosenValues(of: controls[0])) {
            messages(.valuesJoined, ["first": $0, "second": chosenValues(of: $1)])
        }
        return Utterance(messages(.accepted, ["values": values]), priority: .message)
    }

    /// What to say when a server comes or goes, nil when speech cannot say it (speech itself
    /// went or came: the braille line shows `brailleNotice(for:)` instead).
    package func utterance(for status: DeviceStatus) -> Utterance? {
        switch status {
        case .brailleLost: Utterance(messages(.brailleLost), priority: .message)
        case .brailleBack: Utterance(messages(.brailleBack), priority: .message)
        case .brailleNotAnswering: Utterance(messages(.brailleNotAnswering), priority: .message)
        case .speechLost, .speechBack, .speechNotAnswering: nil
        }
    }

    /// The screen reader that read the control's words ended: the control speaks from now on.
    package func readerEnded() -> Utterance {
        Utterance(messages(.screenReaderEnded), priority: .message)
    }

    /// The braille notice for a server coming or going, nil when braille itself came or went.
    package func brailleNotice(for status: DeviceStatus) -> String? {
        switch status {
        case .speechLost: messages(.speechLost)
        case .speechBack: messages(.speechBack)
        case .speechNotAnswering: messages(.speechNotAnswering)
        case .brailleLost, .brailleBack, .brailleNotAnswering: nil
        }
    }
}
