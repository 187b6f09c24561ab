/// The braille display of a session: connects, takes the display (tty mode), writes frames when
/// they change, reads keys, and in mode `auto` reconnects when BRLTTY comes back.
///
/// Runs on the session's thread: BrlAPI calls are quick (a local socket) and a frame must reach
/// the display before the next key is read.
public final class BrailleOutput {
    private let mode: DeviceMode
    private let report: (String) -> Void
    private var display: BrailleDisplay?
    private var lastFrame: BrailleFrame?
    private var reported = false
    /// When to try to reconnect next (nil: connected, or mode off).
    public private(set) var retryAt: Duration?
    /// How long between reconnection attempts.
    public var retryInterval: Duration = .seconds(1)

    public init(mode: DeviceMode, report: @escaping (String) -> Void) throws {
        self.mode = mode
        self.report = report
        guard mode != .off else { return }
        do {
            try connect()
        } catch {
            if mode == .on { throw DeviceUnavailable(device: "braille", reason: "\(error)") }
            lost(error, at: .zero)
        }
    }

    /// The display's descriptor, to poll for keys (nil: not connected).
    public var fileDescriptor: Int32? { display?.fileDescriptor }

    /// The display's width in cells (0: none).
    public private(set) var width = 0

    private func connect() throws {
        let display = try BrailleDisplay()
        do {
            let size = try display.size()
            guard size.width > 0 else { throw BrailleError(function: "brlapi__getDisplaySize", message: "no display is connected to BRLTTY") }
            try display.enterTTY()
            width = size.width
        } catch {
            display.close()
            throw error
        }
        self.display = display
        lastFrame = nil
        retryAt = nil
    }

    /// Shows `frame` unless the display already shows it.
    public func show(_ frame: BrailleFrame?, at time: Duration) {
        guard let display, let frame, frame != lastFrame else { return }
        do {
            try display.write(text: frame.text, orMask: frame.dots.map(\.rawValue), cursor: frame.cursor)
            lastFrame = frame
        } catch {
            lost(error, at: time)
        }
    }

    /// The keys waiting on the display.
    public func readKeys(at time: Duration) -> [BrailleKey] {
        guard let display else { return [] }
        var keys: [BrailleKey] = []
        do {
            while let key = try display.readKey(wait: false) { keys.append(key) }
        } catch {
            lost(error, at: time)
        }
        return keys
    }

    /// Tries to reconnect if it is time; true when the display is back (redraw everything).
    public func retryIfDue(at time: Duration) -> Bool {
        guard let due = retryAt, time >= due else { return false }
        do {
            try connect()
            report("a11y-demo: braille display is back")
            reported = false
            return true
        } catch {
            retryAt = time + retryInterval
            return false
        }
    }

    /// Leaves tty mode and closes the connection.
    public func close() {
        if let display {
            try? display.leaveTTY()
            display.close()
        }
        display = nil
        retryAt = nil
    }

    private func lost(_ error: any Error, at time: Duration) {
        display?.close()
        display = nil
        width = 0
        if !reported { report("a11y-demo: braille unavailable (\(error)); retrying in the background") }
        reported = true
        retryAt = time + retryInterval
    }
}
