import A11yVocabulary
import CBrl
import Glibc
import Synchronization
import Testing
import VirtualDisplayClient
@testable import A11yDevices

/// `BrlAPIPacketStream`: the answers to this program's requests, and the keys and updates that
/// come meanwhile, which BRLTTY's two threads write header and body apart, taken apart again
/// whatever the order they came in.
struct BrlAPIPacketStreamTests {
    typealias Stream = BrlAPIPacketStream

    /// A key packet for LNDN (no flags; BRLAPI_KEY_TYPE_CMD | 2): header, body.
    static let keyHeader: [UInt8] = [0, 0, 0, 8, 0, 0, 0, 0x6B]
    static let keyBody: [UInt8] = [0, 0, 0, 0, 0x20, 0, 0, 2]
    /// The answer to the version question: header (20 bytes, PARAM_VALUE), body (global flag,
    /// SERVER_VERSION, sub-parameter 0, version 8).
    static let answerHeader: [UInt8] = [0, 0, 0, 20, 0, 0, 0x50, 0x56]
    static let answerBody: [UInt8] = [0, 0, 0, 1] + [UInt8](repeating: 0, count: 12) + [0, 0, 0, 8]
    static let acknowledgement: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0x41]
    /// An update of LITERARY_BRAILLE (0x0c) to 1: header, body.
    static let updateHeader: [UInt8] = [0, 0, 0, 17, 0, 0, 0x50, 0x55]
    static let updateBody: [UInt8] = [0, 0, 0, 1, 0, 0, 0, 0x0C] + [UInt8](repeating: 0, count: 8) + [1]
    static let version = Stream.Answer.parameter(BRLAPI_PARAM_SERVER_VERSION)

    /// The bytes read as `BrailleDisplay.ask` reads them: each step's kind and bytes, and the
    /// bytes left.
    static func read(_ bytes: [UInt8], expecting answers: [Stream.Answer]) throws(BrailleError) -> (steps: [(Stream.Kind, [UInt8])], left: [UInt8]) {
        var stream = Stream(expecting: answers)
        var rest = bytes[...]
        var steps: [(Stream.Kind, [UInt8])] = []
        repeat {
            let (count, kind) = try stream.step(Array(rest.prefix(8)))
            steps.append((kind, Array(rest.prefix(count))))
            rest = rest.dropFirst(count)
        } while !stream.isComplete
        return (steps, Array(rest))
    }

    static func kinds(_ steps: [(Stream.Kind, [UInt8])], _ kind: Stream.Kind) -> [[UInt8]] {
        steps.filter { $0.0 == kind }.map(\.1)
    }

    /// Every order BRLTTY's two threads can write a key's two parts and the answer's two in.
    @Test(arguments: [
        [keyHeader, keyBody, answerHeader, answerBody],
        [keyHeader, answerHeader, keyBody, answerBody],
        [keyHeader, answerHeader, answerBody, keyBody],
        [answerHeader, keyHeader, keyBody, answerBody],
        [answerHeader, keyHeader, answerBody, keyBody],
        [answerHeader, answerBody, keyHeader, keyBody],
    ])
    func aKeyMixedWithTheAnswerInAnyOrderIsTakenWhole(parts: [[UInt8]]) throws {
        let (steps, left) = try Self.read(parts.flatMap { $0 }, expecting: [Self.version])
        #expect(Self.kinds(steps, .answer) == [Self.answerBody])
        if parts.first == Self.answerHeader && parts[1] == Self.answerBody {
            // The answer alone: the key is left on the socket, whole, for `readKey`.
            #expect(left == Self.keyHeader + Self.keyBody)
        } else {
            #expect(Self.kinds(steps, .key) == [Self.keyBody])
            #expect(left.isEmpty)
        }
    }

    /// Acknowledgements (one write each) inside a key and inside an update, and a key inside a
    /// value: the requests of `acceptKeys` and of the watch in one write.
    @Test func acknowledgementsAndValuesMixedWithKeysAndUpdates() throws {
        let bytes = Self.keyHeader + Self.acknowledgement + Self.keyBody + Self.updateHeader + Self.acknowledgement
            + Self.updateBody + Self.answerHeader + Self.keyHeader + Self.keyBody + Self.answerBody
        let (steps, left) = try Self.read(bytes, expecting: [.acknowledgement, .acknowledgement, Self.version])
        #expect(Self.kinds(steps, .answer) == [Self.acknowledgement, Self.acknowledgement, Self.answerBody])
        #expect(Self.kinds(steps, .key) == [Self.keyBody, Self.keyBody])
        #expect(Self.kinds(steps, .update) == [Self.updateBody])
        #expect(left.isEmpty)
    }

    /// An error in place of an answer is read whole (and the answers after it): nothing of it
    /// is left on the socket for the next read.
    @Test func anErrorAnswersItsRequest() throws {
        // BRLAPI_ERROR_INVALID_PARAMETER (3): an error's body is its code alone.
        let error: [UInt8] = [0, 0, 0, 4, 0, 0, 0, 0x65, 0, 0, 0, 3]
        let (steps, left) = try Self.read(Self.acknowledgement + Array(error[..<8]) + Self.keyHeader + Array(error[8...]) + Self.keyBody,
                                          expecting: [.acknowledgement, .acknowledgement])
        #expect(Self.kinds(steps, .refusal) == [Array(error[8...])])
        #expect(Self.kinds(steps, .key) == [Self.keyBody])
        #expect(left.isEmpty)
        // The last bytes BRLTTY sends: read with 4 bytes to look at, not waited for.
        let (last, _) = try Self.read(error, expecting: [Self.version])
        #expect(Self.kinds(last, .refusal) == [Array(error[8...])])
    }

    /// With no answer expected: a packet of another kind (an exception) is left whole for BrlAPI.
    @Test func anotherPacketIsLeftWholeForBrlAPI() throws {
        let exception: [UInt8] = [0, 0, 0, 8, 0, 0, 0, 0x45, 0, 0, 0, 3, 0, 0, 0, 0x77]
        let (steps, _) = try Self.read(exception, expecting: [])
        #expect(steps.count == 1 && steps[0].0 == .otherPacket && steps[0].1 == exception)
    }

    /// Bytes that fit none of the ways BRLTTY writes end the wait with an error (the session
    /// connects again), instead of waiting for a "packet" that never ends.
    @Test func bytesOutOfStepAreAnError() throws {
        #expect(throws: BrailleError.self) { try Self.read(Self.answerHeader + [0, 0, 0x40, 0, 0, 0, 0, 0], expecting: [Self.version]) }
        #expect(throws: BrailleError.self) { try Self.read([0xFF, 0, 0, 0, 0, 0, 0, 0x6B], expecting: []) }
    }

    /// A packet that stops halfway (the socket read out of step) is not waited for for ever.
    @Test func aPacketThatStopsHalfwayEndsTheWait() throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let (client, server) = (ends[0], ends[1])
        defer { close(client); close(server) }
        func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { write(server, $0.baseAddress, $0.count) } }
        send(Self.keyHeader + Self.keyBody)
        #expect(throws: BrailleError.self) { try BrailleDisplay.peek(20, on: client, restWithin: .milliseconds(50)) }
        // The rest in time: the bytes, nothing taken.
        final class Waiter: Sendable { let returned = Atomic(false) }
        let waiter = Waiter()
        try #require(DetachedThread.start {
            if (try? BrailleDisplay.peek(20, on: client, restWithin: .seconds(5))) != nil { waiter.returned.store(true, ordering: .sequentiallyConsistent) }
        })
        send([1, 2, 3, 4])
        #expect(Polling.until(timeout: .seconds(5), every: .milliseconds(1)) { waiter.returned.load(ordering: .sequentiallyConsistent) })
    }
}
