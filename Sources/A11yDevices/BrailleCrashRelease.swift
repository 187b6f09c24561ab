#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The braille display given back to BRLTTY when the program crashes.
///
/// A session ends its BrlAPI connection in order (tty mode left, the connection closed). A crash
/// cannot: libbrlapi's calls are not safe in a signal handler. The process's exit would close the
/// connection's socket, and BRLTTY then takes the display back; but a crashing Swift program
/// lives on for seconds while the Swift backtracer writes its report, and the display would go
/// on showing the control's last line meanwhile. So the crash handler (`SignalHandling`) shuts
/// the open connections' sockets down first, as the exit would (`shutdown` is async-signal-safe):
/// BRLTTY sees the end of the connection at once, and nothing else is said on them.
package enum BrailleCrashRelease {
    /// How many connections are remembered (a session has one, a reconnection a second).
    private static let capacity = 8

    /// The sockets of open connections, -1 for a free slot: read by the handler without a lock
    /// (each slot a word, written under `writers`); after them, 1 once the program is crashing.
    nonisolated(unsafe) private static let sockets: UnsafeMutablePointer<Int32> = {
        let slots = UnsafeMutablePointer<Int32>.allocate(capacity: capacity + 1)
        slots.initialize(repeating: -1, count: capacity)
        (slots + capacity).initialize(to: 0)
        return slots
    }()

    /// Serializes the threads that open and close connections.
    private static let writers = Mutex(())

    /// Makes the table before any handler may read it (its first use would otherwise make it
    /// inside the handler). `SignalHandling.install()` calls it.
    package static func prepare() {
        _ = sockets
    }

    /// Remembers the socket of a connection that is open; false when the program is crashing
    /// (the connection is to be closed at once): the threads of a crashing program run on while
    /// the backtracer writes its report, and a session would connect again and show its line
    /// once more.
    static func remember(_ socket: Int32) -> Bool {
        writers.withLock { _ in
            guard sockets[capacity] == 0 else { return false }
            if let free = (0..<capacity).first(where: { sockets[$0] == -1 }) { sockets[free] = socket }
            return true
        }
    }

    /// Forgets the socket of a connection that is being closed (before it is closed: its number
    /// may be another file's afterwards).
    static func forget(_ socket: Int32) {
        writers.withLock { _ in
            for slot in 0..<capacity where sockets[slot] == socket { sockets[slot] = -1 }
        }
    }

    /// Shuts down the sockets of the open connections, and keeps new ones from being remembered.
    /// Async-signal-safe: for a crash handler.
    package static func shutDownAll() {
        sockets[capacity] = 1
        for slot in 0..<capacity {
            let socket = sockets[slot]
            if socket >= 0 { _ = shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }
}
