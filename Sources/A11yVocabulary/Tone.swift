/// A short sound the tones option plays: the presentation plans them (`TonePlanner`), the devices
/// play them (`TonePlayer`).
public struct Tone: Sendable, Equatable {
    /// The shape of the wave: a pure sine for values, a square (buzzy) for a blocked key or a limit.
    public enum Wave: Sendable, Equatable {
        /// A pure sine: the tone of a value.
        case sine
        /// A buzzy square: a blocked key or a limit.
        case square
    }

    /// The pitch, in hertz.
    public var frequency: Double
    /// How long it sounds, in milliseconds (a few milliseconds of it fade in and out).
    public var milliseconds: Int
    /// Where it sits between the speakers: -1 left, 0 centre, 1 right.
    public var pan: Double
    /// The loudness, from 0 (silent) to 1 (full scale).
    public var volume: Double
    /// The shape of the wave: `.sine` for a value, `.square` for a blocked key or a limit.
    public var wave: Wave

    /// A tone of `frequency` hertz lasting `milliseconds`; by default centred, at 0.3 of full scale,
    /// and a sine.
    public init(frequency: Double, milliseconds: Int, pan: Double = 0, volume: Double = 0.3, wave: Wave = .sine) {
        self.frequency = frequency
        self.milliseconds = milliseconds
        self.pan = pan
        self.volume = volume
        self.wave = wave
    }
}
