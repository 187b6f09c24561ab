import CBrl
import A11yVocabulary

// Which keys the program takes from BRLTTY while it holds the display.
extension BrailleDisplay {
    /// Takes exactly the keys of `set` and leaves every other key to BRLTTY (its preferences
    /// menu, help, review and speech commands go on working while the program holds the
    /// display). Call after `enterTTY()`; calling again replaces the set.
    ///
    /// All keys are ignored (`brlapi__ignoreKeyRanges`), then the set is accepted in one list of
    /// key ranges (`brlapi__acceptKeyRanges`; BrlAPI waits for BRLTTY's answer to each): basic
    /// commands and keysyms by their exact code (any modifier flags), routing and typed dots by
    /// command block (any cell, any dots), typed characters as the Latin-1 and Unicode keysym
    /// ranges.
    package func acceptKeys(_ set: BrailleKeySet) throws(BrailleError) {
        try withHandle("acceptKeys") { handle throws(BrailleError) in try take(set, on: handle) }
    }

    /// Takes exactly the keys of `set` (nil: every key) on an open handle in tty mode.
    func take(_ set: BrailleKeySet?, on handle: OpaquePointer) throws(BrailleError) {
        var all = brlapi_range_t(first: 0, last: ~0)
        guard let set else {
            guard a11y_brlapi__acceptKeyRanges(handle, &all, 1) >= 0 else { throw BrailleError.current("brlapi__acceptKeyRanges") }
            return
        }
        guard a11y_brlapi__ignoreKeyRanges(handle, &all, 1) >= 0 else { throw BrailleError.current("brlapi__ignoreKeyRanges") }
        let ranges = Self.keyRanges(for: set)
        guard !ranges.isEmpty else { return }
        guard ranges.withUnsafeBufferPointer({ a11y_brlapi__acceptKeyRanges(handle, $0.baseAddress, UInt32($0.count)) }) >= 0 else {
            throw BrailleError.current("brlapi__acceptKeyRanges")
        }
    }

    /// The key ranges of a set, as `brlapi__acceptKeys` makes them for each kind of range
    /// (brlapi_common.h, `getKeyrangeMask`): an exact code with any modifier flags
    /// (`brlapi_rangeType_key`), a command block with any argument and flags
    /// (`brlapi_rangeType_command`), then the typed characters' keysym ranges. Pure, for tests.
    static func keyRanges(for set: BrailleKeySet) -> [brlapi_range_t] {
        let codes = keyCodes(for: set)
        var ranges = codes.exact.map { brlapi_range_t(first: $0, last: $0 | A11Y_BRLAPI_KEY_FLAGS_MASK) }
        ranges += codes.blocks.map { brlapi_range_t(first: $0, last: $0 | A11Y_BRLAPI_KEY_CMD_ARG_MASK | A11Y_BRLAPI_KEY_FLAGS_MASK) }
        if set.typedCharacters {
            let sym = A11Y_BRLAPI_KEY_TYPE_SYM
            ranges += [brlapi_range_t(first: sym | 0x20, last: sym | 0xFF),
                       brlapi_range_t(first: sym | A11Y_BRLAPI_KEY_SYM_UNICODE | 0x100,
                                      last: sym | A11Y_BRLAPI_KEY_SYM_UNICODE | 0x10_FFFF)]
        }
        return ranges
    }

    /// The BrlAPI key codes of a set: `exact` for `brlapi_rangeType_key`, `blocks` for
    /// `brlapi_rangeType_command`. Pure, for tests.
    static func keyCodes(for set: BrailleKeySet) -> (exact: [brlapi_keyCode_t], blocks: [brlapi_keyCode_t]) {
        let cmd = A11Y_BRLAPI_KEY_TYPE_CMD
        var exact: [brlapi_keyCode_t] = []
        var blocks: [brlapi_keyCode_t] = []
        if set.lineUp { exact.append(cmd | A11Y_BRLAPI_KEY_CMD_LNUP) }
        if set.lineDown { exact.append(cmd | A11Y_BRLAPI_KEY_CMD_LNDN) }
        if set.panLeft { exact.append(cmd | A11Y_BRLAPI_KEY_CMD_FWINLT) }
        if set.panRight { exact.append(cmd | A11Y_BRLAPI_KEY_CMD_FWINRT) }
        if set.routing { blocks.append(cmd | A11Y_BRLAPI_KEY_CMD_ROUTE) }
        if set.typedCharacters { blocks.append(cmd | A11Y_BRLAPI_KEY_CMD_PASSDOTS) }
        // In the order of their codes (a set has none); sorting the symbols by their names would
        // format each through reflection, a slow step at every start.
        exact += set.symbols.compactMap(keysym).sorted()
        exact += set.commands.sorted().compactMap(commandCode(named:))
        return (exact, blocks)
    }

    private static func keysym(_ symbol: BrailleKeySymbol) -> brlapi_keyCode_t? {
        if case .function(let n) = symbol {
            return (1...35).contains(n) ? A11Y_BRLAPI_KEY_TYPE_SYM | (A11Y_BRLAPI_KEY_SYM_FUNCTION + brlapi_keyCode_t(n - 1)) : nil
        }
        return BrailleKey.keysyms.first { $0.symbol == symbol }.map { A11Y_BRLAPI_KEY_TYPE_SYM | $0.code }
    }

    /// A basic BRLTTY command's key code by its name ("TOP"), from BrlAPI's own table; nil for an
    /// unknown name.
    static func commandCode(named name: String) -> brlapi_keyCode_t? {
        BrlAPICommandNames.codes[name.uppercased()]
    }
}

/// BRLTTY's basic commands (block 0) by name, read once from BrlAPI's description table.
enum BrlAPICommandNames {
    static let codes: [String: brlapi_keyCode_t] = {
        var table: [String: brlapi_keyCode_t] = [:]
        // Basic commands are block 0 with the command in the argument bits; BRLTTY has fewer
        // than 256 of them.
        for value in brlapi_keyCode_t(1)..<0x100 {
            let code = A11Y_BRLAPI_KEY_TYPE_CMD | value
            var description = brlapi_describedKeyCode_t()
            if a11y_brlapi_describeKeyCode(code, &description) == 0, let name = description.command,
               description.argument == 0 {
                table[String(cString: name)] = code
            }
        }
        return table
    }()
}
