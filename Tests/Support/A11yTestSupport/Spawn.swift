import Foundation

/// Runs a program to its end (`ChildProcess`, then wait): standard input from a file, standard
/// output and error to files.
package enum Spawn {
    /// What a scripted run of a program gave.
    package struct Outcome: Sendable {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// Runs `argv` with `input` as its standard input (scripted mode) and without a terminal
    /// (a new session, so /dev/tty cannot be opened).
    package static func scripted(_ argv: [String], input: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputPath = directory.appendingPathComponent("stdin").path
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        let out = directory.appendingPathComponent("stdout").path, err = directory.appendingPathComponent("stderr").path
        let status = try run(["/usr/bin/setsid", "-w"] + argv, environment: environment, outputPath: out,
                             inputPath: inputPath, errorPath: err)
        return Outcome(status: status, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                       stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Runs `argv` to its end; returns the status a shell would report. Output goes to
    /// `outputPath` (or /dev/null), errors there too or to `errorPath`.
    package static func run(_ argv: [String], environment: [String: String], outputPath: String? = nil,
                           inputPath: String = "/dev/null", errorPath: String? = nil) throws -> Int32 {
        let child = try ChildProcess(argv, environment: environment,
                                     streams: .files(input: inputPath, output: outputPath ?? "/dev/null", error: errorPath))
        return try child.waitForExit()!.shellStatus
    }
}
