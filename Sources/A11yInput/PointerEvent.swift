import A11yVocabulary

/// A mouse report from the terminal, in the SGR encoding (xterm's mode 1006, with button-event
/// tracking, mode 1002, for drags): `CSI < button ; column ; row M` for a press or a motion,
/// `... m` for a release. The legacy X10, UTF-8 (1005) and urxvt (1015) encodings are not turned
/// on and are not decoded.
public struct PointerEvent: Sendable, Hashable {
    /// Which button the report is about.
    public enum Button: Sendable, Hashable {
        /// The left (primary) button.
        case left
        /// The middle button (the wheel pressed).
        case middle
        /// The right button.
        case right
        /// The wheel turned away from the user (one notch).
        case wheelUp
        /// The wheel turned towards the user.
        case wheelDown
        /// A sideways wheel or tilt; and buttons 8 to 11.
        case other(Int)
        /// A motion with no button held (any-event tracking, which is not turned on).
        case noButton
    }

    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The button went down; a wheel notch is a press of `.wheelUp` or `.wheelDown`, with no
        /// release.
        case press
        /// The pointer moved with `button` held (a drag).
        case drag
        /// The button went up.
        case release
    }

    /// The button pressed, held or released, or the wheel turned.
    public var button: Button
    /// Whether the button went down, moved while held, or went up.
    public var kind: Kind
    /// The column of the cell, counted from 1 at the left, as the terminal reports it.
    public var column: Int
    /// The row of the cell, counted from 1 at the top, as the terminal reports it.
    public var row: Int
    /// Shift, Alt (Meta) and Control held with the button. (Most terminals keep Shift with a
    /// button for their own selection and report nothing.)
    public var modifiers: KeyModifiers

    /// An event of `kind` for `button` at the cell in `column` and `row` (both counted from 1),
    /// with `modifiers` held.
    public init(_ button: Button, _ kind: Kind, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.button = button
        self.kind = kind
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }

    /// The largest coordinate taken: terminals have no more cells than this in a line or a column.
    package static let maximumCoordinate = 10_000

    /// The report's fields: the button code (with its modifier and motion bits), column and row,
    /// and whether it ended in `m` (a release). Nil when the numbers are out of range.
    init?(code: Int, column: Int, row: Int, released: Bool) {
        guard (0...255).contains(code), (1...Self.maximumCoordinate).contains(column),
              (1...Self.maximumCoordinate).contains(row) else { return nil }
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let motion = code & 32 != 0
        let low = code & 3
        let button: Button
        switch code & 0xC0 {
        case 0:
            button = ([.left, .middle, .right, .noButton] as [Button])[low]
        case 64:
            // The wheel: no release, no motion.
            guard !motion, !released else { return nil }
            button = low == 0 ? .wheelUp : low == 1 ? .wheelDown : .other(low + 6)
        default:
            button = .other(8 + low)
        }
        let kind: Kind = released ? .release : motion ? .drag : .press
        if button == .noButton, kind != .drag { return nil }
        self.init(button, kind, column: column, row: row, modifiers: modifiers)
    }

    /// The SGR report of this event: what a terminal sends for it (tests and the benchmark type it).
    package var report: String {
        var code: Int
        switch button {
        case .left: code = 0
        case .middle: code = 1
        case .right: code = 2
        case .noButton: code = 3
        case .wheelUp: code = 64
        case .wheelDown: code = 65
        case .other(let n): code = n >= 8 ? 128 + (n - 8) : 64 + (n - 6)
        }
        if modifiers.contains(.shift) { code += 4 }
        if modifiers.contains(.alt) { code += 8 }
        if modifiers.contains(.control) { code += 16 }
        if kind == .drag { code += 32 }
        return "\u{1B}[<\(code);\(column);\(row)\(kind == .release ? "m" : "M")"
    }
}

/// What the pointer needs of the terminal besides its reports (which the terminal device turns on).
public enum PointerReporting {
    /// Asks the terminal where its cursor is (DSR 6); the answer, `CSI row ; column R`, comes in
    /// the key stream as `TerminalReply.cursorPosition`.
    public static let cursorPositionQuery = "\u{1B}[6n"
}
