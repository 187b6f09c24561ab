import A11yDevices

/// What `a11y-demo --diagnose` found around the program: the servers, the screen reader, the
/// terminal. Plain values (the report is made from them in A11yOptions, `DiagnosisReport`);
/// `probe(environment:)` finds them.
package struct SystemDiagnosis: Sendable, Equatable {
    package var speech: SpeechServerFacts
    package var braille: BrailleServerFacts
    /// The screen reader detection found (nil: none), as `--screen-reader auto` would take it.
    package var screenReader: ScreenReader?
    /// A line for each place detection looked at (`ScreenReaderDetection.Survey.findings`).
    package var screenReaderFindings: [String]
    package var terminal: TerminalFacts

    package init(speech: SpeechServerFacts, braille: BrailleServerFacts, screenReader: ScreenReader?,
                screenReaderFindings: [String], terminal: TerminalFacts) {
        self.speech = speech
        self.braille = braille
        self.screenReader = screenReader
        self.screenReaderFindings = screenReaderFindings
        self.terminal = terminal
    }
}

/// The terminal the controls draw on, for `a11y-demo --diagnose`.
package struct TerminalFacts: Sendable, Equatable {
    package var standardInputIsTerminal: Bool
    package var standardOutputIsTerminal: Bool
    /// The terminal the controls draw on ("/dev/tty").
    package var path: String
    /// Why it cannot be opened ("open(\"/dev/tty\"): No such device or address"); nil: opened.
    package var problem: String?
    /// Its size in character cells, when it said.
    package var size: TerminalSize?
    /// Whether it speaks the kitty keyboard protocol.
    package var kittyKeyboard: KittyKeyboardAnswer

    package init(standardInputIsTerminal: Bool, standardOutputIsTerminal: Bool, path: String = "/dev/tty",
                problem: String? = nil, size: TerminalSize? = nil, kittyKeyboard: KittyKeyboardAnswer) {
        self.standardInputIsTerminal = standardInputIsTerminal
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.path = path
        self.problem = problem
        self.size = size
        self.kittyKeyboard = kittyKeyboard
    }
}

/// What the terminal answered to the kitty keyboard query (`KittyKeyboardSupport.query`).
package enum KittyKeyboardAnswer: Sendable, Equatable {
    /// It answered with its kitty keyboard flags.
    case supported
    /// It answered its device attributes only.
    case unsupported
    /// Nothing came back in time.
    case noAnswer(within: Duration)
    /// Not asked, and why ("no terminal", "TERM=dumb", …).
    case notAsked(because: String)
}
