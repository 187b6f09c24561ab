import A11yModel
import A11yVocabulary

/// Plans the tones of `--tones on`, as NVDA's progress-bar beeps: on each value change a short
/// tone whose pitch follows the value's place on the track, exponentially from 110 Hz (the
/// minimum) to 1760 Hz (the maximum); the lower handle sounds on the left, the upper on the
/// right; a blocked key or a limit adds a short low buzz. Give one to `ControlEngine` for tones:
/// the engine hands them over as `.playTones` effects, and the session plays them through ALSA.
public struct TonePlanner: Sendable {
    /// The pitch of the track's minimum and maximum, Hz (NVDA's progress beeps).
    package static let lowest = 110.0
    package static let highest = 1760.0
    /// How long a value's tone lasts, ms.
    public var milliseconds = 40
    /// The low buzz of a blocked key or a limit: below every value's tone, square.
    package static let limitTone = Tone(frequency: 55, milliseconds: 60, volume: 0.3, wave: .square)

    /// A planner with the default 40 ms tone.
    public init() {}

    /// 110 Hz at `fraction` 0, 1760 Hz at 1, exponential between (four octaves).
    package static func frequency(at fraction: Double) -> Double {
        lowest * powerOfTwo(4 * min(1, max(0, fraction)))  // 1760 / 110 = 2^4
    }

    /// 2^x for 0 <= x <= 4 without libm (the presentation imports no C): the whole octaves, then
    /// e^(f ln 2) for the rest by its series (exact to double precision for f < 1).
    static func powerOfTwo(_ x: Double) -> Double {
        let octaves = x.rounded(.down)
        let y = (x - octaves) * 0.693_147_180_559_945_3
        var term = 1.0, sum = 1.0
        for n in 1...24 {
            term *= y / Double(n)
            sum += term
        }
        return sum * Double(1 << Int(octaves))
    }

    /// The tones for `change`; `control` is the control after it. Empty: silence (focus, a held
    /// key beginning or ending, typing).
    package func tones(for change: Change, in control: PresentedControl) -> [Tone] {
        guard let state = control.state(of: change.handle) else { return [] }
        let pan = control.kind == .rangeSlider ? (change.handle == .lower ? -0.8 : 0.8) : 0
        var limit = Self.limitTone
        limit.pan = pan
        let value = Tone(frequency: Self.frequency(at: state.fraction), milliseconds: milliseconds, pan: pan)
        switch change.outcome {
        case .moved, .wrapped: return [value]
        case .reachedLimit: return [value, limit]
        case .blocked: return [limit]
        case .focusMoved, .interaction, .unchanged: return []
        }
    }
}
