import Testing
@testable import A11yInput
@testable import A11yModel
@testable import A11ySession
import A11yTestSupport

/// The keyboard-protocol query answered in the key stream: the session can write the query, show
/// the first braille frame and speak at once, and learn the answer from the engine later.
@Suite struct KeyboardProtocolAnswerTests {
    @Test func aFlagsReplyBeforeTheDeviceAttributesMeansSupportedAndKeysBetweenCount() throws {
        var engine = makeEngine(holdDetection: .repeatedPresses)
        _ = engine.send(.start, at: .zero)
        #expect(engine.kittyKeyboardAnswer == nil)
        let effects = engine.send(.bytes(Array("\u{1B}[?0u\u{1B}[C\u{1B}[?62;22c".utf8)), at: .milliseconds(5))
        #expect(engine.kittyKeyboardAnswer == true)
        #expect(effects.utterances.map(\.text) == ["11"])
        engine.setHoldDetection(.releaseEvents)
        #expect(engine.holdDetection == .releaseEvents)
    }

    @Test func theDeviceAttributesAloneMeanNotSupported() throws {
        var engine = makeEngine(holdDetection: .repeatedPresses)
        _ = engine.send(.bytes(Array("\u{1B}[?1;2c".utf8)), at: .zero)
        #expect(engine.kittyKeyboardAnswer == false)
        // A later flags reply (another query's) does not change the answer.
        _ = engine.send(.bytes(Array("\u{1B}[?1u\u{1B}[?1;2c".utf8)), at: .milliseconds(5))
        #expect(engine.kittyKeyboardAnswer == false)
    }
}
