#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// A plain POSIX thread that owns a device's calls: it sleeps in `poll()` until it is woken
/// (`wake()`) or a descriptor it watches becomes readable, then runs its step, and ends when the
/// step says so. The watched descriptor is fixed (`init(watching:step:)`, a device's connection)
/// or chosen by each step (`init(watchingFirst:step:)`).
///
/// No libdispatch: no worker pool that comes and goes (an idle program has no wake-ups), one hop
/// from the caller to the C library, and every signal blocked in the thread (`DetachedThread`).
/// Calls into a server that stopped answering block this thread only.
///
/// The watched descriptor must stay open while the thread runs: close the device from the step
/// (on this thread), then return false.
package final class DeviceThread: Sendable {
    private let wakeSignal: WakeSignal

    /// Starts the thread; nil when no thread or pipe could be made.
    ///
    /// - Parameters:
    ///   - descriptor: Also wakes the thread when readable (or hung up); -1 for none.
    ///   - step: Runs after each wake-up, the first wake-up included (not at the start: a
    ///     thread that stepped as soon as it ran held a braille connection's calls while the
    ///     session wrote its first frame, which then went through this thread); false ends
    ///     the thread.
    package convenience init?(watching descriptor: Int32 = -1, step: @escaping @Sendable () -> Bool) {
        self.init(watchingFirst: descriptor) { step() ? descriptor : nil }
    }

    /// Starts the thread, which sleeps until `wake()` or until `descriptor` is readable (-1:
    /// none), then steps; each step returns the descriptor to watch until the next (-1: none),
    /// or nil to end the thread.
    package init?(watchingFirst descriptor: Int32, step: @escaping @Sendable () -> Int32?) {
        guard let wakeSignal = WakeSignal() else { return nil }
        self.wakeSignal = wakeSignal
        let started = DetachedThread.start {
            var watched: Int32? = descriptor
            while let descriptor = watched {
                wakeSignal.wait(alsoFor: descriptor)
                watched = step()
            }
        }
        if !started { return nil }
    }

    /// Makes the thread run its step soon (at once if it sleeps). Never blocks.
    package func wake() {
        wakeSignal.signal()
    }
}

/// A wake-up that can be waited for in `poll()`: a non-blocking, close-on-exec pipe. Signals
/// coalesce (one waiting byte is enough); both ends close when the last owner lets go, so a late
/// `signal()` never writes to a descriptor number that was reused.
package final class WakeSignal: Sendable {
    /// Readable while a signal waits.
    package let descriptor: Int32
    private let writeEnd: Int32
    /// A byte is in the pipe and not yet taken (writes beyond one are skipped).
    private let pending = Atomic(false)

    package init?() {
        guard let ends = Pipe.make() else { return nil }
        (descriptor, writeEnd) = ends
    }

    deinit {
        Glibc.close(descriptor)
        Glibc.close(writeEnd)
    }

    /// Makes `descriptor` readable (if it is not already).
    package func signal() {
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Takes the waiting signal, if any: `descriptor` is quiet again. True when one was waiting.
    @discardableResult
    package func take() -> Bool {
        var buffer: (UInt64, UInt64) = (0, 0)
        let count = withUnsafeMutableBytes(of: &buffer) { read(descriptor, $0.baseAddress, $0.count) }
        pending.store(false, ordering: .releasing)
        return count > 0
    }

    /// Sleeps until a signal (taken) or `deadline`; true when the signal came.
    @discardableResult
    package func wait(until deadline: ContinuousClock.Instant) -> Bool {
        repeat {
            if wait(timeout: deadline - .now) { return true }
        } while ContinuousClock.now < deadline
        return false
    }

    /// Sleeps until a signal (taken) or `other` is readable, or `timeout` passed (nil: no
    /// limit). True when the signal came.
    @discardableResult
    package func wait(alsoFor other: Int32 = -1, timeout: Duration? = nil) -> Bool {
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: other, events: Int16(POLLIN), revents: 0)]
        let limit = timeout.map { Int32(clamping: max(0, ($0.components.seconds * 1000) + ($0.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)) } ?? -1
        while poll(&fds, 2, limit) < 0 && errno == EINTR {}
        return fds[0].revents != 0 && take()
    }
}

/// Work run one item after another on a `DeviceThread` of its own: a serial queue without
/// libdispatch. The thread starts with the first work (creating a thread waits while another
/// thread loads a library, on glibc's loader lock, which libbrlapi's loading holds at
/// a11y-demo's start); it ends when the queue is released.
package final class ThreadQueue: Sendable {
    private final class Jobs: Sendable {
        struct State {
            var items: [@Sendable () -> Void] = []
            var ending = false
        }

        let state = Mutex(State())

        /// Runs the jobs in order until none is left; false when the queue was released (the
        /// thread ends).
        func run() -> Bool {
            while true {
                enum Next { case job(@Sendable () -> Void), wait, end }
                let next = state.withLock { state -> Next in
                    guard !state.items.isEmpty else { return state.ending ? .end : .wait }
                    return .job(state.items.removeFirst())
                }
                switch next {
                case .job(let work): work()
                case .wait: return true
                case .end: return false
                }
            }
        }
    }

    private let jobs = Jobs()
    /// The thread once started (`thread` nil inside: none could be made).
    private let thread = Mutex<(started: Bool, thread: DeviceThread?)>((false, nil))

    package init() {}

    deinit {
        jobs.state.withLock { $0.ending = true }
        thread.withLock { $0.thread }?.wake()
    }

    /// The thread, started at the first call.
    private func started() -> DeviceThread? {
        thread.withLock { state in
            guard !state.started else { return state.thread }
            state.started = true
            let jobs = self.jobs
            state.thread = DeviceThread { jobs.run() }
            return state.thread
        }
    }

    /// Runs `work` after the work submitted before it; returns at once. (Without a thread —
    /// none could be made — it runs at once, on the caller's thread.)
    package func submit(_ work: @escaping @Sendable () -> Void) {
        guard let thread = started() else { return work() }
        // Behind other work, the thread reaches it (it is awake); first, it needs waking.
        let wake = jobs.state.withLock { state -> Bool in
            state.items.append(work)
            return state.items.count == 1
        }
        if wake { thread.wake() }
    }

    /// Runs `work` after the work submitted before it and waits until it is done, but no longer
    /// than `timeout` (a server that stopped answering must not hang the caller). True when done.
    @discardableResult
    package func wait(for work: @escaping @Sendable () -> Void, atMost timeout: Duration) -> Bool {
        guard let done = WakeSignal() else {
            work()
            return true
        }
        submit {
            work()
            done.signal()
        }
        return done.wait(until: .now + timeout)
    }
}
