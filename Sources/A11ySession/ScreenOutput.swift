import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary
/// Draws `ScreenFrame`s in place, below the line where the program started (no alternate
/// screen): only the lines that changed are rewritten, all in one write, and the cursor is left
/// on the focused handle, where screen readers and BRLTTY's screen review look.
///
/// A changed line is rewritten whole, not cell by cell: a screen reader that reads what is
/// written would otherwise say a fragment ("2" for a value going from 11 to 12).
///
/// The frame never wraps: each line is cut to the terminal's width. Under TERM=dumb (no cursor
/// movement) a changed frame is printed again below the old one.
public final class ScreenOutput {
    private let write: (String) -> Void
    private let movesCursor: Bool
    /// The lines on screen, as cut to the width (nil: unknown, to be written).
    private var drawn: [String?] = []
    /// The frame's lines those came from, before cutting: an unchanged line is found by a
    /// comparison that is nearly always of the same string storage, and is not cut again.
    private var given: [String?] = []
    private var cursorRow = 0
    /// The terminal's width in columns.
    public var columns: Int { didSet { if columns != oldValue { given = given.map { _ in nil } } } }

    public init(columns: Int, movesCursor: Bool = true, write: @escaping (String) -> Void) {
        self.columns = max(1, columns)
        self.movesCursor = movesCursor
        self.write = write
    }

    /// Shows `frame`, rewriting only what changed, in one write.
    public func show(_ frame: ScreenFrame) {
        guard movesCursor else {
            let lines = frame.lines.map { Self.truncate($0, to: columns - 1) }
            if lines != drawn.compactMap({ $0 }) { write(lines.joined(separator: "\r\n") + "\r\n") }
            drawn = lines
            return
        }
        var out = ""
        if drawn.isEmpty {
            out += "\r"
            drawn = [nil]
            given = [nil]
        }
        if frame.lines.count > drawn.count {
            out += move(to: drawn.count - 1)
            out += String(repeating: "\n", count: frame.lines.count - drawn.count)
            cursorRow += frame.lines.count - drawn.count
            drawn += Array(repeating: nil, count: frame.lines.count - drawn.count)
            given += Array(repeating: nil, count: frame.lines.count - given.count)
        }
        for row in drawn.indices {
            let source = row < frame.lines.count ? frame.lines[row] : ""
            if given[row] == source, drawn[row] != nil { continue }
            given[row] = source
            let line = Self.truncate(source, to: columns - 1)
            guard drawn[row] != line else { continue }
            out += move(to: row) + "\r" + line + "\u{1B}[K"
            drawn[row] = line
        }
        out += move(to: frame.cursor.row) + "\r"
        if frame.cursor.column > 0 { out += "\u{1B}[\(min(frame.cursor.column, columns - 1))C" }
        write(out)
    }

    /// Forgets what is on screen, so the next `show` rewrites every line (after SIGCONT, or a
    /// resize).
    public func invalidate() {
        drawn = drawn.map { _ in nil }
        given = given.map { _ in nil }
    }

    /// Erases the frame and leaves the cursor where the frame began.
    public func erase() {
        guard movesCursor, !drawn.isEmpty else { return }
        write(move(to: 0) + "\r\u{1B}[J")
        drawn = []
        given = []
        cursorRow = 0
    }

    private func move(to row: Int) -> String {
        defer { cursorRow = row }
        if row < cursorRow { return "\u{1B}[\(cursorRow - row)A" }
        if row > cursorRow { return "\u{1B}[\(row - cursorRow)B" }
        return ""
    }

    /// Cuts `line` to `columns` visible characters; escape sequences are kept and take no room.
    static func truncate(_ line: String, to columns: Int) -> String {
        // No more bytes than columns: nothing to cut (escapes and multi-byte characters only
        // make the visible width smaller).
        if line.utf8.count <= columns { return line }
        var result = ""
        var visible = 0
        var inEscape = false
        var cut = false
        for character in line {
            if inEscape {
                result.append(character)
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                result.append(character)
                continue
            }
            guard visible < columns else { cut = true; continue }
            result.append(character)
            visible += 1
        }
        return cut ? result + "\u{1B}[0m" : result
    }
}
