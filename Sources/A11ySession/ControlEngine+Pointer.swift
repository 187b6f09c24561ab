import A11yInput
import A11yModel
import A11yPresentation

/// What the engine keeps of the pointer: where the frame stands on the terminal, a handle being
/// dragged, a stepper button held.
struct PointerState: Sendable {
    /// The terminal row (from 0) of the frame's first line: from the terminal's answer to a
    /// position query, or set by the program (`EngineEvent.screenOrigin`); 0 until then, so that
    /// reports count from the frame's own top left.
    var originRow = 0
    /// The frame row of the cursor when each position query still unanswered was asked.
    var askedAtRows: [Int] = []
    /// The frame's line count and width when the position was last asked (nil: never).
    var askedFor: (lines: Int, width: Int)?
    /// The control and handle the left button holds on a track.
    var drag: (panel: Int, handle: Handle)?
    /// The limit a drag last said it is on, so that a drag along it says it once: neither at
    /// every motion nor again as "blocked" when the handle was said to reach it.
    var lastDragLimit: Limit?
    /// The control whose stepper button the left button holds.
    var heldPanel: Int?

    mutating func cursorAnswered(row: Int, column: Int) {
        guard !askedAtRows.isEmpty else { return }
        originRow = row - 1 - askedAtRows.removeFirst()
    }
}

// The pointer's side of the engine: mouse reports hit-tested against the screen frame's targets
// (`PointerTarget`), turned into the same commands keys give.
extension ControlEngine {
    /// The terminal's row and column (from 1) of a report, as a row and column of the frame.
    private func frameCell(_ event: PointerEvent) -> (row: Int, column: Int) {
        (event.row - 1 - pointer.originRow, event.column - 1)
    }

    /// One mouse report.
    mutating func handle(_ event: PointerEvent, at time: Duration) -> [Utterance] {
        let cell = frameCell(event)
        switch (event.button, event.kind) {
        case (.left, .press):
            // (Ending a hold ends what the pointer held too.)
            var speech = endHold(at: time)
            guard let hit = screen.hit(row: cell.row, column: cell.column) else { return speech }
            speech.adopt(focusing(hit.control) { engine in
                guard let target = hit.target else { return [] }
                switch target.kind {
                case .track: return engine.grab(target, at: cell)
                case .increment: return engine.pressButton(.increment, at: time)
                case .decrement: return engine.pressButton(.decrement, at: time)
                }
            })
            return speech
        case (.left, .drag):
            guard let drag = pointer.drag, drag.panel == focusedPanel, let track = screen.track(ofControl: drag.panel) else { return [] }
            return move(drag.handle, to: track.fraction(row: cell.row, column: cell.column), dragging: true)
        case (.left, .release):
            return endPointer(at: time)
        case (.wheelUp, .press), (.wheelDown, .press):
            var speech = endHold(at: time)
            speech.adopt(focusing(screen.hit(row: cell.row, column: cell.column)?.control) { engine in
                engine.applyAndAnnounce(event.button == .wheelUp ? .increment : .decrement)
            })
            return speech
        default:
            return []
        }
    }

    /// A press on a track: a handle drawn there is taken as it is; elsewhere the nearest handle
    /// comes to the press. Either way it takes the focus and follows the pointer until release.
    private mutating func grab(_ track: PointerTarget, at cell: (row: Int, column: Int)) -> [Utterance] {
        guard case .slider(let slider) = focused.model else { return [] }
        let fraction = track.fraction(row: cell.row, column: cell.column)
        let onHandle = track.handle(atRow: cell.row, column: cell.column)
        let handle = onHandle ?? Self.nearestHandle(to: value(at: fraction, of: slider), in: slider)
        pointer.drag = (focusedPanel, handle)
        pointer.lastDragLimit = nil
        var speech: [Utterance] = []
        if onHandle == nil { speech = move(handle, to: fraction, dragging: false) }
        _ = apply(.beginInteraction)
        if handle != focused.focusedHandle {
            // The other handle: its name with the value it now has, as focus on it says.
            speech = applyAndAnnounce(.focus(handle))
        }
        return speech
    }

    /// The value at `fraction` of `slider`'s track.
    private func value(at fraction: Double, of slider: RangeSlider) -> Double {
        slider.configuration.minValue + fraction * (slider.configuration.maxValue - slider.configuration.minValue)
    }

    /// The handle whose value is nearest `value`; where both are as near (they meet), the one on
    /// the side of the press.
    static func nearestHandle(to value: Double, in slider: RangeSlider) -> Handle {
        guard slider.handles.count > 1 else { return .upper }
        let lower = abs(value - slider.selectedMinimum), upper = abs(value - slider.selectedMaximum)
        if lower != upper { return lower < upper ? .lower : .upper }
        return value <= slider.selectedMinimum ? .lower : .upper
    }

    /// Moves `handle` of the focused slider to `fraction` of its track. While `dragging`, only
    /// what changed is said: a value, or a limit once.
    private mutating func move(_ handle: Handle, to fraction: Double, dragging: Bool) -> [Utterance] {
        guard case .slider(let slider) = focused.model else { return [] }
        let change = apply(.setValue(value(at: fraction, of: slider), handle: handle))
        let words = announce(change)
        guard dragging else { return words }
        let saidLimit = pointer.lastDragLimit
        if change.valueChanged || change.limit != nil { pointer.lastDragLimit = change.limit }
        guard change.valueChanged || (change.limit != nil && change.limit != saidLimit) else { return [] }
        return words
    }

    /// A press on a stepper's `+` or `-`: one step, then, held, steps at the control's
    /// auto-repeat interval until the release (the terminal reports it).
    private mutating func pressButton(_ command: Command, at time: Duration) -> [Utterance] {
        pointer.heldPanel = focusedPanel
        pointerRepeat = AutoRepeat(configuration: focused.repeatConfiguration, detection: focused.repeats ? .releaseEvents : .none)
        return repeatEvents(pointerRepeat.press(command, at: time), of: \.pointerRepeat)
    }

    /// The left button went up (or another press came): a drag ends, a held button stops.
    mutating func endPointer(at time: Duration) -> [Utterance] {
        var speech: [Utterance] = []
        if pointer.drag != nil {
            pointer.drag = nil
            pointer.lastDragLimit = nil
            _ = apply(.endInteraction)
        }
        if pointer.heldPanel != nil {
            pointer.heldPanel = nil
            if let command = pointerRepeat.heldCommand { speech = repeatEvents(pointerRepeat.release(command, at: time), of: \.pointerRepeat) }
        }
        return speech
    }

    /// `act` on control `index` (nil: the focused one), focused first if it was not. A press
    /// that brought the focus introduces the control as it now is (its new value in it): one
    /// utterance, not the value's words cut off by the introduction's.
    private mutating func focusing(_ index: Int?, _ act: (inout ControlEngine) -> [Utterance]) -> [Utterance] {
        guard let index, index != focusedPanel else { return act(&self) }
        focusedPanel = index
        autoRepeat = Self.makeAutoRepeat(focused, detection: holdDetection)
        refreshFocused(keepPan: false)
        _ = act(&self)
        return [announcer.introduction(of: presented)]
    }

    /// After a redraw: whether to ask the terminal where the frame stands now (the first frame,
    /// and whenever its line count or the width changed, which can scroll or reflow it).
    mutating func takeScreenQuery() -> Bool {
        guard locatesScreen else { return false }
        let now = (lines: screen.frame.lines.count, width: screenWidth)
        if let asked = pointer.askedFor, asked == now { return false }
        pointer.askedFor = now
        pointer.askedAtRows.append(screen.frame.cursor.row)
        keyInput.awaitCursorPosition()
        return true
    }
}
