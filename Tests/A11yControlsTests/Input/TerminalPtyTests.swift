// The Terminal device on a pseudo-terminal (A11yTestSupport's Pty): raw mode, restore, kitty
// keyboard mode, window size, the kitty query, the scripted key source, the signal self-pipe.
// TerminalProgramTests.swift runs the device in a real program on a pty.
import Dispatch
import Foundation
import Glibc
import A11yTestSupport
import Testing
import VirtualDisplayClient
@testable import A11yDevices
@testable import A11yInput
@testable import A11ySession
@testable import A11yVocabulary

@Suite("Terminal on a pseudo-terminal", .serialized)
struct TerminalPtyTests {
    /// A session that closes its sub end twice (closeSub, then close) must not close a
    /// descriptor number that another test has been given meanwhile (its pty would hang up, and
    /// TerminalProgramTests beside the integration tests' pty sessions would fail).
    @Test("a pty closes each descriptor once: a number reused by another is left alone")
    func closesEachDescriptorOnce() throws {
        let pty = try Pty()
        let sub = pty.sub
        pty.closeSub()
        // The lowest free number: the one just closed, as another test's open would get.
        let other = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(other) }
        #expect(other == sub)
        pty.close()
        pty.close()
        #expect(fcntl(other, F_GETFD) != -1, "the other descriptor was closed by the pty")
        #expect(pty.main == -1 && pty.sub == -1)
    }

    @Test("raw mode: no echo, no canonical mode, no CR translation; signals and output processing kept")
    func rawMode() throws {
        let pty = try Pty()
        defer { pty.close() }
        let terminal = Terminal(fileDescriptor: pty.sub)
        try terminal.enterRawMode()
        let raw = try terminal.currentSettings()
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | IEXTEN) == 0)
        #expect(raw.c_lflag & tcflag_t(ISIG) != 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) != 0)
        try terminal.restore()
    }

    @Test("restore puts back exactly the saved settings, also from the emergency path")
    func restoreExactly() throws {
        let pty = try Pty()
        defer { pty.close() }
        // Unusual settings, to see they come back as they were.
        pty.setUnusualSettings()
        let before = try Terminal(fileDescriptor: pty.sub).currentSettings()

        let terminal = Terminal(fileDescriptor: pty.sub)
        try terminal.enterRawMode()
        #expect(!TerminalModes.equal(try terminal.currentSettings(), before))
        try terminal.restore()
        #expect(TerminalModes.equal(try terminal.currentSettings(), before))
        try terminal.restore()  // twice is harmless

        // What a signal handler does.
        try terminal.enterRawMode()
        EmergencyState.restoreTerminal()
        #expect(TerminalModes.equal(try terminal.currentSettings(), before))
    }

    /// The terminal on `pty` in raw mode, kitty keyboard mode pushed, cursor hidden.
    private func kittyTerminal(on pty: Pty) throws -> Terminal {
        let terminal = Terminal(fileDescriptor: pty.sub)
        try terminal.enterRawMode()
        try terminal.enableKittyKeyboard()
        try terminal.setCursorVisible(false)
        return terminal
    }

    @Test("kitty keyboard mode is pushed, and popped by restore; the cursor comes back")
    func kittyAndCursor() throws {
        let pty = try Pty()
        defer { pty.close() }
        let terminal = try kittyTerminal(on: pty)
        #expect(pty.readOutput() == "\u{1B}[>3u\u{1B}[?25l")
        try terminal.restore()
        #expect(pty.readOutput() == "\u{1B}[<u\u{1B}[?25h")
        #expect(!terminal.kittyKeyboardEnabled)
    }

    @Test("the emergency restore also pops kitty mode and shows the cursor")
    func emergencyBytes() throws {
        let pty = try Pty()
        defer { pty.close() }
        let terminal = try kittyTerminal(on: pty)
        _ = pty.readOutput()
        // The terminal stays alive: the emergency path restores the terminals that are.
        withExtendedLifetime(terminal) { EmergencyState.restoreTerminal() }
        #expect(pty.readOutput() == "\u{1B}[<u\u{1B}[?25h")
    }

    @Test("window size")
    func windowSize() throws {
        let pty = try Pty()
        defer { pty.close() }
        var ws = winsize(ws_row: 31, ws_col: 101, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(pty.main, UInt(TIOCSWINSZ), &ws)
        #expect(try Terminal(fileDescriptor: pty.sub).size() == TerminalSize(columns: 101, rows: 31))
    }

    @Test("kitty query: a flags reply before the device attributes means supported; typed keys are kept", arguments: [true, false])
    func kittyQuery(supported: Bool) throws {
        let pty = try Pty()
        defer { pty.close() }
        let terminal = Terminal(fileDescriptor: pty.sub)
        try terminal.enterRawMode()
        let main = pty.main
        let answered = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var buffer = [UInt8](repeating: 0, count: 64)
            var pfd = pollfd(fd: main, events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, 2000)
            _ = buffer.withUnsafeMutableBytes { read(main, $0.baseAddress, 64) }
            let reply = (supported ? "k\u{1B}[?0u" : "k") + "\u{1B}[?62;22c"
            _ = reply.withCString { write(main, $0, strlen($0)) }
            answered.signal()
        }
        let result = try terminal.queryKittyKeyboard(timeout: Polling.hang)
        answered.wait()
        #expect(result.isSupported == supported)
        #expect(result.typedAhead == [KeyEvent(.character("k"))])
        try terminal.restore()
    }

    @Test("scripted key source: bytes from a pipe, then end of input")
    func scriptedSource() throws {
        let ends = try #require(Pipe.make(blocking: true))
        let fds = [ends.read, ends.write]
        defer { close(fds[0]) }
        let source = KeySource(scriptedInput: fds[0])
        #expect(source.holdDetection == .none)
        _ = "kk\u{1B}".withCString { write(fds[1], $0, 3) }
        close(fds[1])
        let bytes = try source.read()
        #expect(bytes == Array("kk\u{1B}".utf8))
        #expect(try source.read() == nil)
        var decoder = KeyDecoder()
        // Two Up keys are two presses; a lone Escape at the end of input is Escape.
        #expect(decoder.feed(bytes!) + decoder.flush() == [KeyEvent(.character("k")), KeyEvent(.character("k")), KeyEvent(.escape)])
    }

    @Test("signals arrive on the self-pipe")
    func selfPipe() throws {
        let fd = try SignalHandling.install()
        #expect(fd >= 0)
        _ = SignalHandling.drain()
        // The test runner's threads block signals; raise() targets this thread, so unblock here.
        var signals = sigset_t()
        var previous = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGWINCH)
        sigaddset(&signals, SIGCONT)
        pthread_sigmask(SIG_UNBLOCK, &signals, &previous)
        raise(SIGWINCH)
        raise(SIGCONT)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        #expect(SignalHandling.drain() == [.resized, .resumed])
        #expect(TerminalSignal.interrupt.exitCode == 130)
        #expect(TerminalSignal.terminate.exitCode == 143)
        #expect(TerminalSignal.hangup.exitCode == 129)
    }
}
