import A11yTestSupport
import Foundation
import Synchronization
import VirtualDisplayClient

/// a11y-demo on a pseudo-terminal the bench controls: the child is a session leader whose
/// controlling terminal (and /dev/tty, stdin, stdout, stderr) is the pty's subordinate end, so a
/// write to the main end is exactly "key bytes written to the control's terminal". A thread
/// drains the demo's output and answers the primary device attributes query (`CSI c`) as a
/// legacy terminal does (no kitty keyboard reply), so the start-up is not held by the query's
/// timeout.
final class PtyDemo: Sendable {
    private let pty: Pty
    private let child: ChildProcess
    /// When each read of the program's output returned (the terminal "drew").
    private let output: OutputLog
    var pid: pid_t { child.pid }
    /// When posix_spawn was called.
    var spawnedAt: ContinuousClock.Instant { child.spawnedAt }

    /// `prefix` runs before the executable (e.g. `/usr/bin/time -v -o FILE`).
    /// `overrides` are set in the demo's environment. `keepsOutput`: the bytes of each read are
    /// kept too (`outputChunks`), for a measurement that reads what was drawn.
    init(executable: String, arguments: [String], prefix: [String] = [], columns: UInt16 = 80, rows: UInt16 = 24,
         environment overrides: [String: String] = [:], keepsOutput: Bool = false) throws {
        output = OutputLog(keepsBytes: keepsOutput)
        pty = try Pty()
        pty.setWindowSize(columns: columns, rows: rows)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment.merge(overrides) { $1 }
        do {
            child = try ChildProcess(prefix + [executable] + arguments, environment: environment,
                                     streams: .terminal(pty.subPath), newSession: true)
        } catch {
            pty.close()
            throw error
        }
        // The child has its own descriptors now: when it leaves, the main end reads EIO.
        pty.closeSub()
        Thread { [pty, output] in Self.drain(pty.main, received: output.append) }.start()
    }

    deinit { pty.close() }

    /// Writes key bytes to the terminal; returns the instant just before the write.
    @discardableResult
    func type(_ bytes: [UInt8]) -> ContinuousClock.Instant { pty.type(bytes) }

    var hasExited: Bool { child.exit != nil }

    /// Ends the demo with `q` (cancel); SIGTERM, then SIGKILL, when it does not leave.
    func stop() {
        if hasExited { return }
        type(Array("q".utf8))
        for signal in [0, SIGTERM, SIGKILL] {
            if signal != 0 { child.kill(signal) }
            if (try? child.waitForExit(timeout: .seconds(3))) != nil { return }
        }
    }

    /// The first time the program wrote to its terminal after `instant`, waiting at most `timeout`.
    func firstOutput(after instant: ContinuousClock.Instant, timeout: Duration = .seconds(2)) -> ContinuousClock.Instant? {
        Polling.until(timeout: timeout, every: pollInterval) {
            output.first(after: instant)
        }
    }

    /// What the program wrote from the `index`th read on, with when each read returned (only with
    /// `keepsOutput`).
    func outputChunks(from index: Int = 0) -> [(time: ContinuousClock.Instant, bytes: [UInt8])] { output.chunks(from: index) }

    /// How many reads of the program's output were kept so far (only with `keepsOutput`).
    var outputChunkCount: Int { output.chunkCount }

    private static func drain(_ main: Int32, received: (ContinuousClock.Instant, ArraySlice<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var tail: [UInt8] = []
        let query: [UInt8] = [0x1B, 0x5B, 0x63]  // ESC [ c
        while true {
            let count = read(main, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }  // EIO: the subordinate end closed (the demo left)
            received(ContinuousClock.now, buffer[0..<count])
            tail += buffer[0..<count]
            if tail.count >= 3 {
                for start in 0...(tail.count - 3) where Array(tail[start..<start + 3]) == query {
                    let reply = Array("\u{1B}[?62;22c".utf8)
                    _ = reply.withUnsafeBytes { write(main, $0.baseAddress, $0.count) }
                }
            }
            tail = Array(tail.suffix(2))
        }
    }
}

/// When each read of a program's terminal output returned.
final class OutputLog: Sendable {
    private let times = Mutex<[ContinuousClock.Instant]>([])
    /// With `keepsBytes`: each read's bytes, with its time.
    private let kept = Mutex<[(time: ContinuousClock.Instant, bytes: [UInt8])]>([])
    private let keepsBytes: Bool

    init(keepsBytes: Bool = false) { self.keepsBytes = keepsBytes }

    func append(_ time: ContinuousClock.Instant, _ bytes: ArraySlice<UInt8>) {
        times.withLock { $0.append(time) }
        if keepsBytes { kept.withLock { $0.append((time, Array(bytes))) } }
    }

    func chunks(from index: Int) -> [(time: ContinuousClock.Instant, bytes: [UInt8])] {
        kept.withLock { Array($0[min(index, $0.count)...]) }
    }

    var chunkCount: Int { kept.withLock { $0.count } }

    /// The first read after `instant`, if there was one.
    func first(after instant: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        times.withLock { times in
            guard let last = times.last, last > instant else { return nil }
            return times.first { $0 > instant }
        }
    }
}

/// Keys as a legacy terminal sends them.
enum Keys {
    static let right: [UInt8] = [0x1B, 0x5B, 0x43]
    static let left: [UInt8] = [0x1B, 0x5B, 0x44]
}

/// The kernel's share of "key written to the terminal": a pty whose subordinate end stays in
/// canonical mode with echo, so the line discipline echoes each byte back to the main end when it
/// receives it (no process is woken on the other side). Main write -> echo readable on the main end.
let ptyDelivery = Benchmark(
    name: "pty-echo",
    summary: "write 1 byte to a pty master -> the line discipline's echo read back on the master"
) {
    let pty = try Pty()
    defer { pty.close() }
    var samples: [Duration] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    for index in 0..<110 {
        let start = pty.type([0x61])
        var pfd = pollfd(fd: pty.main, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 1000) == 1 else { throw BenchError("no echo from the pty") }
        let end = ContinuousClock.now
        _ = read(pty.main, &buffer, buffer.count)
        if index >= 10 { samples.append(end - start) }
        if index % 50 == 49 { pty.type([0x0A]); usleep(1000); _ = read(pty.main, &buffer, buffer.count); _ = read(pty.sub, &buffer, buffer.count) }
        usleep(5_000)
    }
    return samples
}
