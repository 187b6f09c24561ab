import Testing
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
import A11yInput
import A11yVocabulary

/// `ControlSession` writes the frame `ControlEngine.brailleFrame(after:at:)` worked out for a key
/// as soon as it reads that key, before the engine takes it. That is right only if, while the
/// engine `isSettled`, the key shows exactly that frame whenever it comes: checked here over
/// random sessions (keys, braille keys, notices, holds, typed numbers, several controls).
@Suite struct BrailleFramesAheadTests {
    static let keys: [[UInt8]] = ["\u{1B}[C", "\u{1B}[D", "\u{1B}[A", "\u{1B}[B", "\t", "\u{1B}[Z", "5", "0", "\u{7F}",
                                  "\r", "\u{1B}", "?", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[H", "\u{1B}[F", "x"].map { Array($0.utf8) }
    static let brailleKeys: [BrailleKey] = [.lineUp, .lineDown, .panLeft, .panRight, .route(cell: 3), .route(cell: 14),
                                            .route(cell: 30), .route(cell: 38), .symbol(.right), .symbol(.left)]

    func engine(_ random: inout SeededGenerator) throws -> ControlEngine {
        var panels: [ControlPanel] = []
        for index in 0..<Int.random(in: 1...3, using: &random) {
            panels.append(random.chance(0.5) ? try ControlPanel(slider: RangeSlider(), label: "Price \(index)")
                                             : try ControlPanel(stepper: Stepper()))
        }
        var engine = ControlEngine(panels: panels, locale: .posix,
                                   holdDetection: random.pick([.none, .repeatedPresses, .releaseEvents]), screenWidth: 60)
        if random.chance(0.3) { engine.idleTimeout = .seconds(1) }
        _ = engine.send([.brailleWidth(random.pick([12, 20, 40])), .start], at: .zero)
        return engine
    }

    /// The frame among `effects`: `.some(frame)` when one was shown, nil when none.
    func shown(_ effects: [EngineEffect]) -> BrailleFrame?? {
        for case .showBraille(let frame) in effects { return .some(frame) }
        return nil
    }

    @Test func whatAKeyShowsWhileSettledDoesNotDependOnWhenItComes() throws {
        let seed = SeededGenerator.seedFromEnvironment()
        var random = SeededGenerator(seed: seed)
        var checked = 0
        for _ in 0..<300 {
            var engine = try engine(&random)
            var time = Duration.zero
            for _ in 0..<40 where engine.outcome == nil {
                // Now and then a key the engine is told of ahead of it: its frame, worked out at
                // once, must be what it shows when it comes, however much later.
                if engine.isSettled, random.chance(0.5) {
                    let key = random.pick(Self.keys)
                    let ahead = engine.brailleFrame(after: key, at: time)
                    time += .milliseconds(Int.random(in: 0...3000, using: &random))
                    let came = shown(engine.send(.bytes(key), at: time))
                    #expect(came == ahead, "seed \(seed): key \(key) at \(time)")
                    checked += 1
                    continue
                }
                time += .milliseconds(random.pick([5, 30, 100, 130, 400, 700]))
                switch Int.random(in: 0..<10, using: &random) {
                case 0: _ = engine.send(.brailleKey(random.pick(Self.brailleKeys)), at: time)
                case 1: _ = engine.send(.device(random.pick(DeviceStatus.allCases)), at: time)
                case 2: _ = engine.send(.tick, at: time)
                default: _ = engine.send(.bytes(random.pick(Self.keys)), at: time)
                }
            }
        }
        // Enough of the checks came while the engine was settled to mean something.
        #expect(checked > 1000, "seed \(seed): only \(checked) keys were worked out ahead")
    }

    @Test func aHeldKeyALoneEscapeAndANoticeAreNotSettled() throws {
        var engine = ControlEngine(panels: [try ControlPanel(slider: RangeSlider(), label: "Price")], locale: .posix,
                                   holdDetection: .repeatedPresses)
        _ = engine.send([.brailleWidth(40), .start], at: .zero)
        #expect(engine.isSettled)
        // A press on a legacy terminal may be the start of a hold for 120 ms.
        _ = engine.send(.bytes(Array("\u{1B}[C".utf8)), at: .milliseconds(100))
        #expect(!engine.isSettled)
        _ = engine.send(.tick, at: .milliseconds(300))
        #expect(engine.isSettled)
        // A lone Escape waits for the rest of a sequence.
        _ = engine.send(.bytes([0x1B]), at: .milliseconds(400))
        #expect(!engine.isSettled)
        _ = engine.send(.bytes(Array("[D".utf8)), at: .milliseconds(410))
        _ = engine.send(.tick, at: .milliseconds(700))
        #expect(engine.isSettled)
        // A notice on the display ends by itself.
        _ = engine.send(.device(.speechLost), at: .milliseconds(800))
        #expect(engine.brailleNotice != nil)
        #expect(!engine.isSettled)
    }
}
