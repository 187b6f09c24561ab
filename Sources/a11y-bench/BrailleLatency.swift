import A11yControls
import Foundation
import Synchronization

/// From `write(text:)` returning to the virtual display receiving the new cells.
let brailleLatency = Benchmark(
    name: "braille-write-to-display",
    summary: "BrailleDisplay.write(text:) -> Visual/Braille lines at a vr display on BRLTTY's socket"
) {
    let display = try BenchDisplay(socketPath: try serverVariable("A11Y_VR_SOCKET"), cells: 40)
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
/// (The tests have a fuller one in Tests/IntegrationTests/Support.)
final class BenchDisplay: Sendable {
    private let descriptor: Int32
    private let lines = Mutex<[(text: String, time: ContinuousClock.Instant)]>([])

    init(socketPath: String, cells: Int) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        autobindUnixSocket(descriptor)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(socketPath.utf8) + [0]) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else { throw BenchError("cannot connect to \(socketPath): \(String(cString: strerror(errno)))") }
        let hello = Array("cells \(cells)\n".utf8)
        _ = write(descriptor, hello, hello.count)
        Thread { [self] in readLoop() }.start()
    }

    deinit { close(descriptor) }

    func arrival(ofTextStarting prefix: String) -> ContinuousClock.Instant? {
        lines.withLock { $0.last { $0.text.hasPrefix("Visual \"" + prefix) }?.time }
    }

    private func readLoop() {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return }
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
