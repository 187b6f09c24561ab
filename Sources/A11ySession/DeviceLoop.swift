import A11yDevices

/// Where a device connection does its work, apart from the session's thread: the seam between
/// `BrailleLink` and a thread. Live code runs the work on a plain thread of its own
/// (`ThreadLoop`), so a server that stopped answering holds that thread only; tests run it at
/// once on their own thread (`InlineLoop`), so what a session did can be checked right after.
package protocol DeviceLoop: AnyObject, Sendable {
    /// Readable when the work has updates for the session: poll it with the keyboard.
    var updatesDescriptor: Int32 { get }
    /// There is work: run a step soon (never blocks the caller).
    func wake()
    /// The session is about to take the updates: empties `updatesDescriptor` (and, inline, runs a
    /// step, which is when the device is read).
    func takeUpdates()
    /// Called from a step: there are updates for the session.
    func tell()
}

/// The live loop: a `DeviceThread` that runs the step when woken or when the device's
/// descriptor is readable, and a `WakeSignal` that tells the session of updates.
package final class ThreadLoop: DeviceLoop {
    private let thread: DeviceThread
    private let updates: WakeSignal

    /// Starts the thread; nil when no thread or pipe could be made.
    package init?(watching descriptor: Int32, step: @escaping @Sendable () -> Bool) {
        guard let updates = WakeSignal(), let thread = DeviceThread(watching: descriptor, step: step) else { return nil }
        self.updates = updates
        self.thread = thread
    }

    package var updatesDescriptor: Int32 { updates.descriptor }
    package func wake() { thread.wake() }
    package func takeUpdates() { updates.take() }
    package func tell() { updates.signal() }
}

/// The loop of tests: every step runs at once, on the caller's thread; the session polls the
/// device's own descriptor (readable while a key waits) and reads it through `takeUpdates()`.
package final class InlineLoop: DeviceLoop {
    private let descriptor: Int32
    private let step: @Sendable () -> Bool

    package init(watching descriptor: Int32, step: @escaping @Sendable () -> Bool) {
        self.descriptor = descriptor
        self.step = step
    }

    package var updatesDescriptor: Int32 { descriptor }
    package func wake() { _ = step() }
    package func takeUpdates() { _ = step() }
    package func tell() {}
}
