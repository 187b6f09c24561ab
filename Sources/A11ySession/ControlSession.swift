import Glibc
import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary

/// How a session presents itself and which servers it uses.
public struct SessionOptions: Sendable {
    public var speech: DeviceMode = .auto
    public var braille: DeviceMode = .auto
    public var speechSettings = SpeechOutput.Settings()
    public var verbosity: Verbosity = .normal
    public var theme: ScreenTheme = .standard(environment: Environment.all)
    /// Mirror the braille cells and the last utterance on screen (for sighted developers).
    public var preview = false
    /// The program's name: the default `report` puts it before each message, and it is the
    /// client name speech-dispatcher shows. By default the basename of `CommandLine.arguments[0]`.
    public var programName = SessionOptions.defaultProgramName
    /// Where problems with the servers are reported. By default a line on stderr:
    /// "`programName`: message".
    public var report: @Sendable (String) -> Void {
        get { customReport ?? Self.standardErrorReport(programName: programName) }
        set { customReport = newValue }
    }
    private var customReport: (@Sendable (String) -> Void)?

    public init() {}

    /// The basename of `CommandLine.arguments[0]` ("a11y-controls" when there is none).
    public static var defaultProgramName: String {
        let name = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "a11y-controls" : name
    }

    /// Writes "`programName`: message" as one line on stderr.
    static func standardErrorReport(programName: String) -> @Sendable (String) -> Void {
        { message in
            var line = programName + ": " + message + "\n"
            line.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}

/// How a session ended, and the controls as they were then.
public struct SessionResult: Sendable {
    public var outcome: SessionOutcome
    /// The signal that ended the session (SIGTERM, SIGHUP, SIGQUIT), if one did: call
    /// `SignalHandling.exit(after:)` to end the program as that signal would.
    public var signal: TerminalSignal?
    public var panels: [ControlPanel]
}

/// Runs controls modally: one event loop over the keyboard, the braille display, signals and
/// timers, until the user accepts or cancels.
///
/// The loop sleeps in `poll()` until a key, a braille key, a signal or the next deadline (a held
/// key's step, a lone Escape's timeout, a reconnection attempt): no periodic wake-ups when idle.
/// Speech runs on its own worker (`SpeechOutput`), so it never delays keys or braille. The
/// terminal is restored and the braille display released on every way out.
public final class ControlSession {
    private var engine: ControlEngine
    private let options: SessionOptions
    private let keys: KeySource
    private let screenTerminal: Terminal?
    private let screen: ScreenOutput?
    private let speech: SpeechOutput
    private let braille: BrailleOutput
    /// The session's time: zero when the session started.
    private let clock: any SessionClock = MonotonicClock()
    /// SIGPIPE's disposition before the session: libspeechd needs it ignored while connected;
    /// afterwards the program's own choice is back (a closed result pipe ends it with status 141,
    /// as any program's, unless it ignores SIGPIPE itself).
    private let previousBrokenPipeAction: sighandler_t?

    /// Sets up the terminal and connects to the servers. Throws `DeviceUnavailable` when a server
    /// in mode `.on` cannot be reached, or a `TerminalError`.
    public init(panels: [ControlPanel], options: SessionOptions = SessionOptions()) throws {
        self.options = options
        previousBrokenPipeAction = signal(SIGPIPE, SIG_IGN)
        keys = try KeySource.standard()
        // The interface goes to the terminal, never to stdout; in scripted mode too when there is one.
        screenTerminal = keys.terminal ?? (try? Terminal(path: "/dev/tty"))
        speech = try SpeechOutput(mode: options.speech, service: LiveSpeechService(clientName: options.programName),
                                  settings: options.speechSettings, clock: clock, report: options.report)
        braille = try BrailleOutput(mode: options.braille, service: LiveBrailleService(), report: options.report)
        // A lost braille display is spoken (a user reading braille cannot see it went blank).
        braille.onStatusChange = { [speech] back in
            speech.say([Utterance(back ? "braille display back" : "braille display lost", priority: .message)])
        }
        _ = try SignalHandling.install()
        var typedAhead: [KeyEvent] = []
        if let terminal = keys.terminal {
            try terminal.enterRawMode()
            let kitty = try terminal.queryKittyKeyboard()
            if kitty.isSupported { try terminal.enableKittyKeyboard() }
            typedAhead = kitty.typedAhead
        }
        if let terminal = screenTerminal {
            let columns = (try? terminal.size().columns) ?? 80
            screen = ScreenOutput(columns: columns, movesCursor: options.theme.usesEscapes) { text in
                try? terminal.write(text)
            }
        } else {
            screen = nil
        }
        engine = ControlEngine(panels: panels, announcer: Announcer(verbosity: options.verbosity),
                               screenTheme: options.theme, locale: .current, holdDetection: keys.holdDetection,
                               escapeTimeout: keys.escapeTimeout)
        engine.setBrailleWidth(braille.width)
        speech.say(engine.start())
        for key in typedAhead { speech.say(engine.handle(key: key, at: now)) }
    }

    private var now: Duration { clock.now }

    /// POLLRDHUP (Linux; the header defines it only under _GNU_SOURCE): the peer closed its end.
    private static let pollReadHangUp: Int16 = 0x2000

    /// Runs until the user accepts or cancels, or a signal ends the session.
    public func run() -> SessionResult {
        var endingSignal: TerminalSignal?
        present()
        loop: while engine.outcome == nil {
            var fds = [pollfd(fd: keys.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: SignalHandling.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: speech.wakeDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: speech.monitorDescriptor ?? -1, events: Self.pollReadHangUp, revents: 0)]
            if let fd = braille.fileDescriptor { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), timeout())
            if ready < 0 && errno != EINTR { break }
            let time = now
            // What to say is collected and handed to the speech worker after the braille frame is
            // written: waking the worker must not delay the braille display.
            var said: [Utterance] = []

            // The speech server hung up: say so now, not at the next utterance.
            if fds[3].revents & (Self.pollReadHangUp | Int16(POLLHUP | POLLERR)) != 0 { speech.serverClosed() }
            if fds[2].revents != 0 {
                for status in speech.takeStatusChanges() {
                    engine.showBrailleNotice(status == .lost ? "speech lost" : "speech back", at: time)
                }
            }
            if fds[1].revents != 0 {
                for signal in SignalHandling.drain() {
                    switch signal {
                    case .interrupt:
                        _ = engine.perform(.interrupt)
                        endingSignal = signal
                    case .terminate, .hangup, .quit:
                        endingSignal = signal
                        break loop
                    case .resized:
                        if let terminal = screenTerminal, let size = try? terminal.size() { screen?.columns = size.columns }
                        screen?.invalidate()
                    case .resumed:
                        screen?.invalidate()
                    }
                }
            }
            if fds[0].revents != 0 {
                if let bytes = (try? keys.read()) ?? nil {
                    said += engine.feed(bytes, at: time)
                } else {
                    said += engine.endOfInput(at: time)  // end of input, or the terminal is gone
                }
            }
            if fds.count > 4, fds[4].revents != 0 {
                for key in braille.readKeys(at: time) where engine.outcome == nil {
                    said += engine.handle(brailleKey: key, at: time)
                }
                if braille.width != engine.brailleWidth { engine.setBrailleWidth(braille.width) }
            }
            said += engine.tick(at: time)
            if braille.retryIfDue(at: time) { engine.setBrailleWidth(braille.width) }
            presentBraille()
            speech.say(said)
            presentScreen()
        }
        finish(signal: endingSignal)
        return SessionResult(outcome: engine.outcome ?? .interrupted, signal: endingSignal == .interrupt ? nil : endingSignal,
                             panels: engine.panels)
    }

    /// Milliseconds until the next deadline, or -1 (sleep until input).
    private func timeout() -> Int32 {
        let deadlines = [engine.nextDeadline, braille.retryAt].compactMap { $0 }
        guard let next = deadlines.min() else { return -1 }
        let left = next - now
        if left <= .zero { return 0 }
        let ms = left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(min(ms, Int64(Int32.max)))
    }

    private func present() {
        presentBraille()
        presentScreen()
    }

    private func presentBraille() {
        braille.show(engine.brailleFrame, at: now)
        if braille.width != engine.brailleWidth {
            // The display came back with another width (or went away): lay the line out again.
            engine.setBrailleWidth(braille.width)
            braille.show(engine.brailleFrame, at: now)
        }
    }

    private func presentScreen() {
        var frame = engine.screenFrame(columns: screen?.columns ?? 80, preview: options.preview)
        // Labels and formatted values come from the library's callers and from plugins: only
        // the theme's SGR styling may reach the terminal.
        frame.lines = frame.lines.map(OutputText.terminal)
        screen?.show(frame)
    }

    private func finish(signal: TerminalSignal?) {
        present()
        screen?.erase()
        try? keys.terminal?.restore()
        braille.close()
        if signal != nil && signal != .interrupt { speech.cancel() }
        speech.close()
        _ = Glibc.signal(SIGPIPE, previousBrokenPipeAction)
    }
}
