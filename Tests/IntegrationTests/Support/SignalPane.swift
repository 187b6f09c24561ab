import A11yTestSupport
import Foundation
import VirtualDisplayClient

/// a11y-demo in a tmux pane whose shell records `stty -g` before and after the demo, and the
/// demo's exit status; every byte the pane shows is kept (tmux pipe-pane) to check the modes the
/// demo left (cursor, kitty keyboard).
final class SignalPane: TmuxPane {
    /// Runs `a11y-demo ARGUMENTS` (with `pipeline` appended to its command, e.g. "| true").
    init(_ arguments: [String], pipeline: String = "") throws {
        try super.init(prefix: "a11y-sig", session: "signals", defaultTimeout: Polling.hang)
        let demo = try DemoInTmux.binary
        let q = Self.quote
        let run = ([demo] + arguments).map(q).joined(separator: " ")
        // set -m: job control, so the demo runs in its own foreground process group (as from an
        // interactive shell) and stop signals are not discarded as for an orphaned group.
        let command = "set -m; stty -g >\(q(path("before"))); \(run) 2>\(q(path("stderr"))) \(pipeline.isEmpty ? ">" + q(path("stdout")) : pipeline); "
            // Stopped (Ctrl-Z, status 148): `fg` as a user would (bash sends SIGCONT), once the
            // test has looked at the stopped demo and says so (`resume()`).
            + "s=\(pipeline.isEmpty ? "$?" : "${PIPESTATUS[0]}"); if [ \"$s\" = 148 ]; then "
            + "while [ ! -e \(q(path("resume"))) ]; do sleep 0.05; done; fg; s=$?; fi; "
            + "echo \"$s\" >\(q(path("status.tmp"))); stty -g >\(q(path("after"))); mv \(q(path("status.tmp"))) \(q(path("status")))"
        try start(command)
        try tmux(["pipe-pane", "-o", "-t", session, "cat >>\(q(path("raw")))"])
    }

    var stty: (before: String, after: String) { (file("before"), file("after")) }
    /// Every byte the pane received.
    var raw: String { (try? String(contentsOfFile: path("raw"), encoding: .isoLatin1)) ?? "" }
    /// The pane's terminal device (/dev/pts/N).
    var tty: String { ((try? tmux(["display-message", "-p", "-t", session, "#{pane_tty}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
    /// True when the cursor is visible (tmux's cursor_flag).
    var cursorVisible: Bool { ((try? tmux(["display-message", "-p", "-t", session, "#{cursor_flag}"])) ?? "").hasPrefix("1") }

    /// Lets the pane's shell resume a stopped demo (`fg`).
    func resume() { _ = FileManager.default.createFile(atPath: path("resume"), contents: Data()) }

    func send(_ key: String) throws { try tmux(["send-keys", "-t", session, key]) }
    func resize(columns: Int, rows: Int) throws { try tmux(["resize-window", "-t", session, "-x", "\(columns)", "-y", "\(rows)"]) }
}
