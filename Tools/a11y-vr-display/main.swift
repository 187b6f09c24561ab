// a11y-vr-display: a headless braille display for BRLTTY's Virtual driver (`vr`), for the demo.
//
//   a11y-vr-display --socket PATH [--cells N] [--output FILE]
//
// It connects to the driver's socket (brltty `-d server:PATH`), announces a display of N cells
// (default 40) and appends every `Visual "..."` and `Braille "..."` line it receives to FILE
// (default: standard output), so that a person can read what the display shows. It runs until
// BRLTTY closes the socket or it is signalled. `scripts/servers.sh start --display` runs it.
// Tests do not use it: they play the display themselves (VirtualBrailleDisplay, same client).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import VirtualDisplayClient

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

var output: Int32 = 1
if let outputPath {
    output = open(outputPath, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard output >= 0 else { fail("cannot open '\(outputPath)': \(String(cString: strerror(errno)))") }
}

let display: VirtualDisplaySocket
do {
    display = try VirtualDisplaySocket.connect(path: socketPath, cells: cells)
} catch {
    fail("\(error)")
}
put("a11y-vr-display: connected to \(socketPath) as a display of \(cells) cells\n", to: 2)

var reader = VirtualDisplayLineReader()
while let lines = reader.readLines(from: display) {
    for line in lines where VirtualDisplayLine(line) != nil {
        put(line + "\n", to: output)
    }
}
put("a11y-vr-display: BRLTTY closed the connection\n", to: 2)
