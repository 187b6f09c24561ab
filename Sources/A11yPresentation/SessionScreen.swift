import A11yModel

extension ScreenRenderer {
    /// The preview lines a sighted developer may ask for: the braille cells and the last utterance.
    public struct Preview: Sendable, Equatable {
        public var braille: String
        public var speech: String
        public init(braille: String, speech: String) {
            self.braille = braille
            self.speech = speech
        }
    }

    /// What the terminal shows of a session: every control (a blank line between them), the
    /// focused one with the cursor, then a hint line, or the number being typed with the cursor
    /// after it; with `preview`, the braille cells and the last utterance. With `announcement`
    /// (a screen reader reads the terminal), that text first, on a line of its own, with the
    /// cursor on it: the reader says it once, as the control would have.
    public func frame(for controls: [PresentedControl], focused: Int, width: Int, typing: String?,
                      preview: Preview?, announcement: String? = nil) -> ScreenFrame {
        var lines: [String] = announcement.map { Self.wrap($0, width: width - 1) } ?? []
        var cursor = (row: 0, column: 0)
        for index in controls.indices {
            if index > 0 { lines.append("") }
            let frame = announcement == nil ? frame(for: controls[index], width: width, focused: index == focused)
                                            : quietFrame(for: controls[index], width: width, focused: index == focused)
            if index == focused { cursor = (lines.count + frame.cursor.row, frame.cursor.column) }
            lines += frame.lines
        }
        if let typing {
            let line = messages(.screenTyping, ["text": typing])
            lines.append(line)
            cursor = (lines.count - 1, line.count)
        } else {
            lines.append(messages(.screenHint))
        }
        if let preview {
            lines.append("Braille: " + preview.braille)
            lines.append("Speech: " + preview.speech)
        }
        return ScreenFrame(lines: lines, cursor: announcement == nil ? cursor : (0, 0))
    }

    /// A control for a screen reader's user: only what does not change as text when a value
    /// changes (the track's colours, the stepper's label), so that the reader, which reads what
    /// changes, says only the words line. The values are in the words.
    func quietFrame(for control: PresentedControl, width: Int, focused: Bool) -> ScreenFrame {
        let label = control.label.isEmpty ? [] : [theme.styled(control.label, color: "1", fallback: "1")]
        guard control.kind != .stepper, theme.usesEscapes else { return ScreenFrame(lines: label, cursor: (0, 0)) }
        var unlabelled = control
        unlabelled.showsLabels = false
        let frame = sliderFrame(unlabelled, width: max(20, width), focused: focused)
        let track = theme.labelsBelow ? Array(frame.lines.dropLast()) : Array(frame.lines.dropFirst())
        return ScreenFrame(lines: label + track, cursor: (0, 0))
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
