// The terminal restore in a real program (TerminalCheckHelper) on a pseudo-terminal, ended every
// way a program ends: signals, Ctrl-C, an orderly exit, a crash, exit() without a restore.
import Foundation
import Glibc
import A11yTestSupport
import Testing
import VirtualDisplayClient
@testable import A11yDevices

/// True while `signal` waits to be delivered to `pid` (its SigPnd or ShdPnd in /proc).
private func signalPending(_ signal: Int32, in pid: pid_t) -> Bool {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    return status.split(separator: "\n").contains { line in
        guard line.hasPrefix("SigPnd:") || line.hasPrefix("ShdPnd:"),
              let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }
}

/// The helper's path: next to the test bundle in the build directory.
private func helperPath() -> String {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("TerminalCheckHelper").path
}

/// Runs TerminalCheckHelper on a fresh pty with unusual settings, does `act` once it is READY,
/// waits for it to end and checks that the terminal has exactly its old settings and was told
/// to pop the kitty mode and show the cursor.
private func runHelper(_ act: (pid_t, Pty) -> Void) throws -> (ending: ProcessEnding, output: String, restored: Bool) {
    let pty = try Pty()
    defer { pty.close() }
    pty.setUnusualSettings()
    var before = termios()
    tcgetattr(pty.sub, &before)

    // A new session (POSIX_SPAWN_SETSID), so that the pty can become the helper's controlling
    // terminal. (Foundation's Process makes the child a process group leader, which cannot call
    // setsid.)
    let helper = try ChildProcess([helperPath(), pty.subPath], environment: ["SWIFT_BACKTRACE": "enable=no"], newSession: true)
    var output = pty.read(until: "READY", timeout: Polling.hang)
    guard output.contains("READY") else {
        helper.killAndReap()
        Issue.record("helper did not start: \(output.debugDescription)")
        return (.exited(-1), output, false)
    }
    act(helper.pid, pty)
    let ending = Polling.until(timeout: Polling.hang, every: .zero) { () -> ProcessEnding? in
        output += pty.read(until: "\u{0}", timeout: .milliseconds(50))
        return helper.exit
    }
    if ending == nil {
        helper.killAndReap()
        Issue.record("helper did not end")
    }
    output += pty.read(until: "\u{0}", timeout: .milliseconds(100))
    var after = termios()
    tcgetattr(pty.sub, &after)
    let restored = TerminalModes.equal(before, after) && output.contains("\u{1B}[<u") && output.contains("\u{1B}[?25h")
    return (ending ?? helper.exit ?? .exited(-1), output, restored)
}

@Suite("Terminal restore in a real program on a pty", .serialized)
struct TerminalProgramTests {
    @Test("end-of-program signals restore the terminal and end the program by the signal", arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
    func signals(signal: Int32) throws {
        let result = try runHelper { pid, _ in kill(pid, signal) }
        #expect(result.ending == .signal(signal))
        #expect(result.restored, "\(result.output.debugDescription)")
    }

    @Test("the check notices an unrestored terminal (SIGKILL cannot be caught)")
    func killCannotRestore() throws {
        let result = try runHelper { pid, _ in kill(pid, SIGKILL) }
        #expect(result.ending == .signal(SIGKILL))
        #expect(!result.restored)
    }

    @Test("Ctrl-C typed on the terminal is SIGINT: exit status 130 for the shell")
    func controlC() throws {
        let result = try runHelper { _, pty in pty.type("\u{03}") }
        #expect(result.ending == .signal(SIGINT))
        #expect(result.restored)
    }

    @Test("an orderly exit restores")
    func orderly() throws {
        let result = try runHelper { _, pty in pty.type("q") }
        #expect(result.ending == .exited(0))
        #expect(result.restored)
    }

    @Test("a crash restores before the program dies")
    func crash() throws {
        let result = try runHelper { _, pty in pty.type("c") }
        #expect(result.ending == .signal(SIGILL) || result.ending == .signal(SIGTRAP))
        #expect(result.restored, "\(result.output.debugDescription)")
    }

    @Test("exit() without an orderly restore restores through atexit")
    func atexitPath() throws {
        let result = try runHelper { _, pty in pty.type("x") }
        #expect(result.ending == .exited(3))
        #expect(result.restored)
    }

    @Test("SIGWINCH reaches the loop with the new size; SIGCONT re-enters raw mode; a discarded SIGTSTP leaves raw mode on")
    func windowAndContinue() throws {
        let result = try runHelper { pid, pty in
            var ws = winsize(ws_row: 40, ws_col: 123, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(pty.main, UInt(TIOCSWINSZ), &ws)
            #expect(pty.read(until: "RESIZED").contains("RESIZED 123"))
            kill(pid, SIGCONT)
            #expect(pty.read(until: "RESUMED").contains("RESUMED raw=true"))
            // The helper is a session leader: its process group is orphaned, so the stop is
            // discarded (the stop itself is checked by hand in tmux: Ctrl-Z, stty, fg).
            kill(pid, SIGTSTP)
            // The handler ran: the signal is no longer pending, and raw mode is back on.
            #expect(Polling.until(timeout: Polling.hang) { !signalPending(SIGTSTP, in: pid) && pty.isRaw })
            pty.type("r")
            #expect(pty.read(until: "RAW").contains("RAW true"))
            pty.type("q")
        }
        #expect(result.ending == .exited(0))
        #expect(result.restored)
    }
}
