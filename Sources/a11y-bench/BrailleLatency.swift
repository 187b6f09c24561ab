import A11yControls
import Foundation
import Synchronization

/// From `write(text:)` returning to the virtual display receiving the new cells.
let brailleLatency = Benchmark(
    name: "braille-write-to-display",
    summary: "BrailleDisplay.write(text:) -> Visual/Braille lines at a vr display on BRLTTY's socket"
) {
    let display = try sharedDisplay()
    let brl = try BrailleDisplay()
    defer { brl.close() }
    try brl.enterTTY()
    _ = try waitUntil { (try? brl.size().width) == 40 }
    var samples: [Duration] = []
    for index in 0..<110 {
        let text = "bench braille \(index)"
        let start = ContinuousClock.now
        try brl.write(text: text)
        var arrival: ContinuousClock.Instant?
        _ = try waitUntil {
            arrival = display.arrival(ofTextStarting: text + " ")
            return arrival != nil
        }
        if index >= 10, let arrival { samples.append(arrival - start) }
        usleep(20_000)  // paced as the bare floor: back to back, writes meet BRLTTY's update cycle
    }
    return samples
}

/// Binds `descriptor` to an autobound abstract unix address before it connects. BRLTTY 6.5's vr
/// driver copies the client's address with strdup; for an unbound client that memory is
/// uninitialised (valgrind: "Conditional jump ... depends on uninitialised value(s)" under
/// strdup in libbrlttybvr.so), which we suspect of its random crashes. An autobound address
/// starts with a NUL byte, so the copy is an empty string.
func autobindUnixSocket(_ descriptor: Int32) {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sa_family_t>.size)) }
    }
}

/// A minimal display for BRLTTY's `vr` driver that timestamps each `Visual` line on arrival.
/// (The tests have a fuller one in Tests/IntegrationTests/Support.) The vr driver accepts one
/// display per BRLTTY run, so the bench keeps ONE for the whole process (`sharedDisplay()`); it
/// reconnects when BRLTTY's supervisor restarts a crashed BRLTTY.
final class BenchDisplay: Sendable {
    private let descriptor = Mutex<Int32>(-1)
    private let lines = Mutex<[(text: String, time: ContinuousClock.Instant)]>([])
    private let socketPath: String
    private let cells: Int
    /// How many times the display had to reconnect (BRLTTY restarted).
    let reconnects = Atomic<Int>(0)

    init(socketPath: String, cells: Int) throws {
        self.socketPath = socketPath
        self.cells = cells
        try connectOnce()
        Thread { [self] in readLoop() }.start()
    }

    deinit { close(descriptor.withLock { $0 }) }

    private func connectOnce() throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        autobindUnixSocket(fd)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(socketPath.utf8) + [0]) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw BenchError("cannot connect to \(socketPath): \(reason)")
        }
        let hello = Array("cells \(cells)\n".utf8)
        _ = write(fd, hello, hello.count)
        descriptor.withLock { $0 = fd }
    }

    /// Lines received so far (an index to search from later).
    var count: Int { lines.withLock { $0.count } }

    func arrival(ofTextStarting prefix: String) -> ContinuousClock.Instant? {
        lines.withLock { $0.last { $0.text.hasPrefix("Visual \"" + prefix) }?.time }
    }

    /// The first `Visual` text received at or after line `index` that satisfies `condition`.
    func firstVisual(from index: Int, _ condition: (String) -> Bool) -> (text: String, time: ContinuousClock.Instant)? {
        lines.withLock { lines in
            for line in lines.dropFirst(index) where line.text.hasPrefix("Visual \"") {
                let text = String(line.text.dropFirst(8).dropLast())
                if condition(text) { return (text, line.time) }
            }
            return nil
        }
    }

    /// Every line received, with its time (for A11Y_BENCH_DEBUG).
    var dump: [(text: String, time: ContinuousClock.Instant)] { lines.withLock { $0 } }

    /// The last `Visual` text received.
    var lastVisual: String? {
        lines.withLock { $0.last { $0.text.hasPrefix("Visual \"") }.map { String($0.text.dropFirst(8).dropLast()) } }
    }

    private func readLoop() {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let fd = descriptor.withLock { $0 }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                // BRLTTY went away (its supervisor restarts it): connect again.
                close(fd)
                pending.removeAll()
                reconnects.add(1, ordering: .relaxed)
                var connected = false
                for _ in 0..<100 {
                    usleep(100_000)
                    if (try? connectOnce()) != nil { connected = true; break }
                }
                if !connected { return }
                continue
            }
            let now = ContinuousClock.now
            pending.append(contentsOf: buffer[0..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                lines.withLock { $0.append((line, now)) }
            }
        }
    }
}

private let displayCache = Mutex<BenchDisplay?>(nil)

/// The bench's one display on BRLTTY's vr socket, connected on first use.
func sharedDisplay() throws -> BenchDisplay {
    try displayCache.withLock { cached in
        if let cached { return cached }
        let display = try BenchDisplay(socketPath: try serverVariable("A11Y_VR_SOCKET"), cells: 40)
        cached = display
        return display
    }
}
