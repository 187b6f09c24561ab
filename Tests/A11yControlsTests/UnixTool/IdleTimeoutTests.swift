import Testing
@testable import A11yControls
@testable import A11yInput
@testable import A11ySession
import A11yTestSupport

/// `--timeout`: the engine's idle deadline, and which key cancelled (dialog's 1 or 255).
@Suite struct IdleTimeoutTests {
    @Test func anUntouchedControlTimesOutAtItsDeadline() {
        var engine = makeEngine([.defaultStepper()], idleTimeout: .seconds(2))
        _ = engine.start(at: ms(100))
        #expect(engine.nextDeadline == ms(2100))
        _ = engine.tick(at: ms(2099))
        #expect(engine.outcome == nil)
        #expect(!engine.tick(at: ms(2100)).isEmpty)
        #expect(engine.outcome == .timedOut)
        #expect(engine.nextDeadline == nil)
    }

    @Test func eachKeyStartsTheCountAgain() {
        var engine = makeEngine([.defaultStepper()], idleTimeout: .seconds(1))
        _ = engine.start(at: .zero)
        _ = engine.feed(Array("+".utf8), at: ms(900))
        #expect(engine.nextDeadline == ms(1900))
        _ = engine.tick(at: ms(1500))
        #expect(engine.outcome == nil)
        _ = engine.tick(at: ms(1900))
        #expect(engine.outcome == .timedOut)
        #expect(engine.panels[0].values == [2])
    }

    @Test func withoutATimeoutNothingIsDue() {
        var engine = makeEngine([.defaultStepper()])
        _ = engine.start(at: .zero)
        #expect(engine.nextDeadline == nil)
        _ = engine.tick(at: .seconds(100_000))
        #expect(engine.outcome == nil)
    }

    @Test func escapeAndQAreToldApart() {
        var escape = makeEngine([.defaultStepper()])
        _ = escape.start(at: .zero)
        _ = escape.feed([0x1B], at: ms(0))
        _ = escape.endOfInput(at: ms(1))
        #expect(escape.outcome == .cancelled && escape.cancelledWithEscape)
        var q = makeEngine([.defaultStepper()])
        _ = q.feed(Array("q".utf8), at: ms(0))
        #expect(q.outcome == .cancelled && !q.cancelledWithEscape)
        var ended = makeEngine([.defaultStepper()])
        _ = ended.endOfInput(at: ms(0))
        #expect(ended.outcome == .cancelled && !ended.cancelledWithEscape)
    }
}
