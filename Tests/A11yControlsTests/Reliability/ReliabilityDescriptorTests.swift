import Glibc
import Testing
import A11yControls
import A11yTestSupport

/// The library's descriptors do not leak into programs its host starts: a child that inherited
/// the write end of a wake-up or key pipe would keep the reader from ever seeing its end.
@Suite struct ReliabilityDescriptorTests {
    private func flags(_ fd: Int32) -> (closeOnExec: Bool, nonBlocking: Bool) {
        (fcntl(fd, F_GETFD) & FD_CLOEXEC != 0, fcntl(fd, F_GETFL) & O_NONBLOCK != 0)
    }

    @Test func pipesAreClosedOnExecFromTheStart() throws {
        let ends = try #require(Pipe.make())
        defer { close(ends.read); close(ends.write) }
        #expect(flags(ends.read) == (true, true) && flags(ends.write) == (true, true))
        let blocking = try #require(Pipe.make(blocking: true))
        defer { close(blocking.read); close(blocking.write) }
        #expect(flags(blocking.read) == (true, false) && flags(blocking.write) == (true, false))
        let wake = try #require(WakeSignal())
        #expect(flags(wake.descriptor) == (true, true))
    }

    /// A child started while a pipe is open holds none of it: the reader sees the end of input as
    /// soon as the writer closes, even while the child runs.
    @Test func aChildStartedMeanwhileDoesNotHoldAPipeOpen() throws {
        let ends = try #require(Pipe.make(blocking: true))
        defer { close(ends.read) }
        let child = try ChildProcess(["/bin/sleep", "5"], environment: [:])
        defer { kill(child.pid, SIGKILL); _ = try? child.waitForExit(timeout: .seconds(5)) }
        close(ends.write)
        var byte: UInt8 = 0
        var request = pollfd(fd: ends.read, events: Int16(POLLIN), revents: 0)
        #expect(poll(&request, 1, 2000) == 1)
        #expect(read(ends.read, &byte, 1) == 0)  // the end, not a wait for the child
    }
}
