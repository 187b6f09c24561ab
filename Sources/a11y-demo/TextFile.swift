import Glibc

/// A small text file given on the command line (a key map), read so that nothing can hang or
/// flood the program: a FIFO, a device or a directory is refused without being read (opening a
/// FIFO for reading waits for a writer), more than 1 MB is refused, and binary or invalid UTF-8
/// content is refused. Each refusal is a short phrase for one line on stderr.
enum TextFile {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static let limit = 1 << 20

    static func read(_ path: String) -> Result<String, Problem> {
        // O_NONBLOCK: a FIFO opens at once (and is refused below) instead of waiting for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Problem(description: "cannot be read: \(String(cString: strerror(errno)))")) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(Problem(description: "cannot be read: \(String(cString: strerror(errno)))")) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(Problem(description: "is a directory, not a file"))
        default: return .failure(Problem(description: "is not a regular file (a FIFO, socket or device)"))
        }
        guard status.st_size <= limit else { return .failure(Problem(description: "is too large (over 1 MB) for a key map")) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 4096) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(Problem(description: "cannot be read: \(String(cString: strerror(errno)))")) }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        guard bytes.count <= limit else { return .failure(Problem(description: "is too large (over 1 MB) for a key map")) }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(Problem(description: "is not text (binary or invalid UTF-8)"))
        }
        return .success(text)
    }
}
