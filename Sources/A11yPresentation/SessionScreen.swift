import A11yModel

extension ScreenRenderer {
    /// The preview lines a sighted developer may ask for: the braille cells and the last utterance.
    package struct Preview: Sendable, Equatable {
        package var braille: String
        package var speech: String
        package init(braille: String, speech: String) {
            self.braille = braille
            self.speech = speech
        }
    }

    /// What the terminal shows of a session: every control (a blank line between them), the
    /// focused one with the cursor, then a hint line, or the number being typed with the cursor
    /// after it; with `preview`, the braille cells and the last utterance. With `announcement`
    /// (a screen reader reads the terminal), that text first, on a line of its own, with the
    /// cursor on it: the reader says it once, as the control would have. `quiet` (implied by
    /// `announcement`): the controls without the text that changes with their values.
    /// `stillCursor`: the cursor at the top left whatever happens.
    package func frame(for controls: [PresentedControl], focused: Int, width: Int, typing: String?,
                      preview: Preview?, announcement: String? = nil, quiet: Bool = false, stillCursor: Bool = false) -> ScreenFrame {
        var composer = ScreenComposer(controls: controls.count)
        composer.setHead(headLines(announcement: announcement, width: width))
        for index in controls.indices {
            composer.setControl(index, controlFrame(controls[index], width: width, focused: index == focused,
                                                    quiet: quiet || announcement != nil))
        }
        composer.setTail(tailLines(typing: typing, preview: preview))
        composer.placeCursor(focused: focused, typing: typing != nil, announcement: announcement != nil, still: stillCursor)
        return composer.frame
    }

    /// The line between the added words and the controls (`WordDelivery.addedLines`): a rule of a
    /// character no words hold, whose text never changes. A comparison by characters then
    /// cannot take the controls' first line for part of the words added above it; without
    /// escapes (TERM=dumb, where words are only ever added at the end) a blank line.
    package var wordsRule: String {
        theme.usesEscapes ? String(repeating: "\u{2500}", count: 12) : ""
    }

    /// The lines above the controls: the words a screen reader reads (none without them).
    package func headLines(announcement: String?, width: Int) -> [String] {
        announcement.map { Self.wrap($0, width: width - 1) } ?? []
    }

    /// One control as the session shows it: whole, or for a screen reader's user (`quiet`) only
    /// what does not change as text when a value changes.
    package func controlFrame(_ control: PresentedControl, width: Int, focused: Bool, quiet: Bool) -> ScreenFrame {
        quiet ? quietFrame(for: control, width: width, focused: focused) : frame(for: control, width: width, focused: focused)
    }

    /// The lines below the controls: the hint, or the number being typed; then the preview's.
    package func tailLines(typing: String?, preview: Preview?) -> [String] {
        var lines = [typing.map { messages(.screenTyping, ["text": $0]) } ?? messages(.screenHint)]
        if let preview {
            lines.append("Braille: " + preview.braille)
            lines.append("Speech: " + preview.speech)
        }
        return lines
    }

    /// A control for a screen reader's user: only what does not change as text when a value
    /// changes (the track's colours, the stepper's label), so that the reader, which reads what
    /// changes, says only the words line. The values are in the words.
    func quietFrame(for control: PresentedControl, width: Int, focused: Bool) -> ScreenFrame {
        let label = control.label.isEmpty ? [] : [theme.styled(control.label, color: "1", fallback: "1")]
        guard theme.usesEscapes else { return ScreenFrame(lines: label, cursor: (0, 0)) }
        if control.kind == .stepper {
            // The buttons, for the pointer: text that never changes (not even "(at maximum)").
            let plus = theme.styled("+", color: "1", fallback: "1"), minus = theme.styled("-", color: "1", fallback: "1")
            return ScreenFrame(lines: label + ["  " + plus, "", "  " + minus], cursor: (0, 0),
                               targets: [PointerTarget(.increment, row: label.count, column: 0, columns: 4),
                                         PointerTarget(.decrement, row: label.count + 2, column: 0, columns: 4)])
        }
        var unlabelled = control
        unlabelled.showsLabels = false
        let frame = frame(for: unlabelled, width: max(20, width), focused: focused)
        let track = theme.labelsBelow ? Array(frame.lines.dropLast()) : Array(frame.lines.dropFirst())
        // The track takes the pointer here as in the whole frame: its target moves with its lines.
        let shift = label.count - (theme.labelsBelow ? 0 : 1)
        return ScreenFrame(lines: label + track, cursor: (0, 0), targets: frame.targets.map { $0.moved(down: shift) })
    }

    /// `text` cut at spaces into lines of at most `width` characters (a longer word is cut), so a
    /// long utterance is on screen whole; at least one line.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(10, width)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            while word.count > width {
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        return lines + [line]
    }
}

/// A session's screen frame kept up to date piece by piece: the head (a screen reader's words),
/// each control, the tail (hint or typing, preview). Setting a piece rewrites only its rows of
/// `frame` when its line count is unchanged (the common case: a key changes one control), so a
/// key's cost does not grow with the number of controls; `changed` says whether anything on
/// screen differs from the frame last taken.
package struct ScreenComposer: Sendable {
    /// The whole frame, as `ScreenRenderer.frame(for:focused:width:typing:preview:announcement:)` draws it.
    package private(set) var frame = ScreenFrame(lines: [], cursor: (0, 0))
    /// Whether a line or the cursor changed since `takeChanges()`.
    package private(set) var changed = true
    private var head: [String] = []
    private var controls: [ScreenFrame]
    private var tail: [String] = []
    /// The first row of each control.
    private var starts: [Int]

    package init(controls count: Int) {
        controls = Array(repeating: ScreenFrame(lines: [], cursor: (0, 0)), count: count)
        starts = Array(repeating: 0, count: count)
        assemble()
    }

    /// How many lines the head has.
    package var headCount: Int { head.count }

    package mutating func setHead(_ lines: [String]) {
        if lines.count == head.count { patch(from: 0, lines) } else { head = lines; assemble() }
        head = lines
    }

    package mutating func setControl(_ index: Int, _ control: ScreenFrame) {
        let sameCount = control.lines.count == controls[index].lines.count
        controls[index] = control
        if sameCount { patch(from: starts[index], control.lines) } else { assemble() }
    }

    package mutating func setTail(_ lines: [String]) {
        if lines.count == tail.count { patch(from: frame.lines.count - tail.count, lines) } else { tail = lines; assemble() }
        tail = lines
    }

    /// The cursor on the focused control's, at the end of the typed number, or on the words.
    /// With `still`, the cursor stays at the top left, where no text comes before it: a screen
    /// reader that echoes the character under a caret whose place in the text changed (Orca) has
    /// nothing to echo.
    package mutating func placeCursor(focused: Int, typing: Bool, announcement: Bool, still: Bool = false, last: Bool = false) {
        let cursor: (row: Int, column: Int)
        if last {
            // On the frame's last line (blank), at its start: a reader's echo of the caret is one
            // blank, whatever key moved it.
            cursor = (max(0, frame.lines.count - 1), 0)
        } else if still || announcement {
            cursor = (0, 0)
        } else if typing {
            cursor = (frame.lines.count - tail.count, tail.first?.count ?? 0)
        } else {
            cursor = (starts[focused] + controls[focused].cursor.row, controls[focused].cursor.column)
        }
        if cursor != frame.cursor {
            frame.cursor = cursor
            changed = true
        }
    }

    /// The control whose lines hold row `row` of the frame, with the pointer target there (nil:
    /// a part of the control where the pointer does nothing), in the frame's rows and columns;
    /// nil when the row is not a control's.
    package func hit(row: Int, column: Int) -> (control: Int, target: PointerTarget?)? {
        for index in controls.indices where (starts[index]..<starts[index] + controls[index].lines.count).contains(row) {
            let target = controls[index].targets.first { $0.contains(row: row - starts[index], column: column) }
            return (index, target?.moved(down: starts[index]))
        }
        return nil
    }

    /// Control `index`'s track, in the frame's rows and columns (a drag follows it off the track).
    package func track(ofControl index: Int) -> PointerTarget? {
        controls[index].targets.first { $0.kind == .track }?.moved(down: starts[index])
    }

    /// True when something changed since the last call (then the frame should be drawn).
    package mutating func takeChanges() -> Bool {
        defer { changed = false }
        return changed
    }

    private mutating func patch(from start: Int, _ lines: [String]) {
        for (offset, line) in lines.enumerated() where frame.lines[start + offset] != line {
            frame.lines[start + offset] = line
            changed = true
        }
    }

    private mutating func assemble() {
        var lines = head
        for index in controls.indices {
            if index > 0 { lines.append("") }
            starts[index] = lines.count
            lines += controls[index].lines
        }
        lines += tail
        if lines != frame.lines {
            frame.lines = lines
            changed = true
        }
    }
}
