import Foundation

/// a11y-demo in a tmux pane whose shell records `stty -g` before and after the demo, and the
/// demo's exit status; every byte the pane shows is kept (tmux pipe-pane) to check the modes the
/// demo left (cursor, kitty keyboard).
final class SignalPane {
    let socket: String
    let directory: URL
    let session = "signals"

    /// Runs `a11y-demo ARGUMENTS` (with `pipeline` appended to its command, e.g. "| true").
    init(_ arguments: [String], pipeline: String = "") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-sig-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = "a11y-sig-\(getpid())-\(UUID().uuidString.prefix(8))"
        let demo = try DemoInTmux.binary
        let q = DemoInTmux.quote
        let run = ([demo] + arguments).map(q).joined(separator: " ")
        // set -m: job control, so the demo runs in its own foreground process group (as from an
        // interactive shell) and stop signals are not discarded as for an orphaned group.
        let command = "set -m; sleep 0.3; stty -g >\(q(path("before"))); \(run) 2>\(q(path("stderr"))) \(pipeline.isEmpty ? ">" + q(path("stdout")) : pipeline); "
            // Stopped (Ctrl-Z, status 148): after a second, `fg` as a user would (bash sends SIGCONT).
            + "s=\(pipeline.isEmpty ? "$?" : "${PIPESTATUS[0]}"); if [ \"$s\" = 148 ]; then sleep 1; fg; s=$?; fi; "
            + "echo \"$s\" >\(q(path("status.tmp"))); stty -g >\(q(path("after"))); mv \(q(path("status.tmp"))) \(q(path("status"))); sleep 600"
        try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "30", "bash", "--norc", "--noprofile", "-c", command])
        try tmux(["pipe-pane", "-o", "-t", session, "cat >>\(q(path("raw")))"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    func file(_ name: String) -> String {
        ((try? String(contentsOfFile: path(name), encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var screen: String { (try? tmux(["capture-pane", "-p", "-t", session])) ?? "" }
    var stty: (before: String, after: String) { (file("before"), file("after")) }
    /// Every byte the pane received.
    var raw: String { (try? String(contentsOfFile: path("raw"), encoding: .isoLatin1)) ?? "" }
    /// The pane's terminal device (/dev/pts/N).
    var tty: String { ((try? tmux(["display-message", "-p", "-t", session, "#{pane_tty}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
    /// True when the cursor is visible (tmux's cursor_flag).
    var cursorVisible: Bool { ((try? tmux(["display-message", "-p", "-t", session, "#{cursor_flag}"])) ?? "").hasPrefix("1") }

    /// The demo's pid (a child of the pane's shell).
    var pid: Int32? {
        guard let shell = try? tmux(["display-message", "-p", "-t", session, "#{pane_pid}"]),
              let shellPid = Int32(shell.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let children = (try? String(contentsOfFile: "/proc/\(shellPid)/task/\(shellPid)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ Int32($0) }) {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child)/exe")) ?? ""
            if exe.hasSuffix("a11y-demo") { return child }
        }
        return nil
    }

    func send(_ key: String) throws { try tmux(["send-keys", "-t", session, key]) }
    func resize(columns: Int, rows: Int) throws { try tmux(["resize-window", "-t", session, "-x", "\(columns)", "-y", "\(rows)"]) }

    @discardableResult
    func waitForScreen(timeout: Duration = .seconds(8), _ condition: (String) -> Bool) -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let text = screen
            if condition(text) { return text }
            usleep(20_000)
        }
        return screen
    }

    /// The demo's exit status as the shell saw it (128+N for a signal), or nil after `timeout`.
    func waitForExit(timeout: Duration = .seconds(8)) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let status = Int32(file("status")) { return status }
            usleep(20_000)
        }
        return nil
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
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
}
