import Testing
@testable import A11yControls
@testable import A11yOptions

/// dialog compatibility: `--rangebox TEXT HEIGHT WIDTH MIN MAX DEFAULT` and its options.
@Suite struct DialogCommandLineTests {
    func rangebox(_ arguments: [String], environment: [String: String] = [:]) throws -> (RangeboxInvocation, CommonOptions) {
        let line = try ParsedCommandLine.parse(arguments, environment: environment, loadPlugin: fakePluginLoader)
        guard case .rangebox(let box) = line.invocation else { throw CLIError.unexpectedArgument("not a rangebox") }
        return (box, line.options)
    }

    @Test func aRangeboxIsAOneHandleSliderInWholeSteps() throws {
        let (box, options) = try rangebox(["--speech", "off", "--title", "Volume", "--rangebox", "Pick\\na level", "10", "40", "0", "20", "5"])
        #expect(box.range.slider.configuration.disableRange)
        #expect(box.range.slider.selectedMaximum == 5 && box.range.configuration.minValue == 0 && box.range.configuration.maxValue == 20)
        #expect(box.range.label == "Volume: Pick a level")
        #expect(box.output == .standardError && (box.okStatus, box.cancelStatus, box.escapeStatus) == (0, 1, 255))
        #expect(options.speech == .off)
    }

    @Test func outputsAndStatuses() throws {
        #expect(try rangebox(["--stdout", "--rangebox", "t", "0", "0", "1", "9", "3"]).0.output == .standardOutput)
        #expect(try rangebox(["--output-fd", "3", "--rangebox", "t", "0", "0", "1", "9", "3"]).0.output == .fileDescriptor(3))
        let box = try rangebox(["--rangebox", "t", "0", "0", "1", "9", "3"], environment: ["DIALOG_OK": "10", "DIALOG_CANCEL": "11", "DIALOG_ESC": "12"]).0
        #expect((box.okStatus, box.cancelStatus, box.escapeStatus) == (10, 11, 12))
    }

    @Test(arguments: [
        (["--rangebox", "t", "1", "2", "3"], "Error: Missing value for '--rangebox <text> <height> <width> <min> <max> <default>'"),
        (["--rangebox", "t", "1", "2", "x", "9", "3"], "Error: The value 'x' is invalid for '--rangebox <text> <height> <width> <min> <max> <default>': not a number"),
        (["--rangebox", "t", "1", "2", "9", "1", "3"], "Error: Invalid '--rangebox': MIN 9 must be less than MAX 1"),
        (["--rangebox", "t", "1", "2", "1", "9", "30"], "Error: Invalid '--rangebox': DEFAULT 30 is outside MIN 1 to MAX 9"),
        (["--rangebox", "t", "1", "2", "1", "9", "3", "extra"], "Error: Unexpected argument 'extra'"),
        (["range", "--rangebox", "t", "1", "2", "1", "9", "3"], "Error: '--rangebox' cannot be used with 'range'"),
        (["--stdout", "--output-fd", "3", "--rangebox", "t", "1", "2", "1", "9", "3"], "Error: '--stdout' cannot be used with '--output-fd'"),
        (["--title", "--rangebox", "t", "1", "2", "1", "9", "3"], "Error: Missing value for '--title <title>'"),
    ])
    func badRangeboxes(arguments: [String], message: String) {
        #expect(errorLine(arguments) == message)
    }

    @Test func badDialogStatusVariables() {
        #expect(errorLine(["--rangebox", "t", "1", "2", "1", "9", "3"], environment: ["DIALOG_ESC": "300"])
            == "Error: The value '300' is invalid for 'DIALOG_ESC': must be a whole number from 0 to 255")
    }

    @Test func timeoutAndPrintPartialParse() throws {
        let line = try ParsedCommandLine.parse(["stepper", "--timeout", "1.5", "--print-partial"], environment: [:], loadPlugin: fakePluginLoader)
        #expect(line.options.timeout == .milliseconds(1500) && line.options.printPartial)
        #expect(line.options.sessionOptions().timeout == .milliseconds(1500))
        #expect(errorLine(["--timeout", "0"]) == "Error: The value '0' is invalid for '--timeout <seconds>': must be greater than 0")
        #expect(errorLine(["--timeout", "nan"]) == "Error: The value 'nan' is invalid for '--timeout <seconds>': not a finite number")
        #expect(errorLine(["--timeout", "-2"]) == "Error: The value '-2' is invalid for '--timeout <seconds>': must be greater than 0")
        #expect(errorLine(["--timeout", "1e9"]) == "Error: The value '1e9' is invalid for '--timeout <seconds>': must be at most 86400")
    }
}
