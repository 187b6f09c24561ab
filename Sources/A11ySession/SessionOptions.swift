import Glibc
import A11yDevices
import A11yPresentation

/// How a session presents itself and which servers it uses.
public struct SessionOptions: Sendable {
    public var speech: DeviceMode = .auto
    public var braille: DeviceMode = .auto
    public var speechSettings = SpeechOutput.Settings()
    public var verbosity: Verbosity = .normal
    public var theme: ScreenTheme = .standard(environment: Environment.all)
    /// The contraction table for literary braille (a BRLTTY name such as "en-us-g2", a liblouis
    /// table or a path), instead of the one BRLTTY's preferences name; nil: BRLTTY's.
    public var brailleTable: String?
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
