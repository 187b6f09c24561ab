/// What stopped, or bounded, a handle.
public enum Limit: String, Sendable, Hashable, CaseIterable {
    /// The lowest value of the track (`minValue`, `minimumValue`).
    case minimum
    /// The highest value of the track (`maxValue`, `maximumValue`).
    case maximum
    /// The other handle (handles never cross; with no minimum distance they may meet).
    case otherHandle
    /// The minimum distance to the other handle (`minDistance`).
    case minimumDistance
    /// The maximum distance to the other handle (`maxDistance`).
    case maximumDistance
}

/// Why a command changed nothing, when no `Limit` is the reason.
public enum UnchangedReason: String, Sendable, Hashable {
    /// The value asked for is the value the handle already has.
    case alreadyThere
    /// The handle asked to be focused already has focus.
    case alreadyFocused
    /// A focus command on a control with one handle.
    case noOtherHandle
    /// A NaN value or fraction: ignored.
    case invalidValue
    /// `beginInteraction` during an interaction, or `endInteraction` outside one.
    case interactionUnchanged
}

/// How a command ended, in the terms an announcer needs.
public enum Outcome: Sendable, Hashable {
    /// The value changed and the handle is not at a limit in the direction it moved.
    case moved
    /// The value changed and the handle now sits on `limit` ("90, maximum").
    case reachedLimit(Limit)
    /// The value could not change as the user sees it: the handle already sits on `limit`
    /// ("maximum"). The value may have moved by less than the display shows, onto the limit.
    case blocked(Limit)
    /// A wrapping stepper went past one end and landed on the other, `limit`.
    case wrapped(to: Limit)
    /// Focus moved to another handle; no value changed.
    case focusMoved
    /// A held key (an interaction) began or ended.
    case interaction(began: Bool)
    /// Nothing happened, for `reason`.
    case unchanged(UnchangedReason)
}

/// Exactly what one command did to a control, so presenters can choose words without re-deriving it.
public struct Change: Sendable, Hashable {
    /// The command that was applied.
    public var command: Command
    /// The handle concerned: the one that moved, or the focused handle after the command.
    public var handle: Handle
    /// The value of `handle` before the command.
    public var oldValue: Double
    /// The value of `handle` after the command.
    public var newValue: Double
    /// How the command ended.
    public var outcome: Outcome
    /// The focused handle before the command.
    public var previousFocus: Handle
    /// The focused handle after the command (`handle`, except when code sets the other handle's value).
    public var focusedHandle: Handle

    /// A change with the given fields; `focusedHandle` defaults to `handle`.
    ///
    /// `RangeSlider.apply(_:)` and `Stepper.apply(_:)` make these; build one yourself to describe
    /// a change, e.g. in a test.
    public init(command: Command, handle: Handle, oldValue: Double, newValue: Double,
                outcome: Outcome, previousFocus: Handle, focusedHandle: Handle? = nil) {
        self.command = command
        self.handle = handle
        self.oldValue = oldValue
        self.newValue = newValue
        self.outcome = outcome
        self.previousFocus = previousFocus
        self.focusedHandle = focusedHandle ?? handle
    }

    /// True when the value of `handle` changed.
    public var valueChanged: Bool { oldValue != newValue }
    /// True when focus moved to another handle.
    public var focusMoved: Bool { previousFocus != focusedHandle }

    /// True when a held key began or ended (TTRangeSlider's touches began / ended).
    public var isInteraction: Bool {
        if case .interaction = outcome { true } else { false }
    }
    /// The limit hit, if any (reached, blocked at, or wrapped to).
    public var limit: Limit? {
        switch outcome {
        case .reachedLimit(let l), .blocked(let l), .wrapped(to: let l): return l
        default: return nil
        }
    }
}
