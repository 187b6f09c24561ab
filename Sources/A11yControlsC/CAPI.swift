// The C API of include/a11y_controls.h: @_cdecl functions over the Swift library. Nothing Swift
// crosses it: options are a11y-demo's argument strings (parsed and checked by ParsedCommandLine,
// under the user's preferences), results are doubles, ints and malloc'd UTF-8 strings.
import A11yControls
import A11yOptions
import CA11yControls
import Glibc
import Synchronization

/// Outcomes and error codes: the header's own definitions.
enum CStatus {
    static let ok = Int32(A11Y_OK), accepted = Int32(A11Y_ACCEPTED), cancelled = Int32(A11Y_CANCELLED)
    static let interrupted = Int32(A11Y_INTERRUPTED), timedOut = Int32(A11Y_TIMED_OUT)
    static let nullArgument = Int32(A11Y_ERROR_NULL_ARGUMENT), invalidArgument = Int32(A11Y_ERROR_INVALID_ARGUMENT)
    static let serverUnavailable = Int32(A11Y_ERROR_SERVER_UNAVAILABLE), terminal = Int32(A11Y_ERROR_TERMINAL)
    static let finished = Int32(A11Y_ERROR_FINISHED), wrongControl = Int32(A11Y_ERROR_WRONG_CONTROL)

    static func of(_ outcome: SessionOutcome?) -> Int32 {
        switch outcome {
        case nil: return ok
        case .accepted: return accepted
        case .cancelled: return cancelled
        case .interrupted: return interrupted
        case .timedOut: return timedOut
        }
    }
}

/// The message of the last failure, kept as a C string the library owns.
let lastError = Mutex<UnsafeMutablePointer<CChar>?>(strdup(""))

/// Records `message` as the last error and returns `code`.
@discardableResult
func fail(_ code: Int32, _ message: String) -> Int32 {
    lastError.withLock { stored in
        free(stored)
        stored = strdup(message)
    }
    return code
}

/// A malloc'd copy of `text` for the caller to free with a11y_free.
func cString(_ text: String) -> UnsafeMutablePointer<CChar>? { strdup(text) }

/// The strings of a NULL-terminated array (nil array: none). Nil when one is not UTF-8.
func strings(_ array: UnsafePointer<UnsafePointer<CChar>?>?) -> [String]? {
    guard let array else { return [] }
    var result: [String] = []
    var index = 0
    while let pointer = array[index] {
        guard let text = String(validatingCString: pointer) else { return nil }
        result.append(text)
        index += 1
        if index > 10_000 { return nil }
    }
    return result
}

/// Parses a11y-demo arguments under the user's preferences; nil after recording the error.
func parseArguments(_ array: UnsafePointer<UnsafePointer<CChar>?>?) -> (ParsedCommandLine, [ControlPanel])? {
    guard let arguments = strings(array) else {
        fail(CStatus.invalidArgument, "Error: an argument is not UTF-8 text")
        return nil
    }
    let environment = Environment.all
    let preferences = Result { () throws(CLIError) in try Preferences.load(environment: environment) }
    do {
        let line = try ParsedCommandLine.parse(arguments, environment: environment, preferences: preferences)
        guard let panels = try line.panels() else {
            fail(CStatus.invalidArgument, "Error: help, version and --diagnose are not controls")
            return nil
        }
        return (line, panels)
    } catch let error as CLIError {
        fail(CStatus.invalidArgument, error.message)
    } catch {
        fail(CStatus.invalidArgument, "\(error)")
    }
    return nil
}

@_cdecl("a11y_last_error")
public func a11y_last_error() -> UnsafePointer<CChar> {
    lastError.withLock { UnsafePointer($0!) }
}

/// The version as a C string the library owns (allocated once, never written or freed).
nonisolated(unsafe) let versionString: UnsafeMutablePointer<CChar> = strdup(ParsedCommandLine.version)!

@_cdecl("a11y_version")
public func a11y_version() -> UnsafePointer<CChar> { UnsafePointer(versionString) }

@_cdecl("a11y_free")
public func a11y_free(_ string: UnsafeMutablePointer<CChar>?) { free(string) }

@_cdecl("a11y_preferences_check")
public func a11y_preferences_check() -> Int32 {
    do {
        _ = try Preferences.load(environment: Environment.all)
        return CStatus.ok
    } catch {
        return fail(CStatus.invalidArgument, error.message)
    }
}

/// Runs `subcommand` with `options` modally; the panel as it ended, and the status.
func runModally(_ subcommand: String, _ options: UnsafePointer<UnsafePointer<CChar>?>?) -> (Int32, ControlPanel?) {
    guard let given = strings(options) else { return (fail(CStatus.invalidArgument, "Error: an option is not UTF-8 text"), nil) }
    if let word = given.first(where: { ["range", "stepper", "help", "--rangebox"].contains($0) }) {
        return (fail(CStatus.invalidArgument, "Error: Unexpected argument '\(word)'"), nil)
    }
    let environment = Environment.all
    let preferences = Result { () throws(CLIError) in try Preferences.load(environment: environment) }
    let line: ParsedCommandLine
    let panels: [ControlPanel]
    do {
        line = try ParsedCommandLine.parse([subcommand] + given, environment: environment, preferences: preferences)
        guard let made = try line.panels() else { return (fail(CStatus.invalidArgument, "Error: help, version and --diagnose are not controls"), nil) }
        panels = made
    } catch let error as CLIError {
        return (fail(CStatus.invalidArgument, error.message), nil)
    } catch {
        return (fail(CStatus.invalidArgument, "\(error)"), nil)
    }
    let session: ControlSession
    do {
        session = try ControlSession(panels: panels, options: line.options.sessionOptions(programName: SessionOptions.defaultProgramName))
    } catch let error as DeviceUnavailable {
        return (fail(CStatus.serverUnavailable, "Error: \(error)"), nil)
    } catch {
        return (fail(CStatus.terminal, "Error: \(error)"), nil)
    }
    let result = session.run()
    if let signal = result.signal { SignalHandling.exit(after: signal) }
    return (CStatus.of(result.outcome), result.panels[0])
}

@_cdecl("a11y_range_run")
public func a11y_range_run(_ options: UnsafePointer<UnsafePointer<CChar>?>?, _ lower: UnsafeMutablePointer<Double>?,
                           _ upper: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let lower, let upper else { return fail(CStatus.nullArgument, "Error: a11y_range_run: lower and upper must not be NULL") }
    let (status, panel) = runModally("range", options)
    if status == CStatus.accepted, case .slider(let slider)? = panel?.model {
        lower.pointee = slider.configuration.disableRange ? slider.selectedMaximum : slider.selectedMinimum
        upper.pointee = slider.selectedMaximum
    }
    return status
}

@_cdecl("a11y_stepper_run")
public func a11y_stepper_run(_ options: UnsafePointer<UnsafePointer<CChar>?>?, _ value: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let value else { return fail(CStatus.nullArgument, "Error: a11y_stepper_run: value must not be NULL") }
    let (status, panel) = runModally("stepper", options)
    if status == CStatus.accepted, case .stepper(let stepper)? = panel?.model { value.pointee = stepper.value }
    return status
}
