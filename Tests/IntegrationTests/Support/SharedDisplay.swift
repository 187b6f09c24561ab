import A11yControls
import DemoCommandLine
import Foundation
import Synchronization

/// The one virtual display of the test process, connected on first use and kept for the whole run
/// (BRLTTY restarts its driver when the display goes away, so the tests do not reconnect it).
enum SharedDisplay {
    private static let connection: Result<VirtualBrailleDisplay, FixtureError> = {
        do {
            return .success(try VirtualBrailleDisplay(socketPath: Servers.vrSocket))
        } catch let error as FixtureError {
            return .failure(error)
        } catch {
            return .failure(FixtureError("\(error)"))
        }
    }()

    static func get() throws -> VirtualBrailleDisplay { try connection.get() }

    private static let clientConnection = Mutex<BrailleDisplay?>(nil)

    /// The one BrlAPI client of the test process, in tty mode, kept open for the whole run.
    ///
    /// BRLTTY 6.5 sometimes aborts (heap corruption) when a client that wrote leaves tty mode or
    /// disconnects, so the tests never close it: it goes away when the process exits, after the
    /// last test.
    ///
    /// After a BRLTTY restart (the fault tests) the old connection is dead: a new one is made.
    static func client() throws -> BrailleDisplay {
        try clientConnection.withLock { client in
            if let existing = client, (try? existing.size().width) == (try get()).cells { return existing }
            let fresh = try BrailleDisplay.connectForTest(try get())
            client = fresh
            return fresh
        }
    }
}

extension BrailleDisplay {
    /// Connects to the test BrlAPI server (BRLAPI_HOST / BRLAPI_AUTH), enters tty mode and waits
    /// until the virtual display's size is known.
    static func connectForTest(_ display: VirtualBrailleDisplay) throws -> BrailleDisplay {
        let host = try Servers.brlapiHost
        let brl: BrailleDisplay
        do {
            brl = try BrailleDisplay()
        } catch {
            throw FixtureError("cannot reach the test BrlAPI server at \(host): \(error). \(Servers.advice)")
        }
        try brl.enterTTY()
        let deadline = ContinuousClock.now + .seconds(5)
        while try brl.size().width != display.cells {
            guard ContinuousClock.now < deadline else {
                throw FixtureError("BrlAPI at \(host) reports \(try brl.size()) cells, not the virtual display's \(display.cells): another BRLTTY answers on this index?")
            }
            usleep(10_000)
        }
        return brl
    }

    /// Waits up to `timeout` for a key.
    func nextKey(timeout: Duration = .seconds(2)) throws -> BrailleKey? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let key = try readKey(wait: false) { return key }
            var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&request, 1, 20)
        }
        return nil
    }
}
