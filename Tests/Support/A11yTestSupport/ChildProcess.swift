import Glibc
import CSystem
import Synchronization
import VirtualDisplayClient

/// How a process ended.
package enum ProcessEnding: Equatable, Sendable {
    case exited(Int32)
    case signal(Int32)

    /// Decodes waitpid's status (WIFSIGNALED / WTERMSIG / WEXITSTATUS by hand: function-like macros).
    package init(waitStatus status: Int32) {
        self = status & 0x7F != 0 ? .signal(status & 0x7F) : .exited((status >> 8) & 0xFF)
    }

    /// The status a shell reports: the exit status, or 128 + the signal.
    package var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signal(let signal): 128 + signal
        }
    }
}

/// A program started with posix_spawn, as a shell would start it: an empty signal mask and
/// default handlers (the test runner's threads block signals, and a mask is inherited across
/// exec).
package final class ChildProcess: Sendable {
    /// Where the child's standard input, output and error go.
    package enum Streams: Sendable {
        /// Input read from a file; output written to a file (created, truncated); error to its
        /// own file, or with the output when nil.
        case files(input: String = "/dev/null", output: String = "/dev/null", error: String? = nil)
        /// All three on a terminal device, opened read-write: with `newSession`, it becomes the
        /// child's controlling terminal (/dev/tty).
        case terminal(String)
    }

    package let pid: pid_t
    /// When posix_spawn was called.
    package let spawnedAt: ContinuousClock.Instant
    private let ending = Mutex<ProcessEnding?>(nil)

    /// Starts `argv` (argv[0] is the executable's path). `newSession`: the child leads a new
    /// session (POSIX_SPAWN_SETSID), so a terminal it opens becomes its controlling terminal,
    /// and without one it has no /dev/tty.
    /// The child finds the message catalogs of po/ (`TestCatalogs.directory`) unless `environment`
    /// names its own A11Y_LOCALEDIR (empty: none).
    package init(_ argv: [String], environment: [String: String], streams: Streams = .files(), newSession: Bool = false) throws {
        var environment = environment
        if environment["A11Y_LOCALEDIR"] == nil, let catalogs = TestCatalogs.directory { environment["A11Y_LOCALEDIR"] = catalogs }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch streams {
        case let .files(input, output, error):
            posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            if let error {
                posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            } else {
                posix_spawn_file_actions_adddup2(&actions, 1, 2)
            }
        case .terminal(let path):
            posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        }
        // Nothing but the three streams: a descriptor of the test process (another test's key
        // pipe) held open by a child, a tmux server above all, would keep its reader waiting.
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // glibc's POSIX_SPAWN_SETSID is 0x80 (not imported).
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | (newSession ? 0x80 : 0))
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        spawnedAt = .now
        let result = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard result == 0 else { throw FixtureError("cannot run \(argv[0]): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    /// How it ended, if it has (it is reaped then); nil while it runs.
    package var exit: ProcessEnding? {
        ending.withLock { ending in
            if ending == nil {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { ending = ProcessEnding(waitStatus: status) }
            }
            return ending
        }
    }

    /// Waits for the end: for ever when `timeout` is nil, else nil after `timeout`.
    package func waitForExit(timeout: Duration? = nil, file: String = #fileID, line: Int = #line) throws -> ProcessEnding? {
        if let timeout {
            return Polling.until(timeout: timeout, every: .milliseconds(5), file: file, line: line) { exit }
        }
        return try ending.withLock { ending in
            if let ending { return ending }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 {
                guard errno == EINTR else { throw FixtureError("waitpid \(pid): \(String(cString: strerror(errno)))") }
            }
            ending = ProcessEnding(waitStatus: status)
            return ending
        }
    }

    /// Sends `signal` (unless it ended already).
    package func kill(_ signal: Int32) {
        if exit == nil { _ = Glibc.kill(pid, signal) }
    }

    /// Kills it with SIGKILL and reaps it (a fixture that gives up on it).
    package func killAndReap() {
        kill(SIGKILL)
        _ = try? waitForExit()
    }
}
