import Glibc
import Synchronization
import VirtualDisplayClient

/// A pseudo-terminal pair: the test or the benchmark plays the terminal emulator on `main`; the
/// program under test uses `sub` (or opens `subPath`, as its controlling terminal).
///
/// A class that closes each descriptor exactly once: `closeSub()` then `close()` (or `close()`
/// twice) must not close a descriptor number again, because by then another test running in the
/// same process may have been given that number: a second close would take the main or sub end
/// of another test's pty (its helper's terminal hangs up, and that test fails with "helper did
/// not start", "tcsetattr: Input/output error" or "restored false"). After a close, `main` /
/// `sub` read -1, so a late use fails with EBADF instead.
package final class Pty: Sendable {
    private struct Descriptors { var main: Int32; var sub: Int32 }
    private let descriptors: Mutex<Descriptors>

    /// The main end (-1 once closed).
    package var main: Int32 { descriptors.withLock { $0.main } }
    /// The subordinate end (-1 once closed).
    package var sub: Int32 { descriptors.withLock { $0.sub } }
    /// /dev/pts/N.
    package let subPath: String

    /// Opens a new pair (both ends O_NOCTTY and close-on-exec).
    package init() throws {
        // posix_openpt/grantpt/unlockpt/ptsname by hand (Glibc's module does not export them).
        // Linux's TIOCSPTLCK = _IOW('T', 0x31, int) and TIOCGPTN = _IOR('T', 0x30, unsigned int),
        // which Swift cannot import (function-like macros).
        let TIOCSPTLCK: UInt = 0x4004_5431
        let TIOCGPTN: UInt = 0x8004_5430
        let main = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard main >= 0, ioctl(main, TIOCSPTLCK, &unlock) == 0, ioctl(main, TIOCGPTN, &number) == 0 else {
            let reason = String(cString: strerror(errno))
            if main >= 0 { Glibc.close(main) }
            throw FixtureError("/dev/ptmx: \(reason)")
        }
        let path = "/dev/pts/\(number)"
        let sub = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard sub >= 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(main)
            throw FixtureError("\(path): \(reason)")
        }
        descriptors = Mutex(Descriptors(main: main, sub: sub))
        subPath = path
    }

    deinit { close() }

    /// Turns on settings a raw mode would not keep (ECHOCTL, IUTF8), so a restore that loses them shows.
    package func setUnusualSettings() {
        var odd = termios()
        tcgetattr(sub, &odd)
        odd.c_lflag |= tcflag_t(ECHOCTL)
        odd.c_iflag |= tcflag_t(IUTF8)
        tcsetattr(sub, TCSANOW, &odd)
    }

    /// True while the program on the pty has it in raw mode (canonical input and echo off).
    package var isRaw: Bool {
        var settings = termios()
        guard tcgetattr(sub, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ICANON | ECHO) == 0
    }

    /// Sets the window size (the program gets SIGWINCH when it is the terminal's foreground).
    package func setWindowSize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(main, UInt(TIOCSWINSZ), &size)
    }

    /// Closes the subordinate end only (once a child has it open, so that the main end reads EIO
    /// when the child is gone).
    package func closeSub() {
        descriptors.withLock { descriptors in
            if descriptors.sub >= 0 { Glibc.close(descriptors.sub) }
            descriptors.sub = -1
        }
    }

    /// Closes both ends (those still open).
    package func close() {
        closeSub()
        descriptors.withLock { descriptors in
            if descriptors.main >= 0 { Glibc.close(descriptors.main) }
            descriptors.main = -1
        }
    }

    /// Writes bytes as typed keys; returns the instant just before the write.
    @discardableResult
    package func type(_ bytes: [UInt8]) -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        _ = bytes.withUnsafeBytes { write(main, $0.baseAddress, $0.count) }
        return now
    }

    /// Writes text as typed keys.
    package func type(_ text: String) {
        type(Array(text.utf8))
    }

    /// Reads until `text` appears (or `timeout` passes); returns everything read. What arrived
    /// by the deadline is read once more after it, so a reader stalled past it still sees it.
    package func read(until text: String, timeout: Duration = Polling.hang, file: String = #fileID, line: Int = #line) -> String {
        let start = ContinuousClock.now
        let deadline = start + timeout
        var out: [UInt8] = []
        var late = Duration.zero
        while !String(decoding: out, as: UTF8.self).contains(text) {
            let now = ContinuousClock.now
            let expired = now >= deadline
            if expired { late = now - deadline }
            guard let chunk = readChunk(waitingMilliseconds: expired ? 0 : 100) else {
                if expired { break } else { continue }
            }
            if chunk.isEmpty { break }
            out += chunk
        }
        let result = String(decoding: out, as: UTF8.self)
        Polling.report(file: file, line: line, took: ContinuousClock.now - start, timeout: timeout, found: result.contains(text), late: late)
        return result
    }

    /// Reads what the program wrote to the terminal (waits up to 1 s for the first byte, then
    /// until 50 ms pass without any).
    package func readOutput() -> String {
        var out: [UInt8] = []
        while let chunk = readChunk(waitingMilliseconds: out.isEmpty ? 1000 : 50), !chunk.isEmpty {
            out += chunk
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One read of the main end: nil when nothing came within the wait, empty at the end (EIO).
    private func readChunk(waitingMilliseconds: Int32) -> [UInt8]? {
        var request = pollfd(fd: main, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, waitingMilliseconds) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(main, $0.baseAddress, 256) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }
}
