import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// a11y-demo run as a person runs it: in a real terminal (a private tmux server), with keys typed
/// into it, the screen read back, and its stdout, stderr and exit status kept apart.
///
/// The demo reaches the test servers through the environment `make test` sources
/// (SPEECHD_ADDRESS, BRLAPI_HOST, BRLAPI_AUTH), as any program on the machine would.
final class DemoInTmux: TmuxPane {
    /// The built demo: `.build/debug/a11y-demo` beside this package (A11Y_DEMO overrides).
    static var binary: String {
        get throws {
            if let path = ProcessInfo.processInfo.environment["A11Y_DEMO"] { return path }
            let path = PackageRoot.url.appendingPathComponent(".build/debug/a11y-demo").path
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw FixtureError("\(path) is not built: run `swift build` (make test does).")
            }
            return path
        }
    }

    /// Starts `a11y-demo ARGUMENTS` in a fresh terminal of `columns` x `rows`, with `environment`
    /// added to the test's and the variables `unsetting` names removed; `wrapper` is a command
    /// that runs the demo as its child (the demo's command line follows it).
    init(_ arguments: [String], columns: Int = 100, rows: Int = 30, environment: [String: String] = [:],
         unsetting: [String] = [], wrapper: [String] = []) throws {
        try super.init(prefix: "a11y-e2e", session: "demo", defaultTimeout: Polling.hang)
        let q = Self.quote
        // Over ssh or in WSL the demo would choose the presentation for a reader on another
        // machine: a test that does not ask for it runs as on a local console.
        let unsetting = unsetting + Self.remoteVariables.filter { environment[$0] == nil }
        let unsets = unsetting.isEmpty ? "" : "unset \(unsetting.map(q).joined(separator: " ")); "
        let exports = environment.map { "export \($0.key)=\(q($0.value)); " }.joined()
        try start(unsets + exports + (wrapper + [try Self.binary] + arguments).map(q).joined(separator: " ")
                  + " >\(q(path("stdout"))) 2>\(q(path("stderr"))); echo $? >\(q(path("status")))",
                  columns: columns, rows: rows)
    }

    /// The variables that say the terminal is reached from another machine.
    static let remoteVariables = ["SSH_CONNECTION", "SSH_TTY", "SSH_CLIENT", "WSL_DISTRO_NAME", "WSL_INTEROP"]

    /// When the last key was typed.
    private var lastKey: ContinuousClock.Instant?

    /// Types keys, as tmux names them ("Right", "Tab", "Enter", "Escape", "C-c", "5"), at least
    /// `gap` after the key before (of this call or an earlier one): the pace of a person's taps,
    /// slower than a held key's repeats (which come under 120 ms apart), or with a short `gap`
    /// (33 ms) the pace of a held key. This is the input's timing, not a wait for something.
    func send(_ keys: String..., gap: Duration = .milliseconds(150)) throws {
        for key in keys {
            if let lastKey { Polling.sleep(for: gap - (ContinuousClock.now - lastKey)) }
            try tmux(["send-keys", "-t", session, key])
            lastKey = .now
        }
    }

    /// The next key is typed at least `gap` after now (not after the last key typed): after
    /// waiting for a key's effect, the demo surely read that key before now.
    func restartPace() { lastKey = .now }

    /// Types `key` at a tap's pace (`gap` after the key before) and returns how long the screen
    /// took to show `expected`, from the key typed (printed for the report; no test asserts it).
    @discardableResult
    func tap(_ key: String, gap: Duration = .milliseconds(150), expecting expected: String, timeout: Duration = Polling.hang,
             file: String = #fileID, line: Int = #line) throws -> Duration {
        try send(key, gap: gap)
        let typed = ContinuousClock.now
        let screen = waitForScreen(timeout: timeout, file: file, line: line) { $0.contains(expected) }
        #expect(screen.contains(expected), "screen after \(key): \(screen)")
        let took = ContinuousClock.now - typed
        restartPace()  // the key was read: the next one is a tap too, however late this one came
        return took
    }

    /// Types bytes as they are (escape sequences included).
    func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    /// The cursor (column, row).
    var cursor: (column: Int, row: Int)? {
        guard let text = try? tmux(["display-message", "-p", "-t", session, "#{cursor_x} #{cursor_y}"]) else { return nil }
        let parts = text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    var stdout: String { (try? String(contentsOfFile: path("stdout"), encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: path("stderr"), encoding: .utf8)) ?? "" }
}

extension Duration {
    /// Whole milliseconds, for the figures the tests print.
    var milliseconds: Int {
        Int(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
    }
}
