import A11yModel
import A11yVocabulary
/// What a key or a braille key asks the session to do.
public enum Action: Sendable, Equatable {
    /// A command for the model (step, page, limits, focus).
    case command(Command)
    /// Accept the value and finish (exit 0).
    case accept
    /// Cancel and finish (exit 1).
    case cancel
    /// Speak and show the key help.
    case help
    /// Say where you are (values, focused handle, limits).
    case speakStatus
    /// Feed numeric entry.
    case entry(EntryInput)
    /// A braille routing key over cell n: the session resolves it through the braille renderer's
    /// routing map (a track position, or a value label that focuses its handle).
    case routeCell(Int)
    /// Pan the braille window.
    case pan(PanDirection)
    /// Ctrl-C sent as a key (kitty protocol, scripted input): finish as interrupted (exit 130).
    case interrupt

    /// Whether holding the key repeats the action (the auto-repeat applies to it).
    package var repeats: Bool {
        switch self {
        case .command(.increment), .command(.decrement), .command(.pageIncrement), .command(.pageDecrement):
            return true
        default:
            return false
        }
    }

    /// Whether the action can change a value (used by the fuzz checks: garbage must never
    /// produce one).
    package var changesValue: Bool {
        switch self {
        case .command(let c):
            switch c {
            case .increment, .decrement, .pageIncrement, .pageDecrement, .toLowest, .toHighest, .setValue, .setFraction:
                return true
            default:
                return false
            }
        case .entry(.commit), .routeCell, .accept:
            return true
        case .entry, .cancel, .help, .speakStatus, .pan, .interrupt:
            return false
        }
    }
}

/// A direction to pan the braille window.
public enum PanDirection: Sendable, Equatable {
    /// Back towards the start of the line.
    case left
    /// On towards the end of the line.
    case right
}

/// Which control a key map is for.
public enum ControlKind: Sendable, Equatable {
    /// A range slider (one or two handles), laid out horizontally.
    case slider
    /// A vertical stepper (one value).
    case stepper
}
