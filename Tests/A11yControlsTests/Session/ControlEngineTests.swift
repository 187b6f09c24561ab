import Testing
import A11yControls
import A11yOptions
import A11yTestSupport

@Suite struct ControlEngineTests {
    static let right: [UInt8] = Array("\u{1B}[C".utf8)
    static let left: [UInt8] = Array("\u{1B}[D".utf8)
    static let up: [UInt8] = Array("\u{1B}[A".utf8)
    static let tab: [UInt8] = [0x09]
    static let enter: [UInt8] = [0x0D]

    @Test func keysChangeValuesAndSayThem() {
        var engine = makeEngine()
        #expect(engine.start().map(\.text) == ["Price, range slider, 10 to 90, of 0 to 100. lower, horizontal slider, 10, from 0 to 90. Press question mark for help."])
        #expect(engine.feed(Self.right, at: ms(0)).map(\.text) == ["11"])
        #expect(engine.feed(Self.right + Self.right, at: ms(10)).map(\.text) == ["12", "13"])
        #expect(engine.feed(Self.tab + Self.left, at: ms(20)).map(\.text) == ["upper, horizontal slider, 90, from 13 to 100", "89"])
        #expect(engine.panels[0].values == [13, 89])
        #expect(engine.feed(Self.enter, at: ms(30)) == [Utterance("13 to 89, accepted", priority: .message)])
        #expect(engine.outcome == .accepted)
        #expect(engine.feed(Self.right, at: ms(40)).isEmpty)
    }

    /// Under Orca with the result line printed on its terminal, Enter says "accepted" alone (Orca
    /// reads the values from the line); cancelling is said as always, and the values are accepted.
    @Test func aReaderThatReadsTheResultLineHearsTheAcceptedValuesOnlyFromIt() {
        var engine = makeEngine(wordDelivery: .speechWithStillCursor)
        engine.resultLineReadByReader = true
        _ = engine.start()
        #expect(engine.feed(Self.right, at: ms(0)).map(\.text) == ["11"])
        #expect(engine.feed(Self.enter, at: ms(10)) == [Utterance("accepted", priority: .message)])
        #expect(engine.outcome == .accepted)
        #expect(engine.panels[0].values == [11, 90])
        var cancelling = makeEngine(wordDelivery: .speechWithStillCursor)
        cancelling.resultLineReadByReader = true
        _ = cancelling.start()
        #expect(cancelling.feed(Array("q".utf8), at: ms(0)).map(\.text) == ["cancelled"])
    }

    @Test func splitSequencesAndTheLoneEscapeTimeout() {
        var engine = makeEngine()
        #expect(engine.feed([0x1B], at: ms(0)).isEmpty)
        #expect(engine.nextDeadline == KeyDecoder.recommendedEscapeTimeout)
        #expect(engine.feed(Array("[C".utf8), at: ms(5)).map(\.text) == ["11"])
        #expect(engine.outcome == nil && engine.nextDeadline == nil)
        #expect(engine.feed([0x1B], at: ms(10)).isEmpty)
        #expect(engine.tick(at: ms(50)).isEmpty)
        #expect(engine.tick(at: ms(10) + KeyDecoder.recommendedEscapeTimeout).map(\.text) == ["cancelled"])
        #expect(engine.outcome == .cancelled)
    }

    @Test func endOfScriptedInputCancelsUnlessAccepted() {
        var engine = makeEngine()
        _ = engine.feed(Self.right, at: ms(0))
        #expect(engine.endOfInput(at: ms(1)).map(\.text) == ["cancelled"])
        #expect(engine.outcome == .cancelled)
    }

    @Test func holdOnALegacyTerminalStepsAtTheControlsIntervalAndStopsWhenRepeatsStop() {
        var engine = makeEngine(holdDetection: .repeatedPresses)
        var said: [String] = []
        // The OS repeats every 33 ms after its own 500 ms delay, for 1.5 s in all.
        said += engine.feed(Self.right, at: ms(0)).map(\.text)
        var t = 500
        while t <= 1500 {
            said += engine.feed(Self.right, at: ms(t)).map(\.text)
            t += 33
        }
        #expect(engine.panels[0].isInteracting)
        // Released: the repeats stop; the hold ends at its deadline (a step may fall due first).
        var wakeUps = 0
        while let deadline = engine.nextDeadline, wakeUps < 5 {
            said += engine.tick(at: deadline).map(\.text)
            wakeUps += 1
        }
        #expect(wakeUps <= 2)
        #expect(!engine.panels[0].isInteracting)
        #expect(engine.nextDeadline == nil)
        // One step for the press, one for the first OS repeat (a tap, 500 ms later), then one per
        // 100 ms of the slider's interval while the repeats last.
        let values = said.compactMap(Int.init)
        #expect(values == Array(11...(10 + values.count)))
        #expect((11...13).contains(values.count))
    }

    @Test func kittyReleaseEndsAHoldAndNothingStaleFollows() {
        var engine = makeEngine(holdDetection: .releaseEvents)
        let press = Array("\u{1B}[1;1:1C".utf8), release = Array("\u{1B}[1;1:3C".utf8)
        #expect(engine.feed(press, at: ms(0)).map(\.text) == ["11"])
        #expect(engine.tick(at: ms(399)).isEmpty)
        #expect(engine.tick(at: ms(400)).map(\.text) == ["12"])
        #expect(engine.tick(at: ms(700)).map(\.text) == ["13", "14", "15"])
        #expect(engine.feed(release, at: ms(750)).isEmpty)
        #expect(engine.nextDeadline == nil)
        #expect(engine.tick(at: ms(5000)).isEmpty)
        #expect(engine.panels[0].values == [15, 90])
    }

    @Test func aHoldStopsAtTheLimit() {
        var engine = makeEngine(holdDetection: .releaseEvents)
        _ = engine.feed(Array("\u{1B}[1;1:1D".utf8), at: ms(0))
        var said: [String] = []
        for t in stride(from: 400, through: 3000, by: 100) { said += engine.tick(at: ms(t)).map(\.text) }
        #expect(said.last == "0, end of track")
        #expect(said.filter { $0.contains("end of track") }.count == 1)
        #expect(engine.nextDeadline == nil)
    }

    @Test func numericEntryCommitsOrSaysWhy() {
        var engine = makeEngine()
        #expect(engine.feed(Array("95".utf8), at: ms(0)).map(\.text) == ["9", "5"])
        #expect(engine.feed(Self.enter, at: ms(1)).map(\.text) == ["95 rejected, above the maximum, 90"])
        #expect(engine.entry?.text == "95")
        #expect(engine.feed([0x7F], at: ms(2)).map(\.text) == ["9"])
        #expect(engine.feed(Self.enter, at: ms(3)).map(\.text) == ["9"])
        #expect(engine.panels[0].values == [9, 90])
        #expect(engine.outcome == nil)
    }

    @Test func tabMovesAcrossControlsAndKeysFollow() {
        var engine = makeEngine([.priceSlider(), .defaultStepper()])
        #expect(engine.feed(Self.tab + Self.tab, at: ms(0)).map(\.text)
                == ["upper, horizontal slider, 90, from 10 to 100", "value, spin button, 1, from 1 to 99. Press question mark for help."])
        #expect(engine.feed(Self.up, at: ms(1)).map(\.text) == ["2"])
        #expect(engine.feed(Self.tab, at: ms(2)).map(\.text).first?.hasPrefix("Price, range slider") == true)
        #expect(engine.panels[0].focusedHandle == .lower)
        _ = engine.feed(Self.enter, at: ms(3))
        #expect(engine.lastUtterance?.text == "10 to 90 and 2, accepted")
    }

    @Test func routingKeysMoveTheFocusedHandleOrFocusAHandle() {
        var engine = makeEngine()
        engine.setBrailleWidth(20)
        // "Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90": track cells 9...16, 16 positions.
        #expect(engine.brailleFrame?.preview == "Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90")
        #expect(engine.handle(brailleKey: .route(cell: 13), at: ms(0)).map(\.text) == ["53"])   // position 8 of 15
        #expect(engine.handle(brailleKey: .route(cell: 18), at: ms(1)).map(\.text) == ["upper, horizontal slider, 90, from 53 to 100"])
        #expect(engine.handle(brailleKey: .lineDown, at: ms(2)).map(\.text) == ["89"])
        #expect(engine.handle(brailleKey: .route(cell: 0), at: ms(3)).map(\.text) == ["Price, range slider, 53 to 89, of 0 to 100. upper, horizontal slider, 89, from 53 to 100"])
        #expect(engine.handle(brailleKey: .symbol(.enter), at: ms(4)).last?.priority == .message)
        #expect(engine.outcome == .accepted)
    }

    @Test func panningShowsTheRestOnSmallDisplays() {
        var engine = makeEngine()
        engine.setBrailleWidth(12)
        #expect(engine.brailleFrame?.preview == "10 ⣸⣤⣤⣤⣤⣆ 90")
        _ = engine.handle(brailleKey: .panLeft, at: ms(0))
        #expect(engine.brailleFrame?.offset == 0)
        #expect(engine.brailleFrame?.text.hasPrefix("Price 10") == true)
        _ = engine.feed(Self.right, at: ms(1))
        #expect(engine.brailleFrame?.offset == 6)   // a change brings the control back into view
    }
}
