import Glibc
import A11yVocabulary
import A11yDevices
import A11yPresentation

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
            // The message may carry what the environment gave (BRLAPI_HOST, SPEECHD_ADDRESS):
            // no escape sequence reaches the terminal, and a huge value cannot flood it.
            var text = OutputText.terminal(message).filter { $0 != "\u{1B}" }
            if text.count > 400 { text = String(text.prefix(400)) + "…" }
            var line = programName + ": " + text + "\n"
            line.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
