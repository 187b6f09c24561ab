/// One line BRLTTY's vr driver sends to its display.
package enum VirtualDisplayLine: Equatable, Sendable {
    /// `Visual "<text>"`: the text as BRLTTY sees it (cells written as raw dots appear as
    /// Unicode braille).
    case visual(String)
    /// `Braille "<dots>"`: the cells, e.g. `12367|135| |78` -> ["12367", "135", "", "78"].
    case braille([String])

    /// Parses a line; nil for any other line.
    package init?(_ line: String) {
        if let text = Self.quoted(line, after: "Visual ") {
            self = .visual(text)
        } else if let dots = Self.quoted(line, after: "Braille ") {
            self = .braille(dots.split(separator: "|", omittingEmptySubsequences: false).map { cell in
                String(cell.filter { $0 != " " })
            })
        } else {
            return nil
        }
    }

    private static func quoted(_ line: String, after prefix: String) -> String? {
        guard line.hasPrefix(prefix + "\""), line.hasSuffix("\""), line.count >= prefix.count + 2 else { return nil }
        return String(line.dropFirst(prefix.count + 1).dropLast())
    }
}

/// What the display shows at one moment: a `Visual` line and the `Braille` line after it.
package struct VirtualDisplayFrame: Sendable, Equatable {
    /// The `Visual` line's text.
    package var text: String
    /// The `Braille` line's cells, e.g. ["12367", "135", "", "78"].
    package var cells: [String]
    /// When the frame's first line (its `Visual` line) arrived.
    package var time: ContinuousClock.Instant

    package init(text: String, cells: [String], time: ContinuousClock.Instant) {
        self.text = text
        self.cells = cells
        self.time = time
    }
}

/// Pairs the `Visual` and `Braille` lines into frames.
///
/// BRLTTY's vr driver sends each line only when it changed (its `brl_writeWindow`): a frame
/// whose cells changed and whose text did not (the cursor moved, a cell's dots changed, the
/// same text written again after others) comes as a `Braille` line alone, and one whose text
/// changed and whose cells did not as a `Visual` line alone. The display still shows the other
/// half, so a frame carries the text and the cells the display shows after the line.
package struct VirtualDisplayFrameAssembler: Sendable {
    /// What the display shows (nothing yet: no line came on this connection).
    private var text = ""
    private var cells: [String] = []
    /// A `Visual` line whose `Braille` line has not come yet, and when it arrived.
    private var pendingSince: ContinuousClock.Instant?

    package init() {}

    /// Takes one line received at `time`; returns the frame it completes, if any. A `Visual`
    /// line completes the frame of a `Visual` line before it that no `Braille` line followed.
    package mutating func take(_ line: VirtualDisplayLine, at time: ContinuousClock.Instant) -> VirtualDisplayFrame? {
        switch line {
        case .visual(let newText):
            let textOnly = pendingSince.map { VirtualDisplayFrame(text: text, cells: cells, time: $0) }
            text = newText
            pendingSince = time
            return textOnly
        case .braille(let newCells):
            defer { pendingSince = nil }
            cells = newCells
            return VirtualDisplayFrame(text: text, cells: cells, time: pendingSince ?? time)
        }
    }

    /// Forgets what the display showed (the connection ended: the next one starts blank).
    package mutating func reset() { self = Self() }
}
