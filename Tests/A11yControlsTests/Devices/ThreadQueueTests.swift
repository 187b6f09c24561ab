import Glibc
import Synchronization
import Testing
@testable import A11yDevices
import VirtualDisplayClient

/// The speech queue (a `ThreadQueue`): work runs in order, on one thread that is not the caller's, and
/// the thread is only made when the first work comes (a session with speech off makes none).
@Suite struct ThreadQueueTests {
    @Test func workRunsInOrderOnOneThreadOfItsOwn() {
        let queue = ThreadQueue()
        let caller = pthread_self()
        let seen = Mutex<(order: [Int], threads: [pthread_t])>(([], []))
        for index in 0..<50 {
            queue.submit { seen.withLock { $0.order.append(index); $0.threads.append(pthread_self()) } }
        }
        // A deadline for a hang only, far beyond the time this takes (printed, never asserted).
        let started = ContinuousClock.now
        let done = queue.wait(for: {}, atMost: .seconds(60))
        #expect(done, "50 pieces of work did not run within 60 s")
        print("thread queue: 50 pieces of work ran in \(ContinuousClock.now - started)")
        let (order, threads) = seen.withLock { $0 }
        #expect(order == Array(0..<50))
        #expect(Set(threads.map { UInt($0) }).count == 1)
        let offTheCaller = threads.allSatisfy { pthread_equal($0, caller) == 0 }
        #expect(offTheCaller)
    }

    @Test func noThreadIsMadeBeforeTheFirstWork() throws {
        // Made and dropped without work, many times: were a thread made each time, this process
        // would have them all (each ends only when woken by its queue's release).
        let before = try threadCount()
        var queues: [ThreadQueue] = []
        for _ in 0..<200 { queues.append(ThreadQueue()) }
        let after = try threadCount()
        // Other tests of this process run alongside and come and go: far fewer than 200.
        #expect(after - before < 100)
        queues.removeAll()
    }

    private func threadCount() throws -> Int {
        guard let directory = opendir("/proc/self/task") else { throw CancellationError() }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
        }
        return count
    }
}
