#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a text file (a key map, the preferences) cannot be read.
package enum TextFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no file at the path.
    case missing
    /// The path names a directory.
    case isDirectory
    /// open() or read() failed: the system's message.
    case unreadable(String)
    /// The path names a FIFO or a socket: reading it could wait forever.
    case notAFile(String)
    /// A pipe that sent nothing and did not end within the time allowed.
    case noData
    /// More than the limit, in bytes.
    case tooLarge(limit: Int)
    /// Not UTF-8 text, or it holds NUL bytes.
    case notText

    package var description: String {
        switch self {
        case .missing: return "no such file"
        case .isDirectory: return "is a directory, not a file"
        case .unreadable(let message): return "cannot be read: \(message)"
        case .notAFile(let kind): return "is \(kind), not a file"
        case .noData: return "sent nothing within 2 seconds"
        case .tooLarge(let limit): return "is larger than \(limit) bytes"
        case .notText: return "is not UTF-8 text"
        }
    }
}

/// What a path names, found by stat() (symbolic links followed) without opening it: opening a
/// FIFO waits for a writer, so the files a user names (a key map, the preferences, a formatter
/// plugin) are looked at first. The one check that TextFile and FormatterPluginLibrary share.
package enum FileKind: Sendable, Equatable {
    case missing, regular, directory, fifo, socket, device

    package init(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { self = .missing; return }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        default: self = .device
        }
    }

    /// The kind in words, for a message ("a FIFO").
    package var words: String {
        switch self {
        case .missing: return "missing"
        case .regular: return "a file"
        case .directory: return "a directory"
        case .fifo: return "a FIFO"
        case .socket: return "a socket"
        case .device: return "a device"
        }
    }
}

/// Reads small text files whole: what the command line and embedding programs load.
package enum TextFile {
    /// The bytes of the file at `path`, checked as `read` checks a file (its kind, its size)
    /// but not as text: a message catalog, for one.
    package static func readBytes(_ path: String, limit: Int = 1 << 20) throws(TextFileError) -> [UInt8] {
        switch FileKind(path: path) {
        case .fifo: throw .notAFile("a FIFO")
        case .socket: throw .notAFile("a socket")
        default: break
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT ? .missing : .unreadable(String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory }
        // A regular file is read into an array of its size (one more byte sees that it ended);
        // a pipe or a device in pieces.
        if info.st_mode & S_IFMT == S_IFREG, info.st_size >= 0, info.st_size < limit {
            let size = Int(info.st_size)
            var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
                var filled = 0
                while filled < buffer.count {
                    let n = Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { break }
                    filled += n
                }
                count = filled
            }
            if bytes.count == size { return bytes }
            // It grew while being read: read the rest as a pipe is read.
            return try readRest(fd, into: &bytes, limit: limit)
        }
        var bytes: [UInt8] = []
        return try readRest(fd, into: &bytes, limit: limit)
    }

    /// Reads what is left of `fd` after `bytes`, in pieces (a pipe, a device, a growing file).
    private static func readRest(_ fd: Int32, into bytes: inout [UInt8], limit: Int) throws(TextFileError) -> [UInt8] {
        let deadline = ContinuousClock.now + .seconds(2)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A pipe whose writer has not written yet: wait for it, but not forever.
                    let left = deadline - ContinuousClock.now
                    let ms = Int32(max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
                    var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    if ms == 0 || poll(&pfd, 1, ms) == 0 { throw .noData }
                    continue
                }
                let code = errno
                throw code == EISDIR ? .isDirectory : .unreadable(String(cString: strerror(code)))
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > limit { throw .tooLarge(limit: limit) }
        }
        return bytes
    }

    /// The contents of the file at `path`, checked: a regular file (or an anonymous pipe such as
    /// a shell's `<(...)`, which must send its text within 2 s), at most `limit` bytes, UTF-8
    /// without NUL bytes. A named FIFO or a socket is refused before it is opened, and a device is
    /// read without blocking (`/dev/null` is an empty file; one that sends nothing for 2 s is
    /// refused), so nothing can hang on a FIFO that nobody writes to.
    package static func read(_ path: String, limit: Int = 1 << 20) throws(TextFileError) -> String {
        let bytes = try readBytes(path, limit: limit)
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
        return text
    }
}
