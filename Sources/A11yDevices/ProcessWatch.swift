#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CSystem

/// Tells when another process ends, through a descriptor that becomes readable then (Linux's
/// pidfd): a loop polls it beside its other descriptors and wakes only for the end, never to
/// look. The session watches the screen reader that reads its words this way.
package final class ProcessWatch: Sendable {
    /// Readable once the process has ended.
    package let descriptor: Int32
    /// The process watched.
    package let processID: Int32

    /// Watches `processID`; nil when it is already gone or the system has no pidfd (Linux < 5.3).
    package init?(processID: Int32) {
        let fd = a11y_pidfd_open(processID)
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        descriptor = fd
        self.processID = processID
    }

    /// Whether the process has ended (a poll that does not wait).
    package var hasEnded: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    deinit { close(descriptor) }
}
