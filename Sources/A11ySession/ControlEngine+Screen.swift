import A11yPresentation

// The engine's screen: kept up to date control by control, redrawn only when it changed.
extension ControlEngine {
    /// The screen brought up to date, redrawn when it changed.
    mutating func redrawScreen(saying speech: [Utterance], _ perform: (EngineEffect) -> Void) {
        if wordDelivery.addsLines { return addWords(speech, perform) }
        updateScreen()
        if screen.takeChanges() {
            perform(.redraw(screen.frame))
        } else if speechOnScreen, !speech.isEmpty {
            // The same words again (a second key at the end of the track): blank the words'
            // line, then write it again, so a screen reader that reads what is written says
            // them again instead of nothing.
            var blank = screen.frame
            blank.lines[0] = ""
            perform(.redraw(blank))
            perform(.redraw(screen.frame))
        }
    }

    /// The words of a key added as new lines above the controls, the words before them going up
    /// into the terminal's history (`ScreenFrame.history`): a reader that compares the screen's
    /// text finds this key's words whole, even when they are the same as the last.
    mutating func addWords(_ speech: [Utterance], _ perform: (EngineEffect) -> Void) {
        var history = 0
        if !speech.isEmpty {
            let text = speech.map(\.text).joined(separator: " ")
            history = max(0, screen.headCount - 1)
            shownAnnouncement = .some(text)
            // A rule between the words and the controls: a comparison by characters cannot then
            // take the controls' text (a stepper's label) for part of the words added above it.
            // Lines of at most `addedWordsWidth` columns, the controls' too: a terminal made
            // narrower rewraps longer lines above the cursor, which moves the frame under it
            // (redrawn one row off, it would leave the last words twice).
            screen.setHead(screenRenderer.headLines(announcement: text, width: min(screenWidth, Self.addedWordsWidth))
                           + [screenRenderer.wordsRule])
        }
        updateScreen()
        if screen.takeChanges() || history > 0 {
            var frame = screen.frame
            frame.history = history
            frame.words = max(0, screen.headCount - 1)
            perform(.redraw(frame))
        }
    }

    /// The widest frame of added words (its lines are at most one column narrower): a window
    /// made narrower, down to this width, rewraps none of its lines. Narrow enough for a split
    /// pane or a phone's terminal held sideways; wide enough for a value's words on one line.
    static let addedWordsWidth = 40

    /// Brings `screen` up to date: only the controls that changed are drawn again, the words
    /// and hint lines only when their text changed. The result equals `screenFrame`.
    mutating func updateScreen() {
        // Added words are set by `addWords`, with the key that brings them.
        let announcement = speechOnScreen ? lastUtterance?.text ?? "" : nil
        if !wordDelivery.addsLines, shownAnnouncement != .some(announcement) {
            shownAnnouncement = .some(announcement)
            screen.setHead(screenRenderer.headLines(announcement: announcement, width: screenWidth))
        }
        for index in staleScreenPanels {
            screen.setControl(index, screenRenderer.controlFrame(presentedPanels[index],
                                                                 width: wordDelivery.addsLines ? min(screenWidth, Self.addedWordsWidth) : screenWidth,
                                                                 focused: index == focusedPanel, quiet: wordDelivery.quietScreen))
        }
        staleScreenPanels.removeAll(keepingCapacity: true)
        let typing = editor.entry?.text
        if preview || shownScreenTyping != .some(typing) {
            shownScreenTyping = .some(typing)
            let tail = screenRenderer.tailLines(typing: typing, preview: previewLines(preview))
            // With added words the hint wraps at their width too: no line longer than theirs.
            screen.setTail(wordDelivery.addsLines
                           ? tail.flatMap { screenRenderer.headLines(announcement: $0, width: min(screenWidth, Self.addedWordsWidth)) } + [""]
                           : tail)
        }
        screen.placeCursor(focused: focusedPanel, typing: typing != nil, announcement: speechOnScreen,
                           still: wordDelivery.stillCursor, last: wordDelivery.addsLines)
    }

    /// The preview's lines (nil without `preview`).
    func previewLines(_ preview: Bool) -> ScreenRenderer.Preview? {
        preview ? ScreenRenderer.Preview(braille: (brailleFrame ?? brailleRenderer.frame(for: presented, width: 40)).preview,
                                         speech: lastUtterance?.text ?? "") : nil
    }

    /// What the terminal shows: `screenFrame(columns:preview:)` at `screenWidth`, with the
    /// preview when `preview` is on.
    public var screenFrame: ScreenFrame { screenFrame(columns: screenWidth, preview: preview) }

    /// What the terminal shows at `columns`: every control, then a hint line (and, with
    /// `preview`, the braille cells and the last utterance).
    public func screenFrame(columns: Int, preview: Bool) -> ScreenFrame {
        wordDelivery.addsLines ? screen.frame : screenRenderer.frame(for: presentedPanels, focused: focusedPanel, width: columns,
                             typing: editor.entry?.text, preview: previewLines(preview),
                             announcement: speechOnScreen ? lastUtterance?.text ?? "" : nil, quiet: wordDelivery.quietScreen,
                             stillCursor: wordDelivery.stillCursor)
    }
}
