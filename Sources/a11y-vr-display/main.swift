// a11y-vr-display: a headless braille display for BRLTTY's Virtual driver (`vr`), for the demo.
//
//   a11y-vr-display --socket PATH [--cells N] [--output FILE]
//
// It connects to the driver's socket (brltty `-d server:PATH`), announces a display of N cells
// (default 40) and appends every `Visual "..."` and `Braille "..."` line it receives to FILE
// (default: standard output), so that a person can read what the display shows. It runs until
// BRLTTY closes the socket or it is signalled. `scripts/servers.sh start --display` runs it.
// Tests do not use it: they connect their own display fixture.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes all of `text` to a file descriptor (stdio's `stderr` is not concurrency-safe in Swift 6).
func put(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}

func fail(_ message: String) -> Never {
    put("a11y-vr-display: \(message)\n", to: 2)
    exit(1)
}

var socketPath: String?
var cells = 40
var outputPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--socket": socketPath = arguments.popFirst()
    case "--cells":
        guard let text = arguments.popFirst(), let value = Int(text), value > 0 else { fail("--cells needs a positive number") }
        cells = value
    case "--output": outputPath = arguments.popFirst()
    default: fail("unknown argument '\(argument)'; usage: a11y-vr-display --socket PATH [--cells N] [--output FILE]")
    }
}
guard let socketPath else { fail("missing --socket PATH") }

/// Binds `descriptor` to an autobound abstract unix address before it connects. BRLTTY 6.5's vr
/// driver copies the client's address with strdup; for an unbound client that memory is
/// uninitialised (valgrind: "Conditional jump ... depends on uninitialised value(s)" under
/// strdup in libbrlttybvr.so), which we suspect of its random crashes. An autobound address
/// starts with a NUL byte, so the copy is an empty string.
func autobindUnixSocket(_ descriptor: Int32) {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sa_family_t>.size)) }
    }
}

var output: Int32 = 1
if let outputPath {
    output = open(outputPath, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard output >= 0 else { fail("cannot open '\(outputPath)': \(String(cString: strerror(errno)))") }
}

let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
guard fd >= 0 else { fail("socket: \(String(cString: strerror(errno)))") }
autobindUnixSocket(fd)
var address = sockaddr_un()
address.sun_family = sa_family_t(AF_UNIX)
let pathBytes = Array(socketPath.utf8)
guard pathBytes.count < MemoryLayout.size(ofValue: address.sun_path) else { fail("socket path too long: '\(socketPath)'") }
withUnsafeMutableBytes(of: &address.sun_path) { raw in
    raw.copyBytes(from: pathBytes)
    raw[pathBytes.count] = 0
}
let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
    }
}
guard connected == 0 else { fail("cannot connect to '\(socketPath)': \(String(cString: strerror(errno)))") }

let hello = Array("cells \(cells)\n".utf8)
guard write(fd, hello, hello.count) == hello.count else { fail("write: \(String(cString: strerror(errno)))") }
put("a11y-vr-display: connected to \(socketPath) as a display of \(cells) cells\n", to: 2)

var pending: [UInt8] = []
var buffer = [UInt8](repeating: 0, count: 4096)
while true {
    let count = read(fd, &buffer, buffer.count)
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { break }
    pending.append(contentsOf: buffer[0..<count])
    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        if line.hasPrefix("Visual ") || line.hasPrefix("Braille ") {
            put(line + "\n", to: output)
        }
    }
}
put("a11y-vr-display: BRLTTY closed the connection\n", to: 2)
