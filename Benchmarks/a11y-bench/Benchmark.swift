import A11yTestSupport
import Foundation
import VirtualDisplayClient

/// One measurement: runs, and returns one duration per sample.
struct Benchmark: Sendable {
    var name: String
    var summary: String
    var run: @Sendable () throws -> [Duration]
}

/// Median and spread of a benchmark's samples, in milliseconds.
struct Report: CustomStringConvertible {
    var name: String
    var summary: String
    var samples: [Duration]

    var description: String {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return "\(name): no samples" }
        func ms(_ d: Duration) -> String {
            let (s, a) = d.components
            return String(format: "%.3f", Double(s) * 1e3 + Double(a) / 1e15)
        }
        func at(_ fraction: Double) -> Duration { sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))] }
        return "\(name): median \(ms(at(0.5))) ms, p90 \(ms(at(0.9))) ms, min \(ms(sorted.first!)) ms, max \(ms(sorted.last!)) ms, n=\(sorted.count)  (\(summary))"
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// How often the bench looks for what it waits for (a frame, a line): often, so that the wait
/// ends close to the arrival the reader threads timestamp.
let pollInterval: Duration = .microseconds(50)

/// The bench's one reader of the capture file, with a thread that timestamps each line when it
/// appears (woken by inotify; `CaptureFile.watch`): the speech floor and key-to-speech share it,
/// so its cost is in both figures.
func sharedCapture() throws -> CaptureFile {
    try captureReader.get()
}

private let captureReader: Result<CaptureFile, any Error> = Result {
    let capture = try CaptureFile()
    capture.watch(every: pollInterval)
    return capture
}
