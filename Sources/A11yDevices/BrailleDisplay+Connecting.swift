import CBrl
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yVocabulary

// Opening a BrlAPI connection, bounded in time: BrlAPI itself waits forever for a server that
// accepts and never answers.
extension BrailleDisplay {
    /// An open connection handed from the connecting thread to the caller.
    struct Opened: @unchecked Sendable {
        // @unchecked Sendable: the handle is handed over once, never shared.
        var handle: OpaquePointer
        var descriptor: Int32
        var host: String
    }

    /// Connection attempts abandoned after their timeout and still waiting for their server.
    static let stuckAttempts = Mutex(0)

    /// `openNow` on another thread, waiting at most `timeout`.
    ///
    /// A plain thread (with every signal blocked) and a pipe to wait on, not libdispatch: a
    /// dispatch-queue attempt left libdispatch's timer waking the process every second.
    static func open(host: String?, auth: String?, timeout: Duration) throws(BrailleError) -> Opened {
        guard stuckAttempts.withLock({ $0 }) == 0 else {
            throw BrailleError(function: "brlapi__openConnection",
                               message: "an earlier connection attempt is still waiting for the server to answer")
        }
        enum Attempt { case waiting, abandoned, done(Result<Opened, BrailleError>) }
        let attempt = Mutex<Attempt>(.waiting)
        guard let (readEnd, writeEnd) = Pipe.make(blocking: true) else { return try openNow(host: host, auth: auth).get() }
        let requested = host ?? Environment.value("BRLAPI_HOST") ?? "the default server"
        let started = DetachedThread.start {
            let result = openNow(host: host, auth: auth)
            let abandoned = attempt.withLock { state -> Bool in
                if case .abandoned = state { return true }
                state = .done(result)
                return false
            }
            if abandoned {
                if case .success(let opened) = result {
                    a11y_brlapi__closeConnection(opened.handle)
                    UnsafeMutableRawPointer(opened.handle).deallocate()
                }
                stuckAttempts.withLock { $0 -= 1 }
            }
            var byte: UInt8 = 1
            _ = Glibc.write(writeEnd, &byte, 1)
            Glibc.close(writeEnd)
        }
        guard started else {
            Glibc.close(readEnd)
            Glibc.close(writeEnd)
            return try openNow(host: host, auth: auth).get()
        }
        defer { Glibc.close(readEnd) }
        let (seconds, attoseconds) = timeout.components
        let deadline = ContinuousClock.now + timeout
        var waitMilliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        while true {
            var request = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, waitMilliseconds)
            if ready >= 0 || errno != EINTR { break }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            waitMilliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
        }
        let result: Result<Opened, BrailleError>? = attempt.withLock { state in
            if case .done(let result) = state { return result }
            state = .abandoned
            stuckAttempts.withLock { $0 += 1 }
            return nil
        }
        guard let result else {
            throw BrailleError(function: "brlapi__openConnection",
                               message: "no answer from BrlAPI at \(requested) within \(timeout)")
        }
        return try result.get()
    }

    /// `brlapi__openConnection`, blocking until the server answers (or refuses).
    static func openNow(host: String?, auth: String?) -> Result<Opened, BrailleError> {
        let handle = OpaquePointer(UnsafeMutableRawPointer.allocate(byteCount: a11y_brlapi_getHandleSize(), alignment: 16))
        // nil fields make BrlAPI read BRLAPI_AUTH / BRLAPI_HOST; the copies outlive the call.
        let authCopy = auth.flatMap { strdup($0) }
        let hostCopy = host.flatMap { strdup($0) }
        defer {
            free(authCopy)
            free(hostCopy)
        }
        var settings = brlapi_connectionSettings_t(auth: UnsafePointer(authCopy), host: UnsafePointer(hostCopy))
        var actual = brlapi_connectionSettings_t()
        let descriptor = a11y_brlapi__openConnection(handle, &settings, &actual)
        guard descriptor >= 0 else {
            let requested = host ?? Environment.value("BRLAPI_HOST") ?? "the default server"
            let error = BrailleError.current("brlapi__openConnection", context: "cannot connect to BrlAPI at \(requested)")
            UnsafeMutableRawPointer(handle).deallocate()
            return .failure(error)
        }
        return .success(Opened(handle: handle, descriptor: descriptor,
                               host: actual.host.map { String(cString: $0) } ?? host ?? ""))
    }
}
