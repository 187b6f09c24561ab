import A11yControls
import A11yTestSupport
import Synchronization
import VirtualDisplayClient

/// The test process's virtual display and BrlAPI client, shared by every real-server test.
enum SharedDisplay {
    /// The one virtual display (A11yTestSupport's `SharedVirtualDisplay`).
    static func get() throws -> VirtualBrailleDisplay { try SharedVirtualDisplay.get() }

    private static let clientConnection = Mutex<BrailleDisplay?>(nil)

    /// The one BrlAPI client of the test process, in tty mode, kept open for the whole run.
    ///
    /// BRLTTY 6.5 sometimes aborts (heap corruption) when a client that wrote leaves tty mode or
    /// disconnects, so the tests never close it: it goes away when the process exits, after the
    /// last test.
    ///
    /// After a BRLTTY restart (the fault tests, or a BRLTTY that died) the old connection is dead:
    /// a new one is made. A question tells (BrlAPI keeps the size it read once, so asking for the
    /// size does not reach BRLTTY).
    static func client() throws -> BrailleDisplay {
        try clientConnection.withLock { client in
            if let existing = client, (try? existing.ping()) != nil, (try? existing.size().width) == (try get()).cells {
                return existing
            }
            let fresh = try BrailleDisplay.connectForTest(try get())
            client = fresh
            return fresh
        }
    }

    /// The client is held by a call BRLTTY never answered: the next `client()` makes another
    /// (this one is left as it is, its lock held by that call).
    static func abandonClient() {
        clientConnection.withLock { $0 = nil }
    }
}
