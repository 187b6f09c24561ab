// The event-fed engine of include/a11y_controls.h: a ControlEngine in a box the C caller holds
// as an opaque pointer. It does no I/O; the caller feeds it and reads what to say and show.
import A11yControls
import A11yOptions
import Glibc

/// What the C caller's `a11y_engine *` points to.
final class CEngine {
    var engine: ControlEngine
    let commandLine: ParsedCommandLine
    /// Utterances not yet taken.
    var speech: [String] = []

    init(commandLine: ParsedCommandLine, panels: [ControlPanel]) {
        self.commandLine = commandLine
        var theme = commandLine.options.screenTheme
        theme.usesColor = false
        theme.usesEscapes = false
        // The track in ASCII: the pointer has something to press (the screen stays plain text).
        theme.plainTrack = true
        // The words of --language or the locale, as a11y-demo's; numbers as the language asked
        // for explicitly writes them ("1,5" with --language de), else plain ("1.5").
        let language = commandLine.options.language
        let words = MessageCatalogs.messages(asked: language)
        let locale = language.map(NumberLocale.init(named:)) ?? .posix
        engine = ControlEngine(panels: panels,
                               announcer: Announcer(verbosity: commandLine.options.verbosity, messages: words,
                                                    decimalSeparator: locale.decimalSeparator),
                               screenTheme: theme, locale: locale, holdDetection: .none)
        engine.idleTimeout = commandLine.options.timeout
        engine.setBrailleWidth(40)
        speech = engine.start().map(\.text)
    }

    /// Sends `event` at `seconds`; keeps what is said; returns the outcome code.
    func send(_ event: EngineEvent, seconds: Double) -> Int32 {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else {
            return fail(CStatus.invalidArgument, "Error: the time must be a finite number of seconds from 0 to 1e9")
        }
        guard engine.outcome == nil else { return fail(CStatus.finished, "Error: the control has already ended") }
        speech += engine.send(event, at: .milliseconds(Int64((seconds * 1000).rounded()))).utterances.map(\.text)
        return CStatus.of(engine.outcome)
    }
}

/// The box behind `pointer`, or nil after recording the error.
func box(_ pointer: OpaquePointer?, _ function: String) -> CEngine? {
    guard let pointer else {
        fail(CStatus.nullArgument, "Error: \(function): the engine must not be NULL")
        return nil
    }
    return Unmanaged<CEngine>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}

@_cdecl("a11y_engine_new")
public func a11y_engine_new(_ arguments: UnsafePointer<UnsafePointer<CChar>?>?) -> OpaquePointer? {
    guard let (line, panels) = parseArguments(arguments) else { return nil }
    if case .rangebox = line.invocation {
        fail(CStatus.wrongControl, "Error: --rangebox is a11y-demo's dialog mode, not an engine")
        return nil
    }
    return OpaquePointer(Unmanaged.passRetained(CEngine(commandLine: line, panels: panels)).toOpaque())
}

@_cdecl("a11y_engine_free")
public func a11y_engine_free(_ pointer: OpaquePointer?) {
    guard let pointer else { return }
    Unmanaged<CEngine>.fromOpaque(UnsafeRawPointer(pointer)).release()
}

@_cdecl("a11y_engine_feed_bytes")
public func a11y_engine_feed_bytes(_ pointer: OpaquePointer?, _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ seconds: Double) -> Int32 {
    guard let engine = box(pointer, "a11y_engine_feed_bytes") else { return CStatus.nullArgument }
    guard length >= 0, length <= 1 << 20 else { return fail(CStatus.invalidArgument, "Error: a11y_engine_feed_bytes: length must be at most 1 MiB") }
    if length == 0 { return engine.send(.tick, seconds: seconds) }
    guard let bytes else { return fail(CStatus.nullArgument, "Error: a11y_engine_feed_bytes: bytes must not be NULL when length is not 0") }
    return engine.send(.bytes(Array(UnsafeBufferPointer(start: bytes, count: length))), seconds: seconds)
}

@_cdecl("a11y_engine_feed_braille")
public func a11y_engine_feed_braille(_ pointer: OpaquePointer?, _ command: UnsafePointer<CChar>?, _ argument: Int32, _ seconds: Double) -> Int32 {
    guard let engine = box(pointer, "a11y_engine_feed_braille") else { return CStatus.nullArgument }
    guard let command, let name = String(validatingCString: command) else {
        return fail(CStatus.nullArgument, "Error: a11y_engine_feed_braille: the command must be a name such as \"LNUP\"")
    }
    let key: BrailleKey
    switch name {
    case "LNUP": key = .lineUp
    case "LNDN": key = .lineDown
    case "FWINLT": key = .panLeft
    case "FWINRT": key = .panRight
    case "ROUTE":
        guard (0..<1000).contains(argument) else { return fail(CStatus.invalidArgument, "Error: ROUTE takes a cell from 0 to 999") }
        key = .route(cell: Int(argument))
    default:
        guard !name.isEmpty, name.count <= 32, name.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }) else {
            return fail(CStatus.invalidArgument, "Error: '\(name.prefix(40))' is not a BRLTTY command name")
        }
        key = .command(name: name, argument: Int(argument))
    }
    return engine.send(.brailleKey(key), seconds: seconds)
}

@_cdecl("a11y_engine_tick")
public func a11y_engine_tick(_ pointer: OpaquePointer?, _ seconds: Double) -> Int32 {
    guard let engine = box(pointer, "a11y_engine_tick") else { return CStatus.nullArgument }
    return engine.send(.tick, seconds: seconds)
}

@_cdecl("a11y_engine_end_of_input")
public func a11y_engine_end_of_input(_ pointer: OpaquePointer?, _ seconds: Double) -> Int32 {
    guard let engine = box(pointer, "a11y_engine_end_of_input") else { return CStatus.nullArgument }
    return engine.send(.endOfInput, seconds: seconds)
}

@_cdecl("a11y_engine_next_deadline")
public func a11y_engine_next_deadline(_ pointer: OpaquePointer?) -> Double {
    guard let engine = box(pointer, "a11y_engine_next_deadline"), let deadline = engine.engine.nextDeadline else { return -1 }
    return Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
}

@_cdecl("a11y_engine_set_braille_width")
public func a11y_engine_set_braille_width(_ pointer: OpaquePointer?, _ cells: Int32) -> Int32 {
    guard let engine = box(pointer, "a11y_engine_set_braille_width") else { return CStatus.nullArgument }
    guard (0...1000).contains(cells) else { return fail(CStatus.invalidArgument, "Error: the braille width must be 0 to 1000 cells") }
    engine.engine.setBrailleWidth(Int(cells))
    return CStatus.ok
}

@_cdecl("a11y_engine_set_screen_origin")
public func a11y_engine_set_screen_origin(_ pointer: OpaquePointer?, _ row: Int32) -> Int32 {
    guard let engine = box(pointer, "a11y_engine_set_screen_origin") else { return CStatus.nullArgument }
    guard (1...Int32(PointerEvent.maximumCoordinate)).contains(row) else {
        return fail(CStatus.invalidArgument, "Error: a11y_engine_set_screen_origin: the row must be 1 to \(PointerEvent.maximumCoordinate)")
    }
    // Where the frame is placed says nothing and draws nothing: no time, no effects.
    _ = engine.engine.send(.screenOrigin(row: Int(row)), at: .zero)
    return CStatus.ok
}

@_cdecl("a11y_engine_take_speech")
public func a11y_engine_take_speech(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guard let engine = box(pointer, "a11y_engine_take_speech") else { return nil }
    let text = engine.speech.map { $0 + "\n" }.joined()
    engine.speech = []
    return cString(text)
}

@_cdecl("a11y_engine_braille")
public func a11y_engine_braille(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guard let engine = box(pointer, "a11y_engine_braille") else { return nil }
    return cString(engine.engine.brailleFrame?.preview ?? "")
}

@_cdecl("a11y_engine_screen")
public func a11y_engine_screen(_ pointer: OpaquePointer?, _ columns: Int32) -> UnsafeMutablePointer<CChar>? {
    guard let engine = box(pointer, "a11y_engine_screen") else { return nil }
    guard (1...1000).contains(columns) else {
        fail(CStatus.invalidArgument, "Error: a11y_engine_screen: columns must be 1 to 1000")
        return nil
    }
    // The pointer's reports are placed on the screen as last asked for.
    if Int(columns) != engine.engine.screenWidth { _ = engine.engine.send(.screenWidth(Int(columns)), at: .zero) }
    return cString(engine.engine.screenFrame(columns: Int(columns), preview: false).lines.map { $0 + "\n" }.joined())
}

@_cdecl("a11y_engine_outcome")
public func a11y_engine_outcome(_ pointer: OpaquePointer?) -> Int32 {
    guard let engine = box(pointer, "a11y_engine_outcome") else { return CStatus.nullArgument }
    return CStatus.of(engine.engine.outcome)
}

@_cdecl("a11y_engine_values")
public func a11y_engine_values(_ pointer: OpaquePointer?, _ values: UnsafeMutablePointer<Double>?, _ capacity: Int32) -> Int32 {
    guard let engine = box(pointer, "a11y_engine_values") else { return CStatus.nullArgument }
    guard capacity >= 0 else { return fail(CStatus.invalidArgument, "Error: a11y_engine_values: capacity must not be negative") }
    let all = engine.engine.panels.flatMap { panel -> [Double] in
        if case .slider(let slider) = panel.model {
            return slider.configuration.disableRange ? [slider.selectedMaximum] : [slider.selectedMinimum, slider.selectedMaximum]
        }
        return panel.values
    }
    if capacity > 0 {
        guard let values else { return fail(CStatus.nullArgument, "Error: a11y_engine_values: values must not be NULL when capacity > 0") }
        for (index, value) in all.prefix(Int(capacity)).enumerated() { values[index] = value }
    }
    return Int32(all.count)
}

@_cdecl("a11y_engine_result_line")
public func a11y_engine_result_line(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guard let engine = box(pointer, "a11y_engine_result_line") else { return nil }
    return cString(engine.commandLine.resultLine(engine.engine.panels.map(\.model)))
}
