import A11yControls
import Foundation

/// From `say()` returning to the capture module's line in the capture file.
let speechLatency = Benchmark(
    name: "speech-say-to-capture",
    summary: "SpeechDispatcher.say(priority: .message) -> line in the capture file, capture delay 0"
) {
    let path = try serverVariable("A11Y_CAPTURE_FILE")
    try? FileManager.default.removeItem(atPath: try serverVariable("A11Y_CAPTURE_DELAY_FILE"))
    let speech = try SpeechDispatcher()
    defer { speech.close() }
    func size() -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
    func tail(from offset: Int) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        try? handle.seek(toOffset: UInt64(offset))
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }
    var samples: [Duration] = []
    for index in 0..<110 {
        let text = "bench speech \(index)"
        let offset = size()
        let start = ContinuousClock.now
        speech.say(text, priority: .message)
        let end = try waitUntil { size() > offset && tail(from: offset).contains(text + "\n") }
        if index >= 10 { samples.append(end - start) }  // the first ten warm up
    }
    return samples
}
