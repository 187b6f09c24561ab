import Testing
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
import A11yInput
import A11yTestSupport
import A11yVocabulary

/// `ControlSession` carries out the effects `ControlEngine.forecast(after:at:)` worked out for a
/// key as soon as it reads that key, before the engine takes it. That is right only if the key
/// hands over exactly those effects whenever it comes before the forecast ends: checked here over
/// random sessions (keys, braille keys, notices, holds, typed numbers, several controls, the
/// screen reader's mode).
@Suite struct KeyForecastTests {
    static let keys: [[UInt8]] = ["\u{1B}[C", "\u{1B}[D", "\u{1B}[A", "\u{1B}[B", "\t", "\u{1B}[Z", "5", "0", "\u{7F}",
                                  "\r", "\u{1B}", "?", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[H", "\u{1B}[F", "x"].map { Array($0.utf8) }
    static let brailleKeys: [BrailleKey] = [.lineUp, .lineDown, .panLeft, .panRight, .route(cell: 3), .route(cell: 14),
                                            .route(cell: 30), .route(cell: 38), .symbol(.right), .symbol(.left)]

    /// An engine on 1 to 3 controls with options of `random`'s choosing, started.
    func randomEngine(_ random: inout SeededGenerator) -> ControlEngine {
        var panels: [ControlPanel] = []
        for index in 0..<Int.random(in: 1...3, using: &random) {
            panels.append(random.chance(0.5) ? .priceSlider(label: "Price \(index)") : .defaultStepper())
        }
        var engine = makeEngine(panels, holdDetection: random.pick([.none, .repeatedPresses, .releaseEvents]), screenWidth: 60,
                                preview: random.chance(0.2), wordDelivery: random.chance(0.2) ? .screenLine : .speech)
        if random.chance(0.3) { engine.idleTimeout = .seconds(1) }
        _ = engine.send([.brailleWidth(random.pick([12, 20, 40])), .start], at: .zero)
        return engine
    }

    @Test func aKeyDoesWhatWasForecastWheneverItComesBeforeTheForecastEnds() throws {
        let seed = SeededGenerator.seedFromEnvironment()
        var random = SeededGenerator(seed: seed)
        var checked = 0, holding = 0
        for _ in 0..<300 {
            var engine = randomEngine(&random)
            var time = Duration.zero
            for _ in 0..<40 where engine.outcome == nil {
                // Now and then a key is forecast: when it comes before the forecast ends, it
                // hands over exactly the effects forecast, whenever that is.
                let key = random.pick(Self.keys)
                if random.chance(0.5), let forecast = engine.forecast(after: key, at: time) {
                    let window = forecast.until.map { $0 - time } ?? .seconds(3)
                    let later = Duration.nanoseconds(Int64.random(in: 0..<max(1, Int64(window.components.seconds) * 1_000_000_000
                        + window.components.attoseconds / 1_000_000_000), using: &random))
                    if forecast.until != nil { holding += 1 }
                    time += later
                    let came = engine.send(.bytes(key), at: time).outputs
                    #expect(came == forecast.effects, "seed \(seed): key \(key) at \(time)")
                    checked += 1
                    continue
                }
                time += .milliseconds(random.pick([5, 30, 100, 130, 400, 700]))
                switch Int.random(in: 0..<10, using: &random) {
                case 0: _ = engine.send(.brailleKey(random.pick(Self.brailleKeys)), at: time)
                case 1: _ = engine.send(.device(random.pick(DeviceStatus.allCases)), at: time)
                case 2: _ = engine.send(.tick, at: time)
                default: _ = engine.send(.bytes(key), at: time)
                }
            }
        }
        // Enough forecasts, and enough of them while something was due, to mean something.
        #expect(checked > 1000 && holding > 100, "seed \(seed): \(checked) forecasts, \(holding) with an end")
    }

    @Test func aPressOfTheHeldKeyIsNotForecastOnALegacyTerminal() throws {
        let right = Array("\u{1B}[C".utf8), left = Array("\u{1B}[D".utf8)
        var engine = makeEngine(holdDetection: .repeatedPresses)
        _ = engine.send([.brailleWidth(40), .start], at: .zero)
        #expect(engine.forecast(after: right, at: .zero)?.until == nil)
        // Right again within 120 ms is the OS repeating it (no step), later a new tap (a step).
        _ = engine.send(.bytes(right), at: .milliseconds(100))
        #expect(engine.forecast(after: right, at: .milliseconds(101)) == nil)
        // Left ends the hold whenever it comes: forecast until the hold would end anyway.
        let forecast = try #require(engine.forecast(after: left, at: .milliseconds(101)))
        #expect(forecast.until == .milliseconds(220))
        let frames = forecast.effects.compactMap { if case .showBraille(let frame) = $0 { frame } else { nil } }
        #expect(frames.count == 1 && frames.first?.text.hasPrefix("Price 10 ") == true)
        #expect(forecast.effects.utterances.map(\.text) == ["10"])
        // A lone Escape waits for the rest of a sequence: not one key yet.
        _ = engine.send(.tick, at: .milliseconds(300))
        #expect(engine.forecast(after: [0x1B], at: .milliseconds(300)) == nil)
        // Bytes that are two keys are not forecast.
        #expect(engine.forecast(after: right + right, at: .milliseconds(300)) == nil)
        // Keys that end the session or move to another control are not forecast.
        #expect(engine.forecast(after: Array("\r".utf8), at: .milliseconds(300)) == nil)
    }
}
