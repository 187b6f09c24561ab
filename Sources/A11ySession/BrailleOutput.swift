import Glibc
import Synchronization
import A11yDevices
import A11yPresentation
import A11yVocabulary

/// The braille display of a session: connects, takes the display (tty mode), writes frames when
/// they change, reads keys, and in mode `auto` reconnects when BRLTTY comes back.
///
/// Runs on the session's thread, but no call there waits for BRLTTY: frames are written by a
/// `BrailleWriter` on a thread of its own (the latest frame wins), keys are read only while the
/// writer is not inside a call, connecting is bounded (`connectTimeout`), and a reconnection
/// runs where the service says (a thread of its own in live code; the session only picks up its
/// result). A server that is slow, accepts and never answers, or stops (SIGSTOP) in the middle
/// of a session cannot freeze it: after `notAnsweringAfter` without an answer the session is
/// told once (`onNotAnswering`: "braille display not answering"), keys go on, and when BRLTTY
/// answers again the display shows the latest frame and `onStatusChange(true)` says it is back.
///
/// A loss and a return are reported once through `report` and handed to `onStatusChange`
/// (the session speaks them: "braille display lost" / "braille display back"). Reconnection
/// attempts back off (`Reconnection`): 0.25 s after the loss, then 0.5 s, then every
/// `retryInterval`. Times are the session's (`Duration`s since its start).
public final class BrailleOutput {
    private let service: any BrailleService
    private let report: (String) -> Void
    private var display: (any BrailleConnection)?
    /// Writes `display`'s frames on a thread of its own.
    private var writer: BrailleWriter?
    /// When to look whether BRLTTY answered the writer (nil: nothing is waiting).
    private var watchAt: Duration?
    /// "Not answering" was said for the current wait.
    private var notAnswering = false
    /// When to read keys although the descriptor did not say so: a key that arrives while the
    /// writer waits for BRLTTY's answer is taken off the socket by BrlAPI into its own buffer,
    /// and the descriptor then stays quiet.
    private var keysAt: Duration?
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
    /// Called with false when the display is lost, true when it is back (also after it was
    /// not answering).
    public var onStatusChange: ((Bool) -> Void)?
    /// Called once when BRLTTY has not answered for `notAnsweringAfter`.
    public var onNotAnswering: (() -> Void)?
    /// How long BRLTTY may take to answer before the user is told it is not answering.
    public var notAnsweringAfter: Duration = .milliseconds(500)

    /// Connects through `service` (BrlAPI by default). In mode `.on` a failure throws; in
    /// `.auto` it is reported once through `report` (without the program's name: the caller's
    /// `report` adds it) and retried by `retryIfDue(at:)`.
    public init(mode: DeviceMode, service: any BrailleService = LiveBrailleService(), report: @escaping (String) -> Void) throws {
        self.service = service
        self.report = report
        guard mode != .off else { return }
        do {
            let (display, width) = try openBounded()
            adopt(display, width: width)
        } catch {
            if mode == .on { throw DeviceUnavailable(device: "braille", reason: "\(error)") }
            lost(error, at: .zero)
        }
    }

    /// `open` where it may block (the service's thread), waited for at most `connectTimeout`
    /// and a second more: a BRLTTY that accepts and then stops answering (entering tty mode
    /// needs its answer) cannot hold the session's start. An attempt that ends later is taken
    /// up by `retryIfDue(at:)`.
    private func openBounded() throws -> (any BrailleConnection, Int) {
        let running = start()
        let deadline = ContinuousClock.now + connectTimeout + .seconds(1)
        while running.result == nil && ContinuousClock.now < deadline { usleep(2_000) }
        guard let result = running.result else {
            attempt = (running, .milliseconds(20))
            throw BrailleError(function: "brlapi__enterTtyModeWithPath", message: "BRLTTY is not answering")
        }
        return try result.get()
    }

    /// When to call `retryIfDue(at:)` next (nil: connected, or mode off).
    public var retryAt: Duration? {
        [attempt?.checkAt ?? reconnection.nextAttempt, watchAt, keysAt].compactMap { $0 }.min()
    }

    /// The display's descriptor, to poll for keys (nil: not connected, or the writer is waiting
    /// for BRLTTY: keys cannot be read meanwhile, and a readable descriptor would spin the loop).
    public var fileDescriptor: Int32? {
        guard let display else { return nil }
        if let waiting = writer?.waiting, waiting > .milliseconds(20) { return nil }
        return display.fileDescriptor
    }

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
        writer = BrailleWriter(connection: display, service: service)
        watchAt = nil
        keysAt = nil
        notAnswering = false
        self.width = width
        lastFrame = nil
        reconnection.back()
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
        guard let writer, let frame, frame != lastFrame else { return }
        if let failure = writer.takeFailure() { return lost(failure, at: time) }
        do {
            if let size = try writer.ifIdle({ try $0.size() }), size.width != width {
                width = size.width
                lastFrame = nil
                return
            }
        } catch {
            return lost(error, at: time)
        }
        writer.submit(frame)
        lastFrame = frame
        if watchAt == nil { watchAt = time + notAnsweringAfter }
        keysAt = time + .milliseconds(20)
    }

    /// True when keys should be read now although the descriptor was quiet (see `keysAt`):
    /// once the writer is idle again after a frame.
    public func keysMayWait(at time: Duration) -> Bool {
        guard let due = keysAt, time >= due, let writer else { return false }
        guard writer.waiting == nil else {
            keysAt = time + .milliseconds(20)
            return false
        }
        keysAt = nil
        return true
    }

    /// The keys waiting on the display (and a width change, if the display changed).
    public func readKeys(at time: Duration) -> [BrailleKey] {
        guard let writer else { return [] }
        if let failure = writer.takeFailure() {
            lost(failure, at: time)
            return []
        }
        do {
            let read = try writer.ifIdle { display -> ([BrailleKey], Int) in
                var keys: [BrailleKey] = []
                while let key = try display.readKey() { keys.append(key) }
                return (keys, try display.size().width)
            }
            guard let (keys, size) = read else { return [] }  // the writer waits for BRLTTY
            if size != width {
                width = size
                lastFrame = nil
            }
            return keys
        } catch {
            lost(error, at: time)
            return []
        }
    }

    /// Looks whether BRLTTY answered the writer: says once that it is not answering after
    /// `notAnsweringAfter`, and that it is back when it answers again.
    private func watchAnswering(at time: Duration) {
        guard let due = watchAt, time >= due, let writer else { return }
        let waiting = writer.waiting
        // The call that was not answered has ended: nothing waits, or a newer call has waited
        // less than the limit (it began after BRLTTY answered).
        if notAnswering, waiting.map({ $0 < notAnsweringAfter }) ?? true {
            notAnswering = false
            report("braille display is answering again")
            onStatusChange?(true)
        }
        guard let waiting else {
            watchAt = nil
            return
        }
        if waiting < notAnsweringAfter {
            watchAt = time + (notAnsweringAfter - waiting)
            return
        }
        watchAt = time + .milliseconds(100)  // look for its return
        guard !notAnswering else { return }
        notAnswering = true
        report("braille display not answering (BRLTTY stopped?); the control goes on without it")
        onNotAnswering?()
    }

    /// Starts a reconnection if it is time, or takes the result of the one running; true when
    /// the display is back (redraw everything).
    public func retryIfDue(at time: Duration) -> Bool {
        watchAnswering(at: time)
        guard let due = attempt?.checkAt ?? reconnection.nextAttempt, time >= due else { return false }
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
        writer?.close(leavingTTY: true)
        writer = nil
        display = nil
        watchAt = nil
        keysAt = nil
        reconnection.back()
    }

    private func lost(_ error: any Error, at time: Duration) {
        let wasConnected = display != nil
        writer?.close(leavingTTY: false)
        writer = nil
        display = nil
        watchAt = nil
        keysAt = nil
        notAnswering = false
        width = 0
        lastFrame = nil
        if reconnection.lost(at: time) {
            report("braille unavailable (\(error)); retrying in the background")
            if wasConnected { onStatusChange?(false) }
        }
    }
}
