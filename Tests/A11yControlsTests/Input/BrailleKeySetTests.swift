import Testing
@testable import A11yDevices
@testable import A11yInput
@testable import A11yVocabulary

/// The braille keys a control takes from BRLTTY: exactly those its key map binds.
@Suite struct BrailleKeySetTests {
    @Test func theDefaultsTakeTheControlsKeysOnly() {
        let keys = KeyMap(kind: .slider).acceptedBrailleKeys
        #expect(keys.lineUp && keys.lineDown && keys.panLeft && keys.panRight && keys.routing && keys.typedCharacters)
        #expect(keys.symbols.isSuperset(of: [.enter, .escape, .tab, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .function(1)]))
        #expect(!keys.symbols.contains(.function(2)))  // F2 has no meaning
        #expect(keys.commands.isEmpty)
    }

    @Test func aKeyMapFileThatBindsABrailleCommandMakesItTaken() throws {
        var map = KeyMap(kind: .slider)
        try map.apply(file: "braille:top = to-lowest\nbraille:BOT = to-highest\nf1 = ignore\n")
        let keys = map.acceptedBrailleKeys
        #expect(keys.commands == ["TOP", "BOT"])
        #expect(map.action(for: .command(name: "TOP", argument: 0), entryActive: false) == .command(.toLowest))
        #expect(!keys.symbols.contains(.function(1)))
        // Unbinding a braille command gives it back to BRLTTY.
        try map.apply(binding: "braille:TOP = ignore")
        #expect(map.acceptedBrailleKeys.commands == ["BOT"])
        #expect(throws: KeyMapFileError.self) { try map.apply(binding: "braille: = accept") }
    }

    @Test func theSetBecomesBrlAPIKeyCodes() {
        var set = BrailleKeySet()
        set.lineUp = true
        set.routing = true
        set.symbols = [.enter]
        set.commands = ["TOP", "NOT_A_COMMAND"]
        let codes = BrailleDisplay.keyCodes(for: set)
        #expect(codes.exact.count == 3)  // LNUP, Enter, TOP; an unknown name is dropped
        #expect(codes.blocks.count == 1)  // ROUTE, any cell
        // One packet of ranges, as brlapi__acceptKeys makes them: an exact code with any flags,
        // a command block with any argument and flags.
        let ranges = BrailleDisplay.keyRanges(for: set)
        #expect(ranges.map(\.first) == codes.exact + codes.blocks)
        #expect(ranges.prefix(3).allSatisfy { $0.last == $0.first | 0xFFFF_FFFF_0000_0000 })
        #expect(ranges[3].last == ranges[3].first | 0xFFFF_FFFF_0000_FFFF)
        set.typedCharacters = true
        #expect(BrailleDisplay.keyRanges(for: set).count == 4 + 1 + 2)  // PASSDOTS, then Latin-1 and Unicode keysyms
        #expect(BrailleDisplay.commandCode(named: "PREFMENU") != nil)
    }
}
