import A11yFormatting
import A11yModel
import A11yVocabulary
/// The dots of one 8-dot braille cell, bit for bit as BrlAPI and Unicode number them:
/// dot 1 is bit 0, dot 2 bit 1, ... dot 8 bit 7 (so `U+2800 + rawValue` is the cell's Unicode
/// braille pattern, and `rawValue` is what `brlapi_writeDots` and the `orMask` take).
///
/// The left column holds dots 1, 2, 3, 7 (top to bottom), the right column dots 4, 5, 6, 8.
public struct BrailleDots: OptionSet, Hashable, Sendable {
    /// The dots as bits: dot n is bit n - 1.
    public var rawValue: UInt8
    /// The cell whose dots are the bits of `rawValue` (BrlAPI's dot bits, or a Unicode braille
    /// pattern minus U+2800).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Dot 1: the left column's top dot.
    public static let dot1 = BrailleDots(rawValue: 1 << 0)
    /// Dot 2: the left column's second dot.
    public static let dot2 = BrailleDots(rawValue: 1 << 1)
    /// Dot 3: the left column's third dot.
    public static let dot3 = BrailleDots(rawValue: 1 << 2)
    /// Dot 4: the right column's top dot.
    public static let dot4 = BrailleDots(rawValue: 1 << 3)
    /// Dot 5: the right column's second dot.
    public static let dot5 = BrailleDots(rawValue: 1 << 4)
    /// Dot 6: the right column's third dot.
    public static let dot6 = BrailleDots(rawValue: 1 << 5)
    /// Dot 7: the left column's bottom dot (8-dot cells only).
    public static let dot7 = BrailleDots(rawValue: 1 << 6)
    /// Dot 8: the right column's bottom dot (8-dot cells only).
    public static let dot8 = BrailleDots(rawValue: 1 << 7)

    /// The dots of one column, top to bottom: left is 1, 2, 3, 7; right is 4, 5, 6, 8.
    package static func column(_ side: Side) -> [BrailleDots] {
        side == .left ? [.dot1, .dot2, .dot3, .dot7] : [.dot4, .dot5, .dot6, .dot8]
    }

    /// The dots of one column of a 6-dot cell, top to bottom: left is 1, 2, 3; right is 4, 5, 6.
    package static func sixDotColumn(_ side: Side) -> [BrailleDots] {
        side == .left ? [.dot1, .dot2, .dot3] : [.dot4, .dot5, .dot6]
    }

    /// The two dot columns of a cell: a track has two positions per cell.
    package enum Side: Sendable { case left, right }

    /// The cell as a Unicode braille pattern character (U+2800...U+28FF).
    package var unicode: Character {
        Character(Unicode.Scalar(0x2800 + UInt32(rawValue))!)
    }

    /// The dot numbers, as BRLTTY's virtual display prints them ("1237", "" for an empty cell).
    package var dotNumbers: String {
        (0..<8).filter { rawValue & (1 << $0) != 0 }.map { String($0 + 1) }.joined()
    }

    /// Reads dot numbers such as "1237" back (the inverse of `dotNumbers`); nil for other text.
    package init?(dotNumbers: some StringProtocol) {
        var value: UInt8 = 0
        for character in dotNumbers {
            guard let digit = character.wholeNumberValue, (1...8).contains(digit) else { return nil }
            value |= 1 << UInt8(digit - 1)
        }
        self.init(rawValue: value)
    }
}
