// a11y-bench: measurements for the report, never assertions.
//
//   a11y-bench [--list] [NAME...]
//
// Runs the named benchmarks (all by default) against the servers of `scripts/servers.sh start`
// (source .servers/env first) and prints one line per benchmark. To add one, write a file with a
// `Benchmark` value and list it in `allBenchmarks`.
import Foundation

let allBenchmarks: [Benchmark] = [
    speechLatency,
    brailleLatency,
]

/// Benchmarks that write their own report (not a list of durations).
let reportBenchmarks: [(name: String, summary: String, run: () -> String)] = [
    ("autorepeat-jitter", "auto-repeat timer: 200 ticks at 50 ms, deviation and drift", { runAutoRepeatJitterBenchmark() }),
]

var names = Array(CommandLine.arguments.dropFirst())
if names == ["--list"] {
    for benchmark in allBenchmarks { print("\(benchmark.name)\t\(benchmark.summary)") }
    for benchmark in reportBenchmarks { print("\(benchmark.name)\t\(benchmark.summary)") }
    exit(0)
}
if names.isEmpty { names = allBenchmarks.map(\.name) + reportBenchmarks.map(\.name) }

var failed = false
print("a11y-bench: \(ProcessInfo.processInfo.hostName), \(ProcessInfo.processInfo.activeProcessorCount) cores")
for name in names {
    if let benchmark = reportBenchmarks.first(where: { $0.name == name }) {
        print(benchmark.run())
        continue
    }
    guard let benchmark = allBenchmarks.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("a11y-bench: unknown benchmark '\(name)'; see 'a11y-bench --list'\n".utf8))
        exit(2)
    }
    do {
        let samples = try benchmark.run()
        print(Report(name: benchmark.name, summary: benchmark.summary, samples: samples))
    } catch {
        FileHandle.standardError.write(Data("a11y-bench: \(name): \(error)\n".utf8))
        failed = true
    }
}
exit(failed ? 1 : 0)
