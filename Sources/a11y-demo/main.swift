// a11y-demo: accessible range slider and stepper for people and shell scripts.
//
// options -> configuration -> session -> result line on stdout and the exit status
// (0 accepted, 1 cancelled, 2 usage, 3 a required server unavailable, 130 interrupted).
// The interface is drawn on /dev/tty; stdout carries only the result.
import A11yControls
import DemoCommandLine
import Glibc

/// One line on stderr, whole (a screen reader user hears it at once).
func complain(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func finish(_ status: ExitStatus) -> Never { exit(status.rawValue) }

let commandLine: DemoCommandLine
do {
    commandLine = try DemoCommandLine.parse(Array(CommandLine.arguments.dropFirst()), environment: Environment.all)
} catch {
    complain(error.message)
    exit(error.exitCode)
}
let options = commandLine.options

// The controls to run.
var panels: [ControlPanel]
do {
    switch commandLine.invocation {
    case .help(let topic):
        print(DemoHelp.text(for: topic), terminator: "")
        finish(.accepted)
    case .version:
        print(DemoCommandLine.versionText)
        finish(.accepted)
    case .range(let range):
        panels = [try ControlPanel(slider: range.slider, label: range.label, formatter: range.formatter)]
    case .stepper(let stepper):
        panels = [try ControlPanel(stepper: stepper.stepper, formatter: stepper.formatter)]
    case .showcase:
        let range = RangeInvocation(), stepper = StepperInvocation()
        var quantity = stepper.stepper
        try quantity.configure { $0.label = "Quantity" }
        panels = [try ControlPanel(slider: range.slider, label: "Price", formatter: range.formatter),
                  try ControlPanel(stepper: quantity, formatter: stepper.formatter)]
    }
} catch {
    complain("Error: \(error)")
    finish(.usage)
}

// A key map file rebinds keys on every control.
if let path = options.keyMapPath {
    let text: String
    switch TextFile.read(path) {
    case .success(let contents): text = contents
    case .failure(let problem):
        complain("Error: '--keymap' '\(path)' \(problem)")
        finish(.usage)
    }
    do {
        for index in panels.indices { try panels[index].keyMap.apply(file: text) }
    } catch {
        complain("Error: '--keymap' '\(path)': \(error)")
        finish(.usage)
    }
}

var sessionOptions = SessionOptions()
sessionOptions.programName = DemoCommandLine.programName
sessionOptions.speech = options.speech
sessionOptions.braille = options.braille
sessionOptions.speechSettings = SpeechOutput.Settings(rate: options.speechRate, voice: options.voice, language: options.language)
sessionOptions.verbosity = options.verbosity
sessionOptions.theme = options.screenTheme
sessionOptions.preview = options.preview

let session: ControlSession
do {
    session = try ControlSession(panels: panels, options: sessionOptions)
} catch let error as DeviceUnavailable {
    complain("Error: \(error)")
    finish(.serverUnavailable)
} catch {
    complain("Error: \(error)")
    finish(.cancelled)
}

let result = session.run()
if let signal = result.signal { SignalHandling.exit(after: signal) }
switch result.outcome {
case .accepted:
    let line: DemoResult
    switch (result.panels[0].model, result.panels.count > 1 ? result.panels[1].model : nil) {
    case (.slider(let slider), .stepper(let stepper)?): line = .showcase(range: slider, stepper: stepper)
    case (.slider(let slider), _): line = .range(slider)
    case (.stepper(let stepper), _): line = .stepper(stepper)
    }
    print(ResultFormatter(json: options.json).line(for: line))
    finish(.accepted)
case .cancelled:
    finish(.cancelled)
case .interrupted:
    finish(.interrupted)
}

/// The contents of a UTF-8 text file, or nil when it cannot be read.
