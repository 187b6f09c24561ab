import A11yDevices
import A11yVocabulary

/// What `BrailleOutput` needs of one connection to a braille display. The live one is
/// `BrailleDisplay` (BrlAPI); tests use a fake display that records the frames.
package protocol BrailleConnection: AnyObject, Sendable {
    /// Readable when a key is waiting: poll it, then `readKey()`.
    var fileDescriptor: Int32 { get }
    /// The display's size (0x0 while the server has no display).
    func size() throws -> BrailleDisplay.Size
    /// Takes the display for this program (tty mode).
    func enterTTY() throws
    /// Takes the display with exactly the keys of `set` taken from BRLTTY (nil: every key) and,
    /// when `watchingPreferences`, asks to be told of the preferences' changes, in as few waits
    /// for BRLTTY as the connection can (BrlAPI waits for each answer). `keysTaken` false when BRLTTY refused the set (the
    /// program takes every key then); `watching` false when it cannot watch the preferences.
    func enterTTY(taking set: BrailleKeySet?, watchingPreferences: Bool) throws -> (keysTaken: Bool, watching: Bool)
    /// Gives the display back.
    func leaveTTY() throws
    /// Shows `text` from the first cell with `orMask` dots on top and the cursor at `cursor`.
    func write(text: String, orMask: [UInt8], cursor: Int?) throws
    /// Shows `text` as above, keeping only the dots of `andMask` of each text cell.
    func write(text: String, orMask: [UInt8], andMask: UInt8, cursor: Int?) throws
    /// The write of `text` (as above) to a display `width` cells wide, worked out ahead of time
    /// for `write(_:)` (the line cut and padded to the width, its masks and cursor, as
    /// `brlapi__write` takes them); nil when the connection cannot (it then writes the text).
    func prepareWrite(text: String, orMask: [UInt8], andMask: UInt8, cursor: Int?, width: Int) -> BrailleDisplay.PreparedWrite?
    /// Sends a write made by `prepareWrite`.
    func write(_ prepared: BrailleDisplay.PreparedWrite) throws
    /// Takes exactly these keys from BRLTTY; it keeps every other key.
    func acceptKeys(_ set: BrailleKeySet) throws
    /// The user's BRLTTY preferences (as its watch last reported them, or read), and the
    /// parameters BRLTTY did not answer.
    func currentPreferences() throws -> (preferences: BraillePreferences, unanswered: [String])
    /// Asks to be told of changes of the preferences; false when BRLTTY cannot.
    @discardableResult func watchPreferences() throws -> Bool
    /// True once after a watched parameter changed (seen while reading keys).
    func preferencesChanged() -> Bool
    /// Asks to be told the display's size whenever BRLTTY sets it (`reportedWidth`); false
    /// when BRLTTY cannot.
    @discardableResult func watchDisplaySize() throws -> Bool
    /// The display's width as BRLTTY last reported it to that watch (nil: not watched, or no
    /// report yet), taken in while keys are read or answers waited for. The connection's own
    /// `size()` stays the width it measured.
    var reportedWidth: Int? { get }
    /// The next waiting key, or nil at once when there is none.
    func readKey() throws -> BrailleKey?
    /// Asks the server something and waits for its answer (it may never come: a stopped
    /// BRLTTY): a parameter read through BrlAPI, on a second connection that gets no keys (see
    /// `BrailleDisplay.ping()`). The session's braille link calls it from its loop after each
    /// burst of frames.
    func ping() throws
    /// True when a write now would not wait for the server (its socket has room).
    var takesAWriteAtOnce: Bool { get }
    /// Closes the connection (which also gives the display back). Closing twice is harmless.
    func close()
}

/// Opens connections to a braille display: the seam between a session and BRLTTY.
package protocol BrailleService: Sendable {
    /// Connects. The call may block for longer than `timeout` (BrlAPI waits for ever on a
    /// server that accepts and never answers): `BrailleOutput` calls it from an attempt that it
    /// gives up on after `timeout`.
    func connect(timeout: Duration) throws -> any BrailleConnection
    /// Runs `attempt` where it may block (a thread of its own in live code; at once in tests).
    /// False when it cannot be started.
    func startAttempt(_ attempt: @escaping @Sendable () -> Void) -> Bool
    /// Starts the loop that makes a connection's calls (`DeviceLoop`): `step` runs when the loop
    /// is woken or `descriptor` is readable, until it returns false. Nil when none can be started.
    func startLoop(watching descriptor: Int32, step: @escaping @Sendable () -> Bool) -> (any DeviceLoop)?
}

/// The live braille service: BRLTTY through BrlAPI (BRLAPI_HOST, BRLAPI_AUTH).
package struct LiveBrailleService: BrailleService {
    package init() {}

    /// On the attempt's own thread: a thread of BrailleDisplay's own to bound the wait (its
    /// `connectTimeout`) would cost the first frame that thread's start and a wake-up.
    package func connect(timeout: Duration) throws -> any BrailleConnection {
        try BrailleDisplay()
    }

    package func startAttempt(_ attempt: @escaping @Sendable () -> Void) -> Bool {
        DetachedThread.start(attempt)
    }

    package func startLoop(watching descriptor: Int32, step: @escaping @Sendable () -> Bool) -> (any DeviceLoop)? {
        ThreadLoop(watching: descriptor, step: step)
    }
}

extension BrailleConnection {
    // A display without these (a fake): all keys, 8-dot computer braille that never changes.
    package func write(text: String, orMask: [UInt8], andMask: UInt8, cursor: Int?) throws {
        try write(text: text, orMask: orMask, cursor: cursor)
    }
    package func acceptKeys(_ set: BrailleKeySet) throws {}
    package func prepareWrite(text: String, orMask: [UInt8], andMask: UInt8, cursor: Int?, width: Int) -> BrailleDisplay.PreparedWrite? { nil }
    package func write(_ prepared: BrailleDisplay.PreparedWrite) throws {
        // Never called: such a connection makes no write ready.
        throw BrailleError(function: "write", message: "this connection sends no prepared writes")
    }
    package func enterTTY(taking set: BrailleKeySet?, watchingPreferences: Bool) throws -> (keysTaken: Bool, watching: Bool) {
        try enterTTY()
        let keysTaken = set.map { (try? acceptKeys($0)) != nil } ?? true
        return (keysTaken, watchingPreferences && ((try? watchPreferences()) ?? false))
    }
    package func currentPreferences() throws -> (preferences: BraillePreferences, unanswered: [String]) { (BraillePreferences(), []) }
    @discardableResult package func watchPreferences() throws -> Bool { true }
    package func preferencesChanged() -> Bool { false }
    @discardableResult package func watchDisplaySize() throws -> Bool { false }
    package var reportedWidth: Int? { nil }
    package func ping() throws {}
    /// A fake's calls may be held (a frozen display): its writes go through the loop.
    package var takesAWriteAtOnce: Bool { false }
}

extension BrailleDisplay: BrailleConnection {
    /// Text with dots on top, every dot of the text kept.
    package func write(text: String, orMask: [UInt8], cursor: Int?) throws {
        try write(text: text, orMask: orMask, andMask: 0xFF, cursor: cursor)
    }

    package func prepareWrite(text: String, orMask: [UInt8], andMask: UInt8, cursor: Int?, width: Int) -> PreparedWrite? {
        Self.prepareWrite(text: text, orMask: orMask, andMask: andMask, cursor: cursor, width: width)
    }

    /// The next waiting key, or nil at once (`readKey(wait: false)`).
    package func readKey() throws -> BrailleKey? { try readKey(wait: false) }
}
