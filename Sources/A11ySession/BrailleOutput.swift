import Synchronization
import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary

/// The braille display of a session: connects, takes the display (tty mode), writes frames when
/// they change, reads keys, and in mode `auto` reconnects when BRLTTY comes back.
///
/// Runs on the session's thread: BrlAPI calls are quick (a local socket) and a frame must reach
/// the display before the next key is read. Connecting is bounded (`connectTimeout`), and a
/// reconnection runs on a background thread (the session only picks up its result): a server
/// that is slow, or accepts and never answers, cannot freeze the session.
///
/// A loss and a return are reported once on stderr (`report`) and handed to `onStatusChange`
/// (the session speaks them: "braille display lost" / "braille display back"). Reconnection
/// attempts back off: 0.25 s after the loss, then 0.5 s, then every `retryInterval`.
public final class BrailleOutput {
    private let mode: DeviceMode
    private let report: (String) -> Void
    private var display: BrailleDisplay?
    private var lastFrame: BrailleFrame?
    private var reported = false
    private var failures = 0
    /// When to try to reconnect next (nil: connected, or mode off).
    public private(set) var retryAt: Duration?
    /// The longest wait between reconnection attempts.
    public var retryInterval: Duration = .seconds(1)
    /// How long one connection attempt may wait for BRLTTY's answer.
    public var connectTimeout: Duration = .seconds(2)
    /// Called with false when the display is lost, true when it is back.
    public var onStatusChange: ((Bool) -> Void)?

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

    /// True while connected to a display.
    public var isConnected: Bool { display != nil }

    /// The display's width in cells (0: none).
    public private(set) var width = 0

    private func connect() throws {
        let (display, size) = try Self.open(timeout: connectTimeout)
        adopt(display, width: size)
    }

    /// Connects, checks there is a display, takes it (tty mode).
    private static func open(timeout: Duration) throws -> (BrailleDisplay, Int) {
        let display = try BrailleDisplay(connectTimeout: timeout)
        do {
            let size = try display.size()
            guard size.width > 0 else { throw BrailleError(function: "brlapi__getDisplaySize", message: "no display is connected to BRLTTY") }
            try display.enterTTY()
            return (display, size.width)
        } catch {
            display.close()
            throw error
        }
    }

    private func adopt(_ display: BrailleDisplay, width: Int) {
        self.display = display
        self.width = width
        lastFrame = nil
        retryAt = nil
        failures = 0
    }

    /// A reconnection running in the background: nil while it runs, then its outcome.
    private final class Attempt: @unchecked Sendable {
        // @unchecked Sendable: `result` is only touched under `lock`.
        private let lock = Mutex<Result<(BrailleDisplay, Int), any Error>?>(nil)
        func finish(_ result: Result<(BrailleDisplay, Int), any Error>) { lock.withLock { $0 = result } }
        var result: Result<(BrailleDisplay, Int), any Error>? { lock.withLock { $0 } }
    }

    private var attempt: Attempt?

    /// Shows `frame` unless the display already shows it. When the display's width changed (a
    /// display reconnected with another size), nothing is written and `width` changes: the
    /// session lays the line out again and shows the new frame.
    public func show(_ frame: BrailleFrame?, at time: Duration) {
        guard let display, let frame, frame != lastFrame else { return }
        do {
            let size = try display.size()
            guard size.width == width else {
                width = size.width
                lastFrame = nil
                return
            }
            try display.write(text: frame.text, orMask: frame.dots.map(\.rawValue), cursor: frame.cursor)
            lastFrame = frame
        } catch {
            lost(error, at: time)
        }
    }

    /// The keys waiting on the display (and a width change, if the display changed).
    public func readKeys(at time: Duration) -> [BrailleKey] {
        guard let display else { return [] }
        var keys: [BrailleKey] = []
        do {
            while let key = try display.readKey(wait: false) { keys.append(key) }
            let size = try display.size()
            if size.width != width {
                width = size.width
                lastFrame = nil
            }
        } catch {
            lost(error, at: time)
        }
        return keys
    }

    /// Starts a reconnection if it is time, or takes the result of the one running; true when
    /// the display is back (redraw everything).
    public func retryIfDue(at time: Duration) -> Bool {
        guard let due = retryAt, time >= due else { return false }
        guard let running = attempt else {
            let next = Attempt()
            attempt = next
            let timeout = connectTimeout
            if !DetachedThread.start({ next.finish(Result { try Self.open(timeout: timeout) }) }) {
                next.finish(.failure(BrailleError(function: "pthread_create", message: "no thread for the reconnection")))
            }
            retryAt = time + .milliseconds(20)  // look for the outcome soon
            return false
        }
        guard let result = running.result else {
            retryAt = time + .milliseconds(20)
            return false
        }
        attempt = nil
        switch result {
        case .success(let (display, width)):
            adopt(display, width: width)
            report("a11y-demo: braille display is back")
            reported = false
            onStatusChange?(true)
            return true
        case .failure:
            scheduleRetry(at: time)
            return false
        }
    }

    /// Leaves tty mode and closes the connection.
    public func close() {
        if let running = attempt, case .success(let (late, _))? = running.result { late.close() }
        attempt = nil
        if let display {
            try? display.leaveTTY()
            display.close()
        }
        display = nil
        retryAt = nil
    }

    private func lost(_ error: any Error, at time: Duration) {
        let wasConnected = display != nil
        display?.close()
        display = nil
        width = 0
        lastFrame = nil
        failures = 0
        if !reported {
            report("a11y-demo: braille unavailable (\(error)); retrying in the background")
            if wasConnected { onStatusChange?(false) }
        }
        reported = true
        scheduleRetry(at: time)
    }

    private func scheduleRetry(at time: Duration) {
        retryAt = time + min(retryInterval, .milliseconds(250) * (1 << min(failures, 8)))
        failures += 1
    }
}
