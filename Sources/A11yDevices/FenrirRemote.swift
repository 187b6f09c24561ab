#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Fenrir's remote control: its Unix socket takes one command per connection (`command say
/// TEXT`, `command interrupt`), read with one receive and then closed by Fenrir. Every `say`
/// interrupts what Fenrir is saying.
///
/// Fenrir's socket listens with a backlog of one and serves one connection at a time: a command
/// is sent over a non-blocking connection that never waits. A busy socket refuses at once
/// (`Failure.busy`), and the caller drops that utterance rather than queue it (the next one says
/// where things stand). Only this user's socket is written to (`ScreenReaderDetection` checks).
package struct FenrirRemote: Sendable {
    /// Why a command did not reach Fenrir.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Nobody listens (Fenrir ended: its socket file stays behind) or the socket is gone.
        case gone(String)
        /// The socket is serving another connection (its backlog is full), or took only part.
        case busy
        package var description: String {
            switch self {
            case .gone(let why): "Fenrir's socket: \(why)"
            case .busy: "Fenrir's socket is busy"
            }
        }
    }

    /// The largest command Fenrir reads in one receive.
    static let largestCommand = 8000

    package let path: String

    package init(path: String) {
        self.path = path
    }

    /// Has Fenrir say `text` (its line breaks and control characters become spaces).
    package func say(_ text: String) throws(Failure) {
        let line = String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        try send("command say " + line)
    }

    /// Stops what Fenrir is saying.
    package func interrupt() throws(Failure) {
        try send("command interrupt")
    }

    /// Sends one command on a connection of its own, without waiting.
    package func send(_ command: String) throws(Failure) {
        var bytes = Array(command.utf8)
        if bytes.count > Self.largestCommand {
            bytes = Array(bytes.prefix(Self.largestCommand))
            while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }  // no cut character
            if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .gone(String(cString: strerror(errno))) }
        defer { close(fd) }
        guard var address = UnixAddress(path) else { throw .gone("the path is too long") }
        if address.withSockaddr({ connect(fd, $0, $1) }) != 0 {
            switch errno {
            case EAGAIN, EINPROGRESS: throw .busy
            default: throw .gone(String(cString: strerror(errno)))
            }
        }
        switch Socket.sendAll(bytes, to: fd) {
        case nil: return
        case EAGAIN?, 0?: throw .busy
        case let code?: throw .gone(String(cString: strerror(code)))
        }
    }
}
