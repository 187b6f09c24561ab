import Testing
import A11yControls
import A11yTestSupport

/// "Where am I" on the braille display, and BRLTTY's preferences followed by the engine.
@Suite struct BrailleWhereAmITests {
    /// An engine on a "Price" slider, started on a display of `width` cells.
    func startedEngine(width: Int) -> ControlEngine {
        var engine = makeEngine(holdDetection: .releaseEvents)
        _ = engine.send(.brailleWidth(width), at: .zero)
        _ = engine.send(.start, at: .zero)
        return engine
    }

    @Test func routingOverTheLabelShowsLabelValuesAndBoundsUntilTheNextKey() throws {
        var engine = startedEngine(width: 40)
        let effects = engine.send(.brailleKey(.route(cell: 1)), at: .milliseconds(10))
        #expect(effects.contains(.showBraille(engine.brailleFrame)))
        #expect(engine.brailleFrame?.text.hasPrefix("Price: lower 10, upper 90 (0..100)") == true)
        // A key other than panning brings the control back, and acts as usual.
        _ = engine.send(.brailleKey(.lineUp), at: .milliseconds(20))
        #expect(engine.brailleFrame?.text.hasPrefix("Price 11 ") == true)
        // Space shows it too; a routing key only ends it.
        _ = engine.send(.bytes([0x20]), at: .milliseconds(30))
        #expect(engine.brailleFrame?.text.hasPrefix("Price: lower 11") == true)
        _ = engine.send(.brailleKey(.route(cell: 20)), at: .milliseconds(40))
        #expect(engine.panels[0].values == [11, 90])
        #expect(engine.brailleFrame?.text.hasPrefix("Price 11 ") == true)
    }

    @Test func aStatusLongerThanTheDisplayIsPanned() throws {
        var engine = startedEngine(width: 12)
        _ = engine.send(.bytes([0x20]), at: .milliseconds(10))
        #expect(engine.brailleFrame?.text == "Price: lower")
        _ = engine.send(.brailleKey(.panRight), at: .milliseconds(20))
        #expect(engine.brailleFrame?.text == " 10, upper 9")
        _ = engine.send(.brailleKey(.panRight), at: .milliseconds(30))
        _ = engine.send(.brailleKey(.panRight), at: .milliseconds(40))
        #expect(engine.brailleFrame?.text == " 90 (0..100)")
        _ = engine.send(.brailleKey(.panLeft), at: .milliseconds(50))
        #expect(engine.brailleFrame?.text.hasPrefix("Price") == false)
    }

    @Test func sixDotPreferencesRedrawTheTrackAtOnce() throws {
        var engine = startedEngine(width: 20)
        #expect(engine.brailleFrame?.preview == "Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90")
        let effects = engine.send(.braillePreferences(BraillePreferences(computerBrailleCellSize: 6)), at: .milliseconds(10))
        #expect(engine.brailleFrame?.preview == "Price 10 ⠤⠷⠶⠶⠶⠶⠶⠥ 90")
        #expect(effects.contains(.showBraille(engine.brailleFrame)))
    }

    /// Six-dot cells and contracted labels, told together (the session's start, or BRLTTY's
    /// preferences changed): one frame as both leave the line, not one for each on the way.
    @Test func preferencesAndContractionsTogetherShowOneFrame() throws {
        let contracted = ContractedText(text: [" ", " "], dots: [0b10_1110, 0b0_1111], sourceIndex: [0, 1])
        let events: [EngineEvent] = [.braillePreferences(BraillePreferences(computerBrailleCellSize: 6, literaryBraille: true)),
                                     .brailleContractions(["Price": contracted])]
        var stepwise = startedEngine(width: 20)
        let frames = events.flatMap { stepwise.send($0, at: .milliseconds(10)) }.filter { if case .showBraille = $0 { true } else { false } }
        #expect(frames.count == 2)
        var together = startedEngine(width: 20)
        let effects = together.send(events, at: .milliseconds(10))
        #expect(effects.filter { if case .showBraille = $0 { true } else { false } } == [.showBraille(stepwise.brailleFrame)])
        #expect(together.brailleFrame?.preview == stepwise.brailleFrame?.preview)
    }

    @Test func contractedLabelsAreLaidOutAsDotsWithTheirRouting() throws {
        var engine = startedEngine(width: 20)
        let the: UInt8 = 0b10_1110
        let contracted = ContractedText(text: [" ", " "], dots: [the, 0b0_1111], sourceIndex: [0, 1])
        _ = engine.send(.brailleContractions(["Price": contracted]), at: .milliseconds(10))
        let frame = try #require(engine.brailleFrame)
        #expect(frame.dots.prefix(2).map(\.rawValue) == [the, 0b0_1111])
        #expect(frame.text.hasPrefix("   10 "))
        #expect(frame.routing.prefix(3).allSatisfy { $0 == .status })
    }
}
