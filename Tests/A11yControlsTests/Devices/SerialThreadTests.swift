import Glibc
import Synchronization
import Testing
@testable import A11yDevices
import VirtualDisplayClient

/// The speech worker's queue: work runs in order, on one thread that is not the caller's, and
/// the thread is only made when the first work comes (a session with speech off makes none).
@Suite struct SerialThreadTests {
    @Test func workRunsInOrderOnOneThreadOfItsOwn() {
        let queue = SerialThread()
        let caller = pthread_self()
        let seen = Mutex<(order: [Int], threads: [pthread_t])>(([], []))
        for index in 0..<50 {
            queue.submit { seen.withLock { $0.order.append(index); $0.threads.append(pthread_self()) } }
        }
        let done = queue.wait(for: {}, atMost: .seconds(5))
        #expect(done)
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
        var queues: [SerialThread] = []
        for _ in 0..<200 { queues.append(SerialThread()) }
        let after = try threadCount()
        // Other tests of this process run alongside and come and go: far fewer than 200.
        #expect(after - before < 100)
        queues.removeAll()
    }

    @Test func workWaitingForADescriptorRunsWhenItIsReadableAndTheWorkAfterItWaits() throws {
        let queue = SerialThread()
        let (readEnd, writeEnd) = try #require(Pipe.make())
        defer { close(readEnd); close(writeEnd) }
        let order = Mutex<[String]>([])
        queue.submit(whenReadable: readEnd) {
            var byte: UInt8 = 0
            _ = read(readEnd, &byte, 1)
            order.withLock { $0.append("answer \(byte)") }
        }
        queue.submit { order.withLock { $0.append("after") } }
        // Nothing is readable: the work after it cannot have run (a bounded wait, not a sleep).
        let ranEarly = queue.wait(for: {}, atMost: .milliseconds(50))
        #expect(!ranEarly)
        #expect(order.withLock { $0 }.isEmpty)
        var byte: UInt8 = 7
        _ = write(writeEnd, &byte, 1)
        let ranAfterTheAnswer = queue.wait(for: {}, atMost: .seconds(5))
        #expect(ranAfterTheAnswer)
        #expect(order.withLock { $0 } == ["answer 7", "after"])
    }

    @Test func workWaitingForTheWatchedDescriptorDoesNotWakeTheThread() throws {
        let queue = SerialThread()
        let (readEnd, writeEnd) = try #require(Pipe.make())
        defer { close(readEnd) }
        let answers = Mutex(0)
        @Sendable func readAnswer() {
            var byte: UInt8 = 0
            _ = read(readEnd, &byte, 1)
            answers.withLock { $0 += 1 }
        }
        // The first waits for a descriptor the sleeping thread does not watch: it is woken.
        let before = queue.wakes.load(ordering: .relaxed)
        queue.submit(whenReadable: readEnd, readAnswer)
        #expect(queue.wakes.load(ordering: .relaxed) == before + 1)
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
        #expect(Polling.until(timeout: .seconds(5), every: .milliseconds(1)) { answers.withLock { $0 } == 1 })
        let idle = queue.wait(for: {}, atMost: .seconds(5))
        #expect(idle)
        // Idle now, it watches that descriptor: the next such work does not wake it, and runs
        // when the answer comes.
        for round in 2...4 {
            let wakes = queue.wakes.load(ordering: .relaxed)
            queue.submit(whenReadable: readEnd, readAnswer)
            #expect(queue.wakes.load(ordering: .relaxed) == wakes)
            _ = write(writeEnd, &byte, 1)
            #expect(Polling.until(timeout: .seconds(5), every: .milliseconds(1)) { answers.withLock { $0 } == round })
        }
        // The descriptor hung up with nothing waiting for it: the thread stops watching it (it
        // would wake at once again), and later work still runs.
        close(writeEnd)
        #expect(Polling.until(timeout: .seconds(5), every: .milliseconds(1)) { queue.watching == -1 })
        let stillRuns = queue.wait(for: {}, atMost: .seconds(5))
        #expect(stillRuns)
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
