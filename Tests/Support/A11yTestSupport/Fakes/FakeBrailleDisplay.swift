import Glibc
import Synchronization
import A11yControls
import VirtualDisplayClient

/// A braille display and its server for tests, as a `BrailleService`: it records the frames
/// written, hands out the keys the test presses, and the test can change its width, drop the
/// connection, or refuse new ones. Reconnection attempts and the connection's calls run at once, on the caller's thread.
package final class FakeBrailleDisplay: BrailleService, Sendable {
    /// One write to the display.
    package struct Frame: Sendable, Equatable {
        package var text: String
        package var orMask: [UInt8]
        package var cursor: Int?

        package init(text: String, orMask: [UInt8] = [], cursor: Int? = nil) {
            self.text = text
            self.orMask = orMask
            self.cursor = cursor
        }
    }

    /// The error of a refused connection or a call on a dropped one.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package var description: String
    }

    fileprivate struct State {
        var width: Int
        var accepting: Bool
        var attempts = 0
        /// The connection the server still talks to.
        var live: ObjectIdentifier?
        var inTTY = false
        var frames: [Frame] = []
        var keys: [BrailleKey] = []
        /// The keys the client takes (nil: all), as it last stated them.
        var acceptedKeys: BrailleKeySet?
        /// Whether the client's first statement of its keys came while it connected (not from
        /// its loop, after the display was taken).
        var keysTakenWhileConnecting: Bool?
        /// A step of the client's loop is running.
        var stepping = false
        var preferences = BraillePreferences()
        var preferencesChanged = false
        /// Preferences the user sets as the next frame is written (`changePreferencesAtNextFrame`).
        var preferencesAtNextFrame: BraillePreferences?
        /// The connection that still has the width of a display replaced since (`replace(width:)`).
        var measuredBefore: (connection: ObjectIdentifier, width: Int)?
        /// Whether the server refuses that connection's frames (BRLTTY 6.5, 6.7) or takes them
        /// and shows their first cells (6.9).
        var refusesOldWidth = true
        /// The connection that watches the display's size, and the width last reported to it.
        var sizeWatch: (connection: ObjectIdentifier, reported: Int)?
        /// A report of the size is waiting on the descriptor.
        var sizeReportUnread = false

        /// The server no longer talks to the open connection (dropped, closed, or refused a frame).
        mutating func disconnect() {
            live = nil
            inTTY = false
        }
    }

    private let state: Mutex<State>
    /// Readable while a pressed key waits, as a BrlAPI socket is: a session polls it.
    fileprivate let keySignal: (read: Int32, write: Int32)
    /// The connection's calls and the connection attempts run on threads of their own, as live
    /// (otherwise at once, on the caller's thread).
    private let threaded: Bool
    /// While set, every call on a connection waits, as with a BRLTTY stopped by SIGSTOP.
    private let frozen = Atomic(false)

    /// A display of `width` cells (0: the server has no display), accepting connections or not;
    /// `threaded`: the connection's calls run on a thread of their own (a `ThreadLoop`), and so
    /// do the connection attempts, so a frozen display (`freeze()`) holds those threads only.
    package init(width: Int = 40, accepting: Bool = true, threaded: Bool = false) {
        self.threaded = threaded
        state = Mutex(State(width: width, accepting: accepting))
        keySignal = Pipe.make() ?? (-1, -1)
    }

    deinit {
        for fd in [keySignal.read, keySignal.write] where fd >= 0 { Glibc.close(fd) }
    }

    /// The display's width; setting it is a display that changed (or reconnected with another
    /// size): the open connection measures the new width too, and a watch of the size is told it.
    package var width: Int {
        get { state.withLock { $0.width } }
        set {
            let report = state.withLock { state -> Bool in
                state.width = newValue
                return reportSize(&state)
            }
            if report {
                var byte: UInt8 = 3
                _ = Glibc.write(keySignal.write, &byte, 1)
            }
        }
    }

    /// Whether new connections are accepted (false: BRLTTY is not running).
    package var accepting: Bool {
        get { state.withLock { $0.accepting } }
        set { state.withLock { $0.accepting = newValue } }
    }

    /// Every frame written, in order.
    package var frames: [Frame] { state.withLock { $0.frames } }

    /// Connection attempts, accepted or refused.
    package var connectionAttempts: Int { state.withLock { $0.attempts } }

    /// True while a client holds the display (tty mode).
    package var isInTTY: Bool { state.withLock { $0.inTTY } }

    /// True while a connection is open and the server talks to it.
    package var isConnected: Bool { state.withLock { $0.live != nil } }

    /// The keys the client last said it takes (nil: it never said, so all).
    package var acceptedKeys: BrailleKeySet? { state.withLock { $0.acceptedKeys } }

    /// Whether the client first stated the keys it takes while connecting, with the display
    /// (nil: it has not): then no key pressed as the control first shows can go to the wrong
    /// side. (From the loop, the keys come after a first frame the loop writes.)
    package var keysWereTakenWhileConnecting: Bool? { state.withLock { $0.keysTakenWhileConnecting } }

    /// The user's BRLTTY preferences; setting them tells the client, as BrlAPI's parameter
    /// watch does (its descriptor becomes readable).
    package var preferences: BraillePreferences {
        get { state.withLock { $0.preferences } }
        set {
            state.withLock {
                $0.preferences = newValue
                $0.preferencesChanged = true
            }
            var byte: UInt8 = 2
            _ = Glibc.write(keySignal.write, &byte, 1)
        }
    }

    /// The user changes BRLTTY's preferences just as the next frame is written: the client
    /// learns of it from the step that wrote the frame, while the control's effects are still
    /// being carried out.
    package func changePreferencesAtNextFrame(_ preferences: BraillePreferences) {
        state.withLock { $0.preferencesAtNextFrame = preferences }
    }

    /// A key pressed on the display: the client reads it with its next `readKey()`.
    package func press(_ key: BrailleKey) {
        state.withLock { $0.keys.append(key) }
        var byte: UInt8 = 1
        _ = Glibc.write(keySignal.write, &byte, 1)
    }

    /// Another display, of `width` cells, takes the place of this one while the server stays
    /// up: the open connection keeps the width it first read (as libbrlapi does), and its next
    /// frame is refused as BRLTTY refuses one of the wrong size (an exception, after which
    /// libbrlapi closes the connection). New connections get the new width.
    package func replace(width: Int) {
        state.withLock { state in
            if let live = state.live { state.measuredBefore = (live, state.width) }
            state.width = width
            state.refusesOldWidth = true
        }
    }

    /// Another display, of `width` cells, takes the place of this one as under BRLTTY 6.9: the
    /// open connection keeps the width it first read, and its frames are taken (the display
    /// shows their first `width` cells); a connection that watches the display's size is told
    /// the new one (its descriptor becomes readable). New connections get the new width.
    package func replaceReportingSize(width: Int) {
        let report = state.withLock { state -> Bool in
            if let live = state.live, state.measuredBefore?.connection != live { state.measuredBefore = (live, state.width) }
            state.width = width
            state.refusesOldWidth = false
            return reportSize(&state)
        }
        if report {
            var byte: UInt8 = 3
            _ = Glibc.write(keySignal.write, &byte, 1)
        }
    }

    /// The server reports the display's size again, unchanged (BRLTTY 6.5 does while frames are
    /// written).
    package func reportSizeAgain() {
        if state.withLock({ reportSize(&$0) }) {
            var byte: UInt8 = 3
            _ = Glibc.write(keySignal.write, &byte, 1)
        }
    }

    /// Records a report of the size to the connection that watches it; true when a byte is to
    /// be written to the descriptor for it.
    private func reportSize(_ state: inout State) -> Bool {
        guard let watch = state.sizeWatch, watch.connection == state.live else { return false }
        state.sizeWatch = (watch.connection, state.width)
        defer { state.sizeReportUnread = true }
        return !state.sizeReportUnread
    }

    /// Whether the open connection watches the display's size.
    package var watchesSize: Bool { state.withLock { $0.sizeWatch != nil && $0.sizeWatch?.connection == $0.live } }

    /// The server drops the open connection: its next call fails. New connections are accepted
    /// while `accepting`.
    package func drop() {
        state.withLock { $0.disconnect() }
    }

    package func connect(timeout: Duration) throws -> any BrailleConnection {
        let connection = Connection(display: self)
        try state.withLock { state throws(Failure) in
            state.attempts += 1
            guard state.accepting else { throw Failure(description: "connection refused") }
            state.live = ObjectIdentifier(connection)
        }
        return connection
    }

    package func startAttempt(_ attempt: @escaping @Sendable () -> Void) -> Bool {
        if threaded { return DetachedThread.start(attempt) }
        attempt()
        return true
    }

    /// The connection's calls run at once, on the caller's thread: what a session did can be
    /// checked right after.
    package func startLoop(watching descriptor: Int32, step: @escaping @Sendable () -> Bool) -> (any DeviceLoop)? {
        let marked: @Sendable () -> Bool = { [self] in
            state.withLock { $0.stepping = true }
            defer { state.withLock { $0.stepping = false } }
            return step()
        }
        return threaded ? ThreadLoop(watching: descriptor, step: marked) : InlineLoop(watching: descriptor, step: marked)
    }

    /// The server stops answering: every call on a connection waits until `thaw()`.
    package func freeze() { frozen.store(true, ordering: .releasing) }

    /// The server answers again.
    package func thaw() { frozen.store(false, ordering: .releasing) }

    /// The width last reported to `connection`'s size watch (nil: it does not watch); takes in
    /// a report waiting on the descriptor.
    fileprivate func takeReportedWidth(for connection: Connection) -> Int? {
        let (width, unread) = state.withLock { state -> (Int?, Bool) in
            guard let watch = state.sizeWatch, watch.connection == ObjectIdentifier(connection) else { return (nil, false) }
            defer { state.sizeReportUnread = false }
            return (watch.reported, state.sizeReportUnread)
        }
        if unread {
            var byte: UInt8 = 0
            _ = Glibc.read(keySignal.read, &byte, 1)
        }
        return width
    }

    /// Runs `body` on the state if `connection` is the live one; throws as a dropped connection.
    fileprivate func use<Result>(_ connection: Connection, _ body: (inout State) -> Result) throws(Failure) -> Result {
        while frozen.load(ordering: .acquiring) { Polling.sleep(for: .milliseconds(1)) }  // a stopped server: the call waits
        return try state.withLock { state throws(Failure) in
            guard state.live == ObjectIdentifier(connection) else { throw Failure(description: "the connection was dropped") }
            return body(&state)
        }
    }

    /// One connection to the fake display.
    fileprivate final class Connection: BrailleConnection {
        private let display: FakeBrailleDisplay

        init(display: FakeBrailleDisplay) { self.display = display }

        var fileDescriptor: Int32 { display.keySignal.read }

        func size() throws -> BrailleDisplay.Size {
            try display.use(self) { state in
                var width = state.width
                if let before = state.measuredBefore, before.connection == ObjectIdentifier(self) { width = before.width }
                return BrailleDisplay.Size(width: width, height: width > 0 ? 1 : 0)
            }
        }
        func enterTTY() throws { try display.use(self) { $0.inTTY = true } }
        func leaveTTY() throws { try display.use(self) { $0.inTTY = false } }
        func write(text: String, orMask: [UInt8], cursor: Int?) throws {
            let (refused, preferences) = try display.use(self) { state -> (Bool, BraillePreferences?) in
                let measuredBefore = state.measuredBefore?.connection == ObjectIdentifier(self)
                if measuredBefore, state.refusesOldWidth {
                    state.disconnect()
                    return (true, nil)
                }
                // BRLTTY 6.9 shows the first cells of a write of the old width.
                state.frames.append(Frame(text: measuredBefore ? String(text.prefix(state.width)) : text,
                                          orMask: measuredBefore ? Array(orMask.prefix(state.width)) : orMask, cursor: cursor))
                defer { state.preferencesAtNextFrame = nil }
                return (false, state.preferencesAtNextFrame)
            }
            if refused {
                throw BrailleError(function: "brlapi__pause", message: "BrlAPI exception: invalid parameter",
                                   code: 6, refusedFrameSize: true)  // BRLAPI_ERROR_INVALID_PARAMETER
            }
            if let preferences { display.preferences = preferences }
        }
        func acceptKeys(_ set: BrailleKeySet) throws {
            try display.use(self) { state in
                state.acceptedKeys = set
                if state.keysTakenWhileConnecting == nil { state.keysTakenWhileConnecting = !state.stepping }
            }
        }
        func currentPreferences() throws -> (preferences: BraillePreferences, unanswered: [String]) {
            try display.use(self) { ($0.preferences, []) }
        }
        func watchPreferences() throws -> Bool { true }
        func watchDisplaySize() throws -> Bool {
            try display.use(self) { state in
                // Answered at once with the size now.
                state.sizeWatch = (ObjectIdentifier(self), state.width)
            }
            return true
        }
        var reportedWidth: Int? {
            display.takeReportedWidth(for: self)
        }
        func preferencesChanged() -> Bool {
            let changed = (try? display.use(self) { state -> Bool in
                defer { state.preferencesChanged = false }
                return state.preferencesChanged
            }) ?? false
            if changed {
                var byte: UInt8 = 0
                _ = Glibc.read(display.keySignal.read, &byte, 1)
            }
            return changed
        }
        func readKey() throws -> BrailleKey? {
            let key = try display.use(self) { $0.keys.isEmpty ? nil : $0.keys.removeFirst() }
            if key != nil {
                var byte: UInt8 = 0
                _ = Glibc.read(display.keySignal.read, &byte, 1)
            }
            return key
        }
        func close() {
            _ = try? display.use(self) { $0.disconnect() }
        }
    }
}
