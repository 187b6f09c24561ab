import Foundation

/// a11y-demo run as a person runs it: in a real terminal (a private tmux server), with keys typed
/// into it, the screen read back, and its stdout, stderr and exit status kept apart.
///
/// The demo reaches the test servers through the environment `make test` sources
/// (SPEECHD_ADDRESS, BRLAPI_HOST, BRLAPI_AUTH), as any program on the machine would.
final class DemoInTmux {
    let socket: String
    let directory: URL
    let session = "demo"

    /// The built demo: `.build/debug/a11y-demo` beside this package (A11Y_DEMO overrides).
    static var binary: String {
        get throws {
            if let path = ProcessInfo.processInfo.environment["A11Y_DEMO"] { return path }
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            let path = root.appendingPathComponent(".build/debug/a11y-demo").path
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw FixtureError("\(path) is not built: run `swift build` (make test does).")
            }
            return path
        }
    }

    /// Starts `a11y-demo ARGUMENTS` in a fresh terminal of `columns` x `rows`.
    init(_ arguments: [String], columns: Int = 100, rows: Int = 30, environment: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = "a11y-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        let demo = try Self.binary
        let exports = environment.map { "export \($0.key)=\(Self.quote($0.value)); " }.joined()
        let command = exports + ([demo] + arguments).map(Self.quote).joined(separator: " ")
            + " >\(Self.quote(path("stdout"))) 2>\(Self.quote(path("stderr"))); echo $? >\(Self.quote(path("status")))"
        try tmux(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", "bash", "--norc", "--noprofile", "-c", command + "; sleep 600"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Types keys, as tmux names them ("Right", "Tab", "Enter", "Escape", "C-c", "5"), `gap` apart:
    /// as a person taps them, slower than a held key's repeats (which come under 120 ms apart).
    func send(_ keys: String..., gap: Duration = .milliseconds(150)) throws {
        for (index, key) in keys.enumerated() {
            if index > 0 { usleep(UInt32(gap.components.attoseconds / 1_000_000_000_000) + UInt32(gap.components.seconds) * 1_000_000) }
            try tmux(["send-keys", "-t", session, key])
        }
    }

    /// Types bytes as they are (escape sequences included).
    func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    /// The screen as text.
    var screen: String { (try? tmux(["capture-pane", "-p", "-t", session])) ?? "" }

    /// The cursor (column, row).
    var cursor: (column: Int, row: Int)? {
        guard let text = try? tmux(["display-message", "-p", "-t", session, "#{cursor_x} #{cursor_y}"]) else { return nil }
        let parts = text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// Waits until the screen satisfies `condition`; returns the screen.
    @discardableResult
    func waitForScreen(timeout: Duration = .seconds(5), _ condition: (String) -> Bool) -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let text = screen
            if condition(text) { return text }
            usleep(20_000)
        }
        return screen
    }

    /// Waits for the program to end; its exit status, or nil after `timeout`.
    func waitForExit(timeout: Duration = .seconds(5)) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: path("status"), encoding: .utf8),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            usleep(20_000)
        }
        return nil
    }

    var stdout: String { (try? String(contentsOfFile: path("stdout"), encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: path("stderr"), encoding: .utf8)) ?? "" }

    /// The pid of the demo (the tmux pane's child).
    var pid: Int32? {
        guard let shell = try? tmux(["display-message", "-p", "-t", session, "#{pane_pid}"]),
              let shellPid = Int32(shell.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let children = (try? String(contentsOfFile: "/proc/\(shellPid)/task/\(shellPid)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        // A file for the output, not a pipe: the server that new-session starts keeps the
        // descriptors it inherited. posix_spawn and waitpid, not Foundation's Process, whose
        // waitUntilExit was seen never to return after `tmux new-session -d`.
        let outputPath = path("tmux-output")
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = environment["TERM"].flatMap { $0 == "dumb" ? nil : $0 } ?? "xterm-256color"
        environment.removeValue(forKey: "TMUX")
        let status = try Spawn.run(["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments,
                                   environment: environment, outputPath: outputPath)
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else { throw FixtureError("tmux \(arguments.joined(separator: " ")): \(text)") }
        return text
    }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
