#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One connection to BRLTTY's Virtual (`vr`) braille driver, as the display at the other end:
/// `connect` announces the display's width (`cells N`), `readLines` returns the lines BRLTTY
/// sends (`Visual "..."`, `Braille "..."`), `send` injects one BRLTTY command.
///
/// A plain descriptor: one thread may block in `readLines` while another sends.
package struct VirtualDisplaySocket: Sendable {
    /// The socket's descriptor.
    package let descriptor: Int32
    /// The width this connection announced.
    package let cells: Int

    /// Connects to the driver's socket (brltty `-d server:PATH`) and announces `cells` cells.
    package static func connect(path: String, cells: Int) throws(VirtualDisplayError) -> VirtualDisplaySocket {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw VirtualDisplayError("socket(): \(reason(errno))") }
        autobind(descriptor)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            Glibc.close(descriptor)
            throw VirtualDisplayError("socket path too long: '\(path)'")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes + [0]) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let why = reason(errno)
            Glibc.close(descriptor)
            throw VirtualDisplayError("cannot connect to BRLTTY's vr socket '\(path)': \(why)")
        }
        let connection = VirtualDisplaySocket(descriptor: descriptor, cells: cells)
        do {
            try connection.writeLine("cells \(cells)")
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    /// Sends one BRLTTY command (`ROUTE 5`, `LNUP`, `KEY_ENTER`, ...) in a write of its own: the
    /// vr driver of BRLTTY 6.5 processes only the first command of a write.
    package func send(_ command: String) throws(VirtualDisplayError) {
        try writeLine(command)
    }

    /// Ends the connection in both directions (a blocked `readLines` returns nil); the
    /// descriptor stays open until `close`.
    package func shutdown() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    package func close() {
        Glibc.close(descriptor)
    }

    private func writeLine(_ line: String) throws(VirtualDisplayError) {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw VirtualDisplayError("writing '\(line)' to the vr socket failed: \(Self.reason(errno))") }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Binds `descriptor` to an autobound abstract unix address before it connects. BRLTTY 6.5's vr
    /// driver copies the client's address with strdup; for an unbound client that memory is
    /// uninitialised (valgrind: "Conditional jump ... depends on uninitialised value(s)" under
    /// strdup in libbrlttybvr.so), which we suspect of its random crashes. An autobound address
    /// starts with a NUL byte, so the copy is an empty string.
    private static func autobind(_ descriptor: Int32) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sa_family_t>.size)) }
        }
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// Splits what arrives on a vr socket into lines (a read may end in the middle of one).
package struct VirtualDisplayLineReader: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    /// Blocks until at least one byte arrives, and returns the complete lines received so far
    /// (perhaps none); nil when the connection ended (BRLTTY closed it, or it was shut down).
    package mutating func readLines(from socket: VirtualDisplaySocket) -> [String]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(socket.descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                pending.removeAll()
                return nil
            }
            pending.append(contentsOf: buffer[0..<count])
            var lines: [String] = []
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
            return lines
        }
    }
}
