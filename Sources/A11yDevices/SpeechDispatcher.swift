import CSpeech
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yVocabulary

/// A connection to a speech-dispatcher server (libspeechd), that never blocks its caller.
///
/// Connecting is synchronous (bounded by `connectTimeout`). With `calls: .ownThread` (the
/// default) every call after it is queued on the client's own thread (a `ThreadQueue`), because
/// libspeechd can block (for example while a slow module speaks); calls run in order, a failure
/// in a queued call goes to `errorHandler`, and `flush()` waits until every queued call has run.
/// With `calls: .callersThread` each call runs at once on the caller's thread, which must be
/// one where it may block and must not call from two threads at once: a session's speech queue
/// is such a thread, and the utterance then reaches libspeechd in one hop.
///
/// The server is never started on demand: the connection is opened with autospawn off, so a
/// missing server is an error, not a hidden system speech-dispatcher.
///
/// libspeechd holds the whole SSIP conversation: every command goes out and every answer comes
/// in through its documented calls (`spd_send_data`, `spd_execute_command`, the `spd_set_*`
/// calls), never through this type's own reads or writes on its socket. libspeechd reads
/// answers its own way (0.11 byte by byte, 0.12 up to 64 KB ahead into its own buffer), so a
/// byte read beside it would be a byte taken from it. The socket is used for two things only:
/// the session polls it for the server hanging up (POLLRDHUP, POLLHUP; never reading), and it
/// carries the one socket option set here, a send and receive timeout, so that a frozen server
/// cannot hold the thread that makes the calls forever (see `init`).
///
/// ```swift
/// let speech = try SpeechDispatcher()          // SPEECHD_ADDRESS, or libspeechd's default
/// speech.say("Lower value 10", priority: .text)
/// speech.close()
/// ```
package final class SpeechDispatcher: @unchecked Sendable {
    // @unchecked Sendable: `connection` is set once in init (before any queued work exists) and
    // afterwards read and written only on `queue`'s thread (or, with `.callersThread`, by the one
    // thread the caller calls from); libspeechd is called only from there (or from deinit, when
    // no queued work can remain since each work item retains self).
    private var connection: UnsafeMutablePointer<SPDConnection>?
    /// The priority this connection's messages have now (SSIP `SET SELF PRIORITY` lasts for the
    /// connection); nil until one is set. Touched only where `connection` is.
    private var priority: SpeechPriority?
    /// Where calls run: the client's own thread, or nil for the caller's.
    private let queue: ThreadQueue?
    private let errorHandler: (@Sendable (SpeechError) -> Void)?

    /// The address connected to; nil when libspeechd chose its default (no SPEECHD_ADDRESS).
    package let address: SpeechAddress?

    /// The connection's socket (libspeechd's, set for every open connection), only to watch
    /// for the server going away: poll it for POLLRDHUP or POLLHUP, never read from it nor write
    /// to it (libspeechd does the whole conversation, and reads ahead into a buffer of its own).
    /// It is libspeechd's to close: when a call finds no answer, libspeechd closes it and that
    /// call fails (the error handler hears of it), after which the number means nothing.
    package let socketDescriptor: Int32

    /// Connects to speech-dispatcher.
    ///
    /// - Parameters:
    ///   - address: Where the server listens. When nil, `SPEECHD_ADDRESS` from the environment;
    ///     when that is unset too, libspeechd's default socket (nothing is ever spawned).
    ///   - clientName: The client name the server shows (SSIP `SET CLIENT_NAME`).
    ///   - connectTimeout: How long to wait for the server's answer before giving up.
    ///   - callTimeout: How long one call may wait for the server (sending, or reading its
    ///     answer) before it fails: a server that stops answering cannot hold the thread that
    ///     makes the calls forever. It is SO_SNDTIMEO and SO_RCVTIMEO on libspeechd's socket,
    ///     the one thing this type sets on it. libspeechd takes a failed read as the end of the
    ///     connection (0.11 closes its stream, 0.12 its socket; the call returns NULL or -1), so
    ///     a late answer is never taken for the next call's: the call fails, the connection is
    ///     closed, and a session connects again. A send that times out is not seen by
    ///     libspeechd, but the answer it waits for next does not come either: the same failure.
    ///   - calls: Where calls after connecting run (see the type's description).
    ///   - errorHandler: Called, on the thread that made the call, when a call fails.
    /// - Throws: `SpeechError` with libspeechd's message when the connection cannot be opened.
    package init(
        address: SpeechAddress? = nil,
        clientName: String = "a11y-controls",
        connectTimeout: Duration = .seconds(2),
        callTimeout: Duration = .seconds(3),
        calls: Calls = .ownThread,
        errorHandler: (@Sendable (SpeechError) -> Void)? = nil
    ) throws(SpeechError) {
        var resolved = address
        if resolved == nil { resolved = try SpeechAddress.fromEnvironment() }
        Self.ignoreBrokenPipes()
        let opened = try Self.open(address: resolved, clientName: clientName, timeout: connectTimeout)
        self.connection = opened
        let socket = opened.pointee.socket
        self.socketDescriptor = socket
        if socket >= 0 {
            let (seconds, attoseconds) = callTimeout.components
            var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
            _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        self.queue = calls == .ownThread ? ThreadQueue() : nil
        self.address = resolved
        self.errorHandler = errorHandler
    }

    /// Where a connection's calls run.
    package enum Calls: Sendable {
        /// Queued on the connection's own thread; every call returns at once.
        case ownThread
        /// At once, on the caller's thread (one thread at a time).
        case callersThread
    }

    deinit {
        if let connection { a11y_spd_close(connection) }
    }

    /// Connects, runs `body`, then waits for the queued calls and closes, even when `body` throws.
    package static func withConnection<Result>(
        address: SpeechAddress? = nil,
        clientName: String = "a11y-controls",
        _ body: (SpeechDispatcher) throws -> Result
    ) throws -> Result {
        let speech = try SpeechDispatcher(address: address, clientName: clientName)
        defer { speech.close() }
        return try body(speech)
    }

    // MARK: Speaking

    /// Queues `text` to be spoken with `priority`.
    ///
    /// The text goes through `OutputText.speech` first: one line, no control characters, never a
    /// lone "." (which SSIP would take as the end of the message).
    ///
    /// The conversation of libspeechd's manual ("Direct SSIP Communication in C") and of SSIP's
    /// SPEAK, one answer at a time: `SET SELF PRIORITY` only when the connection's priority
    /// changes (every key's words have priority text), then `SPEAK`, whose answer (230) says the
    /// server now takes text, then the text and the end of the message (CR LF . CR LF), whose
    /// answer (225) says it is queued. `spd_say` does the same with a `SET SELF PRIORITY` on
    /// every call and the text and its end in two writes: one wait for the server more on
    /// every key. Each call is `spd_send_data` with `SPD_WAIT_REPLY`, which sends, reads the
    /// one answer and hands it back, so a refusal (an answer that is not 2xx: nothing more is
    /// sent for this message, and the conversation stays in step) is told from a lost server
    /// (no answer: libspeechd has closed the connection; it is closed here too, and later calls
    /// fail as closed).
    package func say(_ text: String, priority: SpeechPriority = .text) {
        let message = Self.message(text)
        perform("spd_say") { [self] connection in
            if self.priority != priority {
                guard exchange(connection, "SET SELF PRIORITY \(priority.ssipName)\r\n") else { return -1 }
                self.priority = priority
            }
            guard exchange(connection, "SPEAK\r\n"), exchange(connection, message) else { return -1 }
            return 0
        }
    }

    /// The text of a message and its end, as SSIP takes them after `SPEAK`. The text goes through
    /// `OutputText.speech` first: one line, no control characters. SSIP ends a message at a line
    /// of one "." and takes one dot off a line that starts with two: a leading "." is sent
    /// doubled (as libspeechd's escape_dot does; "..." would be heard as ".." without it).
    private static func message(_ text: String) -> String {
        let line = OutputText.speech(text)
        return (line.hasPrefix(".") ? "." + line : line) + "\r\n.\r\n"
    }

    /// Sends `data` through libspeechd and waits for the server's answer (`spd_send_data`,
    /// `SPD_WAIT_REPLY`). True when the server accepted it (2xx). No answer at all (the server
    /// went away, or did not answer within the call timeout) means libspeechd has closed its
    /// side: the connection is closed here too, so that later calls fail as closed.
    private func exchange(_ connection: UnsafeMutablePointer<SPDConnection>, _ data: String) -> Bool {
        guard let answer = a11y_spd_send_data(connection, data, SPD_WAIT_REPLY) else {
            a11y_spd_close(connection)
            self.connection = nil
            return false
        }
        defer { free(answer) }
        return answer.pointee == UInt8(ascii: "2")
    }

    /// Stops the message being spoken and discards this client's queued messages.
    package func cancel() {
        perform("spd_cancel") { a11y_spd_cancel($0) }
    }

    /// Stops the message being spoken; queued messages go on.
    package func stop() {
        perform("spd_stop") { a11y_spd_stop($0) }
    }

    // MARK: Lifetime

    /// Waits until every call queued so far has run (at once with `.callersThread`). Do not
    /// call it from the error handler.
    package func flush() {
        queue?.wait(for: {}, atMost: .seconds(3600))
    }

    /// Runs the queued calls, then closes the connection. Later calls report `.closed` errors.
    /// Closing twice is harmless.
    package func close() {
        let closing: @Sendable () -> Void = { [self] in
            if let connection { a11y_spd_close(connection) }
            connection = nil
        }
        guard let queue else { return closing() }
        queue.wait(for: closing, atMost: .seconds(3600))
    }

    // MARK: Internals

    /// Runs a libspeechd call that answers with a malloc'd string, in turn with the queued calls.
    func ask(_ question: @escaping @Sendable (UnsafeMutablePointer<SPDConnection>) -> UnsafeMutablePointer<CChar>?) -> String? {
        let answer = Mutex<String?>(nil)
        let run: @Sendable () -> Void = { [self] in
            guard let connection, let text = question(connection) else { return }
            defer { free(text) }
            let value = String(cString: text)
            answer.withLock { $0 = value }
        }
        if let queue { _ = queue.wait(for: run, atMost: .seconds(3600)) } else { run() }
        return answer.withLock { $0 }
    }

    /// Runs (or queues) one libspeechd call; a negative result is reported to the error handler.
    func perform(_ function: String, _ call: @escaping @Sendable (UnsafeMutablePointer<SPDConnection>) -> Int32) {
        let run: @Sendable () -> Void = { [self] in
            guard let connection else {
                errorHandler?(SpeechError(.closed, function: function, message: "the connection is closed"))
                return
            }
            if call(connection) < 0 {
                errorHandler?(SpeechError(
                    .command, function: function,
                    message: "speech-dispatcher refused the request or the connection was lost"))
            }
        }
        guard let queue else { return run() }
        queue.submit(run)
    }

    /// Opens a connection on a thread of its own, waiting at most `timeout` for it (an attempt
    /// that ends later closes what it opened).
    private static func open(
        address: SpeechAddress?, clientName: String, timeout: Duration
    ) throws(SpeechError) -> UnsafeMutablePointer<SPDConnection> {
        enum Attempt { case waiting, abandoned, done(Result<OpenedConnection, SpeechError>) }
        let attempt = Mutex<Attempt>(.waiting)
        guard let done = WakeSignal() else {
            throw SpeechError(.connect, function: "pipe", message: "cannot wait for the connection: \(String(cString: strerror(errno)))")
        }
        let started = DetachedThread.start {
            let result = openNow(address: address, clientName: clientName)
            let abandoned = attempt.withLock { state -> Bool in
                if case .abandoned = state { return true }
                state = .done(result)
                return false
            }
            if abandoned, case .success(let opened) = result { a11y_spd_close(opened.pointer) }
            done.signal()
        }
        if !started { throw SpeechError(.connect, function: "pthread_create", message: "no thread for the connection") }
        done.wait(until: .now + timeout)
        let result: Result<OpenedConnection, SpeechError>? = attempt.withLock { state in
            if case .done(let result) = state { return result }
            state = .abandoned
            return nil
        }
        guard let result else {
            throw SpeechError(.connect, function: "spd_open2",
                              message: "no answer from speech-dispatcher at \(address?.description ?? "the default address") within \(timeout)")
        }
        return try result.get().pointer
    }

    /// A connection pointer handed from the queue to the caller of `open` (who then owns it).
    private struct OpenedConnection: @unchecked Sendable {
        var pointer: UnsafeMutablePointer<SPDConnection>
    }

    /// `spd_open2` with autospawn off; C strings live for the duration of the call.
    private static func openNow(address: SpeechAddress?, clientName: String) -> Result<OpenedConnection, SpeechError> {
        var errorText: UnsafeMutablePointer<CChar>?
        defer { free(errorText) }
        let pointer: UnsafeMutablePointer<SPDConnection>?
        switch address {
        case nil:
            pointer = a11y_spd_open2(clientName, "main", nil, SPD_MODE_SINGLE, nil, 0, &errorText)
        case .unixSocket(let path):
            var spdAddress = SPDConnectionAddress()
            spdAddress.method = SPD_METHOD_UNIX_SOCKET
            spdAddress.unix_socket_name = strdup(path)
            defer { free(spdAddress.unix_socket_name) }
            pointer = a11y_spd_open2(clientName, "main", nil, SPD_MODE_SINGLE, &spdAddress, 0, &errorText)
        case .inetSocket(let host, let port):
            var spdAddress = SPDConnectionAddress()
            spdAddress.method = SPD_METHOD_INET_SOCKET
            spdAddress.inet_socket_host = strdup(host)
            spdAddress.inet_socket_port = Int32(port)
            defer { free(spdAddress.inet_socket_host) }
            pointer = a11y_spd_open2(clientName, "main", nil, SPD_MODE_SINGLE, &spdAddress, 0, &errorText)
        }
        if let pointer { return .success(OpenedConnection(pointer: pointer)) }
        let where_ = address?.description ?? "the default address"
        let reason = errorText.map { String(cString: $0).trimmingTrailingNewlines() } ?? "unknown error"
        return .failure(SpeechError(.connect, function: "spd_open2",
                                    message: "cannot connect to speech-dispatcher at \(where_): \(reason)"))
    }

    /// A server that goes away must not kill the program with SIGPIPE when libspeechd writes to
    /// its socket. This is process-wide, as is usual for programs that use sockets.
    private static func ignoreBrokenPipes() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}

// File-private so that other layers' helpers of the same name cannot clash with it.
extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while let last = text.last, last.isNewline { text.removeLast() }
        return text
    }
}
