import A11yDevices
import A11yVocabulary

/// What `BrailleOutput` needs of one connection to a braille display. The live one is
/// `BrailleDisplay` (BrlAPI); tests use a fake display that records the frames.
public protocol BrailleConnection: AnyObject, Sendable {
    /// Readable when a key is waiting: poll it, then `readKey()`.
    var fileDescriptor: Int32 { get }
    /// The display's size (0x0 while the server has no display).
    func size() throws -> BrailleDisplay.Size
    /// Takes the display for this program (tty mode).
    func enterTTY() throws
    /// Gives the display back.
    func leaveTTY() throws
    /// Shows `text` from the first cell with `orMask` dots on top and the cursor at `cursor`.
    func write(text: String, orMask: [UInt8], cursor: Int?) throws
    /// The next waiting key, or nil at once when there is none.
    func readKey() throws -> BrailleKey?
    /// Asks the server something and waits for its answer (it may never come: a stopped
    /// BRLTTY); the session's braille writer calls it on its own thread after each burst.
    func ping() throws
    /// Closes the connection (which also gives the display back). Closing twice is harmless.
    func close()
}

/// Opens connections to a braille display: the seam between a session and BRLTTY.
public protocol BrailleService: Sendable {
    /// Connects, waiting at most `timeout` for the server's answer.
    func connect(timeout: Duration) throws -> any BrailleConnection
    /// Runs `attempt` where it may block (a thread of its own in live code; at once in tests).
    /// False when it cannot be started.
    func startAttempt(_ attempt: @escaping @Sendable () -> Void) -> Bool
}

/// The live braille service: BRLTTY through BrlAPI (BRLAPI_HOST, BRLAPI_AUTH).
public struct LiveBrailleService: BrailleService {
    public init() {}

    public func connect(timeout: Duration) throws -> any BrailleConnection {
        try BrailleDisplay(connectTimeout: timeout)
    }

    public func startAttempt(_ attempt: @escaping @Sendable () -> Void) -> Bool {
        DetachedThread.start(attempt)
    }
}

extension BrailleDisplay: BrailleConnection {
    /// The next waiting key, or nil at once (`readKey(wait: false)`).
    public func readKey() throws -> BrailleKey? { try readKey(wait: false) }
}
