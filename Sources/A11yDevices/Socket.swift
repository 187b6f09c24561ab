#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the device connections do with their sockets themselves, beside their C libraries.
package enum Socket {
    /// POLLRDHUP (Linux; the header defines it only under _GNU_SOURCE): the peer closed its end.
    package static let pollReadHangUp: Int16 = 0x2000

    /// Sends all of `bytes` on `socket`, waiting as its send timeout allows, without SIGPIPE
    /// (a server that went away is an error). Nil when all went; else the errno (0: the socket
    /// took nothing).
    static func sendAll(_ bytes: [UInt8], to socket: Int32) -> Int32? {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count < 0 ? errno : 0 }
            sent += count
        }
        return nil
    }
}
