import A11yFormatting
import A11yModel
import A11yVocabulary

extension ScreenRenderer {
    /// A range slider standing upright (`TrackLayout.Orientation.vertical`): the title, the
    /// maximum, the track's rows from the maximum down to the minimum with each handle's value
    /// beside its row, then the minimum. The track is three columns wide: the focused handle
    /// fills them (in brackets while held), another handle and the track take the middle one.
    func verticalSliderFrame(_ control: PresentedControl, width: Int, focused: Bool) -> ScreenFrame {
        var lines: [String] = []
        var line = ByteLine(capacity: width * 2 + 64)
        func titleLine() {
            appendTitle(control, to: &line)
            lines.append(line.take())
        }
        if !theme.labelsBelow { titleLine() }
        guard theme.usesEscapes else {
            if theme.labelsBelow { titleLine() }
            return ScreenFrame(lines: lines, cursor: (0, 0))
        }
        let rows = max(3, theme.verticalTrackRows)
        let row = { (fraction: Double) in (rows - 1) - Int((fraction * Double(rows - 1)).rounded()) }
        let handleRows = control.handles.map { row($0.fraction) }
        let focusedIndex = control.focusedIndex
        let selection = handleRows.count > 1 ? min(handleRows[0], handleRows[1])...max(handleRows[0], handleRows[1]) : nil
        let grabbed = focused && control.isInteracting
        // The lower handle's value and the minimum in the lower label colour, the upper's and the
        // maximum in the upper (a one-handle slider's handle is its upper).
        let lowerLabelStyle = theme.sgrParameters(color: theme.lowerLabelColor, fallback: "")
        let upperLabelStyle = theme.sgrParameters(color: theme.upperLabelColor, fallback: "")
        func labelStyle(ofHandle index: Int) -> String {
            control.handles.count > 1 && index == 0 ? lowerLabelStyle : upperLabelStyle
        }
        let pad = String(repeating: " ", count: max(1, theme.labelPadding))

        if control.showsLabels {
            line.append(" ")
            line.append(control.maximum.visual, style: upperLabelStyle)
            lines.append(line.take())
        }
        let trackTop = lines.count
        let glyph = String(theme.handleGlyph)
        for r in 0..<rows {
            let here = handleRows.indices.filter { handleRows[$0] == r }
            line.append(" ")
            if focused, here.contains(focusedIndex) {
                let style = theme.sgrParameters(color: "1;" + theme.handleColor, fallback: "1;7")
                let borders = grabbed || theme.handleBorder
                line.append(borders ? "[" + glyph + "]" : glyph + glyph + glyph, style: style)
            } else {
                line.append(" ")
                let style: String
                if !here.isEmpty { style = theme.sgrParameters(color: theme.handleColor, fallback: "7") }
                else if selection?.contains(r) == true { style = theme.sgrParameters(color: theme.colorBetweenHandles, fallback: "7") }
                else { style = theme.sgrParameters(color: theme.tintColor, fallback: "") }
                line.append(here.isEmpty ? " " : glyph, style: style)
                line.append(" ")
            }
            if control.showsLabels, !here.isEmpty {
                line.append(pad)
                for (n, index) in here.enumerated() {
                    if n > 0 { line.append(" ") }
                    line.append(control.handles[index].text.visual, style: labelStyle(ofHandle: index))
                }
            }
            lines.append(line.take())
        }
        if control.showsLabels {
            line.append(" ")
            line.append(control.minimum.visual, style: lowerLabelStyle)
            lines.append(line.take())
        }
        if theme.labelsBelow { titleLine() }

        // The pointer's target: every track row, across the line (a row a value); the handles by row.
        var spans: [PointerTarget.HandleSpan] = []
        for index in control.handles.indices where index != focusedIndex {
            spans.append(.init(handle: control.handles[index].handle, cells: (trackTop + handleRows[index])...(trackTop + handleRows[index])))
        }
        let focusedRow = trackTop + handleRows[focusedIndex]
        spans.append(.init(handle: control.focused, cells: focusedRow...focusedRow))
        let target = PointerTarget(.track, row: trackTop, column: 0, rows: rows, columns: max(1, width - 1), layout: control.layout,
                                   handles: spans)
        return ScreenFrame(lines: lines, cursor: (focusedRow, 2), targets: [target])
    }
}
