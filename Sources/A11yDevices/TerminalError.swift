import Glibc
import A11yVocabulary

/// A failed terminal system call: which call, and the errno it set.
package struct TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The C function that failed, such as `open("/dev/tty")` or `tcsetattr`.
    package var call: String
    /// The errno value.
    package var code: Int32

    package init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    package var description: String {
        "\(call): \(String(cString: strerror(code)))"
    }
}

/// Runs a system call, retrying after EINTR; throws TerminalError on -1.
@discardableResult
func retryingOnInterrupt(_ name: @autoclosure () -> String, _ body: () -> Int32) throws(TerminalError) -> Int32 {
    while true {
        let result = body()
        if result != -1 { return result }
        if errno == EINTR { continue }
        throw TerminalError(name())
    }
}
