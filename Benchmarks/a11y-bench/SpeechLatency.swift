import A11yControls
import A11yTestSupport
import Foundation

/// From `say()` returning to the utterance's line in the capture file (the floor of key to speech:
/// a bare spd_say through the library's thin wrapper).
let speechLatency = Benchmark(
    name: "speech-say-to-capture",
    summary: "SpeechDispatcher.say(priority: .message) -> line in the capture file, capture delay 0"
) {
    try Servers.setCaptureDelay(nil)
    let capture = try sharedCapture()
    let speech = try SpeechDispatcher()
    defer { speech.close() }
    var samples: [Duration] = []
    for index in 0..<110 {
        let text = "bench speech \(index)"
        let from = capture.count
        let start = ContinuousClock.now
        speech.say(text, priority: .message)
        guard let line = capture.waitForLine(from: from, every: pollInterval, { $0 == text }) else { throw BenchError("'\(text)' was not captured within 5 s") }
        if index >= 10 { samples.append(line.time - start) }  // the first ten warm up
        usleep(20_000)
    }
    return samples
}
