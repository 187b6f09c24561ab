import A11yPresentation
import A11yVocabulary

extension ControlEngine {
    /// Follows the user's BRLTTY preferences: the track in 6 or 8 dots. The line is laid out
    /// again (same pan) only when something changed.
    mutating func applyBraillePreferences(_ preferences: BraillePreferences) {
        guard brailleRenderer.dotsPerCell != preferences.dotsPerCell else { return }
        brailleRenderer.dotsPerCell = preferences.dotsPerCell
        braille.relayout(presented, renderer: brailleRenderer)
    }

    /// Labels and words in contracted braille (or back to computer braille): the line is laid
    /// out again; notices and "where am I" use the words.
    mutating func applyBrailleContractions(_ contractions: [String: ContractedText]) {
        guard brailleRenderer.contractions != contractions else { return }
        brailleRenderer.contractions = contractions
        braille.wordContractions = contractions
        braille.relayout(presented, renderer: brailleRenderer)
    }

    /// What the session contracts when literary braille is on: every label whole, and each word
    /// of the labels, the handles' names and the braille notices.
    package var brailleVocabulary: [String] {
        let labels = presentedPanels.map(\.label)
        let names = presentedPanels.flatMap { $0.handles.map(\.name) }
        let notices = DeviceStatus.allCases.compactMap { announcer.brailleNotice(for: $0) }
        return labels + (labels + names + notices).flatMap(BrailleWords.words(in:))
    }
}
