import A11yTestSupport
import Foundation
import VirtualDisplayClient

/// a11y-demo in scripted mode with its standard input on a FIFO the test keeps open: keys are
/// written while it runs (so the input never ends by itself), and stdout is read as it grows.
final class LiveScriptedDemo {
    let directory: URL
    let child: ChildProcess
    private let writer: Int32

    init(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-live-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fifo = directory.appendingPathComponent("stdin").path
        guard mkfifo(fifo, 0o600) == 0 else { throw FixtureError("mkfifo \(fifo): \(String(cString: strerror(errno)))") }
        // Read-write: the FIFO always has a writer, so the demo never sees the end of input.
        writer = open(fifo, O_RDWR | O_CLOEXEC)
        guard writer >= 0 else { throw FixtureError("open \(fifo): \(String(cString: strerror(errno)))") }
        child = try ChildProcess([try DemoInTmux.binary] + arguments, environment: environment,
                                 streams: .files(input: fifo, output: directory.appendingPathComponent("stdout").path,
                                                 error: directory.appendingPathComponent("stderr").path),
                                 newSession: true)
    }

    deinit {
        child.killAndReap()
        close(writer)
        try? FileManager.default.removeItem(at: directory)
    }

    func type(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(writer, $0.baseAddress, $0.count) }
    }

    var stdout: String { (try? String(contentsOfFile: directory.appendingPathComponent("stdout").path, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: directory.appendingPathComponent("stderr").path, encoding: .utf8)) ?? "" }

    /// Waits (10 s at most) until stdout satisfies `condition`; the stdout then.
    @discardableResult
    func waitForStdout(_ condition: (String) -> Bool) -> String {
        _ = Polling.until(timeout: Polling.hang, every: .milliseconds(5)) { condition(stdout) }
        return stdout
    }

    /// The shell status, once it ended (10 s at most).
    func waitForExit() -> Int32? {
        (try? child.waitForExit(timeout: Polling.hang))??.shellStatus
    }
}
