import Foundation
import Synchronization

/// a11y-demo on a pseudo-terminal the bench controls: the child is a session leader whose
/// controlling terminal (and /dev/tty, stdin, stdout, stderr) is the pty's slave, so a write to
/// the master is exactly "key bytes written to the control's terminal". A thread drains the
/// demo's output and answers the primary device attributes query (`CSI c`) as a legacy terminal
/// does (no kitty keyboard reply), so the start-up is not held by the query's timeout.
final class PtyDemo: Sendable {
    let pid: pid_t
    let master: Int32
    /// When posix_spawn was called.
    let spawnedAt: ContinuousClock.Instant
    private let exited = Atomic<Bool>(false)
    private let exitStatus = Atomic<Int32>(0)

    /// `prefix` runs before the executable (e.g. `/usr/bin/time -v -o FILE`).
    init(executable: String, arguments: [String], prefix: [String] = [], columns: UInt16 = 80, rows: UInt16 = 24) throws {
        // posix_openpt/grantpt/unlockpt/ptsname are not imported (feature macros): the Linux ioctls.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, UInt(0x4004_5431) /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, UInt(0x8004_5430) /* TIOCGPTN */, &number) == 0 else {
            throw BenchError("/dev/ptmx: \(String(cString: strerror(errno)))")
        }
        let slavePath = "/dev/pts/\(number)"
        // The window size, set through a slave descriptor that the child does not inherit.
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session: opening the slave (without O_NOCTTY) then makes it the controlling terminal.
        posix_spawnattr_setflags(&attributes, Int16(0x80) /* POSIX_SPAWN_SETSID */)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let argv = prefix + [executable] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        spawnedAt = .now
        let result = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        close(slave)
        guard result == 0 else {
            close(master)
            throw BenchError("cannot run \(argv[0]): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        self.master = master
        Thread { [self] in drain() }.start()
    }

    deinit { close(master) }

    /// Writes key bytes to the terminal; returns the instant just before the write.
    @discardableResult
    func type(_ bytes: [UInt8]) -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        return now
    }

    var hasExited: Bool {
        if exited.load(ordering: .relaxed) { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus.store(status, ordering: .relaxed)
            exited.store(true, ordering: .relaxed)
            return true
        }
        return false
    }

    /// Ends the demo with `q` (cancel); SIGTERM, then SIGKILL, when it does not leave.
    func stop() {
        if hasExited { return }
        type(Array("q".utf8))
        for signal in [0, SIGTERM, SIGKILL] {
            if signal != 0 { kill(pid, signal) }
            let deadline = ContinuousClock.now + .seconds(3)
            while ContinuousClock.now < deadline {
                if hasExited { return }
                usleep(5_000)
            }
        }
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var tail: [UInt8] = []
        let query: [UInt8] = [0x1B, 0x5B, 0x63]  // ESC [ c
        while true {
            let count = read(master, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }  // EIO: the slave closed (the demo left)
            tail += buffer[0..<count]
            if tail.count >= 3 {
                for start in 0...(tail.count - 3) where Array(tail[start..<start + 3]) == query {
                    let reply = Array("\u{1B}[?62;22c".utf8)
                    _ = reply.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                }
            }
            tail = Array(tail.suffix(2))
        }
    }
}

/// Keys as a legacy terminal sends them.
enum Keys {
    static let right: [UInt8] = [0x1B, 0x5B, 0x43]
    static let left: [UInt8] = [0x1B, 0x5B, 0x44]
}

/// The kernel's share of "key written to the terminal": a pty whose slave stays in canonical mode
/// with echo, so the line discipline echoes each byte back to the master when it receives it (no
/// process is woken on the slave side). Master write -> echo readable on the master.
let ptyDelivery = Benchmark(
    name: "pty-echo",
    summary: "write 1 byte to a pty master -> the line discipline's echo read back on the master"
) {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
        throw BenchError("/dev/ptmx: \(String(cString: strerror(errno)))")
    }
    defer { close(master) }
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard slave >= 0 else { throw BenchError("pty slave: \(String(cString: strerror(errno)))") }
    defer { close(slave) }
    var samples: [Duration] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    for index in 0..<110 {
        let start = ContinuousClock.now
        var byte: UInt8 = 0x61
        _ = write(master, &byte, 1)
        var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 1000) == 1 else { throw BenchError("no echo from the pty") }
        let end = ContinuousClock.now
        _ = read(master, &buffer, buffer.count)
        if index >= 10 { samples.append(end - start) }
        if index % 50 == 49 { var newline: UInt8 = 0x0A; _ = write(master, &newline, 1); usleep(1000); _ = read(master, &buffer, buffer.count); _ = read(slave, &buffer, buffer.count) }
        usleep(5_000)
    }
    return samples
}
