import A11yVocabulary
import CBrl
import Glibc

extension BrailleDisplay {
    /// True when the connection's socket has room for a frame now: a write (which BRLTTY does
    /// not answer) then returns without waiting, even for a BRLTTY that stopped.
    public var takesAWriteAtOnce: Bool {
        var room = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&room, 1, 0) == 1 && room.revents == Int16(POLLOUT)
    }

    /// Asks BRLTTY a question that needs an answer (its protocol version) and waits for it.
    ///
    /// BrlAPI does not answer writes: a BRLTTY that stopped (SIGSTOP, a stuck driver) takes
    /// them into its socket until that fills, so only a question shows that it no longer
    /// answers. This call blocks while BRLTTY does not answer: make it on a thread that may wait
    /// (a session's braille writer does, after each burst of frames).
    ///
    /// The question and its answer go through the socket here, not through BrlAPI: while BrlAPI
    /// waits for an answer it keeps the keys that come meanwhile in a buffer of its own, which
    /// only a read "without waiting" empties, and in BrlAPI 6.5 that read polls the socket for a
    /// millisecond (see `readKey`): a frame made during that millisecond waited for it (the
    /// braille p99 of the bench, 1.19 ms, was 0.75 without the question). The packets that come
    /// before the answer (a key, a preference update, an error) are handed to BrlAPI whole, one
    /// by one, as its own read would have taken them (`brlapi__readKey` for a key, which is kept
    /// for `readKey`; `brlapi__pause` for the others, which needs no tty mode).
    public func ping() throws(BrailleError) {
        try withHandle("ping", mayLeaveKeys: false) { handle throws(BrailleError) in
            try send(Self.versionQuestion)
            while true {
                let header = try Self.peek(8, on: fileDescriptor)
                let size = Int(header.bigEndianWord(at: 0)), type = header.bigEndianWord(at: 4)
                guard size <= Int(BRLAPI_MAXPACKETSIZE) else {
                    throw BrailleError(function: "ping", message: "BRLTTY sent a packet of \(size) bytes")
                }
                let packet = try Self.peek(8 + size, on: fileDescriptor)
                if type == A11Y_BRLAPI_PACKET_PARAM_VALUE {
                    // The answer: no other question waits (every call on the handle is made
                    // under the lock held here).
                    try Self.take(packet.count, from: fileDescriptor)
                    guard size >= 12, packet.bigEndianWord(at: 12) == UInt32(BRLAPI_PARAM_SERVER_VERSION.rawValue) else {
                        throw BrailleError(function: "ping", message: "BRLTTY answered another question")
                    }
                    return
                }
                if type == A11Y_BRLAPI_PACKET_KEY {
                    // In tty mode (keys come only then): BrlAPI returns it, or an older key of its
                    // buffer first; the packet is taken at a later turn.
                    var code: brlapi_keyCode_t = 0
                    switch a11y_brlapi__readKey(handle, 0, &code) {
                    case 1: heldKeys.withLock { $0.append(BrailleKey(keyCode: code)) }
                    case 0: break
                    default: throw BrailleError.current("brlapi__readKey")
                    }
                } else if a11y_brlapi__pause(handle, 0) < 0 {
                    // BrlAPI read the packet (an update tells its watch) and says "interrupted"
                    // for one that answered nothing it waited for; anything else is an error.
                    let error = a11y_brlapi_error_location()?.pointee
                    guard error?.brlerrno == BRLAPI_ERROR_LIBCERR, error?.libcerrno == EINTR else {
                        throw BrailleError.current("brlapi__pause")
                    }
                }
            }
        }
    }

    /// Waits, when a packet has begun to come on `socket`, until it has come whole; `readKey`
    /// calls it before a read of BrlAPI's that must not wait.
    ///
    /// BRLTTY sends a packet's header and its body in two writes. A read of BrlAPI's that must
    /// not wait (`brlapi__readKey` without blocking) takes the header alone when the body is not
    /// there yet, gives up, and keeps the header for its next read. The socket then begins in
    /// the middle of a packet: `ping`, which reads packets off the socket itself, would take the
    /// body for a header, hand it to BrlAPI, which makes the key whole and keeps it in its own
    /// buffer, where no read looks (the socket is quiet) until another key comes. A key packet
    /// (16 bytes) is seen whole by one `recv`.
    static func awaitWholePacket(on socket: Int32) throws(BrailleError) {
        var start: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let got = withUnsafeMutableBytes(of: &start) { recv(socket, $0.baseAddress, $0.count, Int32(MSG_PEEK | MSG_DONTWAIT)) }
        guard got > 0 else { return }  // nothing there (an error or the end: BrlAPI's read reports it)
        let size = got >= 8 ? Int(UInt32(bigEndian: withUnsafeBytes(of: start) { $0.load(as: UInt32.self) }))
                            : Int(try peek(8, on: socket).bigEndianWord(at: 0))
        guard size <= Int(BRLAPI_MAXPACKETSIZE), got < 8 + size else { return }  // whole, or one BrlAPI discards
        _ = try peek(8 + size, on: socket)
    }

    /// BRLAPI_PACKET_PARAM_REQUEST for the server's version (brlapi_protocol.h): the flags (get,
    /// the global value), the parameter and its sub-parameter (64 bits), each 32-bit big-endian.
    /// What `brlapi__getParameter` sends.
    static let versionQuestion: [UInt8] = {
        var body: [UInt8] = []
        body.appendBigEndian(UInt32(BRLAPI_PARAMF_GET | BRLAPI_PARAMF_GLOBAL), UInt32(BRLAPI_PARAM_SERVER_VERSION.rawValue), 0, 0)
        return BrlAPIText.packet(A11Y_BRLAPI_PACKET_PARAM_REQUEST, body)
    }()

    /// The first `count` bytes waiting on `socket`, left there; waits until that many came.
    ///
    /// Once part of them is there, the rest is waited for at most `restWithin` (BRLTTY writes a
    /// packet's header and its body microseconds apart): a packet that stops halfway means the
    /// socket is read out of step (seen in an integration test, about once in 20 runs: `ping`
    /// waiting for ever for the rest of a "packet" while BRLTTY sat idle, braille gone for the
    /// rest of the session; how the socket got out of step is not known yet). The error ends the
    /// connection, and the session connects again.
    static func peek(_ count: Int, on socket: Int32, restWithin: Duration = .seconds(1)) throws(BrailleError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var pause = 20_000  // ns, while part of a packet is there
        var closed = false
        var partSince: ContinuousClock.Instant?
        while true {
            let got = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress, count, Int32(MSG_PEEK)) }
            if got == count { return bytes }
            if got == 0 || (got > 0 && closed) { throw BrailleError(function: "recv", message: "BRLTTY closed the connection") }
            if got < 0, errno != EINTR, errno != EAGAIN { throw BrailleError(function: "recv", message: String(cString: strerror(errno))) }
            var input = pollfd(fd: socket, events: Int16(POLLIN) | Socket.pollReadHangUp, revents: 0)
            if got > 0 {
                // Part of a packet (BRLTTY writes a header and its body apart): the rest follows,
                // unless BRLTTY hung up (then one more look, and no more).
                let since = partSince ?? .now
                partSince = since
                if ContinuousClock.now - since > restWithin {
                    throw BrailleError(function: "recv", message: "\(got) of \(count) bytes came and no more within \(restWithin): out of step with BRLTTY's packets")
                }
                closed = poll(&input, 1, 0) == 1 && input.revents & (Socket.pollReadHangUp | Int16(POLLHUP)) != 0
                var wait = timespec(tv_sec: 0, tv_nsec: pause)
                nanosleep(&wait, nil)
                pause = min(pause * 2, 1_000_000)
            } else {
                _ = poll(&input, 1, -1)
            }
        }
    }

    /// Takes `count` bytes off `socket` (they are there: `peek` saw them).
    private static func take(_ count: Int, from socket: Int32) throws(BrailleError) {
        var bytes = [UInt8](repeating: 0, count: count)
        var taken = 0
        while taken < count {
            let got = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + taken, count - taken, 0) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw BrailleError(function: "recv", message: got == 0 ? "BRLTTY closed the connection" : String(cString: strerror(errno))) }
            taken += got
        }
    }
}
