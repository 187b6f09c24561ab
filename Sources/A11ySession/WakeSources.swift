import Glibc
import A11yDevices

/// What can wake a session's loop, each descriptor by what it is.
package enum WakeSource: CaseIterable, Sendable, Hashable {
    /// The keyboard (the terminal, or scripted input): bytes to read.
    case keys
    /// The signal pipe (`SignalHandling`): signals to drain.
    case signals
    /// The speech worker's wake pipe: speech was lost, is back or stopped answering.
    case speechStatus
    /// Speech-dispatcher's socket, watched for its hang-up only: the server closed.
    case speechServer
    /// The screen reader's process (a pidfd): readable when it ended.
    case screenReader
    /// The braille worker's updates (keys from BRLTTY, a display that came, went or resized).
    case braille

    /// The `poll()` events waited for.
    var events: Int16 {
        self == .speechServer ? Socket.pollReadHangUp : Int16(POLLIN)
    }

    /// Whether `revents` of a wake-up means this source has something.
    func isReady(_ revents: Int16) -> Bool {
        self == .speechServer ? revents & (Socket.pollReadHangUp | Int16(POLLHUP | POLLERR)) != 0 : revents != 0
    }
}

/// The descriptors a loop waits on, by name: a source without one (nil) is not waited on.
package struct WakeSources: Sendable {
    /// Each source's descriptor, nil when it has none now.
    package var descriptors: [WakeSource: Int32] = [:]

    package init(_ descriptors: [WakeSource: Int32?]) {
        for (source, descriptor) in descriptors {
            if let descriptor, descriptor >= 0 { self.descriptors[source] = descriptor }
        }
    }

    /// Sleeps in `poll()` until a source is ready or `timeout` passes (milliseconds, -1: no
    /// limit); returns the sources that are ready. A signal that interrupts the wait gives an
    /// empty set (the loop goes round); nil: `poll()` failed otherwise.
    package func wait(timeout: Int32) -> Set<WakeSource>? {
        let sources = WakeSource.allCases.filter { descriptors[$0] != nil }
        var fds = sources.map { pollfd(fd: descriptors[$0]!, events: $0.events, revents: 0) }
        if poll(&fds, nfds_t(fds.count), timeout) < 0 {
            return errno == EINTR ? [] : nil
        }
        return Set(zip(sources, fds).filter { source, fd in source.isReady(fd.revents) }.map(\.0))
    }

    /// Milliseconds from `now` to the earliest of `deadlines`, rounded up (0 when one is due);
    /// -1 when there is none (sleep until a source is ready).
    package static func timeout(until deadlines: [Duration?], now: Duration) -> Int32 {
        guard let next = deadlines.compactMap({ $0 }).min() else { return -1 }
        let left = next - now
        if left <= .zero { return 0 }
        let ms = left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(min(ms, Int64(Int32.max)))
    }
}
