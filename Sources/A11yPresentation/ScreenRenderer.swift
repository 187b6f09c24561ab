import A11yFormatting
import A11yModel
import A11yVocabulary
/// What the terminal shows of a control: lines of styled text and where the cursor sits.
public struct ScreenFrame: Sendable, Equatable {
    /// Lines, each with its own SGR styling, reset at its end. No line holds braille patterns
    /// unless a preview was asked for.
    public var lines: [String]
    /// Row and column (from 0, in the frame) of the terminal cursor: the focused handle, so screen
    /// readers and BRLTTY's screen review follow it.
    public var cursor: (row: Int, column: Int)

    public init(lines: [String], cursor: (row: Int, column: Int)) {
        self.lines = lines
        self.cursor = cursor
    }

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
public struct ScreenRenderer: Sendable {
    public var theme: ScreenTheme
    /// The words on screen (the hint line, "(at maximum)"), in the user's language.
    public var messages: Messages

    public init(theme: ScreenTheme = ScreenTheme(), messages: Messages = .english) {
        self.theme = theme
        self.messages = messages
    }

    public func frame(for control: PresentedControl, width: Int, focused: Bool = true) -> ScreenFrame {
        control.kind == .stepper ? stepperFrame(control, focused: focused)
                                 : sliderFrame(control, width: max(20, width), focused: focused)
    }

    private func title(_ control: PresentedControl) -> String {
        let values = control.handles.count > 1
            ? messages(.valuesRange, ["lower": control.handles[0].text.visual, "upper": control.handles[1].text.visual])
            : control.focusedHandle.text.visual
        let text = control.label.isEmpty ? values : String(joining: control.label, ": ", values)
        return theme.styled(text, color: "1", fallback: "1")
    }

    func sliderFrame(_ control: PresentedControl, width: Int, focused: Bool) -> ScreenFrame {
        // The handles' fields read in place (a HandleState is six strings: no copies on every key).
        let lower = control.handles.count > 1 ? 0 : nil
        let upper = control.handles.count - 1
        let pad = String(repeating: " ", count: max(0, theme.labelPadding))
        let left = control.showsLabels ? (lower.map { control.handles[$0].text.visual } ?? control.minimum.visual) : ""
        let right = control.showsLabels ? (lower == nil ? control.maximum.visual : control.handles[upper].text.visual) : ""
        let leftColumns = left.count + (left.isEmpty ? 0 : pad.count)
        let trackWidth = max(4, width - leftColumns - right.count - (right.isEmpty ? 0 : pad.count) - 1)
        let column = { (fraction: Double) in Int((fraction * Double(trackWidth - 1)).rounded()) }
        let upperColumn = column(control.handles[upper].fraction)
        let lowerColumn = lower.map { column(control.handles[$0].fraction) }
        let focusedColumn = control.focused == .lower ? (lowerColumn ?? upperColumn) : upperColumn
        let handleWidth = focused ? max(1, min(3, theme.focusedHandleWidth)) : 1

        // Track cells: 0 outside, 1 selection, 2 handle, 3 focused handle; each column's kind and
        // glyph worked out as the line is written (no array per cell: this runs on every key).
        let focusStart = min(max(0, focusedColumn - handleWidth / 2), trackWidth - handleWidth)
        let focusEnd = focusStart + handleWidth
        let borders = theme.handleBorder && focused
        func kind(_ c: Int) -> Int {
            if c >= focusStart && c < focusEnd { return 3 }
            if c == upperColumn || c == lowerColumn { return 2 }
            if let lowerColumn, c >= lowerColumn, c <= max(lowerColumn, upperColumn) { return 1 }
            return 0
        }

        // The line is built as UTF-8 bytes, then made a String once: each run of columns of one
        // kind in its style (`ScreenTheme.styled`), opened when the kind changes, closed at the
        // next change; no array per run or per column.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(trackWidth * 4 + 64)
        let handleGlyph = String(theme.handleGlyph)
        // Each kind's style (no array of them: this runs on every key).
        let styles = (theme.sgrParameters(color: theme.tintColor, fallback: ""),
                      theme.sgrParameters(color: theme.colorBetweenHandles, fallback: "7"),
                      theme.sgrParameters(color: theme.handleColor, fallback: "7"),
                      theme.sgrParameters(color: "1;" + theme.handleColor, fallback: "1;7"))
        func style(_ kind: Int) -> String {
            switch kind {
            case 0: styles.0
            case 1: styles.1
            case 2: styles.2
            default: styles.3
            }
        }
        var runKind = -1
        for c in 0..<trackWidth {
            let kind = kind(c)
            if kind != runKind {
                if runKind >= 0, !style(runKind).isEmpty { bytes += ScreenTheme.resetBytes }
                if !style(kind).isEmpty { ScreenTheme.appendStyleStart(style(kind), to: &bytes) }
                runKind = kind
            }
            // The focused handle's border: brackets in the columns beside it, where there is room.
            if borders, c == focusStart - 1 { bytes.append(UInt8(ascii: "[")) }
            else if borders, c == focusEnd { bytes.append(UInt8(ascii: "]")) }
            else if kind >= 2 { bytes += handleGlyph.utf8 }
            else { bytes.append(UInt8(ascii: " ")) }
        }
        if runKind >= 0, !style(runKind).isEmpty { bytes += ScreenTheme.resetBytes }
        let track = String(decoding: bytes, as: UTF8.self)

        let leftText = left.isEmpty ? "" : String(joining: theme.styled(left, color: theme.lowerLabelColor, fallback: ""), pad)
        let rightText = right.isEmpty ? "" : String(joining: pad, theme.styled(right, color: theme.upperLabelColor, fallback: ""))
        // The title and the track's lines in one array, made once.
        let thickness = theme.usesEscapes ? max(1, min(3, theme.lineThickness)) : 0
        let trackLineCount = thickness + (theme.usesEscapes && theme.lineBorder ? 1 : 0)
        var lines = [String]()
        lines.reserveCapacity(trackLineCount + 1)
        if !theme.labelsBelow { lines.append(title(control)) }
        for row in 0..<thickness {
            lines.append(row == thickness / 2 ? String(joining: leftText, track, rightText)
                                              : String(repeating: " ", count: leftColumns) + track)
        }
        if theme.usesEscapes, theme.lineBorder {
            lines.append(String(repeating: " ", count: leftColumns)
                         + theme.styled(String(repeating: " ", count: trackWidth), color: "4", fallback: "4"))
        }
        if theme.labelsBelow { lines.append(title(control)) }
        let trackRow = theme.labelsBelow ? max(0, trackLineCount / 2) : 1 + (trackLineCount == 0 ? -1 : max(0, min(3, theme.lineThickness)) / 2)
        let cursorColumn = trackLineCount == 0 ? 0 : leftColumns + focusedColumn
        return ScreenFrame(lines: lines, cursor: (max(0, trackRow), cursorColumn))
    }

    private func stepperFrame(_ control: PresentedControl, focused: Bool) -> ScreenFrame {
        let value = control.focusedHandle.text.visual
        let plus = control.canIncrease ? theme.styled("+", color: "1", fallback: "1")
                                       : theme.styled("+ " + messages(.screenAtMaximum), color: "2", fallback: "2")
        let minus = control.canDecrease ? theme.styled("-", color: "1", fallback: "1")
                                        : theme.styled("- " + messages(.screenAtMinimum), color: "2", fallback: "2")
        let valueLine = "  " + theme.styled(value, color: focused ? "1;7" : "1", fallback: focused ? "1;7" : "1")
        let label = control.label.isEmpty ? [] : [theme.styled(control.label, color: "1", fallback: "1")]
        return ScreenFrame(lines: label + ["  " + plus, valueLine, "  " + minus], cursor: (label.count + 1, 2))
    }
}
