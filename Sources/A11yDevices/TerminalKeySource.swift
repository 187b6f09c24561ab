import Glibc
import A11yVocabulary

/// Where keys come from: the terminal in raw mode, or standard input as bytes (scripted mode,
/// `printf '...' | a11y-demo ...`).
///
/// In scripted mode every key is one press (`holdDetection` is `.none`), a lone Escape is
/// recognised after the escape timeout or at the end of input, and the end of input is reported
/// by `read()` returning nil: the session then cancels (exit 1) unless Enter came first.
package final class KeySource {
    package enum Mode: Sendable, Equatable {
        case terminal
        case scripted
    }

    package let mode: Mode
    /// The descriptor to poll for `POLLIN`.
    package let fileDescriptor: Int32
    /// The terminal, in interactive mode.
    package let terminal: Terminal?
    private var ended = false

    /// Interactive: keys from the terminal, which the caller puts into raw mode.
    package init(terminal: Terminal) {
        self.mode = .terminal
        self.terminal = terminal
        self.fileDescriptor = terminal.fileDescriptor
    }

    /// Scripted: keys are the bytes of `fileDescriptor` (standard input by default).
    package init(scriptedInput fileDescriptor: Int32 = STDIN_FILENO) {
        self.mode = .scripted
        self.terminal = nil
        self.fileDescriptor = fileDescriptor
    }

    /// The usual choice: scripted when standard input is not a terminal, otherwise /dev/tty.
    package static func standard() throws(TerminalError) -> KeySource {
        if isatty(STDIN_FILENO) == 1 {
            return KeySource(terminal: try Terminal())
        }
        return KeySource(scriptedInput: STDIN_FILENO)
    }

    /// Reads the bytes available (call after poll() reported POLLIN; empty if none after all).
    /// nil: end of input.
    package func read() throws(TerminalError) -> [UInt8]? {
        guard !ended else { return nil }
        guard let bytes = try Terminal.read(fileDescriptor, maximumCount: 4096) else { return [] }
        if bytes.isEmpty {
            ended = true
            return nil
        }
        return bytes
    }
}
