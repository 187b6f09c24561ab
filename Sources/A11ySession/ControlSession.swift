import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary

/// How a session ended, and the controls as they were then.
public struct SessionResult: Sendable {
    /// How the session ended: only `.accepted` means the user chose the values.
    public var outcome: SessionOutcome
    /// The signal that ended the session (SIGTERM, SIGHUP, SIGQUIT), if one did.
    package var signal: TerminalSignal?
    /// The controls as the session left them, in Tab order: the chosen values when accepted.
    public var panels: [ControlPanel]
    /// Cancelled with the Escape key rather than `q` (dialog's rangebox exits 255 then, not 1).
    public var cancelledWithEscape = false

    /// The number of the signal that ended the session (`SIGTERM`, `SIGHUP`, `SIGQUIT`), or nil
    /// when none did. The session catches these signals to restore the terminal, so the program
    /// does not die of them by itself: see `exitIfSignalled()`.
    public var signalNumber: Int32? { signal?.signalNumber }

    /// Ends the program as the signal that ended the session would have (its default action,
    /// so the shell sees the usual status, such as 143 for SIGTERM), and returns when no signal
    /// ended it. The terminal is already restored. The modal `run` methods call it.
    public func exitIfSignalled() {
        if let signal { SignalHandling.exit(after: signal) }
    }
}

/// Runs controls modally: one event loop over the keyboard, the braille display, signals and
/// timers, until the user accepts or cancels.
///
/// The loop sleeps in `poll()` until a key, a braille key, a signal or the next deadline (a held
/// key's step, a lone Escape's timeout, a reconnection attempt): no periodic wake-ups when idle.
/// Speech and braille each make their calls from a thread of their own: no call in the loop
/// waits for a server, so a server that stopped answering never delays keys, the screen or the
/// other output. A key tapped again is carried out from its forecast (what the engine works out
/// while the loop waits) as soon as it is read, and the engine takes it a moment later. The terminal is restored and
/// the braille display released on every way out.
public final class ControlSession {
    // Three parts, one job each: the choice of screen reader and so of how the words reach the
    // user (`ScreenReaderChoice`, made in `init`), the engine wired to its outputs (`wired`), and
    // the loop that waits on the named descriptors and hands each wake-up to it (`loop`). The
    // session itself takes the terminal (signals, raw mode, the mouse, the keyboard protocol)
    // and gives it back.
    let devices: SessionDevices
    /// The engine and its outputs.
    let wired: WiredEngine
    /// The loop over the descriptors.
    let loop: SessionLoop

    /// Sets up the terminal (raw mode, signal handlers and, with `SessionOptions.mouse`, the
    /// pointer's reports) and connects to the servers. Throws `DeviceUnavailable` when a server in mode `.on` cannot be reached, or
    /// an error naming the terminal call that failed.
    public convenience init(panels: [ControlPanel], options: SessionOptions = SessionOptions()) throws {
        try self.init(panels: panels, options: options, devices: try SessionDevices.live(options: options))
    }

    /// A session on `devices`: the live ones, or fakes in tests.
    package init(panels: [ControlPanel], options: SessionOptions, devices: SessionDevices) throws {
        self.devices = devices
        let brokenPipe = IgnoredBrokenPipe()
        // BRLTTY first, on a thread of its own; speech-dispatcher once the first braille frame is
        // out, on the speech queue (unless speech is required).
        let braille = WiredEngine.connectingBraille(for: panels, options: options, service: devices.braille)
        // The screen reader is looked for while BRLTTY answers.
        let choice = ScreenReaderChoice(options: options, speechDispatcher: devices.speech)
        wired = try WiredEngine(panels: panels, options: options, choice: choice, braille: braille, devices: devices, brokenPipe: brokenPipe)
        loop = SessionLoop(keys: devices.keys, handlesSignals: devices.handlesSignals, screenColumns: devices.screen?.columns)
        if devices.handlesSignals { _ = try SignalHandling.install() }
        try devices.keys.terminal?.enterRawMode()
        // The pointer: reports from a terminal that takes escape sequences, placed on the frame
        // by asking the terminal where the frame stands.
        if options.mouse, options.theme.usesEscapes, let terminal = devices.keys.terminal, (try? terminal.enableMouseReporting()) != nil {
            wired.locateScreen()
        }
        // One first frame, braille first; then speech.
        wired.start()
        // The first frame and utterance are out: now ask whether the terminal speaks the kitty
        // keyboard protocol. The answer comes in the key stream; the engine reads it there
        // (`kittyKeyboardAnswer`) and the loop turns the protocol on then: nothing waits for it.
        if let terminal = devices.keys.terminal {
            try terminal.write(KittyKeyboardSupport.query)
            loop.awaitingKeyboardAnswer = true
        }
    }

    /// Told of every change the user makes while the session runs: the control's index, the
    /// change, and the control's model right after it (`RangeSliderController.run` reports them
    /// to its delegate, a11y-demo's `--print-partial` prints them).
    package var onChange: ((_ panel: Int, _ change: Change, _ model: ControlPanel.Model) -> Void)? {
        get { wired.onChange }
        set { wired.onChange = newValue }
    }

    /// How many keys were carried out from their forecast (for tests and the benchmark).
    package var keysForeseen: Int { wired.keysForeseen }

    /// Runs until the user accepts or cancels, the time limit passes or a signal ends the session,
    /// then restores the terminal and releases the servers; returns how it ended. SIGINT,
    /// SIGTERM, SIGHUP, SIGQUIT and the terminal hanging up end it as `.interrupted`.
    public func run() -> SessionResult {
        let endingSignal = loop.run(wired)
        finish(signal: endingSignal)
        let engine = wired.engine
        return SessionResult(outcome: engine.outcome ?? .interrupted, signal: endingSignal == .interrupt ? nil : endingSignal,
                             panels: engine.panels, cancelledWithEscape: engine.cancelledWithEscape)
    }

    func finish(signal: TerminalSignal?) {
        wired.finishShowing()
        try? devices.keys.terminal?.restore()
        wired.close(cancellingSpeech: signal != nil && signal != .interrupt)
    }
}
