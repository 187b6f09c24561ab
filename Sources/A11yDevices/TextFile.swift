#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a text file (a key map, the preferences) cannot be read.
public enum TextFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no file at the path.
    case missing
    /// The path names a directory.
    case isDirectory
    /// open() or read() failed: the system's message.
    case unreadable(String)
    /// More than the limit, in bytes.
    case tooLarge(limit: Int)
    /// Not UTF-8 text, or it holds NUL bytes.
    case notText

    public var description: String {
        switch self {
        case .missing: return "no such file"
        case .isDirectory: return "is a directory, not a file"
        case .unreadable(let message): return "cannot be read: \(message)"
        case .tooLarge(let limit): return "is larger than \(limit) bytes"
        case .notText: return "is not UTF-8 text"
        }
    }
}

/// Reads small text files whole: what the command line and embedding programs load.
public enum TextFile {
    /// The contents of the file at `path`, checked: a regular file (or a pipe), at most `limit`
    /// bytes, UTF-8 without NUL bytes.
    public static func read(_ path: String, limit: Int = 1 << 20) throws(TextFileError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT ? .missing : .unreadable(String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                throw code == EISDIR ? .isDirectory : .unreadable(String(cString: strerror(code)))
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > limit { throw .tooLarge(limit: limit) }
        }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
        return text
    }
}
