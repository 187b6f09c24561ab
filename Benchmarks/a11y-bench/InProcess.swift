import A11yControls
import Glibc

import Foundation

/// 3: one key through the engine as the session sends it: decode + model + the three presenters
/// (the effects carry the words, the braille frame and the screen frame), no I/O.
struct InProcessResult {
    var keys: Int
    var stats: Stats
    var allocationsPerKey: Double?
    var checksum: Int
}

/// One engine per entry of `panelCounts`, driven key by key in turn (so that each sees the same
/// machine: a busy moment or a change of clock speed falls on all of them alike), and the floor
/// of the first one's p99 (`BusyLoop`), timed in the same turns.
func measureInProcess(keys: Int, panelCounts: [Int]) throws -> (results: [InProcessResult], floor: BusyLoop.Result) {
    var engines = try panelCounts.map { try benchEngine(panels: $0) }
    let clock = ContinuousClock()
    var samples = panelCounts.map { _ in [Double](repeating: 0, count: keys) }
    var checksums = panelCounts.map { _ in 0 }
    func oneKey(_ engine: Int, _ index: Int) {
        let bytes = index % 2 == 0 ? Keys.right : Keys.left
        let time = Duration.milliseconds(200 * (index + 1))
        checksums[engine] &+= checksumOf(engines[engine].send(.bytes(bytes), at: time))
    }
    func timedKey(_ engine: Int, _ index: Int) -> Double {
        let start = clock.now
        oneKey(engine, index)
        return (clock.now - start).us
    }
    // Warm-up; the first engine's keys timed, for the loop to last as long.
    var warmUp: [Double] = []
    for index in 0..<2000 {
        for engine in engines.indices {
            let duration = timedKey(engine, index)
            if engine == 0 { warmUp.append(duration) }
        }
    }
    let loop = BusyLoop(lasting: Stats(warmUp).median)
    var loopSamples = [Double](repeating: 0, count: keys)
    for index in 0..<keys {
        for engine in engines.indices { samples[engine][index] = timedKey(engine, 2000 + index) }
        loopSamples[index] = loop.timed()
    }
    let results = engines.indices.map {
        InProcessResult(keys: keys, stats: Stats(samples[$0]), allocationsPerKey: nil, checksum: checksums[$0])
    }
    return (results, BusyLoop.Result(samples: loopSamples, keySamples: samples[0]))
}

/// The floor of the in-process p99: arithmetic alone (a chain of xor-shift-multiplies: no memory, no
/// call, nothing to wait for), as long as the median key, timed in turn with the keys. Whatever
/// makes its p99 exceed its median is the machine's: a virtual machine's CPU loses short slices
/// to its host that the guest does not see as interrupts, and they cut into a run of a few
/// microseconds now and then.
struct BusyLoop {
    let iterations: Int

    struct Result {
        var stats: Stats
        /// The share of the loop's runs, and of the first engine's keys, over 1.5 x their median.
        var interrupted: Double
        var keysInterrupted: Double

        init(samples: [Double], keySamples: [Double]) {
            func overOneAndAHalfMedians(_ values: [Double]) -> Double {
                let median = Stats(values).median
                return Double(values.filter { $0 > 1.5 * median }.count) / Double(max(1, values.count))
            }
            stats = Stats(samples)
            interrupted = overOneAndAHalfMedians(samples)
            keysInterrupted = overOneAndAHalfMedians(keySamples)
        }
    }

    /// A loop whose median run lasts about `microseconds`.
    init(lasting microseconds: Double) {
        let probe = BusyLoop(iterations: 10_000)
        let perIteration = Stats((0..<200).map { _ in probe.timed() }).median / 10_000
        iterations = max(1, Int((microseconds / max(perIteration, 1e-6)).rounded()))
    }

    private init(iterations: Int) { self.iterations = iterations }

    /// One run, in microseconds.
    func timed() -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        Self.spin(iterations)
        return (clock.now - start).us
    }

    /// Where each run leaves its result: a loop with no effect would be moved out of the timed
    /// span (or away).
    nonisolated(unsafe) private static var result: UInt64 = 2

    @inline(never)
    private static func spin(_ count: Int) {
        var value = result | 2
        for _ in 0..<count { value = (value ^ (value >> 29)) &* 0xBF58476D1CE4E5B9 }
        result = value
    }
}

/// One key at a time with the caches evicted before each (`evict` bytes touched, a byte per
/// cache line): what a session's key meets. Keys 100 ms apart find the caches and TLBs filled by
/// everything else the machine ran meanwhile; the warm loop above hides that, and a session's
/// key costs several times the warm loop's.
func measureColdKeys(keys: Int, evict: Int = 64 << 20) throws -> Stats {
    var engine = try benchEngine(panels: 1)
    let clock = ContinuousClock()
    var junk = [UInt8](repeating: 0, count: evict)
    var samples: [Double] = []
    var checksum = 0
    for index in 0..<(100 + keys) {
        if index >= 100 { junk.withUnsafeMutableBufferPointer { for line in stride(from: 0, to: $0.count, by: 64) { $0[line] &+= 1 } } }
        let start = clock.now
        checksum &+= checksumOf(engine.send(.bytes(index % 2 == 0 ? Keys.right : Keys.left), at: .milliseconds(200 * (index + 1))))
        if index >= 100 { samples.append((clock.now - start).us) }
    }
    precondition(checksum != 0 && junk[0] != 0)
    return Stats(samples)
}

/// The engine the in-process figures drive: `panels` controls (range sliders labelled
/// "Price 1"...), the first focused, a 40-cell display, started.
func benchEngine(panels: Int) throws -> ControlEngine {
    let list = try (1...max(1, panels)).map { try ControlPanel(slider: try RangeSlider(), label: panels == 1 ? "Price" : "Price \($0)") }
    var engine = ControlEngine(panels: list, locale: .posix, holdDetection: .none)
    engine.setBrailleWidth(40)
    _ = engine.start()
    return engine
}

/// The in-process figures alone (`a11y-bench --in-process`): one panel and 100, without servers.
func inProcessReport(keys: Int) throws -> String {
    let (results, loop) = try measureInProcess(keys: keys, panelCounts: [1, 100])
    let one = results[0], hundred = results[1]
    return "in-process key, 1 panel: median \(number(one.stats.median)) µs, p99 \(number(one.stats.p99)) µs, max \(number(one.stats.max, 1)) µs\n"
        + "the floor, a loop of arithmetic as long: median \(number(loop.stats.median)) µs, p99 \(number(loop.stats.p99)) µs; "
        + "over 1.5 x the median: \(number(loop.interrupted * 100, 2))% of the loop's runs, \(number(loop.keysInterrupted * 100, 2))% of the keys\n"
        + "in-process key, 100 panels: median \(number(hundred.stats.median)) µs, p99 \(number(hundred.stats.p99)) µs, max \(number(hundred.stats.max, 1)) µs\n"
        + "p99 ratio 100/1: \(number(hundred.stats.p99 / one.stats.p99, 2))x\n"
        + { (cold: Stats) in "in-process key, caches evicted before each: median \(number(cold.median)) µs, p99 \(number(cold.p99)) µs\n" }(try measureColdKeys(keys: 300))
        + catalogReport(try measureCatalogs(keys: 20_000))
}

/// `a11y-bench --feed-keys N`: N keys through the engine and nothing else (run under valgrind).
func feedKeys(_ keys: Int) throws {
    var engine = try benchEngine(panels: 1)
    var checksum = 0
    for index in 0..<keys {
        checksum &+= checksumOf(engine.send(.bytes(index % 2 == 0 ? Keys.right : Keys.left), at: .milliseconds(200 * (index + 1))))
    }
    print(checksum)
}

/// Something of every effect, so that none is optimised away.
func checksumOf(_ effects: [EngineEffect]) -> Int {
    effects.reduce(0) { sum, effect in
        switch effect {
        case .showBraille(let frame): sum &+ (frame?.text.utf8.count ?? 0)
        case .speak(let utterance): sum &+ utterance.text.utf8.count
        case .redraw(let frame): sum &+ frame.lines.count
        case .changed, .finish, .playTones, .askCursorPosition: sum &+ 1
        }
    }
}

/// Heap allocations per key: valgrind's "total heap usage: N allocs" for two runs of
/// `--feed-keys` with different key counts; the difference over the extra keys removes start-up.
func allocationsPerKey(bench: String) -> Double? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind") else { return nil }
    func allocs(_ keys: Int) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/valgrind")
        process.arguments = [bench, "--feed-keys", "\(keys)"]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.contains("total heap usage") }) else { return nil }
        // "==1== total heap usage: 1,234 allocs, 1,200 frees, 56,789 bytes allocated"
        let field = line.components(separatedBy: "usage: ").last?.split(separator: " ").first ?? ""
        return Int(field.replacingOccurrences(of: ",", with: ""))
    }
    guard let small = allocs(500), let large = allocs(2500) else { return nil }
    return Double(large - small) / 2000
}
