import Foundation
import Synchronization

/// A braille display for BRLTTY's Virtual driver (`vr`), played by the tests.
///
/// It connects to the driver's socket (`A11Y_VR_SOCKET`), announces `cells` cells, records every
/// `Visual "..."` / `Braille "..."` pair the driver sends, and injects BRLTTY commands the way a
/// person pressing keys would: one command per write, about 100 ms apart (the vr driver of
/// BRLTTY 6.5 only reads the first command of a write).
final class VirtualBrailleDisplay: Sendable {
    /// What the display shows at one moment.
    struct Frame: Sendable, Equatable {
        /// The `Visual` line: the text as BRLTTY sees it (raw dots appear as Unicode braille).
        var text: String
        /// The `Braille` line's cells, e.g. ["12367", "135", "", "78"].
        var cells: [String]
        /// When the `Braille` line arrived.
        var time: ContinuousClock.Instant
    }

    private struct State {
        var pendingText: String?
        var frames: [Frame] = []
        var closed = false
    }

    /// The connection: its descriptor and the width it announced. When BRLTTY closes it (BRLTTY
    /// was restarted, or its driver restarted), the reader thread connects again with the same
    /// width, as a display plugged back in does; `reconnect(cells:)` changes the width.
    private struct Connection {
        var descriptor: Int32
        var cells: Int
        var connections = 1
    }

    private let connection: Mutex<Connection>
    private let state = Mutex(State())
    private let lastCommand = Mutex<ContinuousClock.Instant?>(nil)
    private let socketPath: String
    /// The width announced to BRLTTY.
    var cells: Int { connection.withLock { $0.cells } }
    /// How many times the display connected (1 at the start).
    var connections: Int { connection.withLock { $0.connections } }
    private var descriptor: Int32 { connection.withLock { $0.descriptor } }

    init(socketPath: String, cells: Int = 40) throws {
        self.socketPath = socketPath
        let descriptor = try Self.open(socketPath, cells: cells)
        connection = Mutex(Connection(descriptor: descriptor, cells: cells))
        let thread = Thread { [self] in readLoop() }
        thread.name = "virtual braille display"
        thread.start()
    }

    /// Connects to the vr socket and announces `cells`.
    private static func open(_ socketPath: String, cells: Int) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw FixtureError("socket(): \(String(cString: strerror(errno)))") }
        autobindUnixSocket(descriptor)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socketPath.utf8)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { throw FixtureError("socket path too long: \(socketPath)") }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path + [0]) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw FixtureError("cannot connect the virtual display to BRLTTY's vr socket '\(socketPath)': \(reason). Is BRLTTY running? Run `make test` (or `scripts/servers.sh start` and source .servers/env).")
        }
        let bytes = Array("cells \(cells)\n".utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            Glibc.close(descriptor)
            throw FixtureError("writing 'cells \(cells)' to the vr socket failed")
        }
        return descriptor
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// The width to announce at the next connection (after BRLTTY is restarted).
    func setCellsForNextConnection(_ cells: Int) {
        connection.withLock { $0.cells = cells }
    }

    /// Unplugs the display and plugs in one of `cells` cells. BRLTTY 6.5 notices only after
    /// many failed writes and restarts its driver seconds later: prefer restarting BRLTTY.
    func reconnect(cells: Int) {
        let old = connection.withLock { connection -> Int32 in
            connection.cells = cells
            return connection.descriptor
        }
        // The reader sees the end of the connection and connects again with the new width.
        shutdown(old, Int32(SHUT_RDWR))
    }

    /// Waits until the display connected `count` times in all.
    func waitForConnections(_ count: Int, timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if connections >= count { return true }
            usleep(10_000)
        }
        return false
    }

    // MARK: What the display shows

    /// Every frame received so far.
    var frames: [Frame] { state.withLock { $0.frames } }

    /// Waits until a frame received after `index` satisfies `condition`; returns it, or nil after `timeout`.
    func waitForFrame(after index: Int = 0, timeout: Duration = .seconds(3), _ condition: (Frame) -> Bool) -> Frame? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let frame = state.withLock({ $0.frames.dropFirst(index).first(where: condition) }) { return frame }
            usleep(1_000)
        }
        return nil
    }

    // MARK: Keys

    /// Injects one BRLTTY command (`ROUTE 5`, `LNUP`, `KEY_ENTER`, ...), at least 100 ms after the last.
    func press(_ command: String) throws {
        let now = ContinuousClock.now
        if let last = lastCommand.withLock({ $0 }), now - last < .milliseconds(100) {
            Thread.sleep(forTimeInterval: Double((.milliseconds(100) - (now - last)).components.attoseconds) / 1e18)
        }
        try send(command)
        lastCommand.withLock { $0 = ContinuousClock.now }
    }

    // MARK: Internals

    private func send(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw FixtureError("writing '\(line)' to the vr socket failed: \(String(cString: strerror(errno)))") }
    }

    private func readLoop() {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                // BRLTTY went away (or `reconnect` unplugged us): plug in again when it is back.
                pending = []
                guard reopen() else { break }
                continue
            }
            pending.append(contentsOf: buffer[0..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                handle(line, at: .now)
            }
        }
        state.withLock { $0.closed = true }
    }

    /// Connects again (for up to 60 s), with the current width; false when it never could.
    private func reopen() -> Bool {
        let (old, cells) = connection.withLock { ($0.descriptor, $0.cells) }
        Glibc.close(old)
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            usleep(100_000)
            if let descriptor = try? Self.open(socketPath, cells: cells) {
                connection.withLock {
                    $0.descriptor = descriptor
                    $0.connections += 1
                }
                return true
            }
        }
        return false
    }

    private func handle(_ line: String, at time: ContinuousClock.Instant) {
        if let text = Self.quoted(line, after: "Visual ") {
            state.withLock { $0.pendingText = text }
        } else if let dots = Self.quoted(line, after: "Braille ") {
            let cells = dots.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            state.withLock { state in
                state.frames.append(Frame(text: state.pendingText ?? "", cells: cells, time: time))
                state.pendingText = nil
            }
        }
    }

    private static func quoted(_ line: String, after prefix: String) -> String? {
        guard line.hasPrefix(prefix + "\""), line.hasSuffix("\""), line.count >= prefix.count + 2 else { return nil }
        return String(line.dropFirst(prefix.count + 1).dropLast())
    }
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

/// A failure of the test setup, with what to do about it.
struct FixtureError: Error, Sendable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
