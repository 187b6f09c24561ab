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
/// default) every call after it is queued on the client's own thread (a `SerialThread`), because
/// libspeechd can block (for example while a slow module speaks); calls run in order, a failure
/// in a queued call goes to `errorHandler`, and `flush()` waits until every queued call has run.
/// With `calls: .callersThread` each call runs at once on the caller's thread, which must be
/// one where it may block and must not call from two threads at once: a session's speech worker
/// is such a thread, and the utterance then reaches libspeechd in one hop.
///
/// The server is never started on demand: the connection is opened with autospawn off, so a
/// missing server is an error, not a hidden system speech-dispatcher.
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
    /// What `sayAtOnce` sent and `finishSaying` has not completed: the bytes the socket did not
    /// take (often none). Touched only where `connection` is.
    private var unsent: [UInt8]?
    /// Where calls run: the client's own thread, or nil for the caller's.
    private let queue: SerialThread?
    private let errorHandler: (@Sendable (SpeechError) -> Void)?

    /// The address connected to; nil when libspeechd chose its default (no SPEECHD_ADDRESS).
    package let address: SpeechAddress?

    /// The connection's socket (libspeechd's, set for every open connection), to watch for the
    /// server going away (poll for POLLRDHUP or POLLHUP; never read from it: only `say` and
    /// `finishSaying` read, the answers to their own messages).
    package let socketDescriptor: Int32

    /// Connects to speech-dispatcher.
    ///
    /// - Parameters:
    ///   - address: Where the server listens. When nil, `SPEECHD_ADDRESS` from the environment;
    ///     when that is unset too, libspeechd's default socket (nothing is ever spawned).
    ///   - clientName: The client name the server shows (SSIP `SET CLIENT_NAME`).
    ///   - connectTimeout: How long to wait for the server's answer before giving up.
    ///   - callTimeout: How long one call may wait for the server (sending, or reading its
    ///     answer) before it fails: a server that stops answering cannot hold the client's queue
    ///     forever (SO_SNDTIMEO and SO_RCVTIMEO on the socket).
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
        self.queue = calls == .ownThread ? SerialThread() : nil
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
    /// What `spd_say` sends, in one wait for the server instead of three: `SET SELF PRIORITY`
    /// only when the connection's priority changes (every key's words have priority text), then
    /// `SPEAK`, the text and the end of the message in one write. Each wait for the server is
    /// a wait on the key's way to speech.
    package func say(_ text: String, priority: SpeechPriority = .text) {
        let message = Self.message(text)
        perform("spd_say") { [self] connection in
            if self.priority != priority {
                guard a11y_spd_execute_command(connection, "SET SELF PRIORITY \(priority.ssipName)") == 0 else { return -1 }
                self.priority = priority
            }
            // SPEAK, the text and the end of the message in one write: speech-dispatcher reads
            // one line at a time and answers each command in turn, so the text need not wait
            // for the answer to SPEAK. libspeechd reads that answer (byte by byte, never past
            // it); the message's own answer is read here. After an error answer to SPEAK (the
            // server then takes the text for commands and answers them too) or an answer that
            // did not come in time, the answers no longer match the calls: the connection is
            // closed, and later calls fail as closed (a session makes a new one).
            let speak = a11y_spd_send_data(connection, message, SPD_WAIT_REPLY)
            defer { free(speak) }
            guard let speak, speak.pointee == UInt8(ascii: "2"), Self.readReplies(1, from: socketDescriptor) else {
                return closeAfterMismatch(connection)
            }
            return 0
        }
    }

    /// Sends `text` at once, from the caller's thread, when that cannot wait for the server:
    /// the connection's priority is already `priority`, and the socket takes the message now
    /// (a send that does not wait; what it does not take is sent by `finishSaying()`). The
    /// utterance then does not wait for the thread that makes the calls to wake, and the key
    /// path wakes one thread fewer, which braille and the redraw gain from too. True: sent;
    /// call `finishSaying()` next, where waiting is allowed, before any other call: it reads
    /// the server's two answers. False: nothing was sent (call `say`).
    ///
    /// Only with `calls: .callersThread`, and never while another call runs.
    package func sayAtOnce(_ text: String, priority: SpeechPriority) -> Bool {
        guard queue == nil, connection != nil, self.priority == priority, unsent == nil else { return false }
        var bytes = Array(Self.message(text).utf8)
        let sent = bytes.withUnsafeBytes { send(socketDescriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        guard sent > 0 else { return false }
        bytes.removeFirst(sent)
        unsent = bytes
        return true
    }

    /// After `sayAtOnce` sent the whole message: the socket, readable once the server answered
    /// (`finishSaying()` then reads without waiting). Nil when there is more to send.
    package var answerDescriptor: Int32? { unsent?.isEmpty == true ? socketDescriptor : nil }

    /// Completes `sayAtOnce`: sends what the socket did not take, reads the answers to SPEAK
    /// and to the message. A failure closes the connection (as in `say`).
    package func finishSaying() {
        guard let rest = unsent else { return }
        unsent = nil
        perform("spd_say") { [self] connection in
            guard Socket.sendAll(rest, to: socketDescriptor) == nil, Self.readReplies(2, from: socketDescriptor) else {
                return closeAfterMismatch(connection)
            }
            return 0
        }
    }

    /// SSIP's SPEAK with `text` and the end of the message. The text goes through
    /// `OutputText.speech` first: one line, no control characters. SSIP ends a message at a
    /// line of one "." and takes one dot off a line that starts with two: a leading "." is sent
    /// doubled (as libspeechd's escape_dot does; "..." would be heard as ".." without it).
    private static func message(_ text: String) -> String {
        let line = OutputText.speech(text)
        return "SPEAK\r\n" + (line.hasPrefix(".") ? "." + line : line) + "\r\n.\r\n"
    }

    /// The answers no longer match the calls (an error answer, or one that did not come in
    /// time): closes the connection, so that later calls fail as closed. Returns -1.
    private func closeAfterMismatch(_ connection: UnsafeMutablePointer<SPDConnection>) -> Int32 {
        a11y_spd_close(connection)
        self.connection = nil
        return -1
    }

    /// Reads `count` SSIP answers ("225-21\r\n225 OK MESSAGE QUEUED\r\n": lines "NNN-..." then a
    /// last line "NNN ..."). The server writes only answers to this connection's commands (no
    /// notifications are asked for) and the caller sent nothing after the commands answered here:
    /// whatever the socket holds belongs to these answers, and it is read in as few calls as it
    /// comes in (libspeechd reads byte by byte, a system call for each byte). True
    /// when all are successes (2xx); false on an error answer, the end of the connection, or the
    /// socket's receive timeout.
    private static func readReplies(_ count: Int, from socket: Int32) -> Bool {
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var left = count
        var succeeded = true
        // Where the current line starts, counted from its first byte (0: at a line's start).
        var column = 0
        var code: (UInt8, isLast: Bool) = (0, false)
        while left > 0 {
            let received = withUnsafeMutableBytes(of: &buffer) { bytes -> Int in
                let got = recv(socket, bytes.baseAddress, bytes.count, 0)
                guard got > 0 else { return got }
                for byte in bytes.prefix(got) {
                    if column == 0 { code.0 = byte }
                    if column == 3 { code.isLast = byte == UInt8(ascii: " ") }
                    column += 1
                    guard byte == UInt8(ascii: "\n") else { continue }
                    if code.isLast {
                        succeeded = succeeded && code.0 == UInt8(ascii: "2")
                        left -= 1
                    }
                    column = 0
                    code = (0, false)
                }
                return got
            }
            if received < 0, errno == EINTR { continue }
            guard received > 0 else { return false }
        }
        return succeeded
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
