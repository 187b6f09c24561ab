import A11yVocabulary
/// A failure of the speech-dispatcher client, with the server's or the library's own message.
package struct SpeechError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the client was doing when it failed.
    package enum Operation: String, Sendable, Equatable {
        /// Reading the address (`SPEECHD_ADDRESS` or an explicit one).
        case address
        /// Opening the connection (`spd_open2`).
        case connect
        /// A call after connecting, such as `say` or `setRate`.
        case command
        /// A call on a connection that was already closed.
        case closed
    }

    /// What the client was doing when it failed.
    package var operation: Operation
    /// The libspeechd function that failed, such as `spd_say`, or an empty string.
    package var function: String
    /// The message, from speech-dispatcher (or libspeechd) when it gave one.
    package var message: String

    package init(_ operation: Operation, function: String = "", message: String) {
        self.operation = operation
        self.function = function
        self.message = message
    }

    package var description: String {
        function.isEmpty ? "speech: \(message)" : "speech: \(function): \(message)"
    }
}
