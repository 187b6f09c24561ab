import A11yInput
import A11yPresentation

/// The keys a user taps again and what each would do, worked out while the loop waits, so that
/// when one comes its braille frame, screen and words go out as soon as it is read (key ->
/// braille is then a read, a compare and the write) and the engine takes the key a moment later
/// (`ControlEngine.forecast(after:at:)` says what a key would do; `ControlSession` carries it out).
struct KeyForecasts {
    /// A key whose effects were carried out from its forecast, that the engine has not taken yet.
    struct CarriedOutKey {
        var bytes: [UInt8]
        /// When it was read: the time the engine takes it at.
        var at: Duration
        /// The effects carried out.
        var effects: [EngineEffect]
    }

    /// How long the engine leaves a key carried out from its forecast before taking it: the
    /// servers woken by the outputs (BRLTTY, the terminal, speech-dispatcher) have the CPU
    /// first, so every output of the key comes sooner than if the engine took the key before
    /// carrying it out.
    static let catchUpDelay: Duration = .milliseconds(1)

    /// The keys that last changed the braille display (the last two different ones, the latest
    /// first): the keys a user taps again (Right, Right, ...; Right, Left, ...).
    private(set) var recentKeys: [[UInt8]]
    /// What those keys would do.
    private var forecasts: [(bytes: [UInt8], forecast: KeyForecast)] = []
    /// The engine change (a count of events sent to it) the forecasts were worked out on.
    private var workedOutOn = -1
    /// The key carried out and not yet taken by the engine.
    private(set) var untaken: CarriedOutKey?
    /// How many keys were carried out from their forecast.
    private(set) var keysForeseen = 0

    /// Before any key, the keys a user most likely presses first on a control of `kind`.
    init(startingWith kind: ControlKind) {
        recentKeys = Self.likelyFirstKeys(for: kind)
    }

    /// The two keys a user most likely presses first: the focused control's own axis (Right and
    /// Left on a slider, Up and Down on a stepper) as a terminal sends them in its usual cursor
    /// mode. So their first presses are foreseen too, and do not take the engine's whole, slower
    /// way to the display.
    static func likelyFirstKeys(for kind: ControlKind) -> [[UInt8]] {
        let keys: [Key] = kind == .stepper ? [.up, .down] : [.right, .left]
        return keys.compactMap { key in KeySequences.table.first { $0.key == key && $0.modifiers.isEmpty }?.bytes }
    }

    /// When the engine should take the key carried out.
    var catchUpDue: Duration? { untaken.map { $0.at + Self.catchUpDelay } }

    /// A key that changed the braille display becomes a recent key.
    mutating func note(_ bytes: [UInt8]) {
        guard bytes.count <= 32 else { return }
        recentKeys.removeAll { $0 == bytes }
        recentKeys.insert(bytes, at: 0)
        recentKeys.removeLast(max(0, recentKeys.count - 2))
    }

    /// What each recent key would do to `engine` (at change number `change`) at `time`, and
    /// the frames they would show, to be made ready for their outputs; nil when the forecasts
    /// are those of this change already, or a key carried out is not taken yet.
    mutating func workOut(on engine: ControlEngine, change: Int, at time: Duration) -> (braille: [BrailleFrame], screen: [ScreenFrame])? {
        guard untaken == nil, workedOutOn != change else { return nil }
        workedOutOn = change
        forecasts.removeAll(keepingCapacity: true)
        for bytes in recentKeys {
            if let forecast = engine.forecast(after: bytes, at: time) { forecasts.append((bytes, forecast)) }
        }
        var brailleFrames: [BrailleFrame] = [], screenFrames: [ScreenFrame] = []
        for effect in forecasts.lazy.flatMap(\.forecast.effects) {
            if case .showBraille(let frame?) = effect { brailleFrames.append(frame) }
            if case .redraw(let frame) = effect { screenFrames.append(frame) }
        }
        return (brailleFrames, screenFrames)
    }

    /// The forecast effects of `bytes`, read at `time`, if the engine is still at change
    /// `change` and nothing fell due meanwhile; the engine takes the key later (`takeUntaken()`).
    mutating func carryOut(_ bytes: [UInt8], at time: Duration, change: Int) -> [EngineEffect]? {
        guard untaken == nil, workedOutOn == change, let forecast = forecasts.first(where: { $0.bytes == bytes })?.forecast,
              forecast.until.map({ time < $0 }) ?? true else { return nil }
        untaken = CarriedOutKey(bytes: bytes, at: time, effects: forecast.effects)
        keysForeseen += 1
        return forecast.effects
    }

    /// The key carried out and not taken yet, handed to the engine now.
    mutating func takeUntaken() -> CarriedOutKey? {
        defer { untaken = nil }
        return untaken
    }
}
