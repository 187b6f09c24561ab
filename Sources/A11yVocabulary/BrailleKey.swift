/// A key pressed on a braille display, as BrlAPI reports it, in Swift terms.
///
/// The BrailleDisplay device (Devices) decodes BrlAPI key codes into this enum; the key map
/// (Input) turns it into the same actions as keyboard keys. It is a plain value so that both
/// layers, and their tests, can use it without any C type.
public enum BrailleKey: Sendable, Equatable, Hashable {
    /// A routing key (cursor routing) over cell `cell`, counted from 0 at the left of the display.
    case route(cell: Int)
    /// BRLTTY's LNUP: one line up (the controls: increase).
    case lineUp
    /// BRLTTY's LNDN: one line down (the controls: decrease).
    case lineDown
    /// BRLTTY's FWINLT: pan the display window left.
    case panLeft
    /// BRLTTY's FWINRT: pan the display window right.
    case panRight
    /// A keyboard key sent from the display (BrlAPI keysym), such as Enter or an arrow.
    case symbol(BrailleKeySymbol)
    /// A character typed on the display's braille keyboard.
    case character(Character)
    /// Any other BRLTTY command, by its name as `brltty-lscmds` lists it (e.g. "TOP", "HOME"),
    /// with its argument (0 when the command takes none).
    case command(name: String, argument: Int)
}

/// Keyboard keys a braille display can send (BrlAPI's X keysym range).
public enum BrailleKeySymbol: Sendable, Equatable, Hashable {
    /// Enter (BrlAPI's LINEFEED keysym, X's Return).
    case enter
    /// Escape.
    case escape
    /// Tab.
    case tab
    /// Backspace.
    case backspace
    /// Delete (the forward delete).
    case delete
    /// The Up arrow.
    case up
    /// The Down arrow.
    case down
    /// The Left arrow.
    case left
    /// The Right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Function key F1 to F35, by its number (1 for F1).
    case function(Int)
    /// A keysym with no case above, by its X keysym value.
    case other(UInt32)
}
