import Testing
@testable import A11yDevices
@testable import A11yFormatting
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
import A11yTestSupport
@testable import A11yVocabulary

/// The tones of `--tones on`: pitch from the value's place (110 to 1760 Hz, exponential), the
/// handle's side, the low buzz of a limit; and the engine's `.playTones` effect.
@Suite struct TonePlannerTests {
    func tones(_ commands: [Command]) throws -> [[Tone]] {
        var slider = try RangeSlider()
        return commands.map { command in
            let change = slider.apply(command)
            return TonePlanner().tones(for: change, in: PresentedControl(slider, label: "", formatter: DecimalFormatter(fractionDigits: nil),
                                                                          locale: .posix))
        }
    }

    @Test func pitchIsExponentialFrom110To1760() {
        #expect(TonePlanner.frequency(at: 0) == 110)
        #expect(abs(TonePlanner.frequency(at: 1) - 1760) < 1e-9)
        #expect(abs(TonePlanner.frequency(at: 0.5) - 440) < 1e-9)
        #expect(abs(TonePlanner.frequency(at: 0.25) - 220) < 1e-9)
    }

    @Test func valuesRiseLowerLeftUpperRightAndLimitsBuzz() throws {
        let planned = try tones([.increment, .focus(.upper), .increment, .toHighest, .increment])
        #expect(planned[0].count == 1 && planned[0][0].pan < 0)
        #expect(planned[1].isEmpty)
        #expect(planned[2].count == 1 && planned[2][0].pan > 0 && planned[2][0].frequency > planned[0][0].frequency)
        #expect(planned[3].map(\.wave) == [.sine, .square])
        #expect(abs(planned[3][0].frequency - 1760) < 1e-9 && planned[3][1].frequency < 110)
        #expect(planned[4] == [Tone(frequency: 55, milliseconds: 60, pan: 0.8, volume: 0.3, wave: .square)])
    }

    @Test func samplesArePannedAndEndInSilence() {
        let samples = TonePlayer.samples(of: Tone(frequency: 440, milliseconds: 40, pan: -0.8), rate: 44_100)
        let left = stride(from: 0, to: samples.count, by: 2).map { abs(Int(samples[$0])) }.max()!
        let right = stride(from: 1, to: samples.count, by: 2).map { abs(Int(samples[$0])) }.max()!
        #expect(left > 5 * right)
        #expect(samples.count == (1764 + 441) * 2)
        #expect(samples.suffix(882).allSatisfy { $0 == 0 })
    }

    @Test("samples stay within 16 bits whatever the tone's volume, pan and pitch",
          arguments: [Tone(frequency: 440, milliseconds: 20, pan: 1, volume: 5),
                      Tone(frequency: 440, milliseconds: 20, pan: -7, volume: -3, wave: .square),
                      Tone(frequency: .nan, milliseconds: 20, pan: .nan, volume: .nan),
                      Tone(frequency: .infinity, milliseconds: 20, volume: .infinity)])
    func samplesOfAnyTone(tone: Tone) {
        let samples = TonePlayer.samples(of: tone, rate: 8_000)
        #expect(samples.count == (160 + 80) * 2)
        #expect(samples.map { abs(Int($0)) }.max()! <= 32_767)
    }

    @Test func theEnginePlaysTonesOnlyWhenAsked() throws {
        let panel = ControlPanel.priceSlider()
        var quiet = makeEngine([panel])
        #expect(!quiet.send(.bytes(Array("\u{1B}[C".utf8)), at: .zero).contains { if case .playTones = $0 { true } else { false } })
        var toned = makeEngine([panel], tonePlanner: TonePlanner())
        let effects = toned.send(.bytes(Array("\u{1B}[C".utf8)), at: .zero)
        let played = effects.compactMap { if case .playTones(let tones) = $0 { tones } else { nil } }
        #expect(played.count == 1 && abs(played[0][0].frequency - TonePlanner.frequency(at: 0.11)) < 1e-9)
    }
}
