import A11yPresentation

// The engine's screen: kept up to date control by control, redrawn only when it changed.
extension ControlEngine {
    /// The screen brought up to date, redrawn when it changed.
    mutating func redrawScreen(saying speech: [Utterance], _ perform: (EngineEffect) -> Void) {
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

    /// Brings `screen` up to date: only the controls that changed are drawn again, the words
    /// and hint lines only when their text changed. The result equals `screenFrame`.
    mutating func updateScreen() {
        let announcement = speechOnScreen ? lastUtterance?.text ?? "" : nil
        if shownAnnouncement != .some(announcement) {
            shownAnnouncement = .some(announcement)
            screen.setHead(screenRenderer.headLines(announcement: announcement, width: screenWidth))
        }
        for index in staleScreenPanels {
            screen.setControl(index, screenRenderer.controlFrame(presentedPanels[index], width: screenWidth,
                                                                 focused: index == focusedPanel, quiet: voice.quietScreen))
        }
        staleScreenPanels.removeAll(keepingCapacity: true)
        let typing = editor.entry?.text
        if preview || shownScreenTyping != .some(typing) {
            shownScreenTyping = .some(typing)
            screen.setTail(screenRenderer.tailLines(typing: typing, preview: previewLines(preview)))
        }
        screen.placeCursor(focused: focusedPanel, typing: typing != nil, announcement: speechOnScreen,
                           still: voice.stillCursor)
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
        screenRenderer.frame(for: presentedPanels, focused: focusedPanel, width: columns,
                             typing: editor.entry?.text, preview: previewLines(preview),
                             announcement: speechOnScreen ? lastUtterance?.text ?? "" : nil, quiet: voice.quietScreen,
                             stillCursor: voice.stillCursor)
    }
}
