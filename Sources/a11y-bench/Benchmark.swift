import Foundation

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

/// The value of a variable from the servers' env file.
func serverVariable(_ name: String) throws -> String {
    guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
        throw BenchError("\(name) is not set: run `scripts/servers.sh start` and `source .servers/env` first")
    }
    return value
}

/// Polls `condition` until it holds or `timeout` passes; returns the instant it held.
func waitUntil(timeout: Duration = .seconds(5), _ condition: () -> Bool) throws -> ContinuousClock.Instant {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return .now }
        usleep(50)
    }
    throw BenchError("timed out after \(timeout)")
}
