import Synchronization
import A11yDevices
import A11yPresentation
import A11yVocabulary

/// The braille display of a session: connects, takes the display (tty mode), writes frames when
/// they change, reads keys, and in mode `auto` reconnects when BRLTTY comes back.
///
/// No call on the session's thread waits for BRLTTY: a `BrailleLink` owns the connection and
/// makes every call from its loop (a thread of its own in live code): frames (the latest wins),
/// the keys to take, key reads, preferences. Connecting runs where the service says (a thread of
/// its own in live code; the session only picks up its result) and is bounded: an attempt that
/// has not ended after `connectTimeout` is given up on (and a new one waits until its thread is
/// free). A server that is slow, accepts and never answers, or stops (SIGSTOP) in the middle of a
/// session cannot freeze it: after `notAnsweringAfter` without an answer the session is told once
/// (`onNotAnswering`: "braille display not answering"), keys go on, and when BRLTTY answers
/// again the display shows the latest frame and `onStatusChange(true)` says it is back.
///
/// A loss and a return are reported once through `report` and handed to `onStatusChange`
/// (the session speaks them: "braille display lost" / "braille display back"). Reconnection
/// attempts back off (`Reconnection`): 0.25 s after the loss, then 0.5 s, then every
/// `retryInterval`. Times are the session's (`Duration`s since its start).
package final class BrailleOutput {
    private let service: any BrailleService
    let report: (String) -> Void
    private let mode: DeviceMode
    /// The first connection, started by `init(startingIn:)` until `finishConnecting()`.
    private var first: BrailleConnectionAttempt?
    private var link: BrailleLink?
    private var lastFrame: BrailleFrame?
    private var reconnection = Reconnection()
    /// A reconnection running in the background, and when to look for its outcome.
    private var attempt: (running: BrailleConnectionAttempt, checkAt: Duration)?
    /// The last attempt given up on, while its thread may still wait for the server: no new
    /// attempt starts until it ends (no pile of threads waiting on a stuck BRLTTY).
    private var stuck: BrailleConnectionAttempt?
    /// Whether BRLTTY still answers the link.
    private var answers = BrailleAnswerWatch()
    /// The connection is being made again because BRLTTY refused a frame for its size, or
    /// reported a display of another width (another display took the place of the one the
    /// connection first measured, while BRLTTY stayed up): no loss is told unless that attempt
    /// fails, no return after it.
    private var remeasuring = false
    /// The longest wait between reconnection attempts.
    package var retryInterval: Duration {
        get { reconnection.retryInterval }
        set { reconnection.retryInterval = newValue }
    }
    /// How long one connection attempt may wait for BRLTTY's answer.
    package var connectTimeout: Duration = .seconds(2)
    /// How long BRLTTY may take to answer before the user is told it is not answering.
    package var notAnsweringAfter: Duration {
        get { answers.limit }
        set { answers.limit = newValue }
    }
    /// Called with false when the display is lost, true when it is back (also after it was not
    /// answering).
    package var onStatusChange: ((Bool) -> Void)?
    /// Called once when BRLTTY has not answered for `notAnsweringAfter`.
    package var onNotAnswering: (() -> Void)?
    /// The keys taken from BRLTTY (nil: all); re-stated at once when it changes.
    package var acceptedKeys: BrailleKeySet? {
        didSet { if acceptedKeys != oldValue, let acceptedKeys { link?.accept(acceptedKeys) } }
    }
    /// The user's BRLTTY preferences, followed live (BrailleOutput+Preferences.swift).
    package internal(set) var preferences = BraillePreferences()
    /// Called when `preferences` changed while connected.
    package var onPreferencesChange: ((BraillePreferences) -> Void)?
    /// Reports already made (each is made once).
    var reported: Set<String> = []

    /// Connects through `service` (BrlAPI by default). In mode `.on` a failure throws; in
    /// `.auto` it is reported once through `report` (without the program's name: the caller's
    /// `report` adds it) and retried by `retryIfDue(at:)`.
    package convenience init(mode: DeviceMode, service: any BrailleService = LiveBrailleService(), report: @escaping (String) -> Void) throws {
        self.init(startingIn: mode, service: service, report: report)
        try finishConnecting()
    }

    /// Starts connecting through `service` and returns at once: the caller can do other work
    /// (connect to speech) meanwhile, then calls `finishConnecting()`. `acceptedKeys` are taken
    /// from BRLTTY as the display is taken, before anything is shown: no key pressed at the
    /// start goes to the program that BRLTTY should have had, or the other way round.
    package init(startingIn mode: DeviceMode, service: any BrailleService = LiveBrailleService(), acceptedKeys: BrailleKeySet? = nil,
                report: @escaping (String) -> Void) {
        self.service = service
        self.report = report
        self.mode = mode
        self.acceptedKeys = acceptedKeys
        if mode != .off { first = start() }
    }

    /// Waits for the connection `init(startingIn:)` started, until `connectTimeout` after its
    /// start: a BRLTTY that accepts and never answers, or stops answering while the display is
    /// taken, cannot hold the session's start (the attempt is abandoned,
    /// `BrailleConnectionAttempt.abandon`). In mode `.on` a failure throws; in `.auto` it is
    /// reported once and retried by `retryIfDue(at:)`.
    package func finishConnecting() throws {
        guard let running = first else { return }
        first = nil
        do {
            // `connectTimeout` from the attempt's start (speech connected meanwhile).
            let result = running.wait(atMost: connectTimeout - running.age) ?? giveUp(on: running)
            try adopt(result.get())
        } catch {
            if mode == .on { throw DeviceUnavailable(device: "braille", reason: "\(error)") }
            lost(error, at: .zero)
        }
    }

    deinit {
        // The link's loop owns the connection and ends only when told: an output dropped
        // without `close()` still gives the display back.
        close()
    }

    /// When to call `retryIfDue(at:)` next (nil: nothing to look at).
    package var retryAt: Duration? {
        [attempt?.checkAt ?? reconnection.nextAttempt, answers.nextCheck].compactMap { $0 }.min()
    }

    /// Readable when keys or other updates from the display wait: poll it, then call
    /// `readKeys(at:)` (nil: not connected).
    package var fileDescriptor: Int32? { link?.updatesDescriptor }

    /// True while connected to a display.
    package var isConnected: Bool { link != nil }

    /// The display's width in cells (0: none).
    package private(set) var width = 0

    private func adopt(_ opened: BrailleConnectionAttempt.Opened) throws {
        lastFrame = nil
        answers.reset()
        width = opened.width
        guard let link = BrailleLink(connection: opened.connection, width: opened.width, dotsMask: textDotsMask, service: service) else {
            opened.connection.close()
            throw BrailleError(function: "pthread_create", message: "no thread for the braille display")
        }
        self.link = link
        reconnection.back()
        if let acceptedKeys, acceptedKeys != opened.keys { link.accept(acceptedKeys) }
        // The preferences last: `onPreferencesChange` may show a frame at once, which needs the
        // link (it gets the new preferences' text dots then).
        switch opened.preferences {
        case .success(let (preferences, unanswered)): takePreferences(preferences, unanswered: unanswered)
        case .failure(let error): reportOnce("preferences", "braille: cannot read BRLTTY's preferences (\(error)); using 8-dot computer braille")
        }
        if !opened.watching { reportOnce("watch", "braille: BRLTTY cannot report changes of its preferences; they are read at each connection") }
    }

    /// Shows `frame` unless the display already shows it: handed to the link, which writes it
    /// as soon as BRLTTY takes it. When the display's width changed (a display reconnected with
    /// another size), the link writes nothing and `readKeys` brings the new width: the session
    /// lays the line out again and shows the new frame.
    package func show(_ frame: BrailleFrame?, at time: Duration) {
        guard let link, let frame, frame != lastFrame else { return }
        let writtenAtOnce = link.show(frame, prepared: ready.first { $0.frame == frame }?.write)
        answers.frameShown(writtenAtOnce: writtenAtOnce, at: time)
        lastFrame = frame
        // What the link already learnt (at once with an inline loop): a width change, a loss.
        take(link.takeUpdates(keys: false), at: time)
    }

    /// Works out ahead of time what showing each of `frames` writes (a key's forecast frames,
    /// while the program waits): `show` then only sends it, if the display is still as it was.
    /// Replaces what was made ready before.
    package func prepare(_ frames: [BrailleFrame]) {
        ready.removeAll(keepingCapacity: true)
        guard let link else { return }
        for frame in frames where frame != lastFrame {
            if let write = link.prepare(frame) { ready.append((frame, write)) }
        }
    }

    /// Writes made ready by `prepare`.
    private var ready: [(frame: BrailleFrame, write: BrailleDisplay.PreparedWrite)] = []

    /// The keys read from the display since the last call; takes the other updates too (a width
    /// change, new preferences, a lost connection).
    package func readKeys(at time: Duration) -> [BrailleKey] {
        guard let link else { return [] }
        let updates = link.takeUpdates()
        take(updates, at: time)
        return updates.keys
    }

    private func take(_ updates: BrailleLink.Updates, at time: Duration) {
        for message in updates.reports { reportOnce(message, message) }
        if let (preferences, unanswered) = updates.preferences { takePreferences(preferences, unanswered: unanswered) }
        if let width = updates.width, width != self.width {
            self.width = width
            lastFrame = nil
        }
        if let failure = updates.failure { lost(failure, at: time) }
    }

    /// The text mask changed: the next frame is written even if its cells are the same.
    func lastFrameChanged() {
        lastFrame = nil
        link?.setDotsMask(textDotsMask)
    }

    /// Looks whether BRLTTY answered the link: says once that it is not answering after
    /// `notAnsweringAfter`, and that it is back when it answers again.
    private func watchAnswering(at time: Duration) {
        guard answers.isTimeToLook(at: time), let link else { return }
        switch answers.look(at: time, waiting: link.waiting) {
        case .answeringAgain:
            report("braille display is answering again")
            onStatusChange?(true)
        case .notAnswering:
            report("braille display not answering (BRLTTY stopped?); the control goes on without it")
            onNotAnswering?()
        case nil:
            break
        }
    }

    /// Starts a reconnection if it is time, or takes the result of the one running; true when
    /// the display is back (redraw everything). Also looks whether BRLTTY still answers.
    package func retryIfDue(at time: Duration) -> Bool {
        if let link, answers.isTimeToAsk(at: time) { link.askWhetherAnswering() }
        watchAnswering(at: time)
        guard let due = attempt?.checkAt ?? reconnection.nextAttempt, time >= due else { return false }
        let running = attempt?.running ?? start()
        var outcome = running.result
        if outcome == nil, running.age >= connectTimeout { outcome = giveUp(on: running) }
        guard let result = outcome else {
            attempt = (running, time + .milliseconds(20))  // look for the outcome soon
            return false
        }
        attempt = nil
        do {
            try adopt(result.get())
        } catch {
            if remeasuring {
                remeasuring = false
                lost(error, at: time, wasConnected: true)
            } else {
                reconnection.attemptFailed(at: time)
            }
            return false
        }
        if remeasuring {
            remeasuring = false
            report("braille display now \(width) cells wide")
        } else {
            report("braille display is back")
            onStatusChange?(true)
        }
        return true
    }

    /// Gives up on `running` (`connectTimeout` passed): its outcome, a failure unless it ended
    /// meanwhile.
    private func giveUp(on running: BrailleConnectionAttempt) -> BrailleConnectionAttempt.Outcome {
        stuck = running
        return running.abandon(after: connectTimeout)
    }

    /// Starts a reconnection attempt through the service.
    private func start() -> BrailleConnectionAttempt {
        let next = BrailleConnectionAttempt()
        if let stuck, stuck.hasEnded { self.stuck = nil }
        guard stuck == nil else {
            next.finish(.failure(BrailleError(function: "brlapi__openConnection",
                                              message: "an earlier connection attempt is still waiting for BRLTTY to answer")))
            return next
        }
        let (service, timeout, keys) = (self.service, connectTimeout, acceptedKeys)
        if !service.startAttempt({ next.finish(Result { try BrailleConnectionAttempt.open(service, timeout: timeout, keys: keys) }) }) {
            next.finish(.failure(BrailleError(function: "pthread_create", message: "no thread for the reconnection")))
        }
        return next
    }

    /// Shows the last frame, leaves tty mode and closes the connection (waiting at most half a
    /// second for a BRLTTY that stopped answering).
    package func close() {
        for running in [attempt?.running, first].compactMap({ $0 }) {
            // Ended: its connection is closed here; still running: when it ends.
            if case .success(let late) = running.abandon(after: .zero) { late.connection.close() }
        }
        attempt = nil
        first = nil
        link?.close(leavingTTY: true)
        link = nil
        answers.reset()
        reconnection.back()
    }

    private func lost(_ error: any Error, at time: Duration, wasConnected: Bool? = nil) {
        let wasConnected = wasConnected ?? (link != nil)
        link?.close(leavingTTY: false)
        link = nil
        answers.reset()
        width = 0
        lastFrame = nil
        if wasConnected, !remeasuring, (error as? BrailleError)?.displayChangedWidth == true {
            // Connected again at once, for the new width; the user hears of it only if that fails.
            remeasuring = true
            reconnection.retryNow(at: time)
            return
        }
        if reconnection.lost(at: time) {
            report("braille unavailable (\(error)); retrying in the background")
            if wasConnected { onStatusChange?(false) }
        }
    }
}
