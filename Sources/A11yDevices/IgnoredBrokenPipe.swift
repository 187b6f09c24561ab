import Glibc

/// SIGPIPE ignored while a session runs: libspeechd writes to its socket without MSG_NOSIGNAL,
/// so a speech server that hangs up would otherwise end the program. `restore()` puts back the
/// program's own choice (a closed result pipe then ends it with status 141, as any program's,
/// unless it ignores SIGPIPE itself).
package final class IgnoredBrokenPipe {
    private let previous: sighandler_t?

    /// Ignores SIGPIPE from now on.
    package init() {
        previous = signal(SIGPIPE, SIG_IGN)
    }

    /// Puts back SIGPIPE's disposition from before.
    package func restore() {
        _ = signal(SIGPIPE, previous)
    }
}
