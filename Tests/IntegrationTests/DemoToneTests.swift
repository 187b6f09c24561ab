import A11yControls
import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// `--tones on` end to end: a11y-demo in a terminal plays through an ALSA PCM of type `file`
/// defined in the test's own ALSA configuration ($HOME/.asoundrc), and the WAV it wrote is read
/// back: pitch per tone (zero crossings), loudness per channel, the low buzz of a limit.
extension RealServerTests {
@Suite(.serialized)
struct DemoToneTests {
    /// One sound in the recording: where it starts, how long it lasts, its pitch and its peak
    /// on each channel.
    struct Sound: CustomStringConvertible {
        var start: Int, frames: Int, frequency: Double, left: Int, right: Int
        var description: String { "\(Int(frequency)) Hz \(frames * 1000 / 44_100) ms L\(left) R\(right)" }
    }

    /// The sounds of a 16-bit stereo WAV, cut at silences of 2 ms or more.
    static func sounds(inWAV data: Data) throws -> [Sound] {
        let bytes = [UInt8](data)
        var offset = 12
        var samples: [Int16] = []
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if id == "data" {
                // The header's length is final only once the PCM is closed: read to the end.
                let body = bytes[(offset + 8)...]
                samples = stride(from: body.startIndex, to: body.endIndex - 1, by: 2).map {
                    Int16(bitPattern: UInt16(body[$0]) | UInt16(body[$0 + 1]) << 8)
                }
                break
            }
            offset += 8 + size
        }
        let frames = samples.count / 2
        let left = (0..<frames).map { samples[2 * $0] }, right = (0..<frames).map { samples[2 * $0 + 1] }
        var sounds: [Sound] = []
        var start: Int?, quiet = 0
        func close(at end: Int) {
            guard let first = start else { return }
            let loud = left[first..<end].map { abs(Int($0)) }.max()! >= right[first..<end].map { abs(Int($0)) }.max()! ? left : right
            let crossings = (first + 1..<end).filter { (loud[$0 - 1] < 0) != (loud[$0] < 0) }
            let frequency = crossings.count > 2
                ? Double(crossings.count - 1) / 2 / (Double(crossings.last! - crossings.first!) / 44_100) : 0
            sounds.append(Sound(start: first, frames: end - first, frequency: frequency,
                                left: left[first..<end].map { abs(Int($0)) }.max()!, right: right[first..<end].map { abs(Int($0)) }.max()!))
            start = nil
        }
        for i in 0..<frames {
            if abs(Int(left[i])) + abs(Int(right[i])) > 16 {
                if start == nil { start = i }
                quiet = 0
            } else if start != nil {
                quiet += 1
                if quiet > 88 { close(at: i - quiet + 1); quiet = 0 }
            }
        }
        close(at: frames)
        return sounds
    }

    @Test func tonesFollowTheValueAndTheHandleAndBuzzAtTheLimit() throws {
        let capture = try AlsaFileCapture(name: "tones")
        let demo = try DemoInTmux(["range", "--tones", "on", "--tones-device", AlsaFileCapture.device, "--speech", "off", "--braille", "off"],
                                  environment: ["HOME": capture.home])
        demo.waitForScreen { $0.contains("range: 10 to 90") }
        // ALSA is loaded for the tones (and only then: see the next test).
        #expect(Polling.until(timeout: Polling.hang) { Self.mapped(by: demo).contains("libasound.so.2") })
        // Upper handle: 91, 92, 93, then End (100, at the limit), then Right (blocked); then the
        // lower handle: 11.
        try demo.send("Tab", "Right", "Right", "Right", "End", "Right", "Tab", "Right")
        demo.waitForScreen { $0.contains("range: 11 to 100") }
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stderr.isEmpty)
        let sounds = try Self.sounds(inWAV: try Data(contentsOf: URL(fileURLWithPath: capture.wav)))
        print("tones: \(sounds)")
        try #require(sounds.count == 7)
        let formula = { (value: Double) in 110 * pow(16, value / 100) }
        for (sound, value) in zip([sounds[0], sounds[1], sounds[2], sounds[3], sounds[6]], [91.0, 92, 93, 100, 11]) {
            #expect(abs(sound.frequency / formula(value) - 1) < 0.03, "\(sound) for \(value): \(formula(value)) Hz")
        }
        // Right on the upper handle: rising, on the right.
        #expect(sounds[0].frequency < sounds[1].frequency && sounds[1].frequency < sounds[2].frequency)
        #expect(sounds[0...3].allSatisfy { $0.right > 2 * $0.left })
        // The limit and the blocked key: a low buzz, below every value's pitch.
        #expect(sounds[4].frequency < 80 && sounds[5].frequency < 80)
        #expect(sounds[4].frames > sounds[3].frames)
        // The lower handle: louder on the left.
        #expect(sounds[6].left > 2 * sounds[6].right)
    }

    /// The libraries `demo`'s process has mapped (its /proc/PID/maps).
    static func mapped(by demo: DemoInTmux) -> String {
        // Read to the end: /proc files say they are empty, and a one-size read stops early.
        guard let pid = demo.pid, let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else { return "" }
        defer { try? file.close() }
        return String(decoding: (try? file.readToEnd()) ?? Data(), as: UTF8.self)
    }

    /// libasound and liblouis are loaded when tones or contracted braille are first needed, and
    /// libspeechd (with glib) when speech connects: a session without them does not map them
    /// (neither their memory nor their loading at every start).
    @Test func aSessionWithoutTonesSpeechOrContractedBrailleLoadsNoneOfTheirLibraries() throws {
        let demo = try DemoInTmux(["range", "--speech", "off", "--braille", "off"])
        demo.waitForScreen { $0.contains("range: 10 to 90") }
        try demo.send("Right")
        demo.waitForScreen { $0.contains("range: 11 to 90") }
        let maps = Self.mapped(by: demo)
        #expect(maps.contains("libc.so.6"), "the demo's maps were not read")
        #expect(!maps.contains("libasound"))
        #expect(!maps.contains("liblouis"))
        #expect(!maps.contains("libspeechd") && !maps.contains("libglib"))
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
    }

    /// With speech on, libspeechd is loaded as speech connects, and the words are spoken.
    @Test func speechLoadsLibspeechdAsItConnects() throws {
        let spoken = try CaptureFile()
        let lines = spoken.count
        let demo = try DemoInTmux(["range", "--speech", "on", "--braille", "off"])
        demo.waitForScreen { $0.contains("range: 10 to 90") }
        try demo.send("Right")
        #expect(spoken.waitForLine(from: lines) { $0 == "11" } != nil)
        #expect(Self.mapped(by: demo).contains("libspeechd.so.2"))
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
    }

    @Test func noSoundDeviceSaysOneLineAndGoesOn() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-notones-\(getpid())").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let demo = try DemoInTmux(["range", "--tones", "on", "--tones-device", "nosuchdevice", "--speech", "off", "--braille", "off"],
                                  environment: ["HOME": home])
        demo.waitForScreen { $0.contains("range: 10 to 90") }
        try demo.send("Right")
        demo.waitForScreen { $0.contains("range: 11 to 90") }
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "11 90\n")
        let lines = demo.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("no sound device 'nosuchdevice'") == true, "\(lines)")
    }
}
}
