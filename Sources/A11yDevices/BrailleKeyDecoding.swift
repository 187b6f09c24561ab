import CBrl
import A11yVocabulary

extension BrailleKey {
    /// Decodes a BrlAPI key code (as `brlapi__readKey` returns it in tty mode with BRLTTY
    /// commands) into a `BrailleKey`.
    init(keyCode code: brlapi_keyCode_t) {
        if code & A11Y_BRLAPI_KEY_TYPE_MASK == A11Y_BRLAPI_KEY_TYPE_CMD {
            self = Self.command(code)
        } else {
            self = Self.symbol(code)
        }
    }

    private static func command(_ code: brlapi_keyCode_t) -> BrailleKey {
        let block = code & A11Y_BRLAPI_KEY_CMD_BLK_MASK
        let argument = code & A11Y_BRLAPI_KEY_CMD_ARG_MASK
        switch block {
        case A11Y_BRLAPI_KEY_CMD_ROUTE:
            return .route(cell: Int(argument))
        case A11Y_BRLAPI_KEY_CMD_PASSDOTS:
            if let character = ComputerBraille.character(forDots: UInt8(truncatingIfNeeded: argument)) {
                return .character(character)
            }
        case 0:
            switch code & A11Y_BRLAPI_KEY_CODE_MASK {
            case A11Y_BRLAPI_KEY_CMD_LNUP: return .lineUp
            case A11Y_BRLAPI_KEY_CMD_LNDN: return .lineDown
            case A11Y_BRLAPI_KEY_CMD_FWINLT: return .panLeft
            case A11Y_BRLAPI_KEY_CMD_FWINRT: return .panRight
            default: break
            }
        default:
            break
        }
        return describedCommand(code)
    }

    /// The command by its name as `brltty-lscmds` lists it, from BrlAPI's own table. For basic
    /// commands (block 0) the argument bits hold the command itself, so the argument is 0.
    private static func describedCommand(_ code: brlapi_keyCode_t) -> BrailleKey {
        var description = brlapi_describedKeyCode_t()
        if a11y_brlapi_describeKeyCode(code, &description) == 0, let name = description.command {
            return .command(name: String(cString: name), argument: Int(description.argument))
        }
        let value = code & A11Y_BRLAPI_KEY_CODE_MASK
        return .command(name: "CMD_\(String(value, radix: 16, uppercase: true))", argument: 0)
    }

    /// The keyboard keys a display sends, by their X keysyms (function keys aside): one table
    /// to read keys and to state which to take.
    static let keysyms: [(symbol: BrailleKeySymbol, code: brlapi_keyCode_t)] = [
        (.enter, A11Y_BRLAPI_KEY_SYM_LINEFEED), (.escape, A11Y_BRLAPI_KEY_SYM_ESCAPE), (.tab, A11Y_BRLAPI_KEY_SYM_TAB),
        (.backspace, A11Y_BRLAPI_KEY_SYM_BACKSPACE), (.delete, A11Y_BRLAPI_KEY_SYM_DELETE),
        (.up, A11Y_BRLAPI_KEY_SYM_UP), (.down, A11Y_BRLAPI_KEY_SYM_DOWN), (.left, A11Y_BRLAPI_KEY_SYM_LEFT),
        (.right, A11Y_BRLAPI_KEY_SYM_RIGHT), (.home, A11Y_BRLAPI_KEY_SYM_HOME), (.end, A11Y_BRLAPI_KEY_SYM_END),
        (.pageUp, A11Y_BRLAPI_KEY_SYM_PAGE_UP), (.pageDown, A11Y_BRLAPI_KEY_SYM_PAGE_DOWN),
    ]

    private static func symbol(_ code: brlapi_keyCode_t) -> BrailleKey {
        let keysym = code & A11Y_BRLAPI_KEY_CODE_MASK
        if let known = keysyms.first(where: { $0.code == keysym }) { return .symbol(known.symbol) }
        if (A11Y_BRLAPI_KEY_SYM_FUNCTION..<(A11Y_BRLAPI_KEY_SYM_FUNCTION + 35)).contains(keysym) {
            return .symbol(.function(Int(keysym - A11Y_BRLAPI_KEY_SYM_FUNCTION) + 1))
        }
        // Latin-1 keysyms are their code points; others carry a Unicode scalar with a marker bit.
        let scalarValue: UInt64? =
            (0x20..<0x100).contains(keysym) && keysym != 0x7F ? keysym
            : keysym & 0xFF00_0000 == A11Y_BRLAPI_KEY_SYM_UNICODE ? keysym & 0x00FF_FFFF
            : nil
        if let scalarValue, let scalar = Unicode.Scalar(UInt32(scalarValue)) {
            return .character(Character(scalar))
        }
        return .symbol(.other(UInt32(truncatingIfNeeded: keysym)))
    }
}

/// North American Braille Computer Code, the table BRLTTY runs with here (`-t en-nabcc`), used
/// to read dots typed on the display (PASSDOTS) as characters.
enum ComputerBraille {
    /// The ASCII character of each six-dot pattern (dot 1 = bit 0 ... dot 6 = bit 5), capitals and
    /// the 0x40-0x5F row in their dot-7 form.
    private static let sixDotTable = Array(" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=".unicodeScalars)

    /// The character typed as `dots` (BrlAPI dot bits), or nil for patterns with dot 8.
    static func character(forDots dots: UInt8) -> Character? {
        guard dots & 0x80 == 0 else { return nil }
        let scalar = sixDotTable[Int(dots & 0x3F)]
        // In NABCC, the 0x40-0x5F row (capitals, @ [ \ ] ^ _) has dot 7; without it, 0x60-0x7F.
        if (0x40...0x5F).contains(scalar.value), dots & 0x40 == 0 {
            return Character(Unicode.Scalar(UInt8(scalar.value + 0x20)))
        }
        return Character(scalar)
    }
}
