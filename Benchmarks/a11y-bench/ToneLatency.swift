import A11yTestSupport
import Foundation

/// 8. Key to tone: key bytes written to the pty -> the first samples of the tone written by ALSA.
/// The demo plays through an ALSA PCM of type `file` (over `null`) named in its own $HOME/.asoundrc;
/// the bench watches the WAV file grow (stat every 50 µs). The tone thread drains the PCM after
/// each plan, so the `file` plugin writes the samples as soon as they are played into it.
func measureKeyToTone(demo executable: String, keys: Int) throws -> (stats: Stats, missed: Int) {
    let capture = try AlsaFileCapture(name: "bench-tones")
    let demo = try PtyDemo(executable: executable, arguments: ["range", "--tones", "on", "--tones-device", AlsaFileCapture.device,
                                                               "--speech", "off", "--braille", "off"],
                           environment: ["HOME": capture.home])
    defer { demo.stop() }
    func size() -> Int { capture.size }
    // The tone thread opened the PCM (the file exists) and the demo is drawn.
    let clock = ContinuousClock()
    let ready = clock.now + .seconds(5)
    while size() < 0, clock.now < ready { usleep(1000) }
    guard size() >= 0 else { throw BenchError("the demo never opened the tone PCM") }
    sleepMs(1500)
    var samples: [Double] = []
    var missed = 0
    var missedKeys: [Int] = []
    for index in 0..<keys {
        // The last tone is wholly written: the file has not grown for 30 ms.
        var before = size()
        var stableSince = clock.now
        while clock.now - stableSince < .milliseconds(30) {
            usleep(1000)
            let now = size()
            if now != before { before = now; stableSince = clock.now }
        }
        let start = demo.type(index % 2 == 0 ? Keys.right : Keys.left)
        let deadline = clock.now + .seconds(2)
        var grew = false
        while clock.now < deadline {
            if size() > before { grew = true; break }
            usleep(50)
        }
        if grew { samples.append((clock.now - start).ms) } else { missed += 1; missedKeys.append(index) }
    }
    if !missedKeys.isEmpty { FileHandle.standardError.write(Data("key-to-tone: no tone after keys \(missedKeys)\n".utf8)) }
    return (Stats(samples), missed)
}
