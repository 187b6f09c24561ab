import A11yDevices
import A11yVocabulary

// The braille output as a guest of the user's BRLTTY: it takes only the keys the control binds,
// and follows the user's preferences (cell size, literary braille) live.
extension BrailleOutput {
    /// The dots kept of each text cell: dots 1 to 6 for a 6-dot display or reader, all otherwise.
    var textDotsMask: UInt8 { preferences.dotsPerCell == 6 ? 0x3F : 0xFF }

    /// Tells BRLTTY which keys to hand over, when connected.
    func stateAcceptedKeys() {
        guard let display = connection, let keys = acceptedKeys else { return }
        do {
            try display.acceptKeys(keys)
        } catch {
            report("braille: cannot leave BRLTTY its own keys (\(error)); the control takes every key")
        }
    }

    /// A display was taken: state the keys, read the preferences, watch them.
    func followPreferences(of display: any BrailleConnection) {
        stateAcceptedKeys()
        do {
            try refreshPreferences(of: display)
            if try !display.watchPreferences() { reportOnce("watch", "braille: BRLTTY cannot report changes of its preferences; they are read at each connection") }
        } catch {
            reportOnce("preferences", "braille: cannot read BRLTTY's preferences (\(error)); using 8-dot computer braille")
        }
    }

    /// Reads the preferences again; tells `onPreferencesChange` when they changed.
    func refreshPreferences(of display: any BrailleConnection) throws {
        let (fresh, unanswered) = try display.preferences()
        for name in unanswered {
            reportOnce(name, "braille: BRLTTY does not report \(name); using 8-dot computer braille")
        }
        guard fresh != preferences else { return }
        preferences = fresh
        lastFrameChanged()
        onPreferencesChange?(fresh)
    }

    private func reportOnce(_ key: String, _ message: String) {
        guard !reportedUnanswered.contains(key) else { return }
        reportedUnanswered.insert(key)
        report(message)
    }
}
