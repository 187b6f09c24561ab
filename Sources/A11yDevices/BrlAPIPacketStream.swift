import CBrl

/// What BRLTTY sends on a connection, taken apart 8 bytes at a time: the answers to requests
/// this program sent itself, and the keys and preference updates that come meanwhile.
///
/// BRLTTY writes a packet in two writes, its header and then its body, and two of its threads
/// write to a connection without taking turns: its server thread answers requests (an
/// acknowledgement, a parameter's value or an error; the value holding only BRLTTY's parameter
/// lock), its core thread sends keys (holding only its connections lock) and preference updates
/// (holding both; brlapi_server.c, in 6.5 and today). So a key can come between an answer's
/// header and its body, an answer between a key's header and its body, and an acknowledgement
/// (one write) inside an update. Read as one packet after another, the socket then goes out of
/// step: a key's bytes are taken for a size, and a wait for a "packet" never ends (keys pressed
/// while questions are asked without pause bring it about within seconds).
///
/// So the packets of each thread come in order, and each step says which of them the next 8
/// bytes continue: the answer's header is a size and its type, a value's body begins with the
/// flags and the parameter asked for, an error's is a small code, a key's body is a key code
/// (flags, then its type and value). No key has the flags and value that an answer's header or
/// body would need (a symbol 0x5056, or no symbol at all), except in two cases where it makes
/// no difference: a key "A" whose body is the same 8 bytes as an
/// acknowledgement, either of which can be taken for the other, and a key typed with modifiers
/// mixed with an error (not seen; the wait then ends after a second, see `peek`).
struct BrlAPIPacketStream {
    /// Requests sent in one write, and the answers they ask for, in order.
    typealias Requests = (bytes: [UInt8], answers: [Answer])

    /// An answer a request asks for.
    enum Answer: Equatable {
        /// BRLAPI_PACKET_ACK: a header alone.
        case acknowledgement
        /// BRLAPI_PACKET_PARAM_VALUE for this parameter (asked for its global value).
        case parameter(brlapi_param_t)
    }

    /// What the bytes of a step are.
    enum Kind: Equatable {
        /// A packet's header, whose body comes in a later step.
        case header
        /// A key's body: its code.
        case key
        /// A preference update's body: flags, parameter, sub-parameter, value.
        case update
        /// The next answer: an acknowledgement's header, or a value's body (flags, parameter,
        /// sub-parameter, value).
        case answer
        /// The body of an error BRLTTY answered a request with: its code.
        case refusal
        /// A whole packet of another kind (an exception): left on the socket for BrlAPI.
        case otherPacket
    }

    private var expected: [Answer]
    private var coreBody: (kind: Kind, size: Int)?
    private var serverBody: (kind: Kind, size: Int, parameter: brlapi_param_t?)?

    /// Reads the answers to requests sent, in their order (none: only keys and updates).
    init(expecting answers: [Answer]) {
        expected = answers
    }

    /// Every answer came, and no packet is left halfway.
    var isComplete: Bool { expected.isEmpty && serverBody == nil && coreBody == nil }

    /// How many bytes `step` needs to see: 8, or 4 while an error's body (its code alone) may
    /// be next, which may be the last bytes BRLTTY sends. (BRLTTY writes each header and each
    /// body in one write, so 4 to 7 bytes waiting are that body.)
    var lookahead: Int { serverBody?.kind == .refusal ? 4 : 8 }

    /// The next `count` bytes on the socket are `kind`, given their first bytes (`next`: 8, or
    /// at least `lookahead` when fewer are there).
    mutating func step(_ next: [UInt8]) throws(BrailleError) -> (count: Int, kind: Kind) {
        let first = next.bigEndianWord(at: 0), second = next.count >= 8 ? next.bigEndianWord(at: 4) : nil
        if let body = serverBody, Self.begins(body.kind, parameter: body.parameter, first, second) {
            serverBody = nil
            return (body.size, body.kind)
        }
        func outOfStep() -> BrailleError {
            let bytes = next.map { String($0, radix: 16) }.joined(separator: " ")
            return BrailleError(function: "recv", message: "BRLTTY's packets came out of step (next bytes: \(bytes))")
        }
        guard let second else { throw outOfStep() }
        if serverBody == nil, let answer = expected.first, let header = serverHeader(answer, first, second) {
            return header
        }
        if let body = coreBody {
            coreBody = nil
            return (body.size, body.kind)
        }
        if Self.isCoreHeader(first, second) {
            coreBody = second == A11Y_BRLAPI_PACKET_KEY ? (.key, 8) : (.update, Int(first))
            return (8, .header)
        }
        guard serverBody == nil, first <= BRLAPI_MAXPACKETSIZE else { throw outOfStep() }
        return (8 + Int(first), .otherPacket)
    }

    /// The header of the answer to the oldest request still unanswered, if `first` and `second`
    /// are one.
    private mutating func serverHeader(_ answer: Answer, _ first: UInt32, _ second: UInt32) -> (count: Int, kind: Kind)? {
        let size = Int(first)
        switch (answer, second) {
        case (.acknowledgement, A11Y_BRLAPI_PACKET_ACK) where size == 0:
            expected.removeFirst()
            return (8, .answer)
        case (.parameter(let parameter), A11Y_BRLAPI_PACKET_PARAM_VALUE) where (16...Int(BRLAPI_MAXPACKETSIZE)).contains(size):
            serverBody = (.answer, size, parameter)
            expected.removeFirst()
            return (8, .header)
        case (_, A11Y_BRLAPI_PACKET_ERROR) where size == 4:
            serverBody = (.refusal, size, nil)
            expected.removeFirst()
            return (8, .header)
        default:
            return nil
        }
    }

    /// True when `first` and `second` begin a body of `kind`: a value of `parameter` (the
    /// global flag alone, then the parameter), or an error (its body is a BrlAPI error code).
    private static func begins(_ kind: Kind, parameter: brlapi_param_t?, _ first: UInt32, _ second: UInt32?) -> Bool {
        switch kind {
        case .answer: first == UInt32(BRLAPI_PARAMF_GLOBAL) && second == parameter?.rawValue
        default: (1...64).contains(first) && !(second.map { isCoreHeader(first, $0) } ?? false)
        }
    }

    /// A key's header, or a preference update's.
    private static func isCoreHeader(_ first: UInt32, _ second: UInt32) -> Bool {
        isKeyHeader(first, second) || (second == A11Y_BRLAPI_PACKET_PARAM_UPDATE && (16...Int(BRLAPI_MAXPACKETSIZE)).contains(Int(first)))
    }

    /// A key's header (a size of 8, BRLAPI_PACKET_KEY).
    static func isKeyHeader(_ first: UInt32, _ second: UInt32) -> Bool {
        first == 8 && second == A11Y_BRLAPI_PACKET_KEY
    }
}
