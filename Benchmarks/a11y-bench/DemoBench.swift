import A11yTestSupport
import Foundation
import VirtualDisplayClient

/// Durations in milliseconds / microseconds as Double.
extension Duration {
    var ms: Double { Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15 }
    var us: Double { Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12 }
}

/// Median and p99 (nearest rank) of a list.
struct Stats: Sendable {
    var median: Double
    var p99: Double
    var min: Double
    var max: Double
    var count: Int

    init(_ values: [Double]) {
        let sorted = values.sorted()
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            return sorted[Swift.min(sorted.count - 1, Swift.max(0, Int((Double(sorted.count) * p).rounded(.up)) - 1))]
        }
        median = rank(0.5); p99 = rank(0.99); min = sorted.first ?? .nan; max = sorted.last ?? .nan; count = sorted.count
    }
}

/// Settings of the demo runs.
struct DemoSetup: Sendable {
    var executable: String
    var arguments: [String]
}

func sleepMs(_ ms: Double) { usleep(useconds_t(ms * 1000)) }

/// Starts the demo and waits for its first braille frame and first utterance.
func startDemo(_ setup: DemoSetup, prefix: [String] = []) throws -> (demo: PtyDemo, braille: Duration?, speech: Duration?) {
    let display = try SharedVirtualDisplay.get()
    let capture = try sharedCapture()
    let frameIndex = display.frameCount
    let lineIndex = capture.count
    let demo = try PtyDemo(executable: setup.executable, arguments: setup.arguments, prefix: prefix)
    let frame = display.waitForFrame(after: frameIndex, timeout: .seconds(5), every: pollInterval) { $0.text.hasPrefix("Price") }
    let line = capture.waitForLine(from: lineIndex, every: pollInterval)
    return (demo, frame.map { $0.time - demo.spawnedAt }, line.map { $0.time - demo.spawnedAt })
}

/// 1 and 2: key bytes written to the pty -> cells at the display, and -> line in the capture file.
struct KeyLatency {
    var braille: [Double] = []
    var speech: [Double] = []
    var wrongSpeech: [String] = []
    var wrongBraille: [String] = []
    var missedBraille = 0
    var missedSpeech = 0
}

func measureKeyLatency(demo: PtyDemo, keys: Int, spacing: Double) throws -> KeyLatency {
    let display = try SharedVirtualDisplay.get()
    let capture = try sharedCapture()
    var result = KeyLatency()
    var value = 10
    for index in 0..<keys {
        let right = index % 2 == 0
        value += right ? 1 : -1
        let frameIndex = display.frameCount
        let lineIndex = capture.count
        let start = demo.type(right ? Keys.right : Keys.left)
        let expected = "Price \(value)"
        if let frame = display.waitForFrame(after: frameIndex, timeout: .seconds(2), every: pollInterval, { $0.text.hasPrefix(expected) }) {
            result.braille.append((frame.time - start).ms)
        } else {
            result.missedBraille += 1
            if result.wrongBraille.count < 5 {
                let seen = display.firstFrame(after: frameIndex) { _ in true }?.text ?? "no frame"
                result.wrongBraille.append("key \(index + 1): expected '\(expected)...', first frame after the key: '\(seen.trimmingCharacters(in: .whitespaces))'")
            }
        }
        if let line = capture.waitForLine(from: lineIndex, timeout: .seconds(2), every: pollInterval) {
            result.speech.append((line.time - start).ms)
            if line.text != "\(value)" && result.wrongSpeech.count < 5 { result.wrongSpeech.append("expected '\(value)', heard '\(line.text)'") }
        } else { result.missedSpeech += 1 }
        sleepMs(spacing)
    }
    return result
}

/// 4: Right every `interval` ms for `duration` s with a slow capture module, then quiet.
struct HoldResult {
    var keysSent = 0
    var captured: [(text: String, afterReleaseMs: Double)] = []
    var finalValue: String = "?"
    var finalSpoken = false
    var stale: [String] = []
}

func measureHold(demo: PtyDemo, delay: Double, interval: Double, duration: Double, quiet: Double) throws -> HoldResult {
    let display = try SharedVirtualDisplay.get()
    let capture = try sharedCapture()
    try Servers.setCaptureDelay(delay)
    defer { try? Servers.setCaptureDelay(nil) }
    sleepMs(300)
    let lineIndex = capture.count
    var result = HoldResult()
    let start = ContinuousClock.now
    var release = start
    while ContinuousClock.now - start < .milliseconds(Int(duration * 1000)) {
        let next = start + .microseconds(Int(Double(result.keysSent) * interval * 1000))
        while ContinuousClock.now < next { usleep(200) }
        release = demo.type(Keys.right)
        result.keysSent += 1
    }
    sleepMs(quiet * 1000)
    let lines = capture.lines(from: lineIndex)
    let final = display.lastFrame()?.text ?? ""
    // "Price 58 ..." -> "58"
    result.finalValue = final.split(separator: " ").dropFirst().first.map(String.init) ?? "?"
    for line in lines {
        let after = (line.time - release).ms
        result.captured.append((line.text, after))
        if after > 0 && line.text != result.finalValue { result.stale.append("\(line.text) at +\(String(format: "%.0f", after)) ms") }
    }
    result.finalSpoken = lines.last?.text == result.finalValue
    return result
}

/// 6: the demo at rest. CPU time from every thread's schedstat (ns) and /proc stat (ticks),
/// context switches of every thread, then syscalls counted by strace over a second window.
struct IdleResult {
    var seconds: Double
    var cpuNs: Int = 0
    var cpuTicks: Int = 0
    var contextSwitches: Int = 0
    var threadsBefore: Int = 0
    var threadsAfter: Int = 0
    var syscalls: Int?
    var attachArtifacts: Int = 0
    var straceSummary: String = ""
    /// Syscalls without the restart_syscall lines that strace's own attach causes.
    var wakeups: Int? { syscalls.map { $0 - attachArtifacts } }
    /// Threads that ended during the plain window (each woke at least once to end).
    var endedThreads: Int = 0
    /// Wake-ups in the plain window: context switches of the threads alive throughout, plus one
    /// per thread that ended (a lower bound for those).
    var plainWakeups: Int { contextSwitches + endedThreads }
}

func readText(_ path: String) -> String {
    // /proc files have no size: read to the end by hand.
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Per thread: CPU ns (schedstat) and context switches; for the process: utime+stime ticks
/// (which keep the time of threads that ended).
private func idleSnapshot(_ pid: pid_t) -> (threads: [String: (ns: Int, switches: Int)], ticks: Int) {
    var threads: [String: (ns: Int, switches: Int)] = [:]
    for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? [] {
        let ns = Int(readText("/proc/\(pid)/task/\(task)/schedstat").split(separator: " ").first ?? "0") ?? 0
        var switches = 0
        for line in readText("/proc/\(pid)/task/\(task)/status").split(separator: "\n")
        where line.hasPrefix("voluntary_ctxt_switches") || line.hasPrefix("nonvoluntary_ctxt_switches") {
            switches += Int(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) ?? 0
        }
        threads[task] = (ns, switches)
    }
    // /proc/PID/stat: after the ")" field 3 is the state; utime and stime are fields 14 and 15.
    let fields = readText("/proc/\(pid)/stat").split(separator: ")").last?.split(separator: " ") ?? []
    let ticks = fields.count > 13 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    return (threads, ticks)
}

func measureIdle(demo: PtyDemo, seconds: Double) -> IdleResult {
    var result = IdleResult(seconds: seconds)
    let before = idleSnapshot(demo.pid)
    sleepMs(seconds * 1000)
    let after = idleSnapshot(demo.pid)
    for (tid, now) in after.threads {
        guard let then = before.threads[tid] else { continue }
        result.cpuNs += now.ns - then.ns
        result.contextSwitches += now.switches - then.switches
    }
    result.cpuTicks = after.ticks - before.ticks
    result.threadsBefore = before.threads.count
    result.threadsAfter = after.threads.count
    result.endedThreads = before.threads.keys.filter { after.threads[$0] == nil }.count
    // strace -c over a second window of the same length.
    let output = NSTemporaryDirectory() + "a11y-bench-strace.txt"
    try? FileManager.default.removeItem(atPath: output)
    _ = shell("timeout -s INT \(seconds) strace -f -c -o \(output) -p \(demo.pid) 2>\(output).err")
    let summary = readText(output)
    result.straceSummary = summary.isEmpty ? "strace wrote nothing: " + readText(output + ".err") : summary
    for line in summary.split(separator: "\n") {
        let columns = line.split(separator: " ")
        if line.hasSuffix("total"), columns.count >= 4 { result.syscalls = Int(columns[3]) }
        if line.hasSuffix("restart_syscall"), columns.count >= 4 { result.attachArtifacts = Int(columns[3]) ?? 0 }
    }
    // strace -c writes nothing at all when the process made no syscall while attached.
    if result.syscalls == nil && summary.isEmpty && readText(output + ".err").contains("detached") { result.syscalls = 0 }
    return result
}

/// Peak resident memory of a short session under /usr/bin/time -v (kB).
func measurePeakRSS(_ setup: DemoSetup) throws -> Int? {
    let output = NSTemporaryDirectory() + "a11y-bench-time.txt"
    try? FileManager.default.removeItem(atPath: output)
    let run = try startDemo(setup, prefix: ["/usr/bin/time", "-v", "-o", output])
    for index in 0..<6 {
        run.demo.type(index % 2 == 0 ? Keys.right : Keys.left)
        sleepMs(150)
    }
    run.demo.stop()
    let text = readText(output)
    guard let line = text.split(separator: "\n").first(where: { $0.contains("Maximum resident set size") }) else { return nil }
    return Int(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces))
}

/// VmHWM of a running process (kB).
func highWaterMark(_ pid: pid_t) -> Int? {
    guard let line = readText("/proc/\(pid)/status").split(separator: "\n").first(where: { $0.hasPrefix("VmHWM") }) else { return nil }
    return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
}

/// Size of a file, and of a stripped copy.
func binarySizes(_ path: String) -> (size: Int, stripped: Int?) {
    var info = stat()
    guard stat(path, &info) == 0 else { return (0, nil) }
    let copy = NSTemporaryDirectory() + "a11y-bench-stripped"
    let strip = Process()
    strip.executableURL = URL(fileURLWithPath: "/usr/bin/strip")
    strip.arguments = ["-o", copy, path]
    var stripped: Int?
    if (try? strip.run()) != nil {
        strip.waitUntilExit()
        var s = stat()
        if strip.terminationStatus == 0, stat(copy, &s) == 0 { stripped = Int(s.st_size) }
        try? FileManager.default.removeItem(atPath: copy)
    }
    return (Int(info.st_size), stripped)
}
