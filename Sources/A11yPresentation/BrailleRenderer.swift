import A11yFormatting
import A11yModel
import A11yVocabulary

/// How a control is laid out on one braille line: give one to `ControlEngine` to set the track's
/// room and dots; the engine lays each control out with it, to the display's width, as cells,
/// cursor and routing keys.
///
/// Layout (a segment is left out when it is empty):
/// - range slider: `LABEL LOWER TRACK UPPER`
/// - one-handle slider: `LABEL VALUE TRACK`
/// - stepper: `LABEL VALUE -+ TRACK`, where `-` and `+` show only while a step down or up is possible
///
/// The track takes the room that is left. When it would be shorter than `minimumTrackCells` (or
/// than half the display, on a display narrower than twice that), the label moves out of the
/// first window (panning left shows it) and the track takes its room.
public struct BrailleRenderer: Sendable {
    /// The fewest track cells worth showing beside the label.
    public var minimumTrackCells: Int
    /// Dots the track may use per cell: 8, or 6 for a 6-dot display or reader. A
    /// `.braillePreferences` event sets it from the user's BRLTTY preferences.
    public var dotsPerCell: Int
    /// Labels in contracted braille, by label (empty: labels in computer braille). Contracted
    /// once per change of text or table, never on the key path.
    package var contractions: [String: ContractedText] = [:]

    /// A renderer that keeps `minimumTrackCells` of track in the first window (moving the label
    /// out of it when needed) and draws the track with `dotsPerCell` dots (8 or 6) per cell.
    public init(minimumTrackCells: Int = 8, dotsPerCell: Int = 8) {
        self.minimumTrackCells = minimumTrackCells
        self.dotsPerCell = dotsPerCell
    }

    package func line(for control: PresentedControl, width: Int) -> BrailleLine {
        var builder = BrailleLineBuilder(capacity: max(width, 16) + 16)
        let contracted = contractions[control.label]
        let labelCells = control.label.isEmpty ? 0 : (contracted?.count ?? control.label.characterCount) + 1
        // A value's cells and the blank after it (none for an empty value).
        func segment(_ index: Int) -> Int {
            let cells = control.handles[index].text.braille.characterCount
            return cells == 0 ? 0 : cells + 1
        }
        let indicator: [Character] = [control.canDecrease ? "-" : " ", control.canIncrease ? "+" : " "]
        let fixed: Int
        switch control.kind {
        case .rangeSlider: fixed = segment(0) + segment(1)
        case .slider: fixed = segment(0)
        case .stepper: fixed = segment(0) + indicator.count + 1
        }
        var trackCells = width - labelCells - fixed
        var homeOffset = 0
        if trackCells < min(minimumTrackCells, width / 2), labelCells > 0 {
            trackCells = width - fixed
            homeOffset = labelCells
        }
        trackCells = max(2, trackCells)

        if labelCells > 0, let contracted {
            // Contracted cells go as dots (BRLTTY must not translate them again), digits as text.
            for (character, dots) in zip(contracted.text, contracted.dots) {
                builder.append(character, routing: .status, dots: BrailleDots(rawValue: dots))
            }
            builder.append(" ", routing: .status)
        } else if labelCells > 0 {
            builder.append(text: control.label, routing: .status)
            builder.append(" ", routing: .status)
        }
        let trackStart = { (builder: BrailleLineBuilder) in builder.count }
        // Handles by index: their fields are read in place (a HandleState is six strings).
        func appendValue(_ index: Int) {
            guard !control.handles[index].text.braille.isEmpty else { return }
            if control.kind == .stepper { builder.cursor = builder.count }
            builder.append(text: control.handles[index].text.braille, routing: .handle(control.handles[index].handle))
            builder.append(" ", routing: nil)
        }
        var startOfTrack = 0
        switch control.kind {
        case .rangeSlider:
            appendValue(0)
            startOfTrack = trackStart(builder)
            appendTrack(&builder, control: control, cells: trackCells)
            builder.append(" ", routing: nil)
            appendValue(1)
            builder.trimTrailingBlank()
        case .slider:
            appendValue(0)
            startOfTrack = trackStart(builder)
            appendTrack(&builder, control: control, cells: trackCells)
        case .stepper:
            appendValue(0)
            builder.append(text: indicator, routing: nil)
            builder.append(" ", routing: nil)
            startOfTrack = trackStart(builder)
            appendTrack(&builder, control: control, cells: trackCells)
        }
        if control.kind != .stepper {
            let focused = control.handles[control.focusedIndex].fraction
            builder.cursor = startOfTrack + BrailleTrack.position(of: focused, cells: trackCells) / 2
        }
        return BrailleLine(cells: builder.cells, dots: builder.dots, routing: builder.routing,
                           cursor: builder.cursor, homeOffset: homeOffset)
    }

    /// The window a display of `width` cells shows at first.
    package func frame(for control: PresentedControl, width: Int) -> BrailleFrame {
        let line = line(for: control, width: width)
        return line.window(at: line.homeOffset, width: width)
    }

    private func appendTrack(_ builder: inout BrailleLineBuilder, control: PresentedControl, cells: Int) {
        var upper = 0, lower: Int?, focusedPosition: Int?
        for index in control.handles.indices {
            let handle = control.handles[index].handle
            let position = BrailleTrack.position(of: control.handles[index].fraction, cells: cells)
            if handle == .upper { upper = position } else if control.handles.count > 1 { lower = position }
            if handle == control.focused { focusedPosition = position }
        }
        builder.appendTrack(cells, currentPosition: focusedPosition) {
            BrailleTrack.append(to: &$0, cells: cells, lower: lower, upper: upper, focused: control.focused, dotsPerCell: dotsPerCell)
        }
    }
}
