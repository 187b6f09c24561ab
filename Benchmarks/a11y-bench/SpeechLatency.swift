import A11yControls
import CSpeech
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

/// One utterance's conversation with the server as a session's speech queue makes it
/// (`SpeechDispatcher.say` on the caller's thread, priority text: SPEAK, then the text and its
/// end, each waiting for its answer), from the call to its return, in turn with a bare
/// `spd_say(SPD_TEXT)` on a connection of its own (which also sets the priority every time).
/// Each call starts with the server idle: after the last utterance was captured.
func measureSpeechConversation(samples: Int) throws -> (ours: [Duration], bare: [Duration]) {
    try Servers.setCaptureDelay(nil)
    let capture = try sharedCapture()
    let ours = try SpeechDispatcher(calls: .callersThread)
    defer { ours.close() }
    var error: UnsafeMutablePointer<CChar>?
    guard let bare = spd_open2("a11y-bench", "conversation", nil, SPD_MODE_SINGLE, nil, 0, &error) else {
        throw BenchError("spd_open2: \(error.map { String(cString: $0) } ?? "?")")
    }
    defer { spd_close(bare) }
    var oursSamples: [Duration] = [], bareSamples: [Duration] = []
    for index in 0..<(samples + 10) {
        for side in 0..<2 {
            let text = "conversation \(side) \(index)"
            let from = capture.count
            let start = ContinuousClock.now
            if side == 0 {
                ours.say(text, priority: .text)
            } else if spd_say(bare, SPD_TEXT, text) < 0 {
                throw BenchError("spd_say failed")
            }
            let took = ContinuousClock.now - start
            guard capture.waitForLine(from: from, every: pollInterval, { $0 == text }) != nil else { throw BenchError("'\(text)' was not captured within 5 s") }
            if index >= 10 { side == 0 ? oursSamples.append(took) : bareSamples.append(took) }  // the first ten warm up
            usleep(20_000)
        }
    }
    return (oursSamples, bareSamples)
}

/// `measureSpeechConversation` as a line of its own (`a11y-bench speech-conversation`).
func speechConversationReport(samples: Int) -> String {
    do {
        let (ours, bare) = try measureSpeechConversation(samples: samples)
        let oursStats = Stats(ours.map(\.ms)), bareStats = Stats(bare.map(\.ms))
        return "speech-conversation: SpeechDispatcher.say median \(number(oursStats.median, 4)) ms, p99 \(number(oursStats.p99, 4)) ms; "
            + "bare spd_say median \(number(bareStats.median, 4)) ms, p99 \(number(bareStats.p99, 4)) ms; n=\(oursStats.count) each, in turn"
    } catch {
        return "speech-conversation: FAILED: \(error)"
    }
}
