@testable import A11yControls
@testable import A11yDevices
@testable import A11yFormatting
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
@testable import A11yOptions

/// A plugin loader without dlopen: "/ok/one-digit.so" loads a decimal formatter with one fraction
/// digit; any other path is missing.
func fakePluginLoader(_ path: String) throws -> any ValueFormatter {
    if path == "/ok/one-digit.so" { return DecimalFormatter(fractionDigits: 1) }
    throw FormatterPluginError(path: path, reason: .missing)
}

/// Parses with the fake plugin loader and an empty environment unless given.
func parseCLI(_ arguments: [String], environment: [String: String] = [:]) -> Result<ParsedCommandLine, CLIError> {
    ParsedCommandLine.parseResult(arguments, environment: environment, loadPlugin: fakePluginLoader)
}

/// The error line, or nil when the arguments parse.
func errorLine(_ arguments: [String], environment: [String: String] = [:]) -> String? {
    if case .failure(let error) = parseCLI(arguments, environment: environment) { return error.message }
    return nil
}

/// The range invocation, or nil.
func parsedRange(_ arguments: [String]) -> RangeInvocation? {
    if case .success(let line) = parseCLI(arguments), case .range(let range) = line.invocation { return range }
    return nil
}

/// The stepper invocation, or nil.
func parsedStepper(_ arguments: [String]) -> StepperInvocation? {
    if case .success(let line) = parseCLI(arguments), case .stepper(let stepper) = line.invocation { return stepper }
    return nil
}

/// The common options, or nil.
func parsedOptions(_ arguments: [String], environment: [String: String] = [:]) -> CommonOptions? {
    if case .success(let line) = parseCLI(arguments, environment: environment) { return line.options }
    return nil
}
