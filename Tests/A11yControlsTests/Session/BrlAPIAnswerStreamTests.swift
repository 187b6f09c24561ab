import A11yVocabulary
import CBrl
import Glibc
import Synchronization
import Testing
import VirtualDisplayClient
@testable import A11yDevices

/// `BrailleDisplay.AnswerStream`: the keys and the answer to `ping`'s question, which BRLTTY's
/// two threads write header and body apart, taken apart again whatever the order they came in.
struct BrlAPIAnswerStreamTests {
    typealias Stream = BrailleDisplay.AnswerStream

    /// A key packet for LNDN (no flags; BRLAPI_KEY_TYPE_CMD | 2): header, body.
    static let keyHeader: [UInt8] = [0, 0, 0, 8, 0, 0, 0, 0x6B]
    static let keyBody: [UInt8] = [0, 0, 0, 0, 0x20, 0, 0, 2]
    /// The answer to the version question: header (20 bytes, PARAM_VALUE), body (global flag,
    /// SERVER_VERSION, sub-parameter 0, version 8).
    static let answerHeader: [UInt8] = [0, 0, 0, 20, 0, 0, 0x50, 0x56]
    static let answerBody: [UInt8] = [0, 0, 0, 1] + [UInt8](repeating: 0, count: 12) + [0, 0, 0, 8]

    /// The bytes read as `ping` reads them: what each step took, the keys, the bytes left.
    static func read(_ bytes: [UInt8]) throws(BrailleError) -> (steps: [Stream.Step], left: [UInt8]) {
        var stream = Stream()
        var rest = bytes[...]
        var steps: [Stream.Step] = []
        while !stream.isComplete {
            let step = try stream.step(Array(rest.prefix(8)))
            steps.append(step)
            switch step {
            case .keyHeader, .answerHeader, .key: rest = rest.dropFirst(8)
            case .answer(let size): rest = rest.dropFirst(size)
            case .otherPacket(let size): rest = rest.dropFirst(8 + size)
            }
        }
        return (steps, Array(rest))
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
        let (steps, left) = try Self.read(parts.flatMap { $0 })
        let key = BrailleDisplay.AnswerStream.Step.key(0x2000_0002)
        let answerFirst = parts.first == Self.answerHeader && parts[1] == Self.answerBody
        if answerFirst {
            // The answer alone: the key is left on the socket, whole, for `readKey`.
            #expect(steps == [.answerHeader, .answer(size: 20)])
            #expect(left == Self.keyHeader + Self.keyBody)
        } else {
            #expect(steps.filter { $0 == key }.count == 1)
            #expect(steps.last == .answer(size: 20) || steps.last == key)
            #expect(left.isEmpty)
        }
        #expect(BrailleKey(keyCode: 0x2000_0002) == .lineDown)
    }

    @Test func keysAndAnUpdateBeforeTheAnswer() throws {
        // A preference update (PARAM_UPDATE, 4 bytes of value) comes whole: BrlAPI reads it.
        let update: [UInt8] = [0, 0, 0, 4, 0, 0, 0x50, 0x55, 1, 2, 3, 4]
        let bytes = Self.keyHeader + Self.keyBody + update + Self.keyHeader + Self.answerHeader + Self.keyBody + Self.answerBody
        let (steps, left) = try Self.read(bytes)
        #expect(steps == [.keyHeader, .key(0x2000_0002), .otherPacket(size: 4), .keyHeader, .answerHeader,
                          .key(0x2000_0002), .answer(size: 20)])
        #expect(left.isEmpty)
    }

    /// Bytes that fit none of the ways BRLTTY writes end the wait with an error (the session
    /// connects again), instead of waiting for a "packet" that never ends.
    @Test func bytesOutOfStepAreAnError() throws {
        #expect(throws: BrailleError.self) { try Self.read(Self.answerHeader + [0, 0, 0x40, 0, 0, 0, 0, 0]) }
        #expect(throws: BrailleError.self) { try Self.read([0xFF, 0, 0, 0, 0, 0, 0, 0x6B]) }
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
