import Testing
@testable import A11yControls
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
import A11yTestSupport

/// The engine as a reducer, event by event, with every state change and effect stated
/// (`EngineTestStore`): no terminal, no server, no sleeping.
@Suite struct EngineReducerTests {
    static let press = Array("\u{1B}[1;1:1C".utf8), release = Array("\u{1B}[1;1:3C".utf8)

    func store(detection: AutoRepeat.HoldDetection = .releaseEvents) -> EngineTestStore {
        EngineTestStore(makeEngine(holdDetection: detection))
    }

    @Test func startShowsBrailleFirstThenSpeaksTheIntroduction() throws {
        var store = store()
        store.send(.brailleWidth(20), at: ms(0), [.braille("Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90"), .redraw]) { $0.brailleWidth = 20 }
        store.send(.start, at: ms(0), [.say("Price, range slider, 10 to 90, of 0 to 100. lower, horizontal slider, 10, from 0 to 90. Press question mark for help.")])
    }

    /// The session's start: the display's preferences, contractions and width, then `.start`,
    /// as one change: the first braille frame before the screen and the introduction.
    @Test func theSessionsStartIsOneChangeWithBrailleFirst() throws {
        var engine = makeEngine(holdDetection: .releaseEvents)
        let effects = engine.send([.braillePreferences(BraillePreferences()), .brailleContractions([:]), .brailleWidth(20), .start],
                                  at: ms(0)).map(ExpectedEffect.init)
        #expect(effects == [ExpectedEffect.braille("Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90"), .redraw,
                            .say("Price, range slider, 10 to 90, of 0 to 100. lower, horizontal slider, 10, from 0 to 90. Press question mark for help.")])
    }

    @Test func aHoldStepsOnTicksAndItsReleaseSaysNothingMore() throws {
        var store = store()
        store.send(.brailleWidth(20), at: ms(0), [.braille("Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90"), .redraw]) { $0.brailleWidth = 20 }
        store.send(.bytes(Self.press), at: ms(10), [.redraw, .braille("Price 11 ⣀⣧⣤⣤⣤⣤⣤⣆ 90"), .say("11"), .changed(panel: 0, 11, .moved)]) {
            $0.values = [[11, 90]]
        }
        #expect(store.engine.nextDeadline == ms(410))
        store.send(.tick, at: ms(409))
        store.send(.tick, at: ms(410), [.redraw, .braille("Price 12 ⣀⣧⣤⣤⣤⣤⣤⣆ 90"), .say("12"),
                                       .changed(panel: 0, 11, .interaction(began: true)), .changed(panel: 0, 12, .moved)]) {
            $0.values = [[12, 90]]
            $0.isHolding = true
        }
        // The release says nothing; the screen draws the handle as not held any more.
        store.send(.bytes(Self.release), at: ms(450), [.redraw, .changed(panel: 0, 12, .interaction(began: false))]) { $0.isHolding = false }
        #expect(store.engine.nextDeadline == nil)
        store.send(.tick, at: ms(5000))
    }

    @Test func aSpeechNoticeCoversTheBrailleLineForTwoSecondsOrUntilAKey() throws {
        var store = store()
        store.send(.brailleWidth(20), at: ms(0), [.braille("Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90"), .redraw]) { $0.brailleWidth = 20 }
        store.send(.device(.speechLost), at: ms(1000), [.braille("speech lost         ")]) { $0.brailleNotice = "speech lost" }
        #expect(store.engine.nextDeadline == ms(3000))
        store.send(.tick, at: ms(2999))
        store.send(.tick, at: ms(3000), [.braille("Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90")]) { $0.brailleNotice = nil }
        store.send(.device(.speechBack), at: ms(4000), [.braille("speech back         ")]) { $0.brailleNotice = "speech back" }
        store.send(.brailleKey(.lineDown), at: ms(4100), [.redraw, .braille("Price 9 ⣀⣧⣤⣤⣤⣤⣤⣴⣀ 90"), .say("9"), .changed(panel: 0, 9, .moved)]) {
            $0.brailleNotice = nil
            $0.values = [[9, 90]]
        }
    }

    @Test func aLostDisplayIsSpokenAndADisplayOfAnotherWidthGetsTheLineAgain() throws {
        var store = store()
        store.send(.brailleWidth(20), at: ms(0), [.braille("Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90"), .redraw]) { $0.brailleWidth = 20 }
        store.send(.brailleWidth(0), at: ms(10), [.braille(nil)]) { $0.brailleWidth = 0 }
        store.send(.device(.brailleLost), at: ms(10), [.say("braille display lost", .message)])
        store.send(.brailleWidth(12), at: ms(900), [.braille("10 ⣸⣤⣤⣤⣤⣆ 90")]) { $0.brailleWidth = 12 }
        store.send(.device(.brailleBack), at: ms(900), [.say("braille display back", .message)])
        store.send(.brailleKey(.panLeft), at: ms(1000), [.braille("Price 10 ⣸⣤⣤")]) { $0.panOffset = 0 }
        // A change brings the focused handle back into view.
        store.send(.brailleKey(.lineDown), at: ms(1100), [.redraw, .braille("9 ⣸⣤⣤⣤⣤⣤⣆ 90"), .say("9"), .changed(panel: 0, 9, .moved)]) {
            $0.values = [[9, 90]]
            $0.panOffset = nil
        }
    }

    /// A notice of the braille display is a `.message`, which speech-dispatcher lets cancel the
    /// `.text` it is saying or still holds: said soon after a key, the key's words are said
    /// again after it (once for each notice); long after the key, or with the words on the
    /// screen instead of a voice, they are not.
    @Test func aBrailleNoticeSoonAfterAKeySaysTheKeysWordsAgainAfterIt() throws {
        var store = store()
        store.send(.brailleWidth(20), at: ms(0), [.braille("Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90"), .redraw]) { $0.brailleWidth = 20 }
        store.send(.bytes(Self.press), at: ms(10), [.redraw, .braille("Price 11 ⣀⣧⣤⣤⣤⣤⣤⣆ 90"), .say("11"), .changed(panel: 0, 11, .moved)]) {
            $0.values = [[11, 90]]
        }
        store.send(.bytes(Self.release), at: ms(50))
        store.send(.device(.brailleNotAnswering), at: ms(600), [.say("braille display not answering", .message), .say("11")])
        #expect(store.engine.lastUtterance?.isRestatement == true)
        store.send(.device(.brailleBack), at: ms(1500), [.say("braille display back", .message), .say("11")])
        store.send(.device(.brailleLost), at: ms(5000), [.say("braille display lost", .message)])

        var onScreen = makeEngine(wordDelivery: .screenLine)
        _ = onScreen.send([.brailleWidth(20), .bytes(Array("\u{1B}[C".utf8))], at: ms(10))
        #expect(onScreen.lastUtterance?.text == "11")
        _ = onScreen.send([.device(.brailleNotAnswering)], at: ms(600))
        #expect(onScreen.lastUtterance?.text == "braille display not answering")
    }

    @Test func aTypedNumberShowsOnBrailleAndALoneEscapeCancelsItAfterTheTimeout() throws {
        var store = store()
        store.send(.brailleWidth(20), at: ms(0), [.braille("Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90"), .redraw]) { $0.brailleWidth = 20 }
        store.send(.bytes(Array("4".utf8)), at: ms(10), [.redraw, .braille("lower: 4            "), .say("4")]) { $0.entry = "4" }
        store.send(.bytes([0x1B]), at: ms(20))
        store.send(.tick, at: ms(20) + KeyDecoder.recommendedEscapeTimeout - ms(1))
        store.send(.tick, at: ms(20) + KeyDecoder.recommendedEscapeTimeout,
                   [.redraw, .braille("Price 10 ⣀⣧⣤⣤⣤⣤⣤⣆ 90"), .say("entry cancelled")]) { $0.entry = nil }
        store.send(.bytes(Array("45\r".utf8)), at: ms(500),
                   [.redraw, .braille("Price 45 ⣀⣀⣀⣸⣤⣤⣤⣆ 90"), .say("4"), .say("5"), .say("45"), .changed(panel: 0, 45, .moved)]) { $0.values = [[45, 90]] }
    }

    @Test func acceptingFinishesOnceAndNothingFollows() throws {
        var store = store()
        store.send(.bytes([0x0D]), at: ms(0), [.redraw, .say("10 to 90, accepted", .message), .finish(.accepted)]) {
            $0.outcome = .accepted
        }
        store.send(.bytes(Array("\u{1B}[C\r".utf8)), at: ms(10))
        store.send(.interrupt, at: ms(20))
    }

    @Test func endOfInputResolvesAPendingEscapeThenCancels() throws {
        var store = store(detection: .none)
        store.send(.bytes([0x1B]), at: ms(0), [.redraw])
        store.send(.endOfInput, at: ms(1), [.say("cancelled", .message), .finish(.cancelled)]) { $0.outcome = .cancelled }
    }

    @Test func anInterruptEndsTheSession() throws {
        var store = store()
        store.send(.interrupt, at: ms(0), [.redraw, .say("cancelled", .message), .finish(.interrupted)]) { $0.outcome = .interrupted }
    }
}
