import Glibc
import A11yVocabulary

/// The size of the terminal window, in character cells.
package struct TerminalSize: Sendable, Equatable {
    package var columns: Int
    package var rows: Int
    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// The controlling terminal, opened on /dev/tty so that stdin and stdout stay free for scripts.
///
/// `enterRawMode()` saves the settings and switches to raw input (see `TerminalModes.raw`);
/// `restore()` puts back exactly what was saved, pops the kitty keyboard mode and shows the
/// cursor. The same restore runs from signal handlers, `atexit` and `deinit`, whatever ends the
/// program (see `SignalHandling`). Used from one thread (the event loop).
package final class Terminal {
    /// The file descriptor to poll for input and write output to.
    package let fileDescriptor: Int32
    private let ownsDescriptor: Bool
    private var saved: termios?
    package private(set) var isRaw = false
    /// Whether the kitty keyboard protocol was enabled by `enableKittyKeyboard()`.
    package private(set) var kittyKeyboardEnabled = false
    /// Whether `enableMouseReporting()` turned mouse reports on.
    package private(set) var mouseReportingEnabled = false
    /// Whether `setCursorVisible(false)` hid the cursor.
    package private(set) var cursorHidden = false

    /// The kitty keyboard flags this control asks for: 1 (disambiguate escape codes) + 2 (report
    /// event types: repeat and release).
    package static let kittyKeyboardFlags = 3

    /// Opens the controlling terminal (`O_RDWR | O_CLOEXEC | O_NOCTTY`).
    package convenience init(path: String = "/dev/tty") throws(TerminalError) {
        let fd = try retryingOnInterrupt("open(\"\(path)\")") { open(path, O_RDWR | O_CLOEXEC | O_NOCTTY) }
        guard isatty(fd) == 1 else {
            let error = TerminalError("isatty(\"\(path)\")")
            close(fd)
            throw error
        }
        self.init(fileDescriptor: fd, ownsDescriptor: true)
    }

    /// Uses an already open terminal descriptor (a pty in tests). It is not closed.
    package init(fileDescriptor: Int32, ownsDescriptor: Bool = false) {
        self.fileDescriptor = fileDescriptor
        self.ownsDescriptor = ownsDescriptor
    }

    deinit {
        try? restore()
        if ownsDescriptor { close(fileDescriptor) }
    }

    /// Saves the settings and enters raw mode. Calling it again while raw does nothing.
    package func enterRawMode() throws(TerminalError) {
        guard !isRaw else { return }
        var current = termios()
        try retryingOnInterrupt("tcgetattr") { tcgetattr(fileDescriptor, &current) }
        saved = current
        var raw = TerminalModes.raw(from: current)
        EmergencyState.arm(fd: fileDescriptor, saved: current, raw: raw, restore: restoreBytes, enter: enterBytes)
        do {
            try retryingOnInterrupt("tcsetattr") { tcsetattr(fileDescriptor, TCSADRAIN, &raw) }
        } catch {
            EmergencyState.disarm()
            throw error
        }
        isRaw = true
    }

    /// Puts back the saved settings exactly, after popping the kitty keyboard mode and showing
    /// the cursor. Safe to call more than once.
    package func restore() throws(TerminalError) {
        guard isRaw, var saved else { return }
        EmergencyState.disarm()
        let bytes = restoreBytes
        kittyKeyboardEnabled = false
        mouseReportingEnabled = false
        cursorHidden = false
        isRaw = false
        if !bytes.isEmpty { try? write(bytes) }
        try retryingOnInterrupt("tcsetattr") { tcsetattr(fileDescriptor, TCSADRAIN, &saved) }
    }

    /// The current settings (for tests and diagnostics).
    func currentSettings() throws(TerminalError) -> termios {
        var t = termios()
        try retryingOnInterrupt("tcgetattr") { tcgetattr(fileDescriptor, &t) }
        return t
    }

    /// The settings saved by `enterRawMode()`.
    var savedSettings: termios? { saved }

    private var restoreBytes: [UInt8] {
        var bytes: [UInt8] = []
        if kittyKeyboardEnabled { bytes += Array("\u{1B}[<u".utf8) }
        if mouseReportingEnabled { bytes += Array(Self.mouseOff.utf8) }
        if cursorHidden { bytes += Array("\u{1B}[?25h".utf8) }
        return bytes
    }

    private var enterBytes: [UInt8] {
        var bytes: [UInt8] = []
        if kittyKeyboardEnabled { bytes += Array("\u{1B}[>\(Self.kittyKeyboardFlags)u".utf8) }
        if mouseReportingEnabled { bytes += Array(Self.mouseOn.utf8) }
        if cursorHidden { bytes += Array("\u{1B}[?25l".utf8) }
        return bytes
    }

    private func rearm() {
        guard isRaw, let saved else { return }
        EmergencyState.arm(fd: fileDescriptor, saved: saved, raw: TerminalModes.raw(from: saved),
                           restore: restoreBytes, enter: enterBytes)
    }

    /// The window size (TIOCGWINSZ). Query it again after `TerminalSignal.resized`.
    package func size() throws(TerminalError) -> TerminalSize {
        var ws = winsize()
        try retryingOnInterrupt("ioctl(TIOCGWINSZ)") { ioctl(fileDescriptor, UInt(TIOCGWINSZ), &ws) }
        return TerminalSize(columns: Int(ws.ws_col), rows: Int(ws.ws_row))
    }

    /// Writes all of `bytes`.
    package func write(_ bytes: [UInt8]) throws(TerminalError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(TerminalError) in try write(buffer) } }.get()
    }

    /// Writes a string as UTF-8, from the string's own storage (each redraw comes this way: no
    /// array of its bytes made and dropped).
    package func write(_ string: String) throws(TerminalError) {
        var string = string
        try string.withUTF8 { utf8 in Result { () throws(TerminalError) in try write(UnsafeRawBufferPointer(utf8)) } }.get()
    }

    private func write(_ buffer: UnsafeRawBufferPointer) throws(TerminalError) {
        var done = 0
        while done < buffer.count {
            let n = Glibc.write(fileDescriptor, buffer.baseAddress! + done, buffer.count - done)
            if n > 0 { done += n; continue }
            if n == -1 && (errno == EINTR || errno == EAGAIN) { continue }
            throw TerminalError("write")
        }
    }

    /// Reads what is available (blocks until at least one byte unless polled first). An empty
    /// result means end of file (the terminal hung up).
    package func read(maximumCount: Int = 4096) throws(TerminalError) -> [UInt8] {
        try Self.read(fileDescriptor, maximumCount: maximumCount) ?? []
    }

    /// Reads once: nil when nothing is available on a non-blocking descriptor, empty at end of file.
    static func read(_ fd: Int32, maximumCount: Int) throws(TerminalError) -> [UInt8]? {
        // Into a buffer on the stack, not cleared: a key's few bytes are copied out (a cleared
        // array on the heap, then a copy, would be on every key's way to the display).
        let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumCount) { buffer -> Result<[UInt8]?, TerminalError> in
            while true {
                let n = Glibc.read(fd, buffer.baseAddress, maximumCount)
                if n >= 0 { return .success(Array(buffer[0..<n])) }
                if errno == EINTR { continue }
                if errno == EAGAIN { return .success(nil) }
                return .failure(TerminalError("read"))
            }
        }
        return try result.get()
    }

    /// Hides or shows the cursor; a hidden cursor is shown again by `restore()`.
    package func setCursorVisible(_ visible: Bool) throws(TerminalError) {
        try write(visible ? "\u{1B}[?25h" : "\u{1B}[?25l")
        cursorHidden = !visible
        rearm()
    }

    /// Writes `request` and reads what the terminal answers until `isComplete` says the answer
    /// is whole, or `timeout` has passed (no answer). Returns every byte read, keys typed
    /// meanwhile included: the caller decodes them (`KittyKeyboardSupport` in A11yInput).
    package func query(_ request: String, timeout: Duration, isComplete: ([UInt8]) -> Bool) throws(TerminalError) -> [UInt8] {
        try write(request)
        var received: [UInt8] = []
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let left = deadline - clock.now
            guard left > .zero else { break }
            let ms = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var pfd = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, ms)
            if ready == -1 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let bytes = try read()
            if bytes.isEmpty { break }
            received += bytes
            if isComplete(received) { break }
        }
        return received
    }

    /// Pushes the kitty keyboard mode with `kittyKeyboardFlags` (`CSI > 3 u`); `restore()`
    /// pops it (`CSI < u`), also after a signal.
    package func enableKittyKeyboard() throws(TerminalError) {
        guard !kittyKeyboardEnabled else { return }
        try write("\u{1B}[>\(Self.kittyKeyboardFlags)u")
        kittyKeyboardEnabled = true
        rearm()
    }

    /// Mouse reports in the SGR encoding (1006) of presses, releases and drags (1002); the
    /// legacy encodings stay off. Shift with a button keeps the terminal's own selection.
    static let mouseOn = "\u{1B}[?1002h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l"

    /// Turns mouse reporting on; `restore()` turns it off, also after a signal or a crash.
    package func enableMouseReporting() throws(TerminalError) {
        guard !mouseReportingEnabled else { return }
        // Armed first: a signal between the write and the flag still turns it off.
        mouseReportingEnabled = true
        rearm()
        try write(Self.mouseOn)
    }
}
