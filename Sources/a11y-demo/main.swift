// a11y-demo: accessible range slider and stepper for people and shell scripts.
//
// preferences + options -> configuration -> session -> result line on stdout and the exit status
// (0 accepted, 1 cancelled, 2 usage, 3 a required server unavailable, 4 the terminal could not
// be set up, 124 timed out, 130 interrupted; dialog mode: DIALOG_OK, DIALOG_CANCEL, DIALOG_ESC;
// ExitStatus has them all).
// The interface is drawn on /dev/tty; stdout carries only the result (and, with
// --print-partial, a result line for each change).
import A11yControls
import DemoCommandLine
import A11yOptions
import Glibc

// libbrlapi is already loading (Sources/DemoStart: from before main, while the command line is
// read; most sessions take the display).

/// One line on stderr, whole (a screen reader user hears it at once).
func complain(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func finish(_ status: ExitStatus) -> Never { exit(status.rawValue) }

// Hidden: `a11y-demo --generate man|bash|zsh|fish` writes the man page or a completion script
// from the option table (`make install` uses it); `--generate keys-markdown` the key table of
// README.md and docs/user-guide.md, `--generate key-actions-markdown` the user guide's table of
// the actions a key map file may bind, both from the key map (`make doc-tables`).
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--generate" {
    var generators: [String: () -> String] = ["man": ManPage.text, "bash": ShellCompletions.bash, "zsh": ShellCompletions.zsh,
                                              "fish": ShellCompletions.fish]
    for (name, table) in KeyTable.markdownTables { generators[name] = { table() } }
    guard let generate = generators[CommandLine.arguments[2]] else {
        complain("Error: '--generate' takes \(generators.keys.sorted().joined(separator: ", "))")
        finish(.usage)
    }
    print(generate(), terminator: "")
    finish(.accepted)
}

let commandLine: ParsedCommandLine
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = Environment.all
let preferences = Result { () throws(CLIError) in try Preferences.load(environment: environment) }
// The words of the help and of usage errors: the language asked for (the catalog read once, kept
// for the session's words).
let words = MessageCatalogs.messages(for: ParsedCommandLine.interfaceLanguage(arguments, preferences: try? preferences.get(),
                                                                               environment: environment))
do {
    commandLine = try ParsedCommandLine.parse(arguments, environment: environment, preferences: preferences)
} catch {
    complain(error.message(in: words))
    exit(error.exitCode)
}
let options = commandLine.options

// The controls to run.
switch commandLine.invocation {
case .help(let topic):
    print(DemoHelp.text(for: topic, words: words), terminator: "")
    finish(.accepted)
case .version:
    print(ParsedCommandLine.versionText)
    finish(.accepted)
case .diagnose:
    // What the servers, the screen reader and the terminal say: every probe has a deadline, a
    // missing server is part of the report, and the status is 0.
    let diagnosis = SystemDiagnosis.probe(environment: environment, clientName: ParsedCommandLine.programName)
    let report = DiagnosisReport(diagnosis: diagnosis, options: options, preferences: preferences, environment: environment)
    writeAll(STDOUT_FILENO, options.json ? report.json : report.plainText)
    finish(.accepted)
case .rangebox(let box):
    if case .fileDescriptor(let fd) = box.output, fcntl(fd, F_GETFD) < 0 {
        complain("Error: The value '\(fd)' is invalid for '--output-fd <fd>': not an open file descriptor")
        finish(.usage)
    }
default:
    break
}
let panels: [ControlPanel]
do {
    panels = try commandLine.panels() ?? []
} catch {
    complain(error.message)
    finish(.usage)
}
var rangebox: RangeboxInvocation?
if case .rangebox(let box) = commandLine.invocation { rangebox = box }

var sessionOptions = options.sessionOptions()
// dialog mode writes its value on stderr: reports about the servers go to the terminal instead
// (or nowhere without one), so a script never mistakes them for the value.
if let box = rangebox, box.output == .standardError { sessionOptions.report = terminalReport() }
// The result line goes to a terminal: Orca reads it there, and the control does not say the
// accepted values too (docs/user-guide.md, "With your screen reader").
let resultDescriptor: Int32 = switch rangebox?.output {
case nil, .standardOutput?: STDOUT_FILENO
case .standardError?: STDERR_FILENO
case .fileDescriptor(let fd)?: fd
}
sessionOptions.resultLineOnTerminal = isatty(resultDescriptor) == 1

let session: ControlSession
do {
    session = try ControlSession(panels: panels, options: sessionOptions)
} catch {
    complain("Error: \(error)")
    finish(ExitStatus(startFailure: error))
}

// The values as they change, then as accepted: one result line each. (The session calls
// onChange on this thread, from its loop.)
nonisolated(unsafe) var models = panels.map(\.model)
func resultLine() -> String { commandLine.resultLine(models) }
if options.printPartial {
    session.onChange = { panel, change, model in
        guard change.valueChanged else { return }
        models[panel] = model
        writeAll(STDOUT_FILENO, resultLine() + "\n")
    }
}

let result = session.run()
if let signal = result.signal { SignalHandling.exit(after: signal) }
models = result.panels.map(\.model)
if let box = rangebox {
    switch result.outcome {
    case .accepted:
        var fd = STDERR_FILENO
        switch box.output {
        case .standardError: break
        case .standardOutput: fd = STDOUT_FILENO
        case .fileDescriptor(let n): fd = n
        }
        writeAll(fd, resultLine())
        exit(box.okStatus)
    case .cancelled: exit(result.cancelledWithEscape ? box.escapeStatus : box.cancelStatus)
    case .timedOut: finish(.timedOut)
    case .interrupted: finish(.interrupted)
    }
}
switch result.outcome {
case .accepted:
    print(resultLine())
    finish(.accepted)
case .cancelled:
    finish(.cancelled)
case .timedOut:
    finish(.timedOut)
case .interrupted:
    finish(.interrupted)
}

/// Writes all of `text` to `fd` at once (no buffering: a script reads each line as it comes).
func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}

/// Reports written on the terminal (/dev/tty), or dropped when there is none.
func terminalReport() -> @Sendable (String) -> Void {
    { message in
        let tty = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return }
        writeAll(tty, ParsedCommandLine.programName + ": " + message + "\r\n")
        close(tty)
    }
}
