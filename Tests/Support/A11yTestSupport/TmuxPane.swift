import Foundation
import VirtualDisplayClient

/// A private tmux server with one pane running a shell command: the terminal the end-to-end and
/// signal tests run a11y-demo in. Keys go in with send-keys, the screen comes back with
/// capture-pane, and the command's files (status, stdout, ...) live in `directory`.
open class TmuxPane {
    public let socket: String
    public let directory: URL
    public let session: String
    /// How long the waits wait by default (`Polling.hang` for the tests' panes).
    public let defaultTimeout: Duration

    public init(prefix: String, session: String, defaultTimeout: Duration) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = "\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8))"
        self.session = session
        self.defaultTimeout = defaultTimeout
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts the pane: `command` runs in bash, then the pane stays (so its screen can be read).
    public func start(_ command: String, columns: Int = 100, rows: Int = 30) throws {
        try tmux(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)",
                  "bash", "--norc", "--noprofile", "-c", command + "; sleep 600"])
    }

    public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A file of the command's, trimmed ("" when missing).
    public func file(_ name: String) -> String {
        ((try? String(contentsOfFile: path(name), encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The screen as text.
    public var screen: String { (try? tmux(["capture-pane", "-p", "-t", session])) ?? "" }

    /// Waits until the screen satisfies `condition`; returns the screen.
    @discardableResult
    public func waitForScreen(timeout: Duration? = nil, file: String = #fileID, line: Int = #line,
                              _ condition: (String) -> Bool) -> String {
        Polling.until(timeout: timeout ?? defaultTimeout, every: .milliseconds(20), file: file, line: line) { () -> String? in
            let text = screen
            return condition(text) ? text : nil
        } ?? screen
    }

    /// The exit status the command wrote to its `status` file, or nil after `timeout`.
    public func waitForExit(timeout: Duration? = nil, file: String = #fileID, line: Int = #line) -> Int32? {
        Polling.until(timeout: timeout ?? defaultTimeout, every: .milliseconds(20), file: file, line: line) { Int32(self.file("status")) }
    }

    /// The pid of the a11y-demo the pane's shell runs.
    public var pid: Int32? {
        guard let shell = try? tmux(["display-message", "-p", "-t", session, "#{pane_pid}"]),
              let shellPid = Int32(shell.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let children = (try? String(contentsOfFile: "/proc/\(shellPid)/task/\(shellPid)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ Int32($0) }) {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child)/exe")) ?? ""
            if exe.hasSuffix("a11y-demo") { return child }
        }
        return nil
    }

    /// Types `bytes` into the pane exactly as given (`send-keys -H`), as a terminal would send
    /// them: mouse reports, escape sequences, bytes no key name stands for.
    public func sendBytes(_ bytes: [UInt8]) throws {
        let digits = Array("0123456789abcdef")
        let hex = bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }
        try tmux(["send-keys", "-t", session, "-H"] + hex)
    }

    /// Types the UTF-8 bytes of `text` exactly as given (`send-keys -H`).
    public func sendBytes(_ text: String) throws { try sendBytes(Array(text.utf8)) }

    /// Whether the program in the pane has mouse reporting on (tmux's `mouse_any_flag`: any of
    /// the modes 1000, 1002, 1003); nil when tmux cannot say.
    public var mouseReporting: Bool? {
        switch (try? tmux(["display-message", "-p", "-t", session, "#{mouse_any_flag}"]))?.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "1": true
        case "0": false
        default: nil
        }
    }

    /// Waits until mouse reporting is `on` (or off); returns whether it came to that.
    public func waitForMouseReporting(_ on: Bool, timeout: Duration? = nil, file: String = #fileID, line: Int = #line) -> Bool {
        Polling.until(timeout: timeout ?? defaultTimeout, every: .milliseconds(20), file: file, line: line) { mouseReporting == on }
    }

    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        // A file for the output, not a pipe: the server that new-session starts keeps the
        // descriptors it inherited. posix_spawn and waitpid, not Foundation's Process, whose
        // waitUntilExit can fail to return after `tmux new-session -d`.
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

    public static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
