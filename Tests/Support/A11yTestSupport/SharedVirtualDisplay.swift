import A11yControls
import Glibc
import Synchronization
import VirtualDisplayClient

/// The one virtual display of a test or benchmark process, on the test servers' vr socket
/// (`A11Y_VR_SOCKET`), 40 cells, connected on first use and kept for the whole run: the vr driver
/// takes one display per BRLTTY run, and BRLTTY restarts its driver when the display goes away.
/// It reconnects by itself when BRLTTY is restarted.
package enum SharedVirtualDisplay {
    private static let connection = Mutex<VirtualBrailleDisplay?>(nil)

    /// The display, connected now if this is the first use.
    package static func get() throws -> VirtualBrailleDisplay {
        try connection.withLock { connection in
            if let connection { return connection }
            let socket = try Servers.vrSocket
            do {
                let display = try VirtualBrailleDisplay(socketPath: socket, cells: 40)
                connection = display
                return display
            } catch {
                throw FixtureError("cannot connect the virtual display: \(error). Is BRLTTY running? \(Servers.advice)")
            }
        }
    }
}

extension BrailleDisplay {
    /// Connects to the test BrlAPI server (BRLAPI_HOST / BRLAPI_AUTH), enters tty mode and waits
    /// until BrlAPI reports the virtual display's width (until BRLTTY has heard the display's
    /// `cells N`, the size is 0 and writes are refused).
    package static func connectForTest(_ display: VirtualBrailleDisplay) throws -> BrailleDisplay {
        let host = try Servers.brlapiHost
        let brl: BrailleDisplay
        do {
            // A BRLTTY that accepts and does not answer (one showing a message held by a line
            // key answers no client) fails the test instead of hanging the run.
            brl = try BrailleDisplay(connectTimeout: Polling.hang)
        } catch {
            throw FixtureError("cannot reach the test BrlAPI server at \(host): \(error). \(Servers.advice)")
        }
        try brl.enterTTY()
        guard try Polling.until(timeout: Polling.hang, every: .milliseconds(10), { try brl.size().width == display.cells }) else {
            throw FixtureError("BrlAPI at \(host) reports \(try brl.size()) cells, not the virtual display's \(display.cells): another BRLTTY answers on this index?")
        }
        return brl
    }

    /// Waits up to `timeout` for a key. NOOP is not a key of the display's: BRLTTY sends it to
    /// its clients when the display comes back, and tests press it to make BRLTTY update the
    /// display (`BrailleReleaseTests`), which a client that takes every key receives.
    package func nextKey(timeout: Duration = Polling.hang, file: String = #fileID, line: Int = #line) throws -> BrailleKey? {
        try Polling.until(timeout: timeout, every: .zero, file: file, line: line) { () throws -> BrailleKey? in
            while let key = try readKey(wait: false) {
                if key != .command(name: "NOOP", argument: 0) { return key }
            }
            var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&request, 1, 20)
            return nil
        }
    }
}
