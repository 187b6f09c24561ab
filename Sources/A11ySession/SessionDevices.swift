import A11yDevices

/// What a session runs on: the keyboard, the screen, the speech and braille servers, the clock
/// and the queue where speech calls run (they may block). `live(options:)` gives the real ones; tests give
/// fakes (A11yTestSupport) and a pipe for keys, so the session's loop runs in milliseconds.
package struct SessionDevices {
    /// Where the interface is drawn (not stdout, which carries the result).
    package struct Screen {
        /// Writes text (escape sequences included) to the screen.
        package var write: (String) -> Void
        /// The screen's width in columns now, nil when unknown.
        package var columns: () -> Int?

        package init(write: @escaping (String) -> Void, columns: @escaping () -> Int?) {
            self.write = write
            self.columns = columns
        }
    }

    /// Keys: the terminal in raw mode, or bytes of a descriptor (scripted mode).
    package var keys: KeySource
    /// The screen, or nil when there is none.
    package var screen: Screen?
    package var speech: any SpeechService
    package var braille: any BrailleService
    package var clock: any SessionClock
    /// Where speech calls run (they may block on a slow server).
    package var speechQueue: any WorkQueue
    /// Gives the CPU to the threads ready to run before going on (`sched_yield`): between a key's
    /// braille frame and redraw and its words (see `ControlSession`).
    package var yieldProcessor: () -> Void
    /// Whether the session catches SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH and SIGTSTP/SIGCONT
    /// (a program does; a test running a session in its own process does not).
    package var handlesSignals: Bool

    package init(keys: KeySource, screen: Screen?, speech: any SpeechService, braille: any BrailleService,
                clock: any SessionClock, speechQueue: any WorkQueue, handlesSignals: Bool,
                yieldProcessor: @escaping () -> Void = Processor.yield) {
        self.keys = keys
        self.screen = screen
        self.speech = speech
        self.braille = braille
        self.clock = clock
        self.speechQueue = speechQueue
        self.handlesSignals = handlesSignals
        self.yieldProcessor = yieldProcessor
    }

    /// The real devices: keys from the terminal (scripted from standard input when it is not
    /// one), the interface on the terminal (/dev/tty in scripted mode too, when there is one),
    /// speech-dispatcher and BRLTTY, a monotonic clock, signals caught.
    package static func live(options: SessionOptions) throws -> SessionDevices {
        let keys = try KeySource.standard()
        let terminal = keys.terminal ?? (try? Terminal(path: "/dev/tty"))
        let screen = terminal.map { terminal in
            Screen(write: { try? terminal.write($0) }, columns: { try? terminal.size().columns })
        }
        return SessionDevices(keys: keys, screen: screen, speech: LiveSpeechService(clientName: options.programName),
                              braille: LiveBrailleService(), clock: MonotonicClock(),
                              speechQueue: ThreadQueue(), handlesSignals: true)
    }
}
