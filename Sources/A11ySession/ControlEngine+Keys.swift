import A11yFormatting
import A11yInput
import A11yModel
import A11yPresentation
import A11yVocabulary

// Keys to actions to changes to words: the engine's input side.
extension ControlEngine {
    /// A decoded key: a press, an OS repeat or a release.
    mutating func handle(_ event: KeyEvent, at time: Duration) -> [Utterance] {
        let keyMap = focused.keyMap
        if event.kind == .release {
            if case .command(let command)? = keyMap.binding(for: event.chord), Action.command(command).repeats {
                return repeatEvents(autoRepeat.release(command, at: time))
            }
            return []
        }
        guard let action = keyMap.action(for: event, entryActive: editor.isActive) else { return [] }
        if case .command(let command) = action, action.repeats, !editor.isActive {
            let events = event.kind == .repeat ? autoRepeat.osRepeat(command, at: time)
                                               : autoRepeat.press(command, at: time)
            return repeatEvents(events)
        }
        if action == .cancel { cancelledWithEscape = event.key == .escape && event.modifiers.isEmpty }
        return endHold(at: time) + perform(action, at: time)
    }

    /// Another key, or the end: a held key stops, and so does what the pointer holds (a drag,
    /// a stepper's button), so that no hold outlives the session or steps the control that the
    /// key brought the focus to.
    mutating func endHold(at time: Duration) -> [Utterance] {
        repeatEvents(autoRepeat.cancel(at: time)) + endPointer(at: time)
    }

    /// The steps of a hold (a held key's, or `hold`: a stepper button held with the pointer).
    mutating func repeatEvents(_ events: [AutoRepeat.Event], of hold: WritableKeyPath<ControlEngine, AutoRepeat> = \.autoRepeat) -> [Utterance] {
        var speech: [Utterance] = []
        for event in events {
            switch event {
            case .step(let command, let scheduled):
                let change = apply(command)
                speech.adopt(announce(change))
                if change.limit != nil, self[keyPath: hold].isHolding {
                    speech.adopt(repeatEvents(self[keyPath: hold].reachedLimit(at: scheduled), of: hold))
                }
            case .holdBegan:
                _ = apply(.beginInteraction)
            case .holdEnded:
                // The last step already spoke the final value (the `text` priority keeps the
                // latest), so a release says nothing more: no number twice.
                _ = apply(.endInteraction)
            }
        }
        return speech
    }

    /// Applies `command` to the focused control and says what changed.
    mutating func applyAndAnnounce(_ command: Command) -> [Utterance] {
        let change = apply(command)
        return announce(change)
    }

    func announce(_ change: Change) -> [Utterance] {
        (wordDelivery.addsLines ? announcer.namedUtterance(for: change, in: presented)
                         : announcer.utterance(for: change, in: presented)).map { [$0] } ?? []
    }

    /// Performs one action (a key's or a braille key's meaning).
    mutating func perform(_ action: Action, at time: Duration) -> [Utterance] {
        // "Where am I" stays on the display while the user pans along it; any other key ends it
        // (a routing key only ends it: it was pressed over the status, not over the control).
        if braille.status != nil {
            if case .pan = action {} else {
                braille.dismissStatus()
                if case .routeCell = action { return [] }
            }
        }
        switch action {
        case .command(let command):
            return command == .focusNext || command == .focusPrevious ? moveFocus(command) : applyAndAnnounce(command)
        case .accept:
            return finish(.accepted)
        case .cancel:
            return finish(.cancelled)
        case .interrupt:
            return finish(.interrupted)
        case .help:
            return [announcer.help(for: presented)]
        case .speakStatus:
            return whereAmI()
        case .entry(let input):
            let outcome = editor.apply(input, rules: focused.entryRules)
            if case .committed(let value) = outcome { return applyAndAnnounce(.setValue(value, handle: nil)) }
            return announcer.utterance(for: outcome).map { [$0] } ?? []
        case .routeCell(let cell):
            switch braille.routingTarget(atCell: cell, entry: editor.entry.map { (announcer.name(of: presented.focusedHandle), $0.text) }) {
            case .track(let fraction)?: return applyAndAnnounce(.setFraction(fraction))
            case .handle(let handle)?: return applyAndAnnounce(.focus(handle))
            case .status?: return whereAmI()
            case nil: return []
            }
        case .pan(let direction):
            braille.pan(right: direction == .right)
            return []
        }
    }

    /// Where things stand: spoken, and shown on the braille display until the next key.
    private mutating func whereAmI() -> [Utterance] {
        braille.showStatus(announcer.brailleStatus(of: presented))
        return [announcer.status(of: presented)]
    }

    /// Tab and Shift-Tab: between the handles of a control, then on to the next control.
    private mutating func moveFocus(_ command: Command) -> [Utterance] {
        let forward = command == .focusNext
        let handles = focused.handles
        let index = handles.firstIndex(of: focused.focusedHandle) ?? 0
        let leavesPanel = panels.count > 1 && (forward ? index == handles.count - 1 : index == 0)
        guard leavesPanel else { return applyAndAnnounce(command) }
        focusedPanel = (focusedPanel + (forward ? 1 : panels.count - 1)) % panels.count
        if let first = forward ? focused.handles.first : focused.handles.last {
            _ = panels[focusedPanel].apply(.focus(first))
        }
        autoRepeat = Self.makeAutoRepeat(focused, detection: holdDetection)
        refreshFocused(keepPan: false)
        return [announcer.introduction(of: presented)]
    }

    mutating func finish(_ outcome: SessionOutcome) -> [Utterance] {
        self.outcome = outcome
        editor.close()
        // A handle still held by the pointer (its release never came) is let go: the controls
        // end as not held.
        _ = endPointer(at: lastActivity)
        switch outcome {
        case .accepted: return [resultLineReadByReader ? announcer.acceptedAlone() : announcer.accepted(presentedPanels, focused: focusedPanel)]
        case .cancelled, .interrupted: return [announcer.cancelled()]
        case .timedOut: return [announcer.timedOut()]
        }
    }
}

extension Array {
    /// `self += other`, sharing `other`'s storage when `self` is empty: a key's words are
    /// usually one utterance, made once and handed up through several calls, not copied at each.
    mutating func adopt(_ other: [Element]) {
        if isEmpty { self = other } else { self += other }
    }
}
