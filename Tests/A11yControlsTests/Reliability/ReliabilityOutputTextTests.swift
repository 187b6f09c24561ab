import Testing
import Foundation
@testable import A11yControls
@testable import A11yDevices
@testable import A11yFormatting
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
@testable import A11yOptions
import A11yTestSupport

/// Hostile text (from labels, formatters, plugins) at each device boundary.
@Suite struct ReliabilityOutputTextTests {
    static let hostile: [String] = [
        "\u{1B}[2J\u{1B}[HPrice", "\u{1B}]0;pwned\u{07}Price", "\u{1B}]52;c;Zm9v\u{1B}\\x", "\u{1B}P+q\u{1B}\\y",
        "\u{9B}31mred", "\u{9D}0;t\u{9C}z", "a\u{1B}cb", "line\nbreak", "cr\rreturn", "bell\u{07}", "nul\u{0}x", "del\u{7F}",
        "\u{202E}evil", "\u{1B}[?1049h", "\u{1B}[?25l", "\u{1B}[>1u", "\u{1B}", "\u{1B}[", "\u{1B}]", "tab\tx",
    ]

    /// Escape sequences are found by one definition: what the plugin text sanitizer removes, the
    /// terminal's output sanitizer removes too (white space aside, which each treats its own way),
    /// malformed and cut sequences included.
    @Test func bothSanitizersSkipTheSameSequences() {
        let malformed = ["\u{1B}[12\u{E9}t\u{E9}", "\u{1B}[1;2\u{1B}[Hx", "\u{9B}12\u{E9}x", "\u{1B}[ 1q?", "\u{1B}]0;t\u{1B}\\ok",
                         "\u{1B}]0;cut", "\u{9D}0;cut", "a\u{1B}", "\u{1B}[0;31", "\u{1B}[0;31mred"]
        for text in Self.hostile + malformed {
            let plain = { (line: String) in String(line.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)) }
            let sanitized = TextSanitizer.sanitize(Array(text.utf8)).text
            let terminal = OutputText.terminal(text).replacingOccurrences(of: "\u{1B}[0;31m", with: "")
            #expect(plain(sanitized) == plain(terminal), "\(text.debugDescription)")
        }
    }

    @Test(arguments: hostile)
    func terminalGetsNoEscapeSequenceButSGR(_ text: String) {
        let safe = OutputText.terminal(text)
        // Whatever is left of ESC must be a complete SGR.
        var rest = Substring(safe)
        while let escape = rest.firstIndex(of: "\u{1B}") {
            let tail = rest[escape...]
            let body = tail.dropFirst(2).prefix { $0.isNumber || $0 == ";" || $0 == ":" }
            #expect(tail.hasPrefix("\u{1B}[") && tail.dropFirst(2 + body.count).first == "m", "\(safe.debugDescription)")
            rest = tail.dropFirst()
        }
        #expect(!safe.unicodeScalars.contains { ($0.value < 0x20 && $0.value != 0x1B) || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) })
    }

    @Test func terminalKeepsTheThemesStyling() {
        let styled = "\u{1B}[1;38;5;208mPrice\u{1B}[0m 10"
        #expect(OutputText.terminal(styled) == styled)
        #expect(OutputText.terminal("\u{1B}[2JPrice") == "Price")
        #expect(OutputText.terminal("\u{1B}]0;title\u{07}Price") == "Price")
    }

    @Test(arguments: hostile + [".", " . ", "a\n.\nb", "\n.\n", "..", "x\u{2028}.\u{2029}"])
    func speechGetsOneLineWithoutControlsAndNeverALoneDot(_ text: String) {
        let safe = OutputText.speech(text)
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" })
        #expect(safe.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { $0.trimmingCharacters(in: " ") != "." })
        #expect(safe.trimmingCharacters(in: " ") != ".")
    }

    @Test(arguments: hostile)
    func brailleGetsNoControlCharacters(_ text: String) {
        let cells = BrlAPIText(text: text, orMask: [], width: 40)
        #expect(cells.text.unicodeScalars.count == 40)
        #expect(!cells.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) })
    }

    /// A label with escape sequences given through the library API (the CLI refuses them):
    /// the frame the session draws carries none.
    @Test func hostileLabelThroughTheLibraryReachesTheScreenClean() throws {
        let panel = try ControlPanel(slider: RangeSlider(), label: "\u{1B}[2J\u{1B}]0;x\u{07}Evil\u{9B}H")
        let engine = makeEngine([panel], locale: .current)
        let lines = engine.screenFrame(columns: 80, preview: false).lines.map(OutputText.terminal)
        #expect(lines.joined().contains("Evil"))
        #expect(!lines.joined().contains("\u{1B}[2J") && !lines.joined().contains("\u{1B}]") && !lines.joined().contains("\u{9B}"))
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> Substring {
        var s = self
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return s
    }
}
private extension String {
    func trimmingCharacters(in set: Character) -> Substring { Substring(self).trimmingCharacters(in: set) }
}

/// The braille notice of the engine: shown until the next key or 2 s, with an injected clock.
@Suite struct ReliabilityBrailleNoticeTests {
    /// An engine on a "Price" slider (numbers as the environment's locale writes them) on a display of 40 cells.
    func engineOn40Cells() -> ControlEngine {
        var engine = makeEngine(locale: .current)
        engine.setBrailleWidth(40)
        return engine
    }

    @Test func noticeShowsUntilTwoSecondsPass() throws {
        var engine = engineOn40Cells()
        _ = engine.send(.device(.speechLost), at: .seconds(10))
        #expect(engine.brailleFrame?.text.hasPrefix("speech lost") == true)
        #expect(engine.nextDeadline == .seconds(12))
        _ = engine.tick(at: .milliseconds(11_999))
        #expect(engine.brailleFrame?.text.hasPrefix("speech lost") == true)
        _ = engine.tick(at: .seconds(12))
        #expect(engine.brailleFrame?.text.hasPrefix("Price") == true)
        #expect(engine.brailleNotice == nil)
    }

    @Test func noticeGivesWayToTheNextKey() throws {
        var engine = engineOn40Cells()
        _ = engine.send(.device(.speechLost), at: .seconds(1))
        _ = engine.feed(Array("\u{1B}[C".utf8), at: .milliseconds(1500))
        #expect(engine.brailleFrame?.text.hasPrefix("Price 11") == true)
        _ = engine.send(.device(.speechBack), at: .seconds(2))
        _ = engine.handle(brailleKey: .lineDown, at: .milliseconds(2100))
        #expect(engine.brailleNotice == nil)
    }
}
