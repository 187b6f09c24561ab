/// Exactly what one braille display shows, cell for cell: `text` and `dots` have one entry for
/// each cell of the display; the `.showBraille` effect carries it.
///
/// A value kept in one shared, immutable box: a frame passes through several hands on every key
/// (the engine's last frame, the effect, the session's and the braille link's last frame), and a copy
/// or a drop is one reference count, not one for each of its arrays and its text; two copies of
/// one frame compare equal at once.
public struct BrailleFrame: Sendable, Equatable {
    private final class Storage: Sendable {
        let text: String
        let dots: [BrailleDots]
        let routing: BrailleRouting
        let cursor: Int?
        let offset: Int
        let canPanLeft: Bool
        let canPanRight: Bool

        init(text: String, dots: [BrailleDots], routing: BrailleRouting, cursor: Int?, offset: Int,
             canPanLeft: Bool, canPanRight: Bool) {
            self.text = text
            self.dots = dots
            self.routing = routing
            self.cursor = cursor
            self.offset = offset
            self.canPanLeft = canPanLeft
            self.canPanRight = canPanRight
        }
    }

    private var storage: Storage

    /// Text of the cells (through the user's text table), one character per cell.
    public var text: String {
        get { storage.text }
        set { change { $0.text = newValue } }
    }
    /// Dots OR-ed on top of the text, one set per cell (BrlAPI's orMask): the track.
    public var dots: [BrailleDots] {
        get { storage.dots }
        set { change { $0.dots = newValue } }
    }
    /// What each cell's routing key does.
    package var routing: BrailleRouting {
        get { storage.routing }
        set { change { $0.routing = newValue } }
    }
    /// The cell of the display that shows the cursor (from 0), or nil when the cursor is outside
    /// the window.
    public var cursor: Int? {
        get { storage.cursor }
        set { change { $0.cursor = newValue } }
    }
    /// The cell of the whole braille line shown in the display's first cell (0 unless panned, or
    /// the label moved out of the first window).
    public var offset: Int {
        get { storage.offset }
        set { change { $0.offset = newValue } }
    }
    /// Whether panning left shows more of the line (the window does not start at its first cell).
    public var canPanLeft: Bool {
        get { storage.canPanLeft }
        set { change { $0.canPanLeft = newValue } }
    }
    /// Whether panning right shows more of the line (the line goes on past the window).
    public var canPanRight: Bool {
        get { storage.canPanRight }
        set { change { $0.canPanRight = newValue } }
    }

    package init(text: String, dots: [BrailleDots], routing: [BrailleRoutingTarget?], cursor: Int?, offset: Int,
                canPanLeft: Bool, canPanRight: Bool) {
        self.init(text: text, dots: dots, routing: BrailleRouting(routing), cursor: cursor, offset: offset,
                  canPanLeft: canPanLeft, canPanRight: canPanRight)
    }

    package init(text: String, dots: [BrailleDots], routing: BrailleRouting, cursor: Int?, offset: Int,
                canPanLeft: Bool, canPanRight: Bool) {
        storage = Storage(text: text, dots: dots, routing: routing, cursor: cursor, offset: offset,
                      canPanLeft: canPanLeft, canPanRight: canPanRight)
    }

    /// A new box with one field changed (frames are rarely changed after they are made).
    private mutating func change(_ body: (inout (text: String, dots: [BrailleDots], routing: BrailleRouting, cursor: Int?,
                                                 offset: Int, canPanLeft: Bool, canPanRight: Bool)) -> Void) {
        var fields = (text: text, dots: dots, routing: routing, cursor: cursor, offset: offset,
                      canPanLeft: canPanLeft, canPanRight: canPanRight)
        body(&fields)
        self = BrailleFrame(text: fields.text, dots: fields.dots, routing: fields.routing, cursor: fields.cursor,
                            offset: fields.offset, canPanLeft: fields.canPanLeft, canPanRight: fields.canPanRight)
    }

    /// Whether two frames show the same: every cell's text and dots, the cursor, the offset, the
    /// panning flags and what each routing key does. Copies of one frame compare at once.
    public static func == (a: Self, b: Self) -> Bool {
        a.storage === b.storage
            || (a.text == b.text && a.dots == b.dots && a.routing == b.routing && a.cursor == b.cursor
                && a.offset == b.offset && a.canPanLeft == b.canPanLeft && a.canPanRight == b.canPanRight)
    }

    /// The cells for a preview or a test: text characters where the text has them (untranslated),
    /// Unicode braille where the track's dots are.
    public var preview: String {
        String(zip(text, dots).map { character, dots in
            character == " " && !dots.isEmpty ? dots.unicode : character
        })
    }
}
