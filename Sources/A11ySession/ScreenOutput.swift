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
///
/// With `synchronizes` (the added words, for a reader on another machine) every write is one
/// synchronized update (DEC private mode 2026: CSI ? 2026 h before, CSI ? 2026 l after): a
/// terminal that knows the mode draws the frame, and tells its screen reader of the change, only
/// once all of it has come, however a slow link cut it; one that does not know it ignores both.
/// And a window made narrower than a line of the frame starts the frame again below it (see
/// `columns`).
package final class ScreenOutput {
    private let write: (String) -> Void
    private let movesCursor: Bool
    private let synchronizes: Bool
    /// The frame is drawn again from the cursor's line down, the old one left where it is.
    private var startsBelow = false
    /// What is on screen.
    private var screen = Screen()
    /// Counts the changes of what is on screen: a write made ready on an older state is stale.
    private var state = 0
    /// Writes made ready ahead (`prepare`), for frames that may be shown next.
    private var ready: [(frame: ScreenFrame, state: Int, bytes: String, screen: Screen)] = []
    /// The terminal's width in columns.
    ///
    /// With `synchronizes`, a width narrower than a line on screen starts the frame again below:
    /// most terminals rewrap a line longer than the window (tmux, VTE, Windows Terminal, VS
    /// Code's, macOS Terminal), some cut it (xterm), so where the frame's rows now stand is not
    /// known, but the cursor stays on its own blank line (the last). The frame is drawn from
    /// there, the old one left above as text, and its words as blank lines: a reader that
    /// compares the text hears the control again, not the last words a second time or cut.
    package var columns: Int {
        didSet {
            guard columns != oldValue else { return }
            if synchronizes, screen.drawn.contains(where: { ($0.map(Self.visibleWidth) ?? 0) > columns }) { startsBelow = true }
            screen.given = screen.given.map { _ in nil }
            state += 1
        }
    }

    package init(columns: Int, movesCursor: Bool = true, synchronizes: Bool = false, write: @escaping (String) -> Void) {
        self.columns = max(1, columns)
        self.movesCursor = movesCursor
        self.synchronizes = synchronizes && movesCursor
        self.write = synchronizes && movesCursor ? { bytes in write(Self.beginUpdate + bytes + Self.endUpdate) } : write
    }

    /// A synchronized update's start and end (DEC private mode 2026).
    static let beginUpdate = "\u{1B}[?2026h"
    static let endUpdate = "\u{1B}[?2026l"

    private struct Screen {
        /// The lines on screen, as cut to the width (nil: unknown, to be written).
        var drawn: [String?] = []
        /// The frame's lines those came from, before cutting: an unchanged line is found by a
        /// comparison that is nearly always of the same string storage, and is not cut again.
        var given: [String?] = []
        var cursorRow = 0
        /// How many first lines of the frame, its words, are shown blank: the words that stayed
        /// above in the frame left behind (`startsBelow`), not to be written, and read, again.
        var hiddenWords = 0
    }

    /// Shows `frame`, rewriting only what changed, in one write. A frame made ready by
    /// `prepare` goes out as it was worked out, if nothing was shown since.
    package func show(_ frame: ScreenFrame) {
        guard movesCursor else {
            let lines = frame.lines.map { Self.truncate(OutputText.terminal($0), to: columns - 1) }
            if frame.history > 0, !screen.drawn.isEmpty {
                // Words added below the last: only they are printed, the frame stays above.
                write(lines.prefix(frame.words).joined(separator: "\r\n") + "\r\n")
                screen.drawn = lines
                return
            }
            if lines != screen.drawn.compactMap({ $0 }) { write(lines.joined(separator: "\r\n") + "\r\n") }
            screen.drawn = lines
            return
        }
        if startsBelow {
            startsBelow = false
            screen = Screen()
            screen.hiddenWords = frame.words
        }
        if let next = ready.first(where: { $0.state == state && $0.frame == frame && $0.frame.history == frame.history }) {
            write(next.bytes)
            screen = next.screen
        } else {
            var next = screen
            screen = Screen()  // `next` is then the only reference to the lines, changed in place
            let bytes = work(frame, on: &next)
            write(bytes)
            screen = next
        }
        state += 1
    }

    /// Works out ahead what showing each of `frames` next would write (a key's forecast
    /// frames, while the program waits): `show` then only writes it. Replaces what was made
    /// ready before.
    package func prepare(_ frames: [ScreenFrame]) {
        ready.removeAll(keepingCapacity: true)
        guard movesCursor else { return }
        for frame in frames {
            var next = screen
            let bytes = work(frame, on: &next)
            ready.append((frame, state, bytes, next))
        }
    }

    /// Takes `screen` to what showing `frame` on it leaves, and returns what to write: the lines
    /// that changed, each made safe for the terminal (labels and formatted values come from the
    /// library's callers and from plugins: only the theme's SGR styling may reach it) and cut to
    /// the width; built as bytes and made a string once (no string for each piece, no
    /// interpolation).
    private func work(_ frame: ScreenFrame, on screen: inout Screen) -> String {
        var out = ByteLine(capacity: 256)
        if screen.drawn.isEmpty {
            out.append(UInt8(ascii: "\r"))
            screen.drawn = [nil]
            screen.given = [nil]
        }
        if frame.history > 0, frame.words > 0, !screen.drawn.isEmpty {
            // The first lines stay above as history, and the new words go in below them without
            // rewriting any other line: room is made at the bottom (the terminal scrolls when
            // the frame ends on its last row), blank lines are inserted under the history (the
            // terminal moves the lines below down), and only the words are written into them. At
            // every step of the write, cut anywhere by a slow link, the screen's text has only
            // lost lines, gained blank ones or gained the words: a reader that compares the
            // text reads the words and nothing else.
            let history = min(frame.history, screen.drawn.count)
            let words = frame.words
            Self.move(from: &screen.cursorRow, to: screen.drawn.count - 1, in: &out)
            out.append(UInt8(ascii: "\n"), count: words)
            screen.cursorRow = screen.drawn.count - 1 + words
            Self.move(from: &screen.cursorRow, to: history, in: &out)
            out.append("\r\u{1B}[")
            out.append(decimal: words)
            out.append(UInt8(ascii: "L"))
            screen.cursorRow -= history
            screen.hiddenWords = max(0, screen.hiddenWords - history)
            screen.drawn = Array(repeating: nil, count: words) + Array(screen.drawn.dropFirst(history))
            screen.given = Array(repeating: nil, count: words) + Array(screen.given.dropFirst(history))
        }
        let added = frame.lines.count - screen.drawn.count
        if added > 0 {
            Self.move(from: &screen.cursorRow, to: screen.drawn.count - 1, in: &out)
            out.append(UInt8(ascii: "\n"), count: added)
            screen.cursorRow += added
            screen.drawn += Array(repeating: nil, count: added)
            screen.given += Array(repeating: nil, count: added)
        }
        for row in screen.drawn.indices {
            let source = row < frame.lines.count && row >= screen.hiddenWords ? frame.lines[row] : ""
            if screen.given[row] == source, screen.drawn[row] != nil { continue }
            screen.given[row] = source
            let line = Self.truncate(OutputText.terminal(source), to: columns - 1)
            guard screen.drawn[row] != line else { continue }
            Self.move(from: &screen.cursorRow, to: row, in: &out)
            out.append(UInt8(ascii: "\r"))
            out.append(line)
            out.append("\u{1B}[K")
            screen.drawn[row] = line
        }
        Self.move(from: &screen.cursorRow, to: frame.cursor.row, in: &out)
        out.append(UInt8(ascii: "\r"))
        if frame.cursor.column > 0 {
            out.append("\u{1B}[")
            out.append(decimal: min(frame.cursor.column, columns - 1))
            out.append(UInt8(ascii: "C"))
        }
        return out.text
    }

    /// Forgets what is on screen, so the next `show` rewrites every line (after SIGCONT, or a
    /// resize).
    package func invalidate() {
        screen.drawn = screen.drawn.map { _ in nil }
        screen.given = screen.given.map { _ in nil }
        state += 1
    }

    /// Erases the frame and leaves the cursor where the frame began; `leaving` (a screen reader's
    /// last words) is written there as a line of its own, for the reader to read after the end.
    package func erase(leaving words: String? = nil) {
        guard movesCursor, !screen.drawn.isEmpty else { return }
        var out = ByteLine(capacity: 16)
        Self.move(from: &screen.cursorRow, to: 0, in: &out)
        out.append("\r\u{1B}[J")
        if let words, !words.isEmpty { out.append(words + "\r\n") }
        write(out.text)
        screen = Screen()
        state += 1
    }

    /// The columns `line` takes, counted as its characters (a wide one counts one), escape
    /// sequences left out.
    static func visibleWidth(_ line: String) -> Int {
        var visible = 0
        var inEscape = false
        for byte in line.utf8 {
            if inEscape { inEscape = !endsEscape(byte) } else if byte == 0x1B { inEscape = true } else if byte & 0xC0 != 0x80 { visible += 1 }
        }
        return visible
    }

    /// Moves the cursor up or down from row `cursorRow` of the frame to `row`.
    private static func move(from cursorRow: inout Int, to row: Int, in out: inout ByteLine) {
        defer { cursorRow = row }
        guard row != cursorRow else { return }
        out.append("\u{1B}[")
        out.append(decimal: abs(row - cursorRow))
        out.append(UInt8(ascii: row < cursorRow ? "A" : "B"))
    }

    /// Cuts `line` to `columns` visible characters; escape sequences are kept and take no room.
    static func truncate(_ line: String, to columns: Int) -> String {
        // No more bytes than columns: nothing to cut (escapes and multi-byte characters only
        // make the visible width smaller).
        if line.utf8.count <= columns { return line }
        // A line of one byte per character (the usual one: ASCII text, colours, the track's
        // blanks) is cut on its bytes: the same rule, without a Character for each byte (cutting
        // character by character is slow, and this is on the key's way to the screen).
        if line.isOneBytePerCharacter, let cut = line.utf8.withContiguousStorageIfAvailable({ truncate(bytes: $0, to: columns) }) {
            return cut ?? line
        }
        var result = ""
        var visible = 0
        var inEscape = false
        var cut = false
        for character in line {
            if inEscape {
                result.append(character)
                if let ascii = character.asciiValue, endsEscape(ascii) { inEscape = false }
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

    /// `truncate` for a line whose every byte is a character; nil when nothing is cut.
    private static func truncate(bytes line: UnsafeBufferPointer<UInt8>, to columns: Int) -> String? {
        var visible = 0
        var inEscape = false
        for byte in line {
            if inEscape { inEscape = !endsEscape(byte) } else if byte == 0x1B { inEscape = true } else { visible += 1 }
        }
        guard visible > columns else { return nil }
        var result = ByteLine(capacity: line.count + 4)
        visible = 0
        inEscape = false
        for byte in line {
            if inEscape {
                inEscape = !endsEscape(byte)
            } else if byte == 0x1B {
                inEscape = true
            } else {
                guard visible < columns else { continue }
                visible += 1
            }
            result.append(byte)
        }
        result.append("\u{1B}[0m")
        return result.text
    }

    /// Whether `byte` ends an escape sequence begun with ESC (a final byte; not the `[` of CSI).
    private static func endsEscape(_ byte: UInt8) -> Bool {
        (0x40...0x7E).contains(byte) && byte != UInt8(ascii: "[")
    }
}
