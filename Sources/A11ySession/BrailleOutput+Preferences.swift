import A11yDevices
import A11yVocabulary

// The braille output as a guest of the user's BRLTTY: it takes only the keys the control binds
// (`acceptedKeys`), and follows the user's preferences (cell size, literary braille) live.
extension BrailleOutput {
    /// The dots kept of each text cell: dots 1 to 6 for a 6-dot display or reader, all otherwise.
    var textDotsMask: UInt8 { preferences.dotsPerCell == 6 ? 0x3F : 0xFF }

    /// Preferences read from BRLTTY (at a connection, or changed): tells `onPreferencesChange`
    /// when they differ from the ones followed.
    func takePreferences(_ fresh: BraillePreferences, unanswered: [String]) {
        for name in unanswered {
            reportOnce(name, "braille: BRLTTY does not report \(name); using 8-dot computer braille")
        }
        guard fresh != preferences else { return }
        preferences = fresh
        lastFrameChanged()
        onPreferencesChange?(fresh)
    }

    func reportOnce(_ key: String, _ message: String) {
        guard !reported.contains(key) else { return }
        reported.insert(key)
        report(message)
    }
}
