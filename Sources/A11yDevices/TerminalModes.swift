import Glibc
import A11yVocabulary

/// Terminal modes as values: the saved settings and the raw mode derived from them.
enum TerminalModes {
    /// Raw input for a key-driven control, derived from the saved settings:
    /// - input: no CR-to-NL translation, no XON/XOFF flow control (Ctrl-S and Ctrl-Q arrive as
    ///   bytes), no parity stripping, breaks ignored;
    /// - local: no echo, no canonical line editing, no IEXTEN (Ctrl-V); ISIG is KEPT, so Ctrl-C,
    ///   Ctrl-\ and Ctrl-Z still send SIGINT, SIGQUIT and SIGTSTP, which are handled;
    /// - output: OPOST and ONLCR are KEPT, so "\n" still starts a new line for renderers;
    /// - reads return as soon as one byte is there (VMIN 1, VTIME 0).
    static func raw(from saved: termios) -> termios {
        var t = saved
        t.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        t.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | IEXTEN)
        t.c_lflag |= tcflag_t(ISIG)
        t.c_oflag |= tcflag_t(OPOST | ONLCR)
        t.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        t.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &t.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return t
    }

    /// Whether two settings are the same in every field that matters for restoring.
    static func equal(_ a: termios, _ b: termios) -> Bool {
        var a = a, b = b
        guard a.c_iflag == b.c_iflag, a.c_oflag == b.c_oflag, a.c_cflag == b.c_cflag, a.c_lflag == b.c_lflag else {
            return false
        }
        let ccA = withUnsafeBytes(of: &a.c_cc) { Array($0) }
        let ccB = withUnsafeBytes(of: &b.c_cc) { Array($0) }
        return ccA == ccB && cfgetispeed(&a) == cfgetispeed(&b) && cfgetospeed(&a) == cfgetospeed(&b)
    }
}
