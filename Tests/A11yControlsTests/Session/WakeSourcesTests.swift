import Glibc
import Testing
import A11yDevices
@testable import A11ySession
import A11yTestSupport

/// The session's loop waits on its descriptors by name (`WakeSources`): what is ready comes back
/// as the names of the sources, a source without a descriptor is not waited on, and the speech
/// server's socket counts only when it hangs up. No test sleeps: every wait has a timeout of 0
/// (the state is set before it).
@Suite struct WakeSourcesTests {
    /// A pipe whose ends are closed once each.
    final class TestPipe {
        let read: Int32
        private(set) var write: Int32
        init() throws {
            guard let ends = Pipe.make() else { throw FixtureError("pipe failed") }
            (read, write) = ends
        }
        func put(_ byte: UInt8) {
            var byte = byte
            _ = Glibc.write(write, &byte, 1)
        }
        func closeWrite() {
            if write >= 0 { Glibc.close(write) }
            write = -1
        }
        deinit {
            closeWrite()
            Glibc.close(read)
        }
    }

    @Test func theReadySourcesComeBackByName() throws {
        let keys = try TestPipe(), braille = try TestPipe(), speechStatus = try TestPipe()
        let sources = WakeSources(keys: keys.read, signals: nil, speechStatus: speechStatus.read, speechServer: nil,
                                  screenReader: nil, braille: braille.read)
        #expect(sources.wait(timeout: 0) == [])
        braille.put(1)
        #expect(sources.wait(timeout: 0) == [.braille])
        keys.put(2)
        #expect(sources.wait(timeout: 0) == [.keys, .braille])
        #expect(sources[.keys] == keys.read && sources[.braille] == braille.read)
        #expect(sources[.signals] == nil && sources[.screenReader] == nil, "a source without a descriptor is not waited on")
    }

    @Test func theSpeechServerCountsOnlyWhenItHangsUp() throws {
        let server = try TestPipe()
        let sources = WakeSources(keys: -1, signals: nil, speechStatus: nil, speechServer: server.read, screenReader: nil, braille: nil)
        server.put(1)
        #expect(sources.wait(timeout: 0) == [], "data from the server is not a hang-up")
        server.closeWrite()
        #expect(sources.wait(timeout: 0) == [.speechServer])
    }

    @Test func theWaitEndsAtTheDeadlineRoundedUp() {
        #expect(WakeSources.timeout(until: nil, now: .seconds(5)) == -1)
        #expect(WakeSources.timeout(until: .seconds(5), now: .seconds(6)) == 0)
        #expect(WakeSources.timeout(until: .seconds(5), now: .seconds(5)) == 0)
        #expect(WakeSources.timeout(until: .microseconds(1_500), now: .zero) == 2)
        #expect(WakeSources.timeout(until: .seconds(3), now: .seconds(1)) == 2_000)
    }
}
