/// The braille display keys a program takes for itself while it holds the display: every other
/// key stays BRLTTY's (its preferences menu, help, review and speech commands go on working).
///
/// The key map (Input) computes it from its bindings; the BrailleDisplay device (Devices) states
/// it to BrlAPI (`brlapi__acceptKeys` / `brlapi__acceptKeyRanges` after ignoring all keys).
package struct BrailleKeySet: Sendable, Equatable, Hashable {
    /// BRLTTY's LNUP, LNDN, FWINLT and FWINRT, when bound.
    package var lineUp = false, lineDown = false, panLeft = false, panRight = false
    /// Routing keys (BRLTTY's ROUTE, every cell).
    package var routing = false
    /// Characters typed on the display's braille keyboard (PASSDOTS) or keyboard (Latin-1 and
    /// Unicode keysyms).
    package var typedCharacters = false
    /// Keyboard keys the display can send (Enter, Escape, the arrows, ...).
    package var symbols: Set<BrailleKeySymbol> = []
    /// Other BRLTTY commands, by their names as `brltty-lscmds` lists them ("TOP", "HOME").
    package var commands: Set<String> = []

    package init() {}

    /// Every keyboard key a braille display may send that the key map can bind.
    package static let bindableSymbols: [BrailleKeySymbol] =
        [.enter, .escape, .tab, .backspace, .delete, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown]
        + (1...35).map { .function($0) }
}
