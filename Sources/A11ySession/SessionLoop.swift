import A11yDevices
import A11yInput
import A11yModel

/// The loop of a modal session: sleeps in `poll()` on its `WakeSources` (the keyboard, signals,
/// speech's news and server, the screen reader's process, BRLTTY) until one is ready or the
/// next deadline of the `WiredEngine`, then hands what came to it, one wake-up at a time, until
/// the engine has an outcome or a signal ends the session. It reads the keys and the signals
/// (which belong to a modal session: the terminal is its own); everything else it dispatches.
final class SessionLoop {
    /// The keyboard: the terminal in raw mode, or scripted input.
    let keys: KeySource
    /// Whether the session catches signals (a program does; a test's session does not).
    let handlesSignals: Bool
    /// The screen's width now, for a resize (nil: no screen).
    let screenColumns: (() -> Int?)?
    /// The keyboard-protocol query was written and its answer has not come yet.
    var awaitingKeyboardAnswer = false

    init(keys: KeySource, handlesSignals: Bool, screenColumns: (() -> Int?)?) {
        self.keys = keys
        self.handlesSignals = handlesSignals
        self.screenColumns = screenColumns
    }

    /// What the loop waits on now: each source by name (a source without a descriptor now, such
    /// as BRLTTY while it is away, is left out).
    func sources(of wired: WiredEngine) -> WakeSources {
        WakeSources(keys: keys.fileDescriptor, signals: handlesSignals ? SignalHandling.fileDescriptor : nil,
                    speechStatus: wired.speech.wakeDescriptor, speechServer: wired.speech.monitorDescriptor,
                    screenReader: wired.readerWatch?.descriptor, braille: wired.braille.fileDescriptor)
    }

    /// Runs until `wired`'s engine has an outcome or a signal (SIGTERM, SIGHUP, SIGQUIT, or the
    /// terminal hanging up) ends the session; returns that signal, or `.interrupt` when SIGINT
    /// came (the engine then ends as `.interrupted`), or nil.
    func run(_ wired: WiredEngine) -> TerminalSignal? {
        var endingSignal: TerminalSignal?
        loop: while wired.engine.outcome == nil {
            wired.workOutForecasts()
            let timeout = WakeSources.timeout(until: wired.nextDeadline, now: wired.now)
            guard let ready = sources(of: wired).wait(timeout: timeout) else { break }
            // The time of this wake-up: the time of every event it brings.
            let wokeAt = wired.now
            // A key carried out from its forecast at the last wake-up: the engine takes it now.
            wired.catchUp()
            var events: [EngineEvent] = []

            // The speech server hung up: say so now, not at the next utterance.
            if ready.contains(.speechServer) { wired.speech.serverClosed() }
            if ready.contains(.speechStatus) { events += wired.speechStatusEvents() }
            if ready.contains(.signals) {
                for signal in SignalHandling.drain() {
                    switch signal {
                    case .interrupt:
                        events.append(.interrupt)
                        endingSignal = signal
                    case .terminate, .hangup, .quit:
                        endingSignal = signal
                        break loop
                    case .resized:
                        events += wired.screenResized(to: screenColumns?())
                    case .resumed:
                        wired.screenResumed()
                    }
                }
            }
            if ready.contains(.keys) {
                if let bytes = (try? keys.read()) ?? nil {
                    // Alone in this wake-up, a key foreseen is carried out at once.
                    if !events.isEmpty || !wired.carryOutForecast(for: bytes, at: wokeAt) { events.append(.bytes(bytes)) }
                } else if keys.mode == .terminal {
                    // A terminal in raw mode ends only when it hangs up (Ctrl-D is a key there):
                    // the session ends as SIGHUP ends it, which may come a moment later.
                    endingSignal = .hangup
                    break loop
                } else {
                    events.append(.endOfInput)  // the end of scripted input
                }
            }
            if ready.contains(.screenReader) { wired.readerEnded() }
            if ready.contains(.braille) { events += wired.brailleEvents(at: wired.now) }
            events.append(.tick)
            events += wired.dueEvents(at: wired.now)
            wired.send(wakeUp: events, at: wokeAt)
            followKeyboardAnswer(wired)
            wired.followFocus()
        }
        wired.catchUp()
        return endingSignal
    }

    /// Turns the kitty keyboard protocol on once the terminal said it speaks it (the answer to
    /// the query comes in the key stream; the engine reads it there).
    func followKeyboardAnswer(_ wired: WiredEngine) {
        guard awaitingKeyboardAnswer, let answer = wired.engine.kittyKeyboardAnswer, let terminal = keys.terminal else { return }
        awaitingKeyboardAnswer = false
        guard answer, (try? terminal.enableKittyKeyboard()) != nil else { return }
        wired.engine.setHoldDetection(keys.holdDetection)
    }
}
