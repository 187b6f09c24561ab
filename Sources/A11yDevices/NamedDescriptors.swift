import Glibc

/// Descriptors known by name, waited on together in one `poll()`: a loop asks which of its
/// sources are ready by name, never by a position in an array.
package struct NamedDescriptors<Name: Hashable & Sendable>: Sendable {
    /// What a descriptor is waited for.
    package enum Interest: Sendable, Equatable {
        /// Something to read (or the end of the input).
        case readable
        /// The other end hung up (a socket's POLLRDHUP, POLLHUP or an error): nothing is read.
        case hangUp
    }

    private var entries: [(name: Name, descriptor: Int32, interest: Interest)] = []

    /// None yet.
    package init() {}

    /// Waits on `descriptor` as `name`; a nil or negative descriptor (a source that has none now)
    /// is left out.
    package mutating func add(_ name: Name, _ descriptor: Int32?, for interest: Interest = .readable) {
        guard let descriptor, descriptor >= 0 else { return }
        entries.append((name, descriptor, interest))
    }

    /// Every descriptor waited on, with what it is waited for (for a wait that is not `wait`'s,
    /// such as a `ReadinessGroup` in a host's loop).
    package var waited: [(descriptor: Int32, interest: Interest)] {
        entries.map { ($0.descriptor, $0.interest) }
    }

    /// The descriptor waited on as `name`, nil when none is.
    package subscript(name: Name) -> Int32? {
        entries.first { $0.name == name }?.descriptor
    }

    /// Sleeps in `poll()` until a descriptor is ready or `timeout` passes (milliseconds, -1: no
    /// limit); returns the names of those that are ready. A signal that interrupts the wait gives
    /// an empty set (the caller goes round); nil: `poll()` failed otherwise.
    package func wait(timeout: Int32) -> Set<Name>? {
        var fds = entries.map { entry in
            pollfd(fd: entry.descriptor, events: entry.interest == .hangUp ? Socket.pollReadHangUp : Int16(POLLIN), revents: 0)
        }
        if poll(&fds, nfds_t(fds.count), timeout) < 0 {
            return errno == EINTR ? [] : nil
        }
        var ready: Set<Name> = []
        for (entry, fd) in zip(entries, fds) {
            let happened = switch entry.interest {
            case .readable: fd.revents != 0
            case .hangUp: fd.revents & (Socket.pollReadHangUp | Int16(POLLHUP | POLLERR)) != 0
            }
            if happened { ready.insert(entry.name) }
        }
        return ready
    }
}
