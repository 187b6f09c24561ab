#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yVocabulary

// What `a11y-demo --diagnose` asks of the terminal beside what a session does.
extension Terminal {
    /// Whether standard input and standard output are terminals. The controls draw on
    /// /dev/tty whatever they are; a script's pipes are not terminals.
    package static var standardStreamsAreTerminals: (input: Bool, output: Bool) {
        (isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1)
    }

    /// Whether this program is the terminal's foreground job: only then may it change the
    /// terminal's modes and read from it without being stopped (SIGTTOU, SIGTTIN).
    package var isForegroundJob: Bool {
        let group = tcgetpgrp(fileDescriptor)
        return group >= 0 && group == getpgrp()
    }
}
