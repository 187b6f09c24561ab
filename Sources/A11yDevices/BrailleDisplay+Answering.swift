import A11yVocabulary
import CBrl
import Glibc

// What this program reads from BRLTTY's socket itself, and the requests whose answers it reads.
//
// BrlAPI (libbrlapi) connects, takes the display (tty mode) and writes text in another charset;
// everything else that comes on the socket is read here: keys, the preference updates of the
// watch, and the answers to the requests this program sends itself (the version question of
// `ping`, the keys to take, the preferences to watch). So the requests can go several in one
// write, with one wait for all their answers, and the packets BRLTTY's two threads write mixed
// are taken apart (`BrlAPIPacketStream`). BrlAPI still reads the socket while it waits for an
// answer of its own (tty mode, a parameter read or set): the keys it takes meanwhile stay in its
// buffer (`keysMayBeBuffered`), and are taken through it (`takeKeyThroughBrlAPI`).
// (A preference update that comes while BrlAPI waits is dropped by it: a session reads and sets
// no parameter through BrlAPI once the watch stands.)
extension BrailleDisplay {
    /// True when the connection's socket has room for a frame now: a write (which BRLTTY does
    /// not answer) then returns without waiting, even for a BRLTTY that stopped.
    package var takesAWriteAtOnce: Bool {
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
    /// Asked through the socket, not through BrlAPI: while BrlAPI waits for an answer it keeps
    /// the keys that come meanwhile in a buffer of its own, which only a read "without waiting"
    /// empties, and in BrlAPI 6.5 that read polls the socket for a millisecond (see
    /// `takeKeyThroughBrlAPI`): a frame made during that millisecond would wait for it. The
    /// keys that come meanwhile are kept for `readKey`.
    package func ping() throws(BrailleError) {
        try withHandle("ping", mayLeaveKeys: false) { handle throws(BrailleError) in
            _ = try ask(Self.versionQuestion, expecting: [.parameter(BRLAPI_PARAM_SERVER_VERSION)], on: handle)[0].get()
        }
    }

    /// Sends `requests` (whole packets, one after another) in one write and reads BRLTTY's
    /// answers, `answers` in their order: each the answer's body (empty for an acknowledgement),
    /// or the error BRLTTY answered with. Keys that come meanwhile are kept for `readKey`,
    /// preference updates go to the watch. Called with the handle's lock held.
    func ask(_ requests: [UInt8], expecting answers: [BrlAPIPacketStream.Answer],
             on handle: OpaquePointer) throws(BrailleError) -> [Result<[UInt8], BrailleError>] {
        try send(requests)
        var stream = BrlAPIPacketStream(expecting: answers)
        var results: [Result<[UInt8], BrailleError>] = []
        while !stream.isComplete {
            let (count, kind) = try stream.step(Self.peek(8, atLeast: stream.lookahead, on: fileDescriptor))
            switch kind {
            case .answer:
                let bytes = try Self.take(count, from: fileDescriptor)
                results.append(.success(count == 8 && bytes.bigEndianWord(at: 4) == A11Y_BRLAPI_PACKET_ACK ? [] : bytes))
            case .refusal:
                let bytes = try Self.take(count, from: fileDescriptor)
                results.append(.failure(BrailleError(refusal: Int32(bitPattern: bytes.bigEndianWord(at: 0)), function: "BRLTTY")))
            default:
                try takeUnit(count, kind, on: handle)
            }
        }
        return results
    }

    /// Reads what comes on the socket outside an answer: keys, kept for `readKey`, preference
    /// updates, exceptions (BrlAPI reads those), until a key was taken or nothing more is
    /// there now. Called with the handle's lock held, when no key is held.
    func takeWhatCame(on handle: OpaquePointer) throws(BrailleError) {
        var stream = BrlAPIPacketStream(expecting: [])
        while heldKeys.withLock({ $0.isEmpty }) || !stream.isComplete {
            // Halfway through a packet, the rest comes (BRLTTY writes its parts microseconds apart).
            let next = stream.isComplete ? try Self.peekNow(8, on: fileDescriptor) : try Self.peek(8, on: fileDescriptor)
            guard let next else { return }
            if stream.isComplete, keysMayBeBuffered.load(ordering: .relaxed),
               BrlAPIPacketStream.isKeyHeader(next.bigEndianWord(at: 0), next.bigEndianWord(at: 4)) {
                try takeKeyThroughBrlAPI(on: handle)
                continue
            }
            let (count, kind) = try stream.step(next)
            try takeUnit(count, kind, on: handle)
        }
    }

    /// Takes one step's bytes that are not an answer: a header, a key, an update, or a whole
    /// packet of another kind that BrlAPI reads (an exception: BrlAPI hands it to the handler
    /// and closes the connection; `withHandle` then throws it).
    private func takeUnit(_ count: Int, _ kind: BrlAPIPacketStream.Kind, on handle: OpaquePointer) throws(BrailleError) {
        switch kind {
        case .header:
            _ = try Self.take(count, from: fileDescriptor)
        case .key:
            let bytes = try Self.take(count, from: fileDescriptor)
            let code = brlapi_keyCode_t(bytes.bigEndianWord(at: 0)) << 32 | brlapi_keyCode_t(bytes.bigEndianWord(at: 4))
            heldKeys.withLock { $0.append(BrailleKey(keyCode: code)) }
        case .update:
            preferenceWatch.takeReported(try Self.take(count, from: fileDescriptor))
        case .otherPacket, .answer, .refusal:
            _ = try Self.peek(count, on: fileDescriptor)
            if a11y_brlapi__pause(handle, 0) < 0 {
                // BrlAPI read the packet and says "interrupted" for one that answered nothing it
                // waited for; anything else is an error (an exception's, which `withHandle` throws).
                let error = a11y_brlapi_error_location()?.pointee
                guard error?.brlerrno == BRLAPI_ERROR_LIBCERR, error?.libcerrno == EINTR else {
                    throw BrailleError.current("brlapi__pause")
                }
            }
        }
    }

    /// Takes the next key through BrlAPI, while it may hold keys in a buffer of its own (it
    /// waited for an answer of its own since it last read the socket: tty mode, a parameter):
    /// those came before any on the socket. A key is first on the socket: BrlAPI returns the
    /// oldest key of its buffer or, with none, reads that key; either is the next key in order.
    /// When it took the key off the socket, its buffer is empty.
    ///
    /// BrlAPI is not asked with nothing on the socket: in 6.5 its read "without waiting" then
    /// polls the socket until its clock moved on by a millisecond (about 30 system calls;
    /// brlapi_client.c, `brlapi__doWaitForPacket` with a deadline of now), and takes what comes
    /// meanwhile, a preference update too, which it would drop (the watch is this program's).
    /// So a key it kept stays there until the next key comes; it can only be one pressed in the
    /// microseconds between BRLTTY giving the display to this program and its answer. Out of
    /// tty mode BrlAPI keeps no keys.
    private func takeKeyThroughBrlAPI(on handle: OpaquePointer) throws(BrailleError) {
        _ = try Self.peek(16, on: fileDescriptor)
        let before = Self.bytesWaiting(on: fileDescriptor)
        var code: brlapi_keyCode_t = 0
        switch a11y_brlapi__readKey(handle, 0, &code) {
        case 1:
            heldKeys.withLock { $0.append(BrailleKey(keyCode: code)) }
            // More may have come meanwhile: only fewer bytes say BrlAPI read the socket.
            if before - Self.bytesWaiting(on: fileDescriptor) >= 16 { keysMayBeBuffered.store(false, ordering: .relaxed) }
        case 0: keysMayBeBuffered.store(false, ordering: .relaxed)
        default:
            guard a11y_brlapi_error_location()?.pointee.brlerrno == BRLAPI_ERROR_ILLEGAL_INSTRUCTION else {
                throw BrailleError.current("brlapi__readKey")
            }
            keysMayBeBuffered.store(false, ordering: .relaxed)
        }
    }

    /// How many bytes wait on `socket` (FIONREAD).
    private static func bytesWaiting(on socket: Int32) -> Int {
        var count: Int32 = 0
        return ioctl(socket, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
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
    /// socket is read out of step (a key taken for part of an answer), and a longer wait would
    /// wait for ever for the rest of a "packet" while BRLTTY sits idle.
    /// The error ends the connection, and the session connects again. With `atLeast`, returns as
    /// soon as that many are there (fewer than `count` then).
    static func peek(_ count: Int, atLeast minimum: Int? = nil, on socket: Int32,
                     restWithin: Duration = .seconds(1)) throws(BrailleError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var pause = 20_000  // ns, while part of a packet is there
        var closed = false
        var partSince: ContinuousClock.Instant?
        while true {
            let got = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress, count, Int32(MSG_PEEK)) }
            if got == count { return bytes }
            if let minimum, got >= minimum { return Array(bytes.prefix(got)) }
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

    /// The first `count` bytes waiting on `socket`, left there; nil when nothing is there now.
    /// When part of them is there, waits for the rest (see `peek`).
    static func peekNow(_ count: Int, on socket: Int32) throws(BrailleError) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress, count, Int32(MSG_PEEK | MSG_DONTWAIT)) }
        if got == count { return bytes }
        if got < 0, errno == EAGAIN || errno == EWOULDBLOCK { return nil }
        return try peek(count, on: socket)  // part of them, the end of the connection, or an error: as `peek` says
    }

    /// Takes `count` bytes off `socket` (they are there: `peek` saw them).
    @discardableResult
    static func take(_ count: Int, from socket: Int32) throws(BrailleError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var taken = 0
        while taken < count {
            let got = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + taken, count - taken, 0) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw BrailleError(function: "recv", message: got == 0 ? "BRLTTY closed the connection" : String(cString: strerror(errno))) }
            taken += got
        }
        return bytes
    }
}
