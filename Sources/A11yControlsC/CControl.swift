// The control in the caller's own screen and loop (a11y_control_* of include/a11y_controls.h):
// an EmbeddedControl in a box the C caller holds as an opaque pointer.
import A11yControls
import A11yOptions
import CA11yControls
import Glibc

/// What the C caller's `a11y_control *` points to.
final class CControl {
    let control: EmbeddedControl
    /// Events taken from the control and not yet from this box.
    var events: [EmbeddedControl.Event] = []

    init(control: EmbeddedControl) {
        self.control = control
    }

    deinit {
        control.close()
    }

    /// Runs `body`, turning the control's refusals into the C API's codes.
    func run(_ function: String, _ body: () throws -> Void) -> Int32 {
        do {
            try body()
            return CStatus.ok
        } catch let failure as EmbeddedControl.Failure {
            let code = switch failure {
            case .notFocused: Int32(A11Y_ERROR_NOT_FOCUSED)
            case .closed: CStatus.finished
            case .unknownKeyName, .badWidth, .badPosition: CStatus.invalidArgument
            }
            return fail(code, "Error: \(function): \(failure)")
        } catch let error as DeviceUnavailable {
            return fail(CStatus.serverUnavailable, "Error: \(error)")
        } catch {
            return fail(CStatus.invalidArgument, "Error: \(function): \(error)")
        }
    }
}

/// The box behind `pointer`, or nil after recording the error.
func controlBox(_ pointer: OpaquePointer?, _ function: String) -> CControl? {
    guard let pointer else {
        fail(CStatus.nullArgument, "Error: \(function): the control must not be NULL")
        return nil
    }
    return Unmanaged<CControl>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}

@_cdecl("a11y_control_new")
public func a11y_control_new(_ arguments: UnsafePointer<UnsafePointer<CChar>?>?, _ columns: Int32) -> OpaquePointer? {
    guard let first = strings(arguments)?.first, ["range", "stepper"].contains(first) else {
        fail(CStatus.wrongControl, "Error: a11y_control_new: the arguments start with \"range\" or \"stepper\"")
        return nil
    }
    guard let (line, panels) = parseArguments(arguments) else { return nil }
    guard panels.count == 1 else {
        fail(CStatus.wrongControl, "Error: a11y_control_new: one control, a range or a stepper")
        return nil
    }
    do {
        let control = try EmbeddedControl(panel: panels[0], options: line.options.sessionOptions(programName: SessionOptions.defaultProgramName),
                                          columns: Int(columns))
        return OpaquePointer(Unmanaged.passRetained(CControl(control: control)).toOpaque())
    } catch {
        fail(CStatus.invalidArgument, "Error: a11y_control_new: \(error)")
        return nil
    }
}

@_cdecl("a11y_control_free")
public func a11y_control_free(_ pointer: OpaquePointer?) {
    guard let pointer else { return }
    Unmanaged<CControl>.fromOpaque(UnsafeRawPointer(pointer)).release()
}

@_cdecl("a11y_control_focus")
public func a11y_control_focus(_ pointer: OpaquePointer?) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_focus") else { return CStatus.nullArgument }
    return box.run("a11y_control_focus") { try box.control.focus() }
}

@_cdecl("a11y_control_blur")
public func a11y_control_blur(_ pointer: OpaquePointer?) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_blur") else { return CStatus.nullArgument }
    box.control.blur()
    return CStatus.ok
}

@_cdecl("a11y_control_is_focused")
public func a11y_control_is_focused(_ pointer: OpaquePointer?) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_is_focused") else { return CStatus.nullArgument }
    return box.control.isFocused ? 1 : 0
}

@_cdecl("a11y_control_key")
public func a11y_control_key(_ pointer: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_key") else { return CStatus.nullArgument }
    guard let name else { return fail(CStatus.nullArgument, "Error: a11y_control_key: the name must not be NULL") }
    guard let text = String(validatingCString: name) else { return fail(CStatus.invalidArgument, "Error: a11y_control_key: the name is not UTF-8 text") }
    return box.run("a11y_control_key") { try box.control.sendKey(named: text) }
}

@_cdecl("a11y_control_feed_bytes")
public func a11y_control_feed_bytes(_ pointer: OpaquePointer?, _ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_feed_bytes") else { return CStatus.nullArgument }
    guard length >= 0, length <= 1 << 20 else { return fail(CStatus.invalidArgument, "Error: a11y_control_feed_bytes: length must be at most 1 MiB") }
    if length == 0 { return box.run("a11y_control_feed_bytes") { try box.control.sendBytes([]) } }
    guard let bytes else { return fail(CStatus.nullArgument, "Error: a11y_control_feed_bytes: bytes must not be NULL when length is not 0") }
    let given = Array(UnsafeBufferPointer(start: bytes, count: length))
    return box.run("a11y_control_feed_bytes") { try box.control.sendBytes(given) }
}

@_cdecl("a11y_control_mouse")
public func a11y_control_mouse(_ pointer: OpaquePointer?, _ button: UnsafePointer<CChar>?, _ kind: UnsafePointer<CChar>?,
                               _ column: Int32, _ row: Int32) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_mouse") else { return CStatus.nullArgument }
    guard let button, let kind else { return fail(CStatus.nullArgument, "Error: a11y_control_mouse: button and kind must not be NULL") }
    let buttons: [String: PointerEvent.Button] = ["left": .left, "middle": .middle, "right": .right, "wheelup": .wheelUp, "wheeldown": .wheelDown]
    let kinds: [String: PointerEvent.Kind] = ["press": .press, "drag": .drag, "release": .release]
    guard let name = String(validatingCString: button), let pressed = buttons[name] else {
        return fail(CStatus.invalidArgument, "Error: a11y_control_mouse: the button is \"left\", \"middle\", \"right\", \"wheelup\" or \"wheeldown\"")
    }
    guard let what = String(validatingCString: kind), let happened = kinds[what] else {
        return fail(CStatus.invalidArgument, "Error: a11y_control_mouse: the kind is \"press\", \"drag\" or \"release\"")
    }
    return box.run("a11y_control_mouse") { try box.control.sendPointer(pressed, happened, column: Int(column), row: Int(row)) }
}

@_cdecl("a11y_control_fd")
public func a11y_control_fd(_ pointer: OpaquePointer?) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_fd") else { return CStatus.nullArgument }
    return box.control.descriptor
}

@_cdecl("a11y_control_timeout_ms")
public func a11y_control_timeout_ms(_ pointer: OpaquePointer?) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_timeout_ms") else { return CStatus.nullArgument }
    return box.control.timeoutMilliseconds
}

@_cdecl("a11y_control_handle_ready")
public func a11y_control_handle_ready(_ pointer: OpaquePointer?) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_handle_ready") else { return CStatus.nullArgument }
    box.control.handleReady()
    return CStatus.ok
}

@_cdecl("a11y_control_resize")
public func a11y_control_resize(_ pointer: OpaquePointer?, _ columns: Int32) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_resize") else { return CStatus.nullArgument }
    return box.run("a11y_control_resize") { try box.control.resize(columns: Int(columns)) }
}

@_cdecl("a11y_control_lines")
public func a11y_control_lines(_ pointer: OpaquePointer?, _ styled: Int32) -> UnsafeMutablePointer<CChar>? {
    guard let box = controlBox(pointer, "a11y_control_lines") else { return nil }
    let lines = styled != 0 ? box.control.styledLines : box.control.lines
    return cString(lines.map { $0 + "\n" }.joined())
}

@_cdecl("a11y_control_cursor")
public func a11y_control_cursor(_ pointer: OpaquePointer?, _ row: UnsafeMutablePointer<Int32>?, _ column: UnsafeMutablePointer<Int32>?) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_cursor") else { return CStatus.nullArgument }
    guard let row, let column else { return fail(CStatus.nullArgument, "Error: a11y_control_cursor: row and column must not be NULL") }
    let cursor = box.control.cursor
    row.pointee = Int32(cursor.row)
    column.pointee = Int32(cursor.column)
    return CStatus.ok
}

/// Writes at most `capacity` of `all` to `values`; how many there are, or an error.
func write(_ all: [Double], to values: UnsafeMutablePointer<Double>?, capacity: Int32, _ function: String) -> Int32 {
    guard capacity >= 0 else { return fail(CStatus.invalidArgument, "Error: \(function): capacity must not be negative") }
    if capacity > 0, !all.isEmpty {
        guard let values else { return fail(CStatus.nullArgument, "Error: \(function): values must not be NULL when capacity > 0") }
        for (index, value) in all.prefix(Int(capacity)).enumerated() { values[index] = value }
    }
    return Int32(all.count)
}

@_cdecl("a11y_control_values")
public func a11y_control_values(_ pointer: OpaquePointer?, _ values: UnsafeMutablePointer<Double>?, _ capacity: Int32) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_values") else { return CStatus.nullArgument }
    return write(box.control.values, to: values, capacity: capacity, "a11y_control_values")
}

@_cdecl("a11y_control_next_event")
public func a11y_control_next_event(_ pointer: OpaquePointer?, _ values: UnsafeMutablePointer<Double>?, _ capacity: Int32) -> Int32 {
    guard let box = controlBox(pointer, "a11y_control_next_event") else { return CStatus.nullArgument }
    guard capacity >= 0 else { return fail(CStatus.invalidArgument, "Error: a11y_control_next_event: capacity must not be negative") }
    box.events += box.control.takeEvents()
    guard !box.events.isEmpty else { return Int32(A11Y_EVENT_NONE) }
    let event = box.events.removeFirst()
    let (kind, given): (Int32, [Double]) = switch event {
    case .valueChanged(let now): (Int32(A11Y_EVENT_CHANGED), now)
    case .accepted(let now): (Int32(A11Y_EVENT_ACCEPTED), now)
    case .cancelled: (Int32(A11Y_EVENT_CANCELLED), [])
    }
    let written = write(given, to: values, capacity: capacity, "a11y_control_next_event")
    return written < 0 ? written : kind
}
