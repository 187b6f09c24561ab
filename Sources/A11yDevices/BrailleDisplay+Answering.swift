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
    /// braille p99 of the bench, 1.19 ms, was 0.75 without the question). The keys that come
    /// meanwhile are kept here for `readKey`, and come first; another packet (a preference
    /// update, an error) is handed to BrlAPI whole, as its own read would have taken it
    /// (`brlapi__pause`, which needs no tty mode). How keys and the answer can come mixed on
    /// the socket: `AnswerStream`.
    public func ping() throws(BrailleError) {
        try withHandle("ping", mayLeaveKeys: false) { handle throws(BrailleError) in
            // Keys BrlAPI kept in its own buffer came before any on the socket. (Out of tty mode
            // it keeps none, and says "illegal instruction".)
            while keysMayBeBuffered.load(ordering: .relaxed) {
                var code: brlapi_keyCode_t = 0
                switch a11y_brlapi__readKey(handle, 0, &code) {
                case 1: heldKeys.withLock { $0.append(BrailleKey(keyCode: code)) }
                case 0: keysMayBeBuffered.store(false, ordering: .relaxed)
                default:
                    guard a11y_brlapi_error_location()?.pointee.brlerrno == BRLAPI_ERROR_ILLEGAL_INSTRUCTION else {
                        throw BrailleError.current("brlapi__readKey")
                    }
                    keysMayBeBuffered.store(false, ordering: .relaxed)
                }
            }
            try send(Self.versionQuestion)
            var stream = AnswerStream()
            while !stream.isComplete {
                switch try stream.step(Self.peek(8, on: fileDescriptor)) {
                case .keyHeader, .answerHeader:
                    try Self.take(8, from: fileDescriptor)
                case .key(let code):
                    try Self.take(8, from: fileDescriptor)
                    heldKeys.withLock { $0.append(BrailleKey(keyCode: code)) }
                case .answer(let size):
                    try Self.take(size, from: fileDescriptor)
                case .otherPacket(let size):
                    _ = try Self.peek(8 + size, on: fileDescriptor)
                    if a11y_brlapi__pause(handle, 0) < 0 {
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
    }

    /// What BRLTTY sends while `ping` waits for its answer, taken apart 8 bytes at a time.
    ///
    /// BRLTTY writes a packet in two writes, its header and then its body, and two of its
    /// threads write to a connection without taking turns: the server thread answers questions
    /// (holding only its parameter lock), the core thread sends keys (holding only its
    /// connections lock; brlapi_server.c in 6.5 and today). So a key can come between the
    /// answer's header and its body, or the whole answer between a key's header and its body.
    /// Read as one packet after another, the socket then went out of step: a key's bytes taken
    /// for a size, and a wait for a "packet" that never ended (the routing test lost braille so
    /// about once in 20 runs; keys pressed while questions are asked without pause, within
    /// seconds). Preference updates cannot come mixed with either (they hold both locks), so
    /// any other packet comes whole.
    ///
    /// Each step looks at the next 8 bytes. The answer's header is a size and PARAM_VALUE, its
    /// body begins with the flags and the parameter asked for (1, 0), and a key's body is a key
    /// code, its flags and then its type and value: no key has the flags and the value either
    /// would need (a symbol 0x5056, or no symbol at all), so they are told apart.
    struct AnswerStream {
        enum Step: Equatable {
            /// The header of a key, whose body comes later: take 8 bytes.
            case keyHeader
            /// The header of the answer: take 8 bytes.
            case answerHeader
            /// A key's body: take 8 bytes.
            case key(brlapi_keyCode_t)
            /// The answer's body, `size` bytes: take them.
            case answer(size: Int)
            /// A whole packet of another kind (8 + `size` bytes): BrlAPI reads it.
            case otherPacket(size: Int)
        }

        private var keyBodyToCome = false
        private var answerBodySize: Int?
        private var answered = false

        /// The answer came, and no key is left halfway.
        var isComplete: Bool { answered && !keyBodyToCome }

        /// What the next 8 bytes on the socket (`next`) are.
        mutating func step(_ next: [UInt8]) throws(BrailleError) -> Step {
            let first = next.bigEndianWord(at: 0), second = next.bigEndianWord(at: 4)
            if let size = answerBodySize, first == Self.answerFlags, second == Self.answerParameter {
                answerBodySize = nil
                answered = true
                return .answer(size: size)
            }
            if !answered, answerBodySize == nil, second == A11Y_BRLAPI_PACKET_PARAM_VALUE,
               (8...Int(BRLAPI_MAXPACKETSIZE)).contains(Int(first)) {
                answerBodySize = Int(first)
                return .answerHeader
            }
            if keyBodyToCome {
                keyBodyToCome = false
                return .key(brlapi_keyCode_t(first) << 32 | brlapi_keyCode_t(second))
            }
            if first == 8, second == A11Y_BRLAPI_PACKET_KEY {
                keyBodyToCome = true
                return .keyHeader
            }
            guard answerBodySize == nil, first <= BRLAPI_MAXPACKETSIZE else {
                let bytes = next.map { String($0, radix: 16) }.joined(separator: " ")
                throw BrailleError(function: "ping", message: "BRLTTY's answer came out of step (next bytes: \(bytes))")
            }
            return .otherPacket(size: Int(first))
        }

        /// The first words of the answer's body: the flags (BRLTTY answers with the question's
        /// "global" flag alone) and the parameter asked for.
        static let answerFlags = UInt32(BRLAPI_PARAMF_GLOBAL)
        static let answerParameter = UInt32(BRLAPI_PARAM_SERVER_VERSION.rawValue)
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
    /// socket is read out of step (as it was before `AnswerStream`, when a key came mixed with
    /// an answer: `ping` waited for ever for the rest of a "packet" while BRLTTY sat idle). The
    /// error ends the connection, and the session connects again.
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
