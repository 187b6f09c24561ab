import Glibc

/// BrlAPI's TCP addresses: index N (`BRLAPI_HOST=127.0.0.1:N`) is port 4101 + N on loopback.
package enum BrlAPIPort {
    /// Calls `operation` (connect, bind) with the loopback address of BrlAPI index `index`.
    package static func withAddress<T>(index: Int, _ operation: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(4101 + index).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { operation($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
