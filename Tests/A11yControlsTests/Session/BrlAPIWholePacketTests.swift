import Glibc
import Synchronization
import Testing
import VirtualDisplayClient
@testable import A11yDevices

/// `BrailleDisplay.awaitWholePacket(on:)`: before a read of BrlAPI's that must not wait, a packet
/// that has begun to come (BRLTTY writes a header and its body apart) is waited for, so BrlAPI
/// never keeps half a packet and the socket never begins in the middle of one, which `ping`,
/// reading the socket itself, would misread.
struct BrlAPIWholePacketTests {
    /// BRLAPI_PACKET_KEY ('k') for LNDN (BRLAPI_KEY_TYPE_CMD | 2): header, body.
    static let header: [UInt8] = [0, 0, 0, 8, 0, 0, 0, 0x6B]
    static let body: [UInt8] = [0, 0, 0, 0, 0x20, 0, 0, 2]

    final class Waiter: Sendable {
        let returned = Atomic(false)
        var hasReturned: Bool { returned.load(ordering: .sequentiallyConsistent) }
    }

    /// The client's and the server's ends of a connected pair of stream sockets.
    static func pair() throws -> (client: Int32, server: Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    static func send(_ bytes: [UInt8], to socket: Int32) {
        _ = bytes.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
    }

    /// `awaitWholePacket(on: client)` on a thread of its own.
    static func awaitWhole(on client: Int32) throws -> Waiter {
        let waiter = Waiter()
        try #require(DetachedThread.start {
            try? BrailleDisplay.awaitWholePacket(on: client)
            waiter.returned.store(true, ordering: .sequentiallyConsistent)
        })
        return waiter
    }

    /// Sends `first`, checks that the wait goes on (looked at for 50 ms: it could only end too
    /// early), sends `rest`, checks that it ends.
    static func waitsFor(_ rest: [UInt8], after first: [UInt8], client: Int32, server: Int32) throws {
        send(first, to: server)
        let waiter = try awaitWhole(on: client)
        #expect(!Polling.until(timeout: .milliseconds(50), every: .milliseconds(1)) { waiter.hasReturned })
        send(rest, to: server)
        #expect(Polling.until(timeout: .seconds(5), every: .milliseconds(1)) { waiter.hasReturned })
    }

    @Test func aHeaderWithoutItsBodyIsWaitedFor() throws {
        let (client, server) = try Self.pair()
        defer { close(client); close(server) }
        try Self.waitsFor(Self.body, after: Self.header, client: client, server: server)
        // Nothing was taken off the socket: the whole packet is there for BrlAPI.
        #expect(try BrailleDisplay.peek(16, on: client) == Self.header + Self.body)
    }

    @Test func partOfAHeaderIsWaitedForWithItsBody() throws {
        let (client, server) = try Self.pair()
        defer { close(client); close(server) }
        try Self.waitsFor(Array(Self.header[3...]) + Self.body, after: Array(Self.header[..<3]), client: client, server: server)
    }

    @Test func aWholePacketOrNothingIsNotWaitedFor() throws {
        let (client, server) = try Self.pair()
        defer { close(client); close(server) }
        try BrailleDisplay.awaitWholePacket(on: client)  // nothing there
        Self.send(Self.header + Self.body + Self.header, to: server)  // a whole packet first
        try BrailleDisplay.awaitWholePacket(on: client)
        // A header announcing more than BrlAPI takes (it discards such a packet): not waited for.
        let (other, otherServer) = try Self.pair()
        defer { close(other); close(otherServer) }
        Self.send([0, 0, 0x40, 0, 0, 0, 0, 0x6B], to: otherServer)
        try BrailleDisplay.awaitWholePacket(on: other)
    }

    /// A packet that stops halfway (the socket read out of step) is not waited for for ever.
    @Test func aPacketThatStopsHalfwayEndsTheWait() throws {
        let (client, server) = try Self.pair()
        defer { close(client); close(server) }
        Self.send(Self.header + Self.body, to: server)
        #expect(throws: BrailleError.self) { try BrailleDisplay.peek(20, on: client, restWithin: .milliseconds(50)) }
        // The rest in time: the bytes, nothing taken.
        let waiter = Waiter()
        try #require(DetachedThread.start {
            if (try? BrailleDisplay.peek(20, on: client, restWithin: .seconds(5))) != nil { waiter.returned.store(true, ordering: .sequentiallyConsistent) }
        })
        Self.send([1, 2, 3, 4], to: server)
        #expect(Polling.until(timeout: .seconds(5), every: .milliseconds(1)) { waiter.hasReturned })
    }
}
