import A11yControls
/// The exit statuses of `a11y-demo`, as dialog and GNU tools use them.
///
/// Scripts rely on these: `0` means a value was printed on stdout; every other status prints
/// nothing on stdout.
package enum ExitStatus: Int32, Sendable, Equatable, CaseIterable {
    /// Enter accepted the value; the result is on stdout (also for `--help` and `--version`).
    case accepted = 0
    /// Escape or `q` cancelled; nothing on stdout.
    case cancelled = 1
    /// Bad usage: one line on stderr (`CLIError.message`), nothing on stdout.
    case usage = 2
    /// `--speech on` or `--braille on` and that server cannot be reached: one line on stderr.
    case serverUnavailable = 3
    /// The terminal could not be set up (its modes, or the handling of its signals): one line
    /// on stderr, nothing on stdout.
    case terminal = 4
    /// `--timeout`: the control was left untouched; nothing on stdout (as timeout(1) and gum).
    case timedOut = 124
    /// SIGINT (Ctrl-C): 128 + 2, as shells report it.
    case interrupted = 130
    /// `--rangebox`: Escape, as dialog's DIALOG_ESC (the environment variable may change it).
    case escaped = 255

    /// The status of a session that could not start because of `error`: a required server
    /// missing, else the terminal.
    package init(startFailure error: any Error) {
        self = error is DeviceUnavailable ? .serverUnavailable : .terminal
    }
}
