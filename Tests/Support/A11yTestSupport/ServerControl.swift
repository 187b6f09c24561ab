import Foundation

/// This package's directory (found from this file's path: Tests/Support/A11yTestSupport/..).
package enum PackageRoot {
    package static var url: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}

/// Kills and restarts the test servers from a test (scripts/servers.sh kill-speech, start-speech,
/// kill-braille, start-braille on A11Y_SERVERS_DIR), or starts and stops servers of a test's own
/// (`start` and `stop` in a directory of its own).
package enum ServerControl {
    package static var script: String { PackageRoot.url.appendingPathComponent("scripts/servers.sh").path }

    /// `scripts/servers.sh ACTION DIRECTORY` (A11Y_SERVERS_DIR by default); throws with its
    /// output when it fails.
    package static func run(_ action: String, in directory: String? = nil) throws {
        let directory = try directory ?? Servers.variable("A11Y_SERVERS_DIR")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-servers-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let status = try Spawn.run(["/bin/bash", script, action, directory], environment: ProcessInfo.processInfo.environment,
                                   outputPath: log)
        guard status == 0 else {
            throw FixtureError("servers.sh \(action) failed (\(status)): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        }
    }

    /// Starts the server again if a test left it stopped (so later tests find it).
    package static func ensureRunning(_ which: String) {
        try? run("start-\(which)")
    }
}

extension ServerControl {
    /// The process id of the running server ("speech" or "braille"), from the pid file the
    /// server itself wrote in A11Y_SERVERS_DIR (for BRLTTY: brltty.pidfile, not its supervisor).
    package static func pid(_ which: String) throws -> pid_t {
        let directory = try Servers.variable("A11Y_SERVERS_DIR")
        let file = which == "braille" ? "brltty.pidfile" : "speechd.pidfile"
        let text = (try? String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8)) ?? ""
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0 else {
            throw FixtureError("no pid in \(directory)/\(file): is the \(which) server running? \(Servers.advice)")
        }
        return pid
    }

    /// Stops the server (SIGSTOP): it keeps its connections and answers nothing, as a stuck one.
    package static func freeze(_ which: String) throws {
        let pid = try pid(which)
        guard kill(pid, SIGSTOP) == 0 else { throw FixtureError("cannot stop the \(which) server (pid \(pid))") }
    }

    /// Lets a frozen server go on (SIGCONT).
    package static func thaw(_ which: String) {
        if let pid = try? pid(which) { kill(pid, SIGCONT) }
    }
}
