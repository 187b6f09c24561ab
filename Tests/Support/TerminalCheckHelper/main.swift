// A test helper (not a product): runs the Terminal device on a pseudo-terminal as a program
// would, so that the tests can end it every way a program ends and check the terminal after.
//
//   TerminalCheckHelper /dev/pts/N
//
// Makes the pty its controlling terminal, opens /dev/tty, enters raw mode, pushes the kitty
// keyboard mode, hides the cursor, installs the signal handlers and says READY. Then:
// `q` restores and exits 0; `c` crashes (fatalError); `x` calls exit(3) without restoring (the
// atexit path); `r` reports whether raw mode is on; end-of-program signals end it as the session
// will; SIGWINCH reports the size; SIGCONT reports RESUMED.
import A11yControls
import Glibc

guard CommandLine.arguments.count == 2 else {
    print("usage: TerminalCheckHelper /dev/pts/N")
    exit(2)
}
setsid()
let controlling = open(CommandLine.arguments[1], O_RDWR)
guard controlling >= 0, ioctl(controlling, UInt(TIOCSCTTY), 0) == 0 else {
    print("cannot make \(CommandLine.arguments[1]) the controlling terminal")
    exit(2)
}

do {
    let terminal = try Terminal()
    try terminal.enterRawMode()
    try terminal.enableKittyKeyboard()
    try terminal.setCursorVisible(false)
    let signals = try SignalHandling.install()
    try terminal.write("READY\n")

    func isRaw() -> Bool {
        var t = termios()
        tcgetattr(terminal.fileDescriptor, &t)
        return t.c_lflag & tcflag_t(ICANON | ECHO) == 0
    }

    while true {
        var fds = [pollfd(fd: terminal.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
        if poll(&fds, 2, -1) < 0 { continue }
        for signal in SignalHandling.drain() {
            switch signal {
            case .resized: try terminal.write("RESIZED \(try terminal.size().columns)\n")
            case .resumed: try terminal.write("RESUMED raw=\(isRaw())\n")
            default: SignalHandling.exit(after: signal)
            }
        }
        guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
        for byte in try terminal.read() {
            switch byte {
            case UInt8(ascii: "q"):
                try terminal.restore()
                exit(0)
            case UInt8(ascii: "c"):
                fatalError("crash on purpose")
            case UInt8(ascii: "x"):
                exit(3)
            case UInt8(ascii: "r"):
                try terminal.write("RAW \(isRaw())\n")
            default:
                break
            }
        }
    }
} catch {
    print("error: \(error)")
    exit(2)
}
