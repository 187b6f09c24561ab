#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// A plain POSIX thread that owns a device's calls: it sleeps in `poll()` until it is woken
/// (`wake()`) or a descriptor it watches becomes readable, then runs its step, and ends when the
/// step returns false.
///
/// No libdispatch: no worker pool that comes and goes (an idle program has no wake-ups), one hop
/// from the caller to the C library, and every signal blocked in the thread (`DetachedThread`).
/// Calls into a server that stopped answering block this thread only.
///
/// The watched descriptor must stay open while the thread runs: close the device from the step
/// (on this thread), then return false.
public final class DeviceThread: Sendable {
    private let wakeSignal: WakeSignal

    /// Starts the thread; nil when no thread or pipe could be made.
    ///
    /// - Parameters:
    ///   - descriptor: Also wakes the thread when readable (or hung up); -1 for none.
    ///   - step: Runs after each wake-up, the first wake-up included (not at the start: a
    ///     thread that stepped as soon as it ran held a braille connection's calls while the
    ///     session wrote its first frame, which then went through this thread); false ends
    ///     the thread.
    public init?(watching descriptor: Int32 = -1, step: @escaping @Sendable () -> Bool) {
        guard let wakeSignal = WakeSignal() else { return nil }
        self.wakeSignal = wakeSignal
        let started = DetachedThread.start {
            repeat {
                wakeSignal.wait(alsoFor: descriptor)
            } while step()
        }
        if !started { return nil }
    }

    /// Makes the thread run its step soon (at once if it sleeps). Never blocks.
    public func wake() {
        wakeSignal.signal()
    }
}

/// A wake-up that can be waited for in `poll()`: a non-blocking, close-on-exec pipe. Signals
/// coalesce (one waiting byte is enough); both ends close when the last owner lets go, so a late
/// `signal()` never writes to a descriptor number that was reused.
public final class WakeSignal: Sendable {
    /// Readable while a signal waits.
    public let descriptor: Int32
    private let writeEnd: Int32
    /// A byte is in the pipe and not yet taken (writes beyond one are skipped).
    private let pending = Atomic(false)

    public init?() {
        guard let ends = Pipe.make() else { return nil }
        (descriptor, writeEnd) = ends
    }

    deinit {
        Glibc.close(descriptor)
        Glibc.close(writeEnd)
    }

    /// Makes `descriptor` readable (if it is not already).
    public func signal() {
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Takes the waiting signal, if any: `descriptor` is quiet again. True when one was waiting.
    @discardableResult
    public func take() -> Bool {
        var buffer: (UInt64, UInt64) = (0, 0)
        let count = withUnsafeMutableBytes(of: &buffer) { read(descriptor, $0.baseAddress, $0.count) }
        pending.store(false, ordering: .releasing)
        return count > 0
    }

    /// Sleeps until a signal (taken) or `deadline`; true when the signal came.
    @discardableResult
    public func wait(until deadline: ContinuousClock.Instant) -> Bool {
        repeat {
            if wait(timeout: deadline - .now) { return true }
        } while ContinuousClock.now < deadline
        return false
    }

    /// Sleeps until a signal (taken) or `other` is readable, or `timeout` passed (nil: no
    /// limit). True when the signal came.
    @discardableResult
    public func wait(alsoFor other: Int32 = -1, timeout: Duration? = nil) -> Bool {
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: other, events: Int16(POLLIN), revents: 0)]
        let limit = timeout.map { Int32(clamping: max(0, ($0.components.seconds * 1000) + ($0.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)) } ?? -1
        while poll(&fds, 2, limit) < 0 && errno == EINTR {}
        return fds[0].revents != 0 && take()
    }
}

/// Work run one item after another on a `DeviceThread` of its own: a serial queue without
/// libdispatch. The thread starts with the first work (creating a thread waits while another
/// thread loads a library: glibc's loader lock, held by libbrlapi's loading at a11y-demo's start,
/// cost the session 0.05-0.65 ms when the speech worker's thread was made then); it ends when
/// the queue is released.
public final class SerialThread: Sendable {
    private final class Jobs: Sendable {
        let state = Mutex<(items: [@Sendable () -> Void], ending: Bool)>(([], false))
    }

    private let jobs = Jobs()
    /// The thread once started (`thread` nil inside: none could be made).
    private let thread = Mutex<(started: Bool, thread: DeviceThread?)>((false, nil))

    public init() {}

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
            state.thread = DeviceThread {
                let (items, ending) = jobs.state.withLock { state in
                    defer { state.items = [] }
                    return (state.items, state.ending)
                }
                for item in items { item() }
                return !ending || jobs.state.withLock { !$0.items.isEmpty }
            }
            return state.thread
        }
    }

    /// Runs `work` after the work submitted before it; returns at once. (Without a thread —
    /// none could be made — it runs at once, on the caller's thread.)
    public func submit(_ work: @escaping @Sendable () -> Void) {
        guard let thread = started() else { return work() }
        jobs.state.withLock { $0.items.append(work) }
        thread.wake()
    }

    /// Runs `work` after the work submitted before it and waits until it is done, but no longer
    /// than `timeout` (a server that stopped answering must not hang the caller). True when done.
    @discardableResult
    public func wait(for work: @escaping @Sendable () -> Void, atMost timeout: Duration) -> Bool {
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
