import A11yControls
import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

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
        let ending = try child.waitForExit(timeout: Polling.hang)
        if ending == nil {
            // Hung: where each thread waits, for the report, before it is killed.
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/task")) ?? []
            let waits = tasks.map { task in
                let read = { (file: String) in ((try? String(contentsOfFile: "/proc/\(child.pid)/task/\(task)/\(file)", encoding: .utf8)) ?? "?")
                    .trimmingCharacters(in: .whitespacesAndNewlines) }
                return "\(read("comm")):\(read("wchan"))"
            }
            print("bad-input: a11y-demo \(arguments) with \(environment.keys.sorted()) hung; threads \(waits)")
            child.killAndReap()
        }
        return Run(ending: ending, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                   stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// One line on stderr, naming the problem, without escape characters; status 2.
    func expectRefused(_ run: Run, saying words: String, _ context: String) {
        #expect(run.ending == .exited(2), "\(context): \(String(describing: run.ending)), stderr \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains(words), "\(context): \(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"))
    }

    /// A FIFO given as a key map is refused by UnixToolScriptedTests; here a link to one, the other
    /// kinds, and formatter plugins (whose dlopen would wait for ever on a FIFO).
    @Test func keyMapsAndPluginsThatAreNotTextFiles() throws {
        let fifo = path("fifo")
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        let link = path("link-to-fifo")
        unlink(link)
        #expect(symlink(fifo, link) == 0)
        let directory = path("a-directory")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let binary = path("binary")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: URL(fileURLWithPath: binary))
        let huge = path("huge")
        try Data(repeating: UInt8(ascii: "a"), count: 3 << 20).write(to: URL(fileURLWithPath: huge))
        for (file, words) in [(link, "is a FIFO, not a file"), (directory, "is a directory, not a file"),
                              (binary, "is not UTF-8 text"), (huge, "is larger than 1048576 bytes")] {
            expectRefused(try demo(["range", "--keymap", file]), saying: words, file)
        }
        expectRefused(try demo(["range", "--format-plugin", fifo]), saying: "is a FIFO, not a shared library", "plugin FIFO")
        expectRefused(try demo(["range", "--format-plugin", link]), saying: "is a FIFO, not a shared library", "plugin link")
        expectRefused(try demo(["range", "--format-plugin", directory]), saying: "is a directory, not a shared library", "plugin directory")
    }

    /// A variable and its junk value; shown in the test's name shortly (5000 × "h", not the value).
    struct Junk: Sendable, CustomTestStringConvertible {
        var name: String
        var value: String
        init(_ name: String, _ value: String) { (self.name, self.value) = (name, value) }
        static func long(_ name: String, _ character: Character) -> Junk { Junk(name, String(repeating: character, count: 5000)) }
        var testDescription: String {
            value.count > 100 ? "\(name)=\(value.count) × '\(value.first!)'" : "\(name)=\(value.debugDescription)"
        }
    }

    @Test(arguments: [
        Junk("BRLAPI_HOST", "x\u{1B}[2J\u{1B}]0;title\u{07}y"), Junk("BRLAPI_HOST", "999.999.1.1:99999"),
        .long("BRLAPI_HOST", "h"), Junk("BRLAPI_HOST", ""),
        Junk("SPEECHD_ADDRESS", "bogus:thing"), Junk("SPEECHD_ADDRESS", "unix_socket:/nonexistent/x"),
        Junk("SPEECHD_ADDRESS", "inet_socket:256.1.1.1:1"), Junk("SPEECHD_ADDRESS", "unix_socket:\u{1B}[31m"),
        Junk("TERM", "\u{1B}]0;x\u{07}"), Junk("TERM", ""), .long("TERM", "t"),
        Junk("COLUMNS", "-5"), Junk("COLUMNS", "99999999999999999999"), Junk("COLUMNS", "abc"),
        Junk("LANG", "xx_YY.BOGUS@junk"), Junk("LANG", "\u{1B}[2J"), .long("LANG", "l"),
    ])
    func junkInTheEnvironment(_ junk: Junk) throws {
        let (name, value) = (junk.name, junk.value)
        let run = try demo(["range"], environment: [name: value])
        #expect(run.ending == .exited(0), "\(name): \(String(describing: run.ending)), stderr \(run.stderr)")
        #expect(run.stdout == "11 90\n", "\(name): stdout \(run.stdout)")
        // At most one line per server that could not be reached, each short, and no escape.
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count <= 2, "\(name): \(lines.map { $0.prefix(120) })")
        let clean = !run.stderr.contains("\u{1B}") && lines.allSatisfy { $0.count < 600 }
        // The servers' reports quote the address as given: SessionOptions.standardErrorReport
        // drops ESC and cuts a line at 400 characters.
        #expect(clean, "\(name): \(run.stderr.debugDescription.prefix(300))")
    }
}
}
