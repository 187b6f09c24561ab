/// One line BRLTTY's vr driver sends to its display.
public enum VirtualDisplayLine: Equatable, Sendable {
    /// `Visual "<text>"`: the text as BRLTTY sees it (cells written as raw dots appear as
    /// Unicode braille).
    case visual(String)
    /// `Braille "<dots>"`: the cells, e.g. `12367|135| |78` -> ["12367", "135", "", "78"].
    case braille([String])

    /// Parses a line; nil for any other line.
    public init?(_ line: String) {
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
public struct VirtualDisplayFrame: Sendable, Equatable {
    /// The `Visual` line's text.
    public var text: String
    /// The `Braille` line's cells, e.g. ["12367", "135", "", "78"].
    public var cells: [String]
    /// When the frame's first line (its `Visual` line) arrived.
    public var time: ContinuousClock.Instant

    public init(text: String, cells: [String], time: ContinuousClock.Instant) {
        self.text = text
        self.cells = cells
        self.time = time
    }
}

/// Pairs the `Visual` and `Braille` lines into frames.
public struct VirtualDisplayFrameAssembler: Sendable {
    private var pending: (text: String, time: ContinuousClock.Instant)?

    public init() {}

    /// Takes one line received at `time`; returns the frame it completes, if any.
    public mutating func take(_ line: VirtualDisplayLine, at time: ContinuousClock.Instant) -> VirtualDisplayFrame? {
        switch line {
        case .visual(let text):
            pending = (text, time)
            return nil
        case .braille(let cells):
            defer { pending = nil }
            return VirtualDisplayFrame(text: pending?.text ?? "", cells: cells, time: pending?.time ?? time)
        }
    }

    /// Forgets a half-received frame (the connection ended).
    public mutating func reset() { pending = nil }
}
