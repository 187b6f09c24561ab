#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// A braille display for BRLTTY's Virtual driver (`vr`), played by a program: the tests and the
/// benchmark.
///
/// It connects to the driver's socket, announces its width, records every frame BRLTTY sends
/// (timestamped on arrival, by a reader thread), and injects BRLTTY commands the way a person
/// pressing keys would: one command per write, at least 100 ms apart (the vr driver of BRLTTY
/// 6.5 only reads the first command of a write). When BRLTTY closes the connection (BRLTTY or
/// its driver restarted), the reader connects again with the same width, as a display plugged
/// back in does.
package final class VirtualBrailleDisplay: Sendable {
    private struct Connection {
        /// nil between a closed connection and the next (its descriptor number may already be
        /// another's: nothing may be written to it or closed again).
        var socket: VirtualDisplaySocket?
        /// The width to announce (at the next connection, once changed).
        var cells: Int
        var connections = 1
        var closed = false
    }

    private let socketPath: String
    private let reconnectWindow: Duration
    private let connection: Mutex<Connection>
    private let received = Mutex<[VirtualDisplayFrame]>([])
    private let lastCommand = Mutex<ContinuousClock.Instant?>(nil)

    /// Connects to `socketPath` as a display of `cells` cells. After BRLTTY closes the
    /// connection, it tries to connect again every 100 ms for up to `reconnectWindow`.
    package init(socketPath: String, cells: Int = 40, reconnectWindow: Duration = .seconds(60)) throws(VirtualDisplayError) {
        self.socketPath = socketPath
        self.reconnectWindow = reconnectWindow
        connection = Mutex(Connection(socket: try VirtualDisplaySocket.connect(path: socketPath, cells: cells), cells: cells))
        guard startThread({ [self] in readLoop() }) else {
            connection.withLock { $0.socket?.close() }
            throw VirtualDisplayError("cannot start the virtual display's reader thread")
        }
    }

    /// The width announced to BRLTTY (or to be announced at the next connection).
    package var cells: Int { connection.withLock { $0.cells } }
    /// How many times the display connected (1 at the start).
    package var connections: Int { connection.withLock { $0.connections } }

    /// Disconnects for good: the reader stops and does not connect again.
    package func close() {
        connection.withLock {
            $0.closed = true
            $0.socket?.shutdown()
        }
    }

    // MARK: Plugging

    /// The width to announce at the next connection (after BRLTTY is restarted).
    package func setCellsForNextConnection(_ cells: Int) {
        connection.withLock { $0.cells = cells }
    }

    /// Unplugs the display and plugs in one of `cells` cells. BRLTTY 6.5 notices only after
    /// many failed writes and restarts its driver seconds later: prefer restarting BRLTTY.
    package func reconnect(cells: Int) {
        connection.withLock {
            $0.cells = cells
            $0.socket?.shutdown()  // the reader sees the end and connects again with the new width
        }
    }

    /// Waits until the display connected `count` times in all.
    package func waitForConnections(_ count: Int, timeout: Duration = Polling.hang,
                                    file: String = #fileID, line: Int = #line) -> Bool {
        Polling.until(timeout: timeout, every: .milliseconds(10), file: file, line: line) { connections >= count }
    }

    // MARK: What the display shows

    /// Every frame received so far.
    package var frames: [VirtualDisplayFrame] { received.withLock { $0 } }

    /// How many frames were received so far (an index for `firstFrame(after:)`).
    package var frameCount: Int { received.withLock { $0.count } }

    /// The first frame received after the first `index` ones that satisfies `condition`, now.
    package func firstFrame(after index: Int = 0, where condition: (VirtualDisplayFrame) -> Bool) -> VirtualDisplayFrame? {
        received.withLock { $0.dropFirst(index).first(where: condition) }
    }

    /// The last frame received that satisfies `condition`.
    package func lastFrame(where condition: (VirtualDisplayFrame) -> Bool = { _ in true }) -> VirtualDisplayFrame? {
        received.withLock { $0.last(where: condition) }
    }

    /// Waits until a frame received after the first `index` ones satisfies `condition`, looking
    /// every `interval`; returns it, or nil after `timeout`.
    package func waitForFrame(after index: Int = 0, timeout: Duration = Polling.hang, every interval: Duration = .milliseconds(1),
                             file: String = #fileID, line: Int = #line,
                             _ condition: (VirtualDisplayFrame) -> Bool) -> VirtualDisplayFrame? {
        Polling.until(timeout: timeout, every: interval, file: file, line: line) { firstFrame(after: index, where: condition) }
    }

    // MARK: Keys

    /// Injects one BRLTTY command (`ROUTE 5`, `LNUP`, `KEY_ENTER`, ...), at least 100 ms after the last.
    package func press(_ command: String) throws(VirtualDisplayError) {
        if let last = lastCommand.withLock({ $0 }) {
            let since = ContinuousClock.now - last
            if since < .milliseconds(100) { Polling.sleep(for: .milliseconds(100) - since) }
        }
        // Under the lock: the reader cannot close the descriptor meanwhile.
        try connection.withLock { (connection) throws(VirtualDisplayError) in
            guard let socket = connection.socket else { throw VirtualDisplayError("the display is not connected to BRLTTY (reconnecting): '\(command)' not sent") }
            try socket.send(command)
        }
        lastCommand.withLock { $0 = ContinuousClock.now }
    }

    // MARK: The reader

    private func readLoop() {
        var reader = VirtualDisplayLineReader()
        var assembler = VirtualDisplayFrameAssembler()
        while true {
            guard let socket = connection.withLock({ $0.socket }), let lines = reader.readLines(from: socket) else {
                assembler.reset()
                guard reopen() else { return }
                continue
            }
            let now = ContinuousClock.now
            for line in lines.compactMap(VirtualDisplayLine.init) {
                if let frame = assembler.take(line, at: now) { received.withLock { $0.append(frame) } }
            }
        }
    }

    /// Closes the ended connection and connects again with the current width, every 100 ms
    /// within `reconnectWindow`; false when closed for good or it never could.
    private func reopen() -> Bool {
        let (closed, cells) = connection.withLock { connection in
            connection.socket?.close()
            connection.socket = nil
            return (connection.closed, connection.cells)
        }
        guard !closed else { return false }
        let fresh = Polling.until(timeout: reconnectWindow, every: .milliseconds(100)) {
            try? VirtualDisplaySocket.connect(path: socketPath, cells: cells)
        }
        guard let fresh else { return false }
        return connection.withLock {
            guard !$0.closed else { fresh.close(); return false }  // closed while reconnecting
            $0.socket = fresh
            $0.connections += 1
            return true
        }
    }
}
