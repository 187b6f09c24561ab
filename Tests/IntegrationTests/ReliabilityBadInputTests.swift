import A11yControls
import A11yTestSupport
import Foundation
import Testing

/// Files and environment a user (or a broken script) may hand a11y-demo: key maps and plugins
/// that are binary, huge, a FIFO or a directory; BRLAPI_HOST, SPEECHD_ADDRESS, TERM, COLUMNS and
/// LANG with junk. Each gives one clear line (no escape sequence), and nothing hangs: the demo is
/// run scripted with a deadline, and killed (failing the test) if it does not end.
extension RealServerTests {
@Suite(.serialized)
struct ReliabilityBadInputTests {
    struct Run {
        var ending: ProcessEnding?
        var stdout: String
        var stderr: String
    }

    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-bad-input-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func path(_ name: String) -> String { Self.directory.appendingPathComponent(name).path }

    /// a11y-demo ARGUMENTS with `keys` on standard input and `environment` over the test's own.
    func demo(_ arguments: [String], keys: String = "\u{1B}[C\r", environment: [String: String] = [:]) throws -> Run {
        let input = path("keys-\(UUID().uuidString.prefix(6))")
        try keys.write(toFile: input, atomically: true, encoding: .utf8)
        let (out, err) = (input + ".out", input + ".err")
        let child = try ChildProcess([try DemoInTmux.binary] + arguments,
                                     environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                                     streams: .files(input: input, output: out, error: err))
        let ending = try child.waitForExit(timeout: .seconds(30))
        if ending == nil { child.killAndReap() }
        return Run(ending: ending, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                   stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// One line on stderr, naming the problem, without escape characters; status 2.
    func expectRefused(_ run: Run, saying words: String, _ context: String) {
        #expect(run.ending == .exited(2), "\(context): \(String(describing: run.ending)), stderr \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains(words), "\(context): \(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"))
    }

    @Test func keyMapsThatAreNotTextFiles() throws {
        let fifo = path("fifo")
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        let directory = path("a-directory")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let binary = path("binary")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: URL(fileURLWithPath: binary))
        let huge = path("huge")
        try Data(repeating: UInt8(ascii: "a"), count: 3 << 20).write(to: URL(fileURLWithPath: huge))
        for (file, words) in [(fifo, "not a regular file"), (directory, "is a directory"), (binary, "not text"), (huge, "too large")] {
            expectRefused(try demo(["range", "--keymap", file]), saying: words, file)
        }
        // A plugin that is a FIFO would hang dlopen: refused without opening it.
        expectRefused(try demo(["range", "--format-plugin", fifo]), saying: "not a regular file", "plugin FIFO")
    }

    @Test(arguments: [
        ("BRLAPI_HOST", "x\u{1B}[2J\u{1B}]0;title\u{07}y"), ("BRLAPI_HOST", "999.999.1.1:99999"),
        ("BRLAPI_HOST", String(repeating: "h", count: 5000)), ("BRLAPI_HOST", ""),
        ("SPEECHD_ADDRESS", "bogus:thing"), ("SPEECHD_ADDRESS", "unix_socket:/nonexistent/x"),
        ("SPEECHD_ADDRESS", "inet_socket:256.1.1.1:1"), ("SPEECHD_ADDRESS", "unix_socket:\u{1B}[31m"),
        ("TERM", "\u{1B}]0;x\u{07}"), ("TERM", ""), ("TERM", String(repeating: "t", count: 5000)),
        ("COLUMNS", "-5"), ("COLUMNS", "99999999999999999999"), ("COLUMNS", "abc"),
        ("LANG", "xx_YY.BOGUS@junk"), ("LANG", "\u{1B}[2J"), ("LANG", String(repeating: "l", count: 5000)),
    ])
    func junkInTheEnvironment(name: String, value: String) throws {
        let run = try demo(["range"], environment: [name: value])
        #expect(run.ending == .exited(0), "\(name): \(String(describing: run.ending)), stderr \(run.stderr)")
        #expect(run.stdout == "11 90\n", "\(name): stdout \(run.stdout)")
        #expect(!run.stderr.contains("\u{1B}"), "\(name): an escape reached stderr: \(run.stderr.debugDescription)")
        // At most one line per server that could not be reached, each short.
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count <= 2 && lines.allSatisfy { $0.count < 600 }, "\(name): \(lines.map { $0.prefix(120) })")
    }
}
}
