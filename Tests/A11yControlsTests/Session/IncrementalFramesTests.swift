import Testing
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
import A11yTestSupport

/// The engine keeps its screen up to date control by control and builds the braille frame only
/// when its inputs changed: what it sends must always equal the whole frame drawn from scratch,
/// and a key on one of many controls must change only that control's lines.
@Suite struct IncrementalFramesTests {
    static let right = Array("\u{1B}[C".utf8), tab = Array("\t".utf8), digit = Array("5".utf8)

    /// The last frame each kind of effect sent, as a loop that carries them out would hold it.
    struct Shown {
        var screen: ScreenFrame?
        var braille: BrailleFrame??
        var redraws = 0

        mutating func take(_ effects: [EngineEffect]) {
            for effect in effects {
                switch effect {
                case .redraw(let frame): screen = frame; redraws += 1
                case .showBraille(let frame): braille = .some(frame)
                default: break
                }
            }
        }
    }

    @Test(arguments: [(false, false), (true, false), (false, true)])
    func whatIsSentAlwaysEqualsTheWholeFrame(preview: Bool, speechOnScreen: Bool) throws {
        var engine = makeEngine(ControlPanel.alternating(3), screenWidth: 60, preview: preview,
                                wordDelivery: speechOnScreen ? .screenLine : .speech)
        var shown = Shown()
        shown.take(engine.send(.brailleWidth(40), at: .zero))
        shown.take(engine.send(.start, at: .zero))
        let keys = [Self.right, Self.right, Self.tab, Self.tab, Self.right, Self.digit, Self.digit, Array("\r".utf8),
                    Self.tab, Self.tab, Self.right]
        for (index, key) in keys.enumerated() {
            let time = Duration.milliseconds(100 * (index + 1))
            shown.take(engine.send(.bytes(key), at: time))
            #expect(shown.screen == engine.screenFrame, "after key \(index)")
            #expect(shown.braille == .some(engine.brailleFrame), "after key \(index)")
        }
        shown.take(engine.send(.screenWidth(45), at: .seconds(5)))
        #expect(shown.screen == engine.screenFrame)
    }

    @Test func aKeyOnOneOfManyControlsChangesOnlyItsLines() throws {
        var engine = makeEngine(ControlPanel.alternating(100), screenWidth: 60)
        var shown = Shown()
        shown.take(engine.send(.start, at: .zero))
        let before = try #require(shown.screen)
        shown.take(engine.send(.bytes(Self.right), at: .milliseconds(100)))
        let after = try #require(shown.screen)
        let changed = zip(before.lines, after.lines).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(before.lines.count == after.lines.count)
        #expect(!changed.isEmpty && changed.allSatisfy { $0 < 3 }, "rows \(changed)")
        // Nothing changed: nothing is sent.
        let redraws = shown.redraws
        shown.take(engine.send(.tick, at: .milliseconds(200)))
        #expect(shown.redraws == redraws)
    }
}
