import Glibc
import A11yVocabulary
import A11yDevices
import A11yFormatting
import A11yPresentation

/// How a session presents itself and which servers it uses.
public struct SessionOptions: Sendable {
    /// Whether the session speaks through speech-dispatcher (`--speech`): when it can, by default.
    public var speech: DeviceMode = .auto
    /// Whether the session uses the braille display through BRLTTY (`--braille`): when it can, by
    /// default.
    public var braille: DeviceMode = .auto
    package var speechSettings = SpeechOutput.Settings()
    /// How much the controls say (`--verbosity`).
    public var verbosity: Verbosity = .normal
    /// Which screen reader reads this terminal (`--screen-reader`): see `WordDelivery`.
    public var screenReader: ScreenReaderMode = .auto
    /// A reader of screen changes that can be told the words (Fenrir's remote socket) is told
    /// them (`WordDelivery.throughReader`) instead of reading the screen's words line.
    public var speechThroughReader = true
    /// The program prints the accepted values on the terminal the reader reads (a11y-demo's
    /// result line on a terminal): a reader that reads printed lines (Orca) reads them, and the
    /// control does not say them too.
    package var resultLineOnTerminal = false
    /// The reader `screenReader` stands for (detected for `.auto`); nil: none.
    package var screenReaderInUse: ScreenReader? {
        screenReader.reader { ScreenReaderDetection.detect(environment: Environment.all) }
    }
    /// The language of the words and of speech (`--language`, as "de" or "pt-BR"); nil: the
    /// locale's (LC_ALL, LC_MESSAGES, LANG). It also sets how numbers are written ("1,5" in
    /// German); without it they follow LC_ALL, LC_NUMERIC, LANG.
    public var language: String?
    /// How the controls look on the terminal: by default the standard theme adjusted for
    /// NO_COLOR and TERM=dumb (`ScreenTheme.standard(environment:)`).
    public var theme: ScreenTheme = .standard(environment: Environment.all)
    /// Play a short tone on each value change, its pitch following the value (`--tones on`).
    public var tones = false
    /// Turn the terminal's mouse reports on (`--mouse`), when the keys come from a terminal
    /// that takes escape sequences: presses, drags and the wheel act on the controls.
    public var mouse = true
    /// The ALSA PCM for the tones (`--tones-device`); nil: ALSA's "default".
    public var tonesDevice: String?
    /// The contraction table for literary braille (a BRLTTY name such as "en-us-g2", a liblouis
    /// table or a path), instead of the one BRLTTY's preferences name; nil: BRLTTY's.
    public var brailleTable: String?
    /// Mirror the braille cells and the last utterance on screen (for sighted developers).
    public var preview = false
    /// End the session as `.timedOut` after this long without a key (nil: never).
    public var timeout: Duration?
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

    /// The defaults: speech and braille when they can be reached, normal verbosity, the screen
    /// reader detected, the environment's language and theme, the pointer on, no tones, no time
    /// limit.
    public init() {}

    /// The language asked for: `language`, else the speech settings', else the locale's.
    package var requestedLanguage: String? { language ?? speechSettings.language ?? SpeechOutput.localeLanguage() }

    /// The catalog of the requested language (English when it has none), read once
    /// (`MessageCatalogs`): the locale's full name is looked for ("pt_BR", then "pt").
    package var messages: Messages {
        MessageCatalogs.messages(asked: language ?? speechSettings.language)
    }

    /// How numbers are written: as the language asked for explicitly writes them ("1,5" in
    /// German), else as the locale does (LC_ALL, LC_NUMERIC, LANG).
    package var numberLocale: NumberLocale {
        (language ?? speechSettings.language).map(NumberLocale.init(named:)) ?? .current
    }

    /// The speech settings with the language of the words when none was asked for, so that
    /// speech-dispatcher reads the phrases with the right voice.
    package var resolvedSpeechSettings: SpeechOutput.Settings {
        var settings = speechSettings
        settings.language = language ?? settings.language ?? messages.language
        return settings
    }

    /// The basename of `CommandLine.arguments[0]` ("a11y-controls" when there is none).
    package static var defaultProgramName: String {
        let name = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "a11y-controls" : name
    }

    /// Writes "`programName`: message" as one line on stderr.
    static func standardErrorReport(programName: String) -> @Sendable (String) -> Void {
        { message in
            // The message may carry what the environment gave (BRLAPI_HOST, SPEECHD_ADDRESS):
            // no escape sequence reaches the terminal, and a huge value cannot flood it.
            var text = OutputText.terminal(message).filter { $0 != "\u{1B}" }
            if text.count > 400 { text = String(text.prefix(400)) + "…" }
            var line = programName + ": " + text + "\n"
            line.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
