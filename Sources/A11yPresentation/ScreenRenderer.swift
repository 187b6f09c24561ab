import A11yFormatting
import A11yModel
import A11yVocabulary
/// What the terminal shows of the controls: lines of styled text and where the cursor sits (the
/// `.redraw` effect carries it).
public struct ScreenFrame: Sendable, Equatable {
    /// Lines, each with its own SGR styling, reset at its end. No line holds braille patterns
    /// unless a preview was asked for.
    public var lines: [String]
    /// Row and column (from 0, in the frame) of the terminal cursor: the focused handle, so screen
    /// readers and BRLTTY's screen review follow it.
    public var cursor: (row: Int, column: Int)
    /// Where the pointer acts on the frame (the track, a stepper's buttons), in the frame's rows
    /// and columns. Not part of equality: they follow from the lines.
    package var targets: [PointerTarget]
    /// How many first lines of the frame drawn before stay above this one as history (the words
    /// of earlier keys, for a screen reader that reads text added to the terminal): the terminal
    /// scrolls them up, out of the frame, instead of having them rewritten. Not part of equality.
    package var history = 0
    /// How many first lines of this frame are words (where nothing can be rewritten, TERM=dumb,
    /// only they are printed when `history` is above 0). Not part of equality.
    package var words = 0

    package init(lines: [String], cursor: (row: Int, column: Int), targets: [PointerTarget] = []) {
        self.lines = lines
        self.cursor = cursor
        self.targets = targets
    }

    /// Whether two frames show the same lines with the cursor in the same place.
    public static func == (a: ScreenFrame, b: ScreenFrame) -> Bool {
        a.lines == b.lines && a.cursor == b.cursor
    }
}

/// Draws a control for sighted and low-vision users. Pure: from a `PresentedControl`, the width in
/// columns and a theme to a `ScreenFrame`.
///
/// - Range slider: a text line `LABEL: LOWER to UPPER` (what a screen reader reads), then the track
///   line, horizontal, with the values at its ends.
/// - Stepper, vertical: the label, `+` above the value, `-` below it; a key that can do nothing is
///   shown dim and named "(at maximum)" / "(at minimum)".
package struct ScreenRenderer: Sendable {
    package var theme: ScreenTheme
    /// The words on screen (the hint line, "(at maximum)"), in the user's language.
    package var messages: Messages

    package init(theme: ScreenTheme = ScreenTheme(), messages: Messages = .english) {
        self.theme = theme
        self.messages = messages
    }

    package func frame(for control: PresentedControl, width: Int, focused: Bool = true) -> ScreenFrame {
        if control.kind == .stepper { return stepperFrame(control, focused: focused) }
        if control.layout.orientation == .vertical { return verticalSliderFrame(control, width: max(20, width), focused: focused) }
        return sliderFrame(control, width: max(20, width), focused: focused)
    }

    /// The title line, `LABEL: VALUES` in bold.
    func appendTitle(_ control: PresentedControl, to line: inout ByteLine) {
        let style = theme.sgrParameters(color: "1", fallback: "1")
        line.openStyle(style)
        if !control.label.isEmpty {
            line.append(control.label)
            line.append(": ")
        }
        if control.handles.count > 1 {
            messages.append(.valuesRange, ["lower": control.handles[0].text.visual, "upper": control.handles[1].text.visual],
                            to: &line)
        } else {
            line.append(control.focusedHandle.text.visual)
        }
        line.closeStyle(style)
    }

    func sliderFrame(_ control: PresentedControl, width: Int, focused: Bool) -> ScreenFrame {
        // The handles' fields read in place (a HandleState is six strings: no copies on every key).
        let lower = control.handles.count > 1 ? 0 : nil
        let upper = control.handles.count - 1
        let pad = max(0, theme.labelPadding)
        // Right to left: the minimum on the right, each handle where its mirrored fraction falls.
        let mirrored = control.layout.isMirrored
        var left = control.showsLabels ? (lower.map { control.handles[$0].text.visual } ?? control.minimum.visual) : ""
        var right = control.showsLabels ? (lower == nil ? control.maximum.visual : control.handles[upper].text.visual) : ""
        if mirrored { swap(&left, &right) }
        let leftColumns = left.isEmpty ? 0 : left.characterCount + pad
        let trackWidth = max(4, width - leftColumns - (right.isEmpty ? 0 : right.characterCount + pad) - 1)
        let column = { (fraction: Double) in Int(((mirrored ? 1 - fraction : fraction) * Double(trackWidth - 1)).rounded()) }
        let upperColumn = column(control.handles[upper].fraction)
        let lowerColumn = lower.map { column(control.handles[$0].fraction) }
        let focusedColumn = control.focused == .lower ? (lowerColumn ?? upperColumn) : upperColumn
        // A handle held by the pointer (or a held key) is drawn wider, in brackets.
        let grabbed = focused && control.isInteracting
        let handleWidth = grabbed ? 3 : focused ? max(1, min(3, theme.focusedHandleWidth)) : 1

        // Each cell is one of `TrackCell`: the focused handle spans focusStart..<focusEnd.
        let focusStart = min(max(0, focusedColumn - handleWidth / 2), trackWidth - handleWidth)
        let focusEnd = focusStart + handleWidth
        let borders = (theme.handleBorder || grabbed) && focused
        let selectionStart = lowerColumn.map { min($0, upperColumn) }
        let selectionEnd = lowerColumn.map { max($0, upperColumn) + 1 }
        func kind(_ c: Int) -> TrackCell {
            if c >= focusStart && c < focusEnd { return .focusedHandle }
            if c == upperColumn || c == lowerColumn { return .handle }
            if let selectionStart, let selectionEnd, c >= selectionStart, c < selectionEnd { return .selection }
            return .outside
        }
        // The columns where a cell's kind or glyph may change: between two of them every cell is
        // alike, and goes as one run (no work for each column: this runs on every key).
        func nextBoundary(after c: Int) -> Int {
            var next = trackWidth
            func consider(_ boundary: Int?) { if let boundary, boundary > c, boundary < next { next = boundary } }
            consider(focusStart); consider(focusEnd)
            consider(upperColumn); consider(upperColumn + 1)
            consider(lowerColumn); consider(lowerColumn.map { $0 + 1 }); consider(selectionStart); consider(selectionEnd)
            if borders { consider(focusStart - 1); consider(focusEnd + 1) }
            return next
        }
        // Each kind's style, worked out once for the line.
        let outsideStyle = theme.sgrParameters(color: theme.tintColor, fallback: "")
        let selectionStyle = theme.sgrParameters(color: theme.colorBetweenHandles, fallback: "7")
        let handleStyle = theme.sgrParameters(color: theme.handleColor, fallback: "7")
        let focusedStyle = theme.sgrParameters(color: "1;" + theme.handleColor, fallback: "1;7")
        func style(_ kind: TrackCell) -> String {
            switch kind {
            case .outside: outsideStyle
            case .selection: selectionStyle
            case .handle: handleStyle
            case .focusedHandle: focusedStyle
            }
        }
        let glyph = theme.handleGlyph.utf8
        let plain = !theme.usesEscapes
        func appendTrack(to line: inout ByteLine) {
            var runKind: TrackCell?
            var c = 0
            while c < trackWidth {
                let end = nextBoundary(after: c)
                let kind = kind(c)
                if kind != runKind {
                    if let runKind { line.closeStyle(style(runKind)) }
                    line.openStyle(style(kind))
                    runKind = kind
                }
                // The focused handle's border: brackets in the columns beside it, where there is room.
                if borders, c == focusStart - 1 { line.append(UInt8(ascii: "[")) }
                else if borders, c == focusEnd { line.append(UInt8(ascii: "]")) }
                else if plain { line.append(kind.plainCharacter, count: end - c) }
                else if !kind.isHandle { line.append(UInt8(ascii: " "), count: end - c) }
                else if glyph.count == 1 { line.append(glyph[glyph.startIndex], count: end - c) }
                else { for _ in c..<end { line.append(String(theme.handleGlyph)) } }
                c = end
            }
            if let runKind { line.closeStyle(style(runKind)) }
        }

        // The title and the track's lines in one array, made once; each line written once.
        let thickness = theme.usesEscapes ? max(1, min(3, theme.lineThickness)) : theme.plainTrack ? 1 : 0
        let trackLineCount = thickness + (theme.usesEscapes && theme.lineBorder ? 1 : 0)
        let capacity = width * 2 + 64
        var lines = [String]()
        lines.reserveCapacity(trackLineCount + 1)
        // One buffer for every line: each is made a String, and the buffer emptied for the next.
        var line = ByteLine(capacity: capacity)
        func titleLine() {
            appendTitle(control, to: &line)
            lines.append(line.take())
        }
        if !theme.labelsBelow { titleLine() }
        for row in 0..<thickness {
            if row == thickness / 2 {
                if !left.isEmpty {
                    line.append(left, style: theme.sgrParameters(color: mirrored ? theme.upperLabelColor : theme.lowerLabelColor,
                                                                 fallback: ""))
                    line.append(UInt8(ascii: " "), count: pad)
                }
                appendTrack(to: &line)
                if !right.isEmpty {
                    line.append(UInt8(ascii: " "), count: pad)
                    line.append(right, style: theme.sgrParameters(color: mirrored ? theme.lowerLabelColor : theme.upperLabelColor,
                                                                  fallback: ""))
                }
            } else {
                line.append(UInt8(ascii: " "), count: leftColumns)
                appendTrack(to: &line)
            }
            lines.append(line.take())
        }
        if theme.usesEscapes, theme.lineBorder {
            line.append(UInt8(ascii: " "), count: leftColumns)
            let style = theme.sgrParameters(color: "4", fallback: "4")
            line.openStyle(style)
            line.append(UInt8(ascii: " "), count: trackWidth)
            line.closeStyle(style)
            lines.append(line.take())
        }
        if theme.labelsBelow { titleLine() }
        let trackRow = theme.labelsBelow ? max(0, trackLineCount / 2) : 1 + (trackLineCount == 0 ? -1 : max(0, min(3, theme.lineThickness)) / 2)
        let cursorColumn = trackLineCount == 0 ? 0 : leftColumns + focusedColumn
        // The pointer's target: the track's rows (and its border row), a column a value.
        var targets: [PointerTarget] = []
        if trackLineCount > 0 {
            var spans: [PointerTarget.HandleSpan] = []
            // The other handle first: where the two overlap, the focused one is found (it is last).
            for index in control.handles.indices where control.handles[index].handle != control.focused {
                let at = leftColumns + (index == upper ? upperColumn : lowerColumn ?? upperColumn)
                spans.append(.init(handle: control.handles[index].handle, cells: at...at))
            }
            spans.append(.init(handle: control.focused, cells: (leftColumns + focusStart)...(leftColumns + focusEnd - 1)))
            targets.append(PointerTarget(.track, row: theme.labelsBelow ? 0 : 1, column: leftColumns, rows: trackLineCount,
                                         columns: trackWidth, layout: control.layout, handles: spans))
        }
        return ScreenFrame(lines: lines, cursor: (max(0, trackRow), cursorColumn), targets: targets)
    }

    private func stepperFrame(_ control: PresentedControl, focused: Bool) -> ScreenFrame {
        let value = control.focusedHandle.text.visual
        let plus = control.canIncrease ? theme.styled("+", color: "1", fallback: "1")
                                       : theme.styled("+ " + messages(.screenAtMaximum), color: "2", fallback: "2")
        let minus = control.canDecrease ? theme.styled("-", color: "1", fallback: "1")
                                        : theme.styled("- " + messages(.screenAtMinimum), color: "2", fallback: "2")
        let valueLine = "  " + theme.styled(value, color: focused ? "1;7" : "1", fallback: focused ? "1;7" : "1")
        let label = control.label.isEmpty ? [] : [theme.styled(control.label, color: "1", fallback: "1")]
        // The buttons' lines are the pointer's targets, across the whole line.
        let buttonColumns = 2 + max(value.characterCount, 1 + messages(.screenAtMaximum).characterCount + 1)
        return ScreenFrame(lines: label + ["  " + plus, valueLine, "  " + minus], cursor: (label.count + 1, 2),
                           targets: [PointerTarget(.increment, row: label.count, column: 0, columns: buttonColumns),
                                     PointerTarget(.decrement, row: label.count + 2, column: 0, columns: buttonColumns)])
    }
}

/// What a cell of a horizontal track shows.
enum TrackCell {
    /// The track outside the selection.
    case outside
    /// Between the two handles.
    case selection
    /// A handle without the focus.
    case handle
    /// The focused handle (one to three cells wide).
    case focusedHandle

    /// Whether the cell is a handle's (drawn with the handle glyph).
    var isHandle: Bool { self == .handle || self == .focusedHandle }

    /// The cell in plain text (`ScreenTheme.plainTrack`).
    var plainCharacter: UInt8 {
        switch self {
        case .outside: UInt8(ascii: "-")
        case .selection: UInt8(ascii: "=")
        case .handle: UInt8(ascii: "|")
        case .focusedHandle: UInt8(ascii: "#")
        }
    }
}
