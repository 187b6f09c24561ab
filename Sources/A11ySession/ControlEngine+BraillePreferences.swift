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

    /// Labels in contracted braille (or back to computer braille): the line is laid out again.
    mutating func applyBrailleContractions(_ contractions: [String: ContractedText]) {
        guard brailleRenderer.contractions != contractions else { return }
        brailleRenderer.contractions = contractions
        braille.relayout(presented, renderer: brailleRenderer)
    }
}
