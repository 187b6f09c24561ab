import Glibc
import A11yVocabulary

/// Restores the terminal on every exit path, and turns signals into bytes on a pipe that the
/// event loop polls along with the keyboard (the self-pipe trick).
///
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT: written to the pipe; the loop shuts down in order
///   (releasing the braille display) and calls `exit(after:)`. If the same kind of signal
///   arrives again before the loop read the first (a hung loop), the handler restores the
///   terminal itself and dies of the signal.
/// - SIGTSTP (Ctrl-Z): restores the terminal, then stops; SIGCONT re-enters raw mode (and the
///   kitty keyboard mode) and tells the loop to redraw (`.resumed`).
/// - SIGWINCH: `.resized` on the pipe.
/// - SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP (crashes that can be caught, including
///   Swift's runtime traps): restore the terminal, end the braille connections
///   (`BrailleCrashRelease`), then hand the signal to whoever handled it before (the Swift
///   backtracer, or the default action).
/// - Normal `exit()`: an `atexit` handler restores the terminal.
///
/// Everything a handler does is async-signal-safe: `tcsetattr`, `write`, `shutdown`, `sigaction`,
/// `raise`.
/// The signals are process-directed, so any thread that does not block them runs the handler
/// (the main thread of an executable does not block them).
package enum SignalHandling {
    /// Installs the handlers (once), unblocks their signals in the calling thread, and returns
    /// the read end of the signal pipe.
    @discardableResult
    package static func install() throws(TerminalError) -> Int32 {
        let state = EmergencyState.shared
        if state.pointee.installed { return state.pointee.pipeRead }
        guard let ends = Pipe.make() else { throw TerminalError("pipe2") }
        state.pointee.pipeRead = ends.read
        state.pointee.pipeWrite = ends.write
        BrailleCrashRelease.prepare()
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGCONT, SIGTSTP] {
            try setHandler(signal, previous: nil)
        }
        for signal in crashSignals {
            var old = sigaction()
            try setHandler(signal, previous: &old)
            state.pointee.previousCrashActions[Int(signal)] = old
        }
        state.pointee.installed = true
        atexit { EmergencyState.restoreTerminal() }
        // A blocked signal mask is inherited through exec (a launcher, a test runner): unblock
        // what is handled here, in the calling thread (the event loop's).
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGCONT, SIGTSTP] + crashSignals {
            sigaddset(&handled, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        return ends.read
    }

    /// The read end of the signal pipe, to poll for `POLLIN` (-1 before `install()`).
    package static var fileDescriptor: Int32 { EmergencyState.shared.pointee.pipeRead }

    /// Reads the signals that arrived since the last call (never blocks).
    package static func drain() -> [TerminalSignal] {
        let state = EmergencyState.shared
        guard state.pointee.installed else { return [] }
        var result: [TerminalSignal] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(state.pointee.pipeRead, $0.baseAddress, $0.count) }
            if n > 0 {
                for byte in buffer[0..<n] {
                    if let signal = TerminalSignal(signalNumber: Int32(byte)) { result.append(signal) }
                }
                continue
            }
            if n == -1 && errno == EINTR { continue }
            break
        }
        for signal in result where signal.endsProgram { state.pointee.pendingTermination[Int(signal.signalNumber)] = false }
        return result
    }

    /// Ends the program as `signal` would: restores the terminal, then dies of the signal with
    /// its default action, so that the shell sees the right status (130 for SIGINT); if the
    /// signal is ignored, exits with 128 + its number.
    package static func exit(after signal: TerminalSignal) -> Never {
        EmergencyState.restoreTerminal()
        Glibc.signal(signal.signalNumber, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal.signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal.signalNumber)
        Glibc.exit(signal.exitCode)
    }

    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    private static func setHandler(_ signal: Int32, previous: UnsafeMutablePointer<sigaction>?) throws(TerminalError) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = signalHandler
        sigemptyset(&action.sa_mask)
        // SA_RESTART keeps blocking reads going; poll() still returns EINTR, which the loop retries.
        action.sa_flags = SA_RESTART
        try retryingOnInterrupt("sigaction(\(signal))") { sigaction(signal, &action, previous) }
    }
}

/// State the signal handlers read: fixed storage, allocated once, no Swift runtime calls.
struct EmergencyState {
    var installed = false
    var pipeRead: Int32 = -1
    var pipeWrite: Int32 = -1
    /// Whether a terminal is in raw mode and must be restored.
    var active = false
    var fd: Int32 = -1
    var saved = termios()
    var raw = termios()
    /// Bytes to write when restoring (kitty keyboard pop, show cursor) and when re-entering.
    var restoreBytes: UnsafeMutablePointer<UInt8>
    var restoreCount = 0
    var enterBytes: UnsafeMutablePointer<UInt8>
    var enterCount = 0
    /// Per signal number: a termination signal was written to the pipe and not read yet.
    var pendingTermination: UnsafeMutablePointer<Bool>
    var previousCrashActions: UnsafeMutablePointer<sigaction>

    static let byteCapacity = 128

    nonisolated(unsafe) static let shared: UnsafeMutablePointer<EmergencyState> = {
        let p = UnsafeMutablePointer<EmergencyState>.allocate(capacity: 1)
        let pending = UnsafeMutablePointer<Bool>.allocate(capacity: 65)
        pending.initialize(repeating: false, count: 65)
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        actions.initialize(repeating: sigaction(), count: 65)
        let restore = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCapacity)
        restore.initialize(repeating: 0, count: byteCapacity)
        let enter = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCapacity)
        enter.initialize(repeating: 0, count: byteCapacity)
        p.initialize(to: EmergencyState(restoreBytes: restore, enterBytes: enter,
                                        pendingTermination: pending, previousCrashActions: actions))
        return p
    }()

    /// Records what to restore (called by Terminal when it enters raw mode).
    static func arm(fd: Int32, saved: termios, raw: termios, restore: [UInt8], enter: [UInt8]) {
        let s = shared
        s.pointee.active = false
        s.pointee.fd = fd
        s.pointee.saved = saved
        s.pointee.raw = raw
        let r = restore.prefix(byteCapacity)
        for (i, b) in r.enumerated() { s.pointee.restoreBytes[i] = b }
        s.pointee.restoreCount = r.count
        let e = enter.prefix(byteCapacity)
        for (i, b) in e.enumerated() { s.pointee.enterBytes[i] = b }
        s.pointee.enterCount = e.count
        s.pointee.active = true
    }

    /// Forgets the terminal (called by Terminal after an orderly restore).
    static func disarm() {
        shared.pointee.active = false
    }

    /// Async-signal-safe: writes the restore bytes and puts the saved settings back.
    static func restoreTerminal() {
        let s = shared
        guard s.pointee.active else { return }
        s.pointee.active = false
        writeAll(s.pointee.fd, s.pointee.restoreBytes, s.pointee.restoreCount)
        _ = tcsetattr(s.pointee.fd, TCSADRAIN, &s.pointee.saved)
    }

    /// Async-signal-safe: raw mode again after SIGCONT.
    static func reenterRawMode() {
        let s = shared
        guard s.pointee.fd >= 0, s.pointee.suspended else { return }
        s.pointee.suspended = false
        _ = tcsetattr(s.pointee.fd, TCSADRAIN, &s.pointee.raw)
        writeAll(s.pointee.fd, s.pointee.enterBytes, s.pointee.enterCount)
        s.pointee.active = true
    }

    /// Set while stopped by SIGTSTP, so SIGCONT knows to re-enter raw mode.
    var suspended = false

    static func writeAll(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
        var done = 0
        while done < count {
            let n = Glibc.write(fd, bytes + done, count - done)
            if n > 0 { done += n } else if n == -1 && errno == EINTR { continue } else { return }
        }
    }

    static func notify(_ signal: Int32) {
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = Glibc.write(shared.pointee.pipeWrite, &byte, 1)
    }
}

/// The one handler for every signal (a C function pointer: it captures nothing).
private let signalHandler: @convention(c) (Int32) -> Void = { signal in
    let savedErrno = errno
    defer { errno = savedErrno }
    let s = EmergencyState.shared
    switch signal {
    case SIGWINCH:
        EmergencyState.notify(signal)
    case SIGCONT:
        EmergencyState.reenterRawMode()
        EmergencyState.notify(signal)
    case SIGTSTP:
        // Restore, stop with the default action, and come back here when continued.
        let wasActive = s.pointee.active
        EmergencyState.restoreTerminal()
        if wasActive { s.pointee.suspended = true }
        var dfl = sigaction()
        dfl.__sigaction_handler.sa_handler = SIG_DFL
        var previous = sigaction()
        sigaction(SIGTSTP, &dfl, &previous)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(SIGTSTP)
        // Continued: SIGCONT's handler has re-entered raw mode. If the stop was discarded (an
        // orphaned process group cannot be stopped by SIGTSTP), re-enter raw mode here.
        pthread_sigmask(SIG_BLOCK, &set, nil)
        sigaction(SIGTSTP, &previous, nil)
        EmergencyState.reenterRawMode()
    case SIGINT, SIGTERM, SIGHUP, SIGQUIT:
        if s.pointee.pendingTermination[Int(signal)] {
            // The loop did not react to the first one: restore and die now.
            EmergencyState.restoreTerminal()
            BrailleCrashRelease.shutDownAll()
            var dfl = sigaction()
            dfl.__sigaction_handler.sa_handler = SIG_DFL
            sigaction(signal, &dfl, nil)
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, signal)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            raise(signal)
            _exit(128 + signal)
        }
        s.pointee.pendingTermination[Int(signal)] = true
        EmergencyState.notify(signal)
    default:
        // A crash: restore, give the braille display back, then let the previous handler (Swift's
        // backtracer or the default) act.
        EmergencyState.restoreTerminal()
        BrailleCrashRelease.shutDownAll()
        sigaction(signal, &s.pointee.previousCrashActions[Int(signal)], nil)
        if signal == SIGABRT || signal == SIGTRAP {
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, signal)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            raise(signal)
        }
        // SIGSEGV, SIGBUS, SIGILL, SIGFPE: returning re-executes the faulting instruction.
    }
}
