import A11yDevices

/// Where `SpeechOutput` runs the calls that may block on the server, one after another, never
/// on the thread that reads keys: a queue of work, named as its kinds are by where the work runs.
/// Live code uses a plain thread of its own (`ThreadQueue`: no libdispatch, so an idle session
/// has no wake-ups); tests run the work at once on their own thread (`InlineQueue`) or when they
/// say (`ManualQueue`).
package protocol WorkQueue: Sendable {
    /// Runs `work` after the work submitted before it; returns at once.
    func submit(_ work: @escaping @Sendable () -> Void)
    /// Runs `work` after the work submitted before it, and waits until it is done, but no
    /// longer than `timeout` (a server that stopped answering must not hang the caller). True
    /// when it was done in time.
    @discardableResult
    func wait(for work: @escaping @Sendable () -> Void, atMost timeout: Duration) -> Bool
}

extension ThreadQueue: WorkQueue {}
