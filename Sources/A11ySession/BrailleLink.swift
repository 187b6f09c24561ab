import Synchronization
import A11yDevices
import A11yPresentation
import A11yVocabulary

/// The session's link to BRLTTY: owns one connection and makes every call on it from its loop (a
/// `DeviceLoop`, a thread of its own in live code; not a `WorkQueue`: it takes orders, not pieces
/// of work): the session only hands over orders and takes updates, so no call on the key path can
/// wait for a BRLTTY that stopped answering (SIGSTOP, a stuck driver).
///
/// - Orders: the latest frame (frames handed over while one is written replace each other), the
///   keys to take from BRLTTY, closing.
/// - Updates for the session: keys read, the display's new width, fresh preferences, a failed call
///   (the connection is then closed and the loop ends).
/// - After a burst of frames it asks BRLTTY something that needs an answer (`ping()`): writes
///   are not answered, so a stopped BRLTTY would otherwise only show when its socket fills.
/// - `waiting` says how long work has waited for BRLTTY's answer; `BrailleOutput` compares it
///   with its limit and tells the user the display is not answering.
final class BrailleLink: Sendable {
    /// What the session learns from a step.
    struct Updates {
        var keys: [BrailleKey] = []
        /// The display's width, when it changed.
        var width: Int?
        /// The preferences and the parameters BRLTTY did not answer, when they changed.
        var preferences: (BraillePreferences, unanswered: [String])?
        /// Things to report once (a failed call that does not end the connection).
        var reports: [String] = []
        /// The call that failed: the connection is closed.
        var failure: (any Error)?

        var isEmpty: Bool { keys.isEmpty && width == nil && preferences == nil && reports.isEmpty && failure == nil }
    }

    private struct State {
        var frame: BrailleFrame?
        var acceptedKeys: BrailleKeySet?
        /// Close after the orders before it (leaving tty mode, or not: a lost display).
        var closing: (leaveTTY: Bool, done: WakeSignal?)?
        /// Since when handed-over work has waited for BRLTTY: set when work reaches an idle
        /// link, moved on at each call BRLTTY answers, cleared when the link is idle.
        var waitingSince: ContinuousClock.Instant?
        var updates = Updates()
        var ended = false
    }

    /// What only the loop's thread uses (a lock that is never contended).
    private struct LoopOnly {
        var width: Int
        var dotsMask: UInt8
        var needsPing = false
        /// A frame was written on this connection.
        var wroteAFrame = false
        /// The display's size watch was asked for (once, after the first frame).
        var askedForSize = false
    }

    private let connection: any BrailleConnection
    private let state = Mutex(State())
    /// Held while a call on the connection runs: by the loop for its whole step, by the
    /// session only for a write it makes at once (`showAtOnce`), never waited for by the session.
    private let calls = Mutex(())
    private let loopOnly: Mutex<LoopOnly>
    /// Set once, right after init (the loop needs the link's step).
    private let loopBox = Mutex<(any DeviceLoop)?>(nil)
    /// The loop has not stepped yet: it takes in what BrlAPI received while connecting once the
    /// first frame is out (or at the first order).
    private let firstStepOwed = Atomic(true)

    /// Starts the loop for `connection` (which is in tty mode, `width` cells wide, with text
    /// dots `dotsMask`); nil when the service has no loop for it.
    init?(connection: any BrailleConnection, width: Int, dotsMask: UInt8, service: any BrailleService) {
        self.connection = connection
        loopOnly = Mutex(LoopOnly(width: width, dotsMask: dotsMask))
        guard let loop = service.startLoop(watching: connection.fileDescriptor, step: { [self] in step() }) else { return nil }
        loopBox.withLock { $0 = loop }
    }

    private var loop: (any DeviceLoop)? { loopBox.withLock { $0 } }

    /// Readable when there are updates (see `takeUpdates()`).
    var updatesDescriptor: Int32 { loop?.updatesDescriptor ?? -1 }

    /// Shows `frame` as soon as BRLTTY takes it; returns at once. True when it was written at
    /// once (see `showAtOnce`): call `askWhetherAnswering()` a little later.
    /// `prepared`: the frame's write made ready by `prepare`, sent as it is when the display's
    /// width and dots are still those it was made for.
    @discardableResult
    func show(_ frame: BrailleFrame, prepared: BrailleDisplay.PreparedWrite? = nil) -> Bool {
        if showAtOnce(frame, prepared: prepared) {
            if firstStepOwed.exchange(false, ordering: .relaxed) { loop?.wake() }
            return true
        }
        order { $0.frame = frame }
        return false
    }

    /// Asks BRLTTY, from the loop, something that needs an answer (`ping()`) if a frame was
    /// written since it last answered: writes are not answered, so only this shows a BRLTTY
    /// that stopped answering (`waiting` grows).
    func askWhetherAnswering() {
        order { _ in }
    }

    /// The key path's shortcut: when the loop is idle (no order waits, BRLTTY answered the last
    /// call, the loop is not in a call) and the socket has room, the frame is written from the
    /// caller's thread: a write is not answered, so it cannot wait for BRLTTY, and the frame
    /// does not wait for the loop's thread to wake (slow on a busy machine, and a wake-up that
    /// takes the CPU from BRLTTY and speech-dispatcher at the same moment).
    private func showAtOnce(_ frame: BrailleFrame, prepared: BrailleDisplay.PreparedWrite?) -> Bool {
        guard state.withLock({ $0.frame == nil && $0.acceptedKeys == nil && $0.closing == nil && !$0.ended && $0.waitingSince == nil }) else {
            return false
        }
        let written = calls.withLockIfAvailable { _ -> Bool in
            guard connection.takesAWriteAtOnce else { return false }
            var updates = Updates()
            do {
                try write(frame, prepared: prepared, updates: &updates)
            } catch {
                updates.failure = error
                connection.close()
                finish(updates, ended: true)
                loop?.wake()  // the loop sees it ended
                return true
            }
            // A new width: nothing was written, and the session lays the line out again.
            if !updates.isEmpty { finish(updates, ended: false) }
            return true
        } ?? false
        return written
    }

    /// Works out ahead of time what writing `frame` sends (a key's forecast frame, while the
    /// program waits), for `show(_:prepared:)`; nil when the connection cannot.
    func prepare(_ frame: BrailleFrame) -> BrailleDisplay.PreparedWrite? {
        let (width, mask) = loopOnly.withLock { ($0.width, $0.dotsMask) }
        return connection.prepareWrite(text: frame.text, orMask: frame.dots.map(\.rawValue), andMask: mask, cursor: frame.cursor, width: width)
    }

    /// Takes exactly `keys` from BRLTTY; returns at once.
    func accept(_ keys: BrailleKeySet) {
        order { $0.acceptedKeys = keys }
    }

    /// The text dots kept of each cell (after the preferences changed).
    func setDotsMask(_ mask: UInt8) {
        loopOnly.withLock { $0.dotsMask = mask }
    }

    private func order(_ change: (inout State) -> Void) {
        let wake = state.withLock { state -> Bool in
            guard !state.ended, state.closing == nil else { return false }
            change(&state)
            if state.waitingSince == nil { state.waitingSince = .now }
            return true
        }
        if wake {
            firstStepOwed.store(false, ordering: .relaxed)
            loop?.wake()
        }
    }

    /// How long handed-over work has waited for BRLTTY's answer (nil: the link is idle).
    var waiting: Duration? {
        state.withLock { state in state.waitingSince.map { ContinuousClock.now - $0 } }
    }

    /// The updates since the last call (`keys: false`: the keys stay for the next call).
    func takeUpdates(keys: Bool = true) -> Updates {
        if keys { loop?.takeUpdates() }
        return state.withLock { state in
            defer { state.updates = Updates(keys: keys ? [] : state.updates.keys) }
            var updates = state.updates
            if !keys { updates.keys = [] }
            return updates
        }
    }

    /// Leaves tty mode (`leavingTTY`) and closes the connection, on the loop, after the frame
    /// still waiting (the display shows the last state, as a scripted session's last key left
    /// it). Waits for that at most `timeout`: a BRLTTY that stopped answering cannot hold the
    /// program's end. A lost display (`leavingTTY` false) is neither written to nor waited for.
    func close(leavingTTY: Bool, timeout: Duration = .milliseconds(500)) {
        let done = leavingTTY ? WakeSignal() : nil
        let wake = state.withLock { state -> Bool in
            guard !state.ended, state.closing == nil else { return false }
            if !leavingTTY { state.frame = nil }
            state.closing = (leavingTTY, done)
            return true
        }
        guard wake else { return }
        loop?.wake()
        guard let done else { return }
        done.wait(until: .now + timeout)
    }

    // MARK: The loop's step

    /// Carries out the orders, reads the device, and tells the session of updates. False when the
    /// connection is closed (the loop ends).
    private func step() -> Bool {
        calls.withLock { _ in stepHoldingCalls() }
    }

    private func stepHoldingCalls() -> Bool {
        let (frame, keys, closing, ended) = state.withLock { state in
            defer { state.frame = nil; state.acceptedKeys = nil }
            return (state.frame, state.acceptedKeys, state.closing, state.ended)
        }
        if ended { return false }
        var updates = Updates()
        do {
            // The frame first: it is not answered, and the keys' ranges (three round trips) are
            // told after it (at the start, the first frame does not wait for them).
            if let frame { try write(frame, updates: &updates) }
            if let keys {
                do {
                    try answered { try $0.acceptKeys(keys) }
                } catch {
                    updates.reports.append("braille: cannot leave BRLTTY its own keys (\(error)); the control takes every key")
                }
            }
            // The display's size watch, once the first frame is out (not a round trip more
            // before it): BRLTTY 6.9 tells of a display of another width only there.
            if closing == nil, loopOnly.withLock({ $0.wroteAFrame && !$0.askedForSize }) {
                loopOnly.withLock { $0.askedForSize = true }
                if try answered({ try $0.watchDisplaySize() }) { loopOnly.withLock { $0.needsPing = false } }
            }
            if closing == nil && loopOnly.withLock({ $0.needsPing }) && !state.withLock({ $0.frame != nil }) {
                try answered { try $0.ping() }
                loopOnly.withLock { $0.needsPing = false }
            }
            // After the calls that waited for an answer: keys that came meanwhile were taken
            // off the socket by BrlAPI into its own buffer, and its descriptor stays quiet for
            // them (the key read empties that buffer first).
            try read(into: &updates)
            if let closing {
                if closing.leaveTTY { try? connection.leaveTTY() }
                connection.close()
                finish(updates, ended: true)
                closing.done?.signal()
                return false
            }
        } catch {
            updates.failure = error
            connection.close()
            finish(updates, ended: true)
            return false
        }
        finish(updates, ended: false)
        return true
    }

    /// Writes `frame` (as `prepared` when that was made for the display as it is), unless the
    /// display's width changed (the session lays the line out again).
    private func write(_ frame: BrailleFrame, prepared: BrailleDisplay.PreparedWrite? = nil, updates: inout Updates) throws {
        let size = try connection.size()
        let (width, mask) = loopOnly.withLock { ($0.width, $0.dotsMask) }
        guard size.width == width else {
            loopOnly.withLock { $0.width = size.width }
            updates.width = size.width
            return
        }
        try checkReportedWidth()
        if let prepared, prepared.width == width, prepared.andMask == mask {
            try answered { try $0.write(prepared) }
        } else {
            try answered { try $0.write(text: frame.text, orMask: frame.dots.map(\.rawValue), andMask: mask, cursor: frame.cursor) }
        }
        loopOnly.withLock {
            $0.needsPing = true
            $0.wroteAFrame = true
        }
    }

    /// Throws when BRLTTY reported a display of another width than the connection's (its size
    /// watch): another display took the place of the one the connection measured, and BRLTTY
    /// 6.9 would take the frame and cut it (6.5 and 6.7 refuse it). The session connects again
    /// for the new width. A report of the same width (BRLTTY 6.5 repeats it while frames are
    /// written) or of none (0: no display, until the new one is there) is not news.
    private func checkReportedWidth() throws {
        guard let reported = connection.reportedWidth, reported > 0 else { return }
        let width = loopOnly.withLock { $0.width }
        if reported != width { throw BrailleError.otherWidth(reported: reported, measured: width) }
    }

    /// Takes the waiting keys, a change of preferences, a change of the display's width (measured,
    /// or reported by BRLTTY: then it throws, see `checkReportedWidth()`).
    private func read(into updates: inout Updates) throws {
        while let key = try connection.readKey() { updates.keys.append(key) }
        // A loop: a change that BRLTTY reports while the preferences are being read is taken
        // in during that call, and the descriptor stays quiet for it.
        while connection.preferencesChanged() {
            let (preferences, unanswered) = try answered { try $0.currentPreferences() }
            updates.preferences = (preferences, unanswered)
        }
        let size = try connection.size()
        let changed = loopOnly.withLock { loopOnly -> Bool in
            defer { loopOnly.width = size.width }
            return loopOnly.width != size.width
        }
        if changed { updates.width = size.width }
        try checkReportedWidth()
    }

    /// One call that waits for BRLTTY's answer; when it returns, BRLTTY answered.
    private func answered<Result>(_ call: (any BrailleConnection) throws -> Result) throws -> Result {
        let result = try call(connection)
        state.withLock { state in
            if state.waitingSince != nil { state.waitingSince = .now }
        }
        return result
    }

    /// Hands `updates` to the session and marks the link idle when no order waits.
    private func finish(_ updates: Updates, ended: Bool) {
        let tell = state.withLock { state -> Bool in
            if ended { state.ended = true }
            if ended || (state.frame == nil && state.acceptedKeys == nil && state.closing == nil) { state.waitingSince = nil }
            guard !updates.isEmpty else { return false }
            state.updates.keys += updates.keys
            state.updates.width = updates.width ?? state.updates.width
            state.updates.preferences = updates.preferences ?? state.updates.preferences
            state.updates.reports += updates.reports
            state.updates.failure = updates.failure ?? state.updates.failure
            return true
        }
        if tell { loop?.tell() }
    }
}
