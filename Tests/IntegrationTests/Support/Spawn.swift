import Foundation

/// Runs a program to its end with posix_spawn and waitpid: standard input from `inputPath`,
/// standard output to `outputPath` (or /dev/null), standard error there too or to `errorPath`.
enum Spawn {
    /// What a scripted run of a program gave.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `argv` with `input` as its standard input (scripted mode) and without a terminal
    /// (a new session, so /dev/tty cannot be opened).
    static func scripted(_ argv: [String], input: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Outcome {
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

    static func run(_ argv: [String], environment: [String: String], outputPath: String? = nil,
                    inputPath: String = "/dev/null", errorPath: String? = nil) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let errorPath {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        // The test runner's threads block signals, and a blocked mask is inherited across exec:
        // the child gets an empty mask and default handlers, as if started from a shell.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard result == 0 else { throw FixtureError("cannot run \(argv[0]): \(String(cString: strerror(result)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw FixtureError("waitpid \(argv[0]): \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS by hand: the macros are not imported.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
