/// The user's BRLTTY preferences that change what a program should show, as BrlAPI reports them
/// (its parameters DEVICE_CELL_SIZE, COMPUTER_BRAILLE_CELL_SIZE, LITERARY_BRAILLE and
/// LITERARY_BRAILLE_TABLE). The defaults are what is used when BRLTTY does not answer: 8-dot
/// computer braille.
public struct BraillePreferences: Sendable, Equatable, Hashable {
    /// Dots per cell of the display itself (6 or 8).
    public var deviceCellSize: Int
    /// Dots per cell the user reads computer braille in (6 or 8).
    public var computerBrailleCellSize: Int
    /// Whether the user reads literary (contracted) braille.
    public var literaryBraille: Bool
    /// BRLTTY's name of the literary braille table ("en-us-g2"; "none" or empty when unset).
    public var literaryBrailleTable: String

    /// Preferences given field by field; the defaults are those used when BRLTTY does not answer
    /// (8-dot computer braille on an 8-dot display, no literary braille, no table).
    public init(deviceCellSize: Int = 8, computerBrailleCellSize: Int = 8, literaryBraille: Bool = false,
                literaryBrailleTable: String = "") {
        self.deviceCellSize = deviceCellSize
        self.computerBrailleCellSize = computerBrailleCellSize
        self.literaryBraille = literaryBraille
        self.literaryBrailleTable = literaryBrailleTable
    }

    /// Dots a cell may use: 6 when the display or the user's computer braille has six, else 8.
    public var dotsPerCell: Int { deviceCellSize == 6 || computerBrailleCellSize == 6 ? 6 : 8 }
}
