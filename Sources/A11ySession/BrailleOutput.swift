import Synchronization
import A11yDevices
import A11yPresentation
import A11yVocabulary

/// The braille display of a session: connects, takes the display (tty mode), writes frames when
/// they change, reads keys, and in mode `auto` reconnects when BRLTTY comes back.
///
/// Runs on the session's thread: BrlAPI calls are quick (a local socket) and a frame must reach
/// the display before the next key is read. Connecting is bounded (`connectTimeout`), and a
/// reconnection runs where the service says (a thread of its own in live code; the session only
/// picks up its result): a server that is slow, or accepts and never answers, cannot freeze the
/// session.
///
/// A loss and a return are reported once through `report` and handed to `onStatusChange`
/// (the session speaks them: "braille display lost" / "braille display back"). Reconnection
/// attempts back off (`Reconnection`): 0.25 s after the loss, then 0.5 s, then every
/// `retryInterval`. Times are the session's (`Duration`s since its start).
public final class BrailleOutput {
    private let service: any BrailleService
    let report: (String) -> Void
    private var display: (any BrailleConnection)?
    /// The display, when connected.
    var connection: (any BrailleConnection)? { display }
    private var lastFrame: BrailleFrame?
    private var reconnection = Reconnection()
    /// A reconnection running in the background, and when to look for its outcome.
    private var attempt: (running: Attempt, checkAt: Duration)?
    /// The longest wait between reconnection attempts.
    public var retryInterval: Duration {
        get { reconnection.retryInterval }
        set { reconnection.retryInterval = newValue }
    }
    /// How long one connection attempt may wait for BRLTTY's answer.
    public var connectTimeout: Duration = .seconds(2)
    /// Called with false when the display is lost, true when it is back.
    public var onStatusChange: ((Bool) -> Void)?
    /// The keys taken from BRLTTY (nil: all); re-stated at once when it changes
    /// (BrailleOutput+Preferences.swift).
    public var acceptedKeys: BrailleKeySet? {
        didSet { if acceptedKeys != oldValue { stateAcceptedKeys() } }
    }
    /// The user's BRLTTY preferences, followed live (BrailleOutput+Preferences.swift).
    public internal(set) var preferences = BraillePreferences()
    /// Called when `preferences` changed while connected.
    public var onPreferencesChange: ((BraillePreferences) -> Void)?
    /// Parameters BRLTTY did not answer that were already reported.
    var reportedUnanswered: Set<String> = []

    /// Connects through `service` (BrlAPI by default). In mode `.on` a failure throws; in
    /// `.auto` it is reported once through `report` (without the program's name: the caller's
    /// `report` adds it) and retried by `retryIfDue(at:)`.
    public init(mode: DeviceMode, service: any BrailleService = LiveBrailleService(), report: @escaping (String) -> Void) throws {
        self.service = service
        self.report = report
        guard mode != .off else { return }
        do {
            let (display, width) = try Self.open(service, timeout: connectTimeout)
            adopt(display, width: width)
        } catch {
            if mode == .on { throw DeviceUnavailable(device: "braille", reason: "\(error)") }
            lost(error, at: .zero)
        }
    }

    /// When to call `retryIfDue(at:)` next (nil: connected, or mode off).
    public var retryAt: Duration? { attempt?.checkAt ?? reconnection.nextAttempt }

    /// The display's descriptor, to poll for keys (nil: not connected).
    public var fileDescriptor: Int32? { display?.fileDescriptor }

    /// True while connected to a display.
    public var isConnected: Bool { display != nil }

    /// The display's width in cells (0: none).
    public private(set) var width = 0

    /// Connects, checks there is a display, takes it (tty mode).
    private static func open(_ service: any BrailleService, timeout: Duration) throws -> (any BrailleConnection, Int) {
        let display = try service.connect(timeout: timeout)
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

    private func adopt(_ display: any BrailleConnection, width: Int) {
        self.display = display
        self.width = width
        lastFrame = nil
        reconnection.back()
        followPreferences(of: display)
    }

    /// A reconnection running in the background: nil while it runs, then its outcome.
    private final class Attempt: Sendable {
        typealias Outcome = Result<(any BrailleConnection, Int), any Error>
        private let outcome = Mutex<Outcome?>(nil)
        func finish(_ result: Outcome) { outcome.withLock { $0 = result } }
        var result: Outcome? { outcome.withLock { $0 } }
    }

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
            try display.write(text: frame.text, orMask: frame.dots.map(\.rawValue), andMask: textDotsMask, cursor: frame.cursor)
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
            while let key = try display.readKey() { keys.append(key) }
            if display.preferencesChanged() { try refreshPreferences(of: display) }
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

    /// The text mask changed: the next frame is written even if its cells are the same.
    func lastFrameChanged() { lastFrame = nil }

    /// Starts a reconnection if it is time, or takes the result of the one running; true when
    /// the display is back (redraw everything).
    public func retryIfDue(at time: Duration) -> Bool {
        guard let due = retryAt, time >= due else { return false }
        let running = attempt?.running ?? start()
        guard let result = running.result else {
            attempt = (running, time + .milliseconds(20))  // look for the outcome soon
            return false
        }
        attempt = nil
        switch result {
        case .success(let (display, width)):
            adopt(display, width: width)
            report("braille display is back")
            onStatusChange?(true)
            return true
        case .failure:
            reconnection.attemptFailed(at: time)
            return false
        }
    }

    /// Starts a reconnection attempt through the service.
    private func start() -> Attempt {
        let next = Attempt()
        let (service, timeout) = (self.service, connectTimeout)
        if !service.startAttempt({ next.finish(Result { try Self.open(service, timeout: timeout) }) }) {
            next.finish(.failure(BrailleError(function: "pthread_create", message: "no thread for the reconnection")))
        }
        return next
    }

    /// Leaves tty mode and closes the connection.
    public func close() {
        if case .success(let (late, _))? = attempt?.running.result { late.close() }
        attempt = nil
        if let display {
            try? display.leaveTTY()
            display.close()
        }
        display = nil
        reconnection.back()
    }

    private func lost(_ error: any Error, at time: Duration) {
        let wasConnected = display != nil
        display?.close()
        display = nil
        width = 0
        lastFrame = nil
        if reconnection.lost(at: time) {
            report("braille unavailable (\(error)); retrying in the background")
            if wasConnected { onStatusChange?(false) }
        }
    }
}
