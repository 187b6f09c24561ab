import Glibc
import Testing
@testable import A11yDevices
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
import A11yTestSupport

/// `--screen-reader`: with a screen reader reading the terminal the engine speaks nothing and the
/// screen's first line carries the words, with the cursor on it; and what `auto` detects.
@Suite struct ScreenReaderModeTests {
    @Test func theFirstLineCarriesTheWordsWithTheCursorOnItAndNothingIsSpoken() throws {
        var engine = makeEngine(screenWidth: 60, wordDelivery: .screenLine)
        let start = engine.send(.start, at: .zero)
        #expect(start.utterances.isEmpty)
        let intro = Announcer().introduction(of: engine.presented).text
        let frame = try #require(start.compactMap { if case .redraw(let f) = $0 { f } else { nil } }.last)
        // The introduction is on screen whole, wrapped at the width, before the control.
        #expect(frame.lines.prefix { !$0.hasPrefix("\u{1B}") && !$0.contains("Price:") }.joined(separator: " ") == intro)
        #expect(frame.lines.allSatisfy { $0.count <= 60 || $0.contains("\u{1B}") })
        #expect(frame.cursor == (0, 0))
        let right = engine.send(.bytes(Array("\u{1B}[C".utf8)), at: .milliseconds(10))
        #expect(right.utterances.isEmpty)
        #expect(engine.screenFrame.lines.first == "11")
        #expect(engine.screenFrame.cursor == (0, 0))
    }

    /// A key's outputs: the screen (the lines that changed), the braille frame, then the words
    /// (none when a screen reader reads the terminal). At the start the braille frame comes
    /// before the screen's first drawing, unless a screen reader reads the terminal: what it
    /// reads there is what the user hears.
    @Test(arguments: [true, false])
    func theOrderOfTheOutputs(speechOnScreen: Bool) {
        func order(_ effects: [EngineEffect]) -> [String] {
            effects.compactMap { effect -> String? in
                switch effect {
                case .redraw: "screen"
                case .showBraille: "braille"
                case .speak: "speech"
                default: nil
                }
            }
        }
        var engine = makeEngine(screenWidth: 60, wordDelivery: speechOnScreen ? .screenLine : .speech)
        let start = order(engine.send([.brailleWidth(40), .start], at: .zero))
        #expect(start == (speechOnScreen ? ["screen", "braille"] : ["braille", "screen", "speech"]))
        let key = order(engine.send(.bytes(Array("\u{1B}[C".utf8)), at: .milliseconds(10)))
        #expect(key == (speechOnScreen ? ["screen", "braille"] : ["screen", "braille", "speech"]))
    }

    @Test func onlyTheWordsLineChangesAsTextWhenAValueChanges() {
        var engine = makeEngine(screenWidth: 60, wordDelivery: .screenLine)
        _ = engine.send(.start, at: .zero)
        let before = engine.screenFrame.lines.map(screenReaderText)
        _ = engine.send(.bytes(Array("\u{1B}[C".utf8)), at: .milliseconds(1))
        let after = engine.screenFrame.lines.map(screenReaderText)
        #expect(after.first == "11")
        // Below the words: the label, the track (colours only), the hint; the same text as before.
        #expect(after.suffix(3) == before.suffix(3))
        #expect(after.suffix(3).first == "Price")
        #expect(after.contains("Price") && !after.contains { $0.contains("11 to 90") })
    }

    /// For a screen reader's user the pointer has what it has without one: the track (drawn in
    /// colours only) takes a press, and a stepper's + and - lines, text that never changes, step.
    @Test func thePointerWorksOnTheQuietScreen() throws {
        func press(_ row: Int, _ column: Int) -> EngineEvent {
            .bytes(Array("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m".utf8))
        }
        var slider = makeEngine(screenWidth: 60, wordDelivery: .screenLine)
        _ = slider.send(.start, at: .zero)
        let track = try #require(slider.screenFrame.lines.firstIndex { screenReaderText($0) == "Price" }) + 1
        _ = slider.send(press(track, 30), at: .milliseconds(10))
        #expect(slider.panels[0].values[0] == 10 && (45...55).contains(slider.panels[0].values[1]))

        var stepper = makeEngine([.defaultStepper()], screenWidth: 60, wordDelivery: .screenLine)
        _ = stepper.send(.start, at: .zero)
        let before = stepper.screenFrame.lines.map(screenReaderText)
        let plus = try #require(before.firstIndex { $0 == "  +" })
        _ = stepper.send(press(plus, 2), at: .milliseconds(10))
        #expect(stepper.panels[0].values == [2])
        // The words above are shorter now ("2"): the buttons moved up with them.
        let after = stepper.screenFrame.lines.map(screenReaderText)
        let minus = try #require(after.firstIndex { $0 == "  -" })
        _ = stepper.send(press(minus, 2), at: .milliseconds(20))
        #expect(stepper.panels[0].values == [1])
        // Below the words line, nothing changed as text.
        #expect(stepper.screenFrame.lines.map(screenReaderText).suffix(4) == before.suffix(4))
    }

    @Test func theSameWordsAgainAreWrittenAgain() {
        var engine = makeEngine(screenWidth: 60, wordDelivery: .screenLine)
        _ = engine.send(.start, at: .zero)
        let home: [UInt8] = Array("\u{1B}[H".utf8), left: [UInt8] = Array("\u{1B}[D".utf8)
        _ = engine.send(.bytes(home), at: .milliseconds(1))
        _ = engine.send(.bytes(left), at: .milliseconds(2))
        #expect(engine.screenFrame.lines.first == "0, blocked, end of track")
        let again = engine.send(.bytes(left), at: .milliseconds(3))
        let firstLines = again.compactMap { if case .redraw(let frame) = $0 { frame.lines.first } else { nil } }
        #expect(firstLines == ["", "0, blocked, end of track"])
    }

    /// With Orca the control speaks and the cursor never moves from the top left, where nothing
    /// comes before it in the terminal's text: Orca echoes a caret only when its offset changes.
    @Test func withOrcaTheEngineSpeaksAndTheCursorStaysStill() throws {
        var engine = makeEngine([.priceSlider(), .defaultStepper()], screenWidth: 60, wordDelivery: .speechWithStillCursor)
        _ = engine.send(.start, at: .zero)
        #expect(engine.screenFrame.cursor == (0, 0))
        var spoken: [String] = []
        for (index, key) in ["\u{1B}[C", "\u{1B}[H", "\u{1B}[F", "\t", "\u{1B}[A", "4"].enumerated() {
            spoken += engine.send(.bytes(Array(key.utf8)), at: .milliseconds(10 * Int64(index + 1))).utterances.map(\.text)
            #expect(engine.screenFrame.cursor == (0, 0), "after \(key.debugDescription)")
        }
        #expect(spoken.prefix(3) == ["11", "0, end of track", "90, meets upper"])
        #expect(engine.screenFrame.lines.first?.contains("Price: 90 to 91") == true, "\(engine.screenFrame.lines)")
        // A reader that ends: the cursor follows the focused control again, and nothing is said.
        #expect(engine.send(.wordDelivery(.speech), at: .milliseconds(100)).utterances.isEmpty)
        #expect(engine.screenFrame.cursor != (0, 0))
    }

    /// The reader that read the words line ends: the control speaks, says so and where it stands,
    /// and the screen's words line is gone.
    @Test func whenTheReaderOfTheWordsEndsTheControlSpeaks() {
        var engine = makeEngine(screenWidth: 60, wordDelivery: .screenLine)
        _ = engine.send(.start, at: .zero)
        _ = engine.send(.bytes(Array("\u{1B}[C".utf8)), at: .milliseconds(1))
        let ended = engine.send(.wordDelivery(.speech), at: .milliseconds(2))
        #expect(ended.utterances.map(\.text) == ["screen reader ended, speaking myself",
                                                  "Price, range slider, 11 to 90, of 0 to 100. lower, horizontal slider, 11, from 0 to 90"])
        #expect(engine.screenFrame.lines.first?.contains("Price: 11 to 90") == true)
        #expect(engine.send(.bytes(Array("\u{1B}[C".utf8)), at: .milliseconds(3)).utterances.map(\.text) == ["12"])
    }

    @Test func withoutAScreenReaderTheEngineSpeaksAndTheScreenHasNoWordsLine() {
        var engine = makeEngine(screenWidth: 60, wordDelivery: .speech)
        #expect(engine.send(.bytes(Array("\u{1B}[C".utf8)), at: .zero).utterances.map(\.text) == ["11"])
        #expect(engine.screenFrame.lines.first?.contains("Price: 11 to 90") == true)
    }

}
