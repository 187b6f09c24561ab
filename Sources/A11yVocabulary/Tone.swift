/// A short sound the tones option plays: the presentation plans them (`TonePlanner`), the devices
/// play them (`TonePlayer`).
public struct Tone: Sendable, Equatable {
    /// The shape of the wave: a pure sine for values, a square (buzzy) for a blocked key or a limit.
    public enum Wave: Sendable, Equatable { case sine, square }

    /// Hz.
    public var frequency: Double
    /// How long it sounds, in milliseconds (a few milliseconds of it fade in and out).
    public var milliseconds: Int
    /// Where it sits between the speakers: -1 left, 0 centre, 1 right.
    public var pan: Double
    /// 0...1 of full scale.
    public var volume: Double
    public var wave: Wave

    public init(frequency: Double, milliseconds: Int, pan: Double = 0, volume: Double = 0.3, wave: Wave = .sine) {
        self.frequency = frequency
        self.milliseconds = milliseconds
        self.pan = pan
        self.volume = volume
        self.wave = wave
    }
}
