import A11yVocabulary

extension KeyMap {
    /// The braille display keys this key map gives a meaning to, with or without a number being
    /// typed: the session takes exactly these from BRLTTY and leaves it every other key (its
    /// preferences menu, help, review and speech commands).
    package var acceptedBrailleKeys: BrailleKeySet {
        func bound(_ key: BrailleKey) -> Bool {
            action(for: key, entryActive: false) != nil || action(for: key, entryActive: true) != nil
        }
        var set = BrailleKeySet()
        set.lineUp = bound(.lineUp)
        set.lineDown = bound(.lineDown)
        set.panLeft = bound(.panLeft)
        set.panRight = bound(.panRight)
        set.routing = bound(.route(cell: 0))
        // Digits always start a number; any other character counts when it is bound.
        set.typedCharacters = bound(.character("1"))
        set.symbols = Set(BrailleKeySet.bindableSymbols.filter { bound(.symbol($0)) })
        set.commands = Set(brailleCommandBindings.keys)
        return set
    }
}
