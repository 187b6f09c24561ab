import A11yFormatting

import A11yModel
import A11yVocabulary

/// A change in a server connection that the user must learn of.
public enum DeviceStatus: Sendable, Equatable {
    case speechLost, speechBack, brailleLost, brailleBack
    /// The server is still connected but has not answered for a while (stopped, or stuck): what
    /// it is asked meanwhile waits, the control goes on. Its return is `speechBack` / `brailleBack`.
    case speechNotAnswering, brailleNotAnswering
}

// The words of a session beyond one control's changes: typing a number, the result of several
// controls, the servers coming and going. All of the library's words live in the Announcer.
extension Announcer {
    /// What to say for what a key did to a number being typed (nil: nothing).
    public func utterance(for outcome: EntryEditor.Outcome) -> Utterance? {
        switch outcome {
        case .typed(let character):
            return Utterance(character == "-" ? "minus" : character == "." ? "point" : String(character))
        case .refused(let rejection):
            return Utterance(reason(rejection))
        case .deleted(let remaining):
            return Utterance(remaining.isEmpty ? "entry cleared" : remaining)
        case .cancelled:
            return Utterance("entry cancelled")
        case .commitRefused(let text, let rejection):
            return Utterance("\(text) rejected, \(reason(rejection))")
        case .committed, .ignored:
            return nil
        }
    }

    /// Why a typed character or number was refused.
    public func reason(_ rejection: NumericEntry.Rejection) -> String {
        switch rejection {
        case .empty: return "no number typed"
        case .notANumber: return "not a number"
        case .belowMinimum(let limit): return "below the minimum, \(Self.plain(limit))"
        case .aboveMaximum(let limit): return "above the maximum, \(Self.plain(limit))"
        case .negativeNotAllowed: return "no negative numbers here"
        case .fractionNotAllowed: return "whole numbers only"
        case .notADigit(let character): return "\(character) is not a digit"
        case .tooLong: return "too many digits"
        }
    }

    private static func plain(_ value: Double) -> String {
        if let whole = Int64(exactly: value) { return String(whole) }
        return String(value)
    }

    /// What to say when the user accepts several controls at once: every control's values.
    public func accepted(_ controls: [PresentedControl], focused: Int) -> Utterance {
        guard controls.count > 1 else { return accepted(controls[focused]) }
        let values = controls.map { $0.handles.map(\.text.spoken).joined(separator: " to ") }
        return Utterance(values.joined(separator: " and ") + ", accepted", priority: .message)
    }

    /// What to say when a server comes or goes, nil when speech cannot say it (speech itself
    /// went or came: the braille line shows `brailleNotice(for:)` instead).
    public func utterance(for status: DeviceStatus) -> Utterance? {
        switch status {
        case .brailleLost: return Utterance("braille display lost", priority: .message)
        case .brailleBack: return Utterance("braille display back", priority: .message)
        case .brailleNotAnswering: return Utterance("braille display not answering", priority: .message)
        case .speechLost, .speechBack, .speechNotAnswering: return nil
        }
    }

    /// The braille notice for a server coming or going, nil when braille itself came or went.
    public func brailleNotice(for status: DeviceStatus) -> String? {
        switch status {
        case .speechLost: return "speech lost"
        case .speechBack: return "speech back"
        case .speechNotAnswering: return "speech not answering"
        case .brailleLost, .brailleBack, .brailleNotAnswering: return nil
        }
    }
}
