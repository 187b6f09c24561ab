import A11yControls
/// The look asked for with the visual options; nil fields keep the theme's own value.
package struct VisualOptions: Sendable, Equatable {
    /// `--theme high-contrast`.
    package var highContrast: Bool = false
    /// `--handle-glyph C`.
    package var handleGlyph: Character? = nil
    /// `--labels-below`.
    package var labelsBelow: Bool = false
    /// `--line-thickness 1...3`.
    package var lineThickness: Int? = nil
    /// `--focused-handle-width 1...3`.
    package var focusedHandleWidth: Int? = nil
    /// `--tint-color SGR`.
    package var tintColor: String? = nil
    /// `--between-color SGR`.
    package var betweenColor: String? = nil
    /// `--handle-color SGR`.
    package var handleColor: String? = nil
    /// `--direction ltr|rtl`: where a horizontal track's minimum is drawn.
    package var direction: TrackLayout.Direction = .leftToRight

    package init() {}
}

/// The options every form of `a11y-demo` takes, before or after the subcommand.
package struct CommonOptions: Sendable, Equatable {
    /// `--speech auto|on|off`, default auto.
    package var speech: DeviceMode = .auto
    /// `--braille auto|on|off`, default auto.
    package var braille: DeviceMode = .auto
    /// `--speech-rate -100...100`; nil: the server's.
    package var speechRate: Int? = nil
    /// `--voice`; nil: the server's.
    package var voice: SpeechVoiceType? = nil
    /// `--language` (e.g. "en", "pt-BR"); nil: the server's.
    package var language: String? = nil
    /// `--screen-reader auto|on|off|orca|remote` (`ScreenReaderMode`), default auto.
    package var screenReader: ScreenReaderMode = .auto
    /// `--screen-reader-speech socket|line`, default socket.
    package var speechThroughReader = true
    /// `--tones on|off`, default off.
    package var tones: Bool = false
    /// `--tones-device NAME`: the ALSA PCM; nil: "default".
    package var tonesDevice: String? = nil
    /// `--mouse on|off`, default on (taken only when the keys come from a terminal).
    package var mouse: Bool = true
    /// `--verbosity terse|normal|verbose`, default normal.
    package var verbosity: Verbosity = .normal
    /// `--keymap FILE`: a key map file to apply (`KeyMap.apply(file:)`); read at run time.
    package var keyMapPath: String? = nil
    /// `--braille-table NAME|PATH`: the contraction table instead of BRLTTY's; nil: BRLTTY's.
    package var brailleTable: String? = nil
    /// `--no-color`, or NO_COLOR set (non-empty) in the environment.
    package var noColor: Bool = false
    /// TERM=dumb in the environment: no escape sequences at all.
    package var dumbTerminal: Bool = false
    /// `--preview`: mirror braille cells and speech on screen.
    package var preview: Bool = false
    /// `--json`: print the result as one JSON object.
    package var json: Bool = false
    /// `--print-partial`: print a result line for every value change while the control runs.
    package var printPartial: Bool = false
    /// `--timeout SECONDS`: end a control untouched this long (exit 124); nil: never.
    package var timeout: Duration? = nil
    /// `--theme`, `--handle-glyph`, … .
    package var visual = VisualOptions()

    package init() {}

    /// The SSIP names of the voice types, as `--voice` takes them.
    package static let voiceNames: [(String, SpeechVoiceType)] = [
        ("male1", .male1), ("male2", .male2), ("male3", .male3),
        ("female1", .female1), ("female2", .female2), ("female3", .female3),
        ("child_male", .childMale), ("child_female", .childFemale),
    ]

    /// The theme these options ask for: the default or high-contrast theme, the visual options
    /// over it, then `noColor` and `dumbTerminal`.
    package var screenTheme: ScreenTheme {
        var theme = visual.highContrast ? ScreenTheme.highContrast : ScreenTheme()
        if let glyph = visual.handleGlyph { theme.handleGlyph = glyph }
        if visual.labelsBelow { theme.labelsBelow = true }
        if let rows = visual.lineThickness { theme.lineThickness = rows }
        if let columns = visual.focusedHandleWidth { theme.focusedHandleWidth = columns }
        if let sgr = visual.tintColor { theme.tintColor = sgr }
        if let sgr = visual.betweenColor { theme.colorBetweenHandles = sgr }
        if let sgr = visual.handleColor { theme.handleColor = sgr }
        if noColor { theme.usesColor = false }
        if dumbTerminal { theme.usesColor = false; theme.usesEscapes = false }
        return theme
    }
}

extension CommonOptions {
    /// The session these options ask for (servers, speech settings, verbosity, theme, preview,
    /// time limit), for a program named `programName`.
    package func sessionOptions(programName: String = ParsedCommandLine.programName) -> SessionOptions {
        var session = SessionOptions()
        session.programName = programName
        session.speech = speech
        session.braille = braille
        session.speechSettings = SpeechOutput.Settings(rate: speechRate, voice: voice, language: language)
        session.verbosity = verbosity
        session.language = language
        session.screenReader = screenReader
        session.speechThroughReader = speechThroughReader
        session.tones = tones
        session.mouse = mouse
        session.tonesDevice = tonesDevice
        session.brailleTable = brailleTable
        session.theme = screenTheme
        session.preview = preview
        session.timeout = timeout
        return session
    }
}
