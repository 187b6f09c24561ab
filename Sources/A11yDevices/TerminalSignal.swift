import Glibc

/// A signal the event loop must act on, delivered through `SignalHandling.fileDescriptor`.
package enum TerminalSignal: Sendable, Equatable {
    /// SIGINT (Ctrl-C): finish as interrupted, exit status 130.
    case interrupt
    /// SIGTERM.
    case terminate
    /// SIGHUP: the terminal went away.
    case hangup
    /// SIGQUIT (Ctrl-\).
    case quit
    /// SIGWINCH: the window size changed; query `Terminal.size()` and redraw.
    case resized
    /// SIGCONT after a suspension (Ctrl-Z): raw mode is already back on; redraw everything.
    case resumed

    /// The signal number. The corresponding C constants are `SIGINT`, `SIGTERM`, ...
    package var signalNumber: Int32 {
        switch self {
        case .interrupt: return SIGINT
        case .terminate: return SIGTERM
        case .hangup: return SIGHUP
        case .quit: return SIGQUIT
        case .resized: return SIGWINCH
        case .resumed: return SIGCONT
        }
    }

    /// Whether the program must end.
    package var endsProgram: Bool {
        switch self {
        case .interrupt, .terminate, .hangup, .quit: return true
        case .resized, .resumed: return false
        }
    }

    /// The exit status a shell reports for it: 128 + the signal number (130 for SIGINT).
    package var exitCode: Int32 { 128 + signalNumber }

    init?(signalNumber: Int32) {
        switch signalNumber {
        case SIGINT: self = .interrupt
        case SIGTERM: self = .terminate
        case SIGHUP: self = .hangup
        case SIGQUIT: self = .quit
        case SIGWINCH: self = .resized
        case SIGCONT: self = .resumed
        default: return nil
        }
    }
}
