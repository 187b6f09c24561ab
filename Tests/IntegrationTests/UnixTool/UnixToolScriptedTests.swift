import A11yTestSupport
import Foundation
import Testing

/// a11y-demo as a Unix tool, through the real binary without a terminal: live values
/// (--print-partial), the time limit (--timeout), dialog's rangebox, the preferences file.
/// Speech and braille are off unless a test is about them.
@Suite struct UnixToolScriptedTests {
    static let quiet = ["--speech", "off", "--braille", "off"]

    func run(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> Spawn.Outcome {
        var base = ProcessInfo.processInfo.environment
        base["A11Y_CONTROLS_CONFIG"] = "/dev/null"   // the user's own preferences must not change the tests
        return try Spawn.scripted([try DemoInTmux.binary] + arguments, input: input, environment: base.merging(environment) { $1 })
    }

    // MARK: --print-partial

    @Test func printPartialWritesEachChangeAsItHappensThenTheResult() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["A11Y_CONTROLS_CONFIG"] = "/dev/null"
        let demo = try LiveScriptedDemo(["stepper", "--print-partial"] + Self.quiet, environment: environment)
        demo.type("+")
        #expect(demo.waitForStdout { $0 == "2\n" } == "2\n")   // while the control still runs
        #expect(demo.child.exit == nil)
        demo.type("++")
        #expect(demo.waitForStdout { $0 == "2\n3\n4\n" } == "2\n3\n4\n")
        demo.type("\r")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "2\n3\n4\n4\n")
    }

    @Test func printPartialWithJSONAndOnCancel() throws {
        let json = try run(["range", "--json", "--print-partial"] + Self.quiet, input: "\u{1B}[C\t\u{1B}[D\r")
        #expect(json.status == 0)
        #expect(json.stdout == """
            {"control":"range","lower":11,"upper":90}
            {"control":"range","lower":11,"upper":89}
            {"control":"range","lower":11,"upper":89}

            """)
        // A key that changes nothing prints nothing; a cancel prints no result line.
        let cancelled = try run(["stepper", "--print-partial", "--value", "1"] + Self.quiet, input: "-+q")
        #expect((cancelled.status, cancelled.stdout) == (1, "2\n"))
    }

    // MARK: --timeout

    @Test func anUntouchedControlTimesOutWith124AndNothingOnStdout() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["A11Y_CONTROLS_CONFIG"] = "/dev/null"
        let idle = try LiveScriptedDemo(["stepper", "--timeout", "0.3"] + Self.quiet, environment: environment)
        #expect(idle.waitForExit() == 124)
        #expect(idle.stdout.isEmpty)
        // Keys keep it alive; once they stop, the time runs out (with --print-partial the values stay printed).
        let touched = try LiveScriptedDemo(["stepper", "--timeout", "0.5", "--print-partial"] + Self.quiet, environment: environment)
        touched.type("+")
        touched.waitForStdout { $0 == "2\n" }
        #expect(touched.waitForExit() == 124)
        #expect(touched.stdout == "2\n")
        // Enter in time accepts.
        let accepted = try run(["stepper", "--timeout", "30"] + Self.quiet, input: "+\r")
        #expect((accepted.status, accepted.stdout) == (0, "2\n"))
    }

    // MARK: dialog --rangebox

    @Test func rangeboxWritesTheValueOnStandardErrorAsDialogDoes() throws {
        let box = ["--rangebox", "Volume", "10", "40", "0", "20", "5"]
        let enter = try run(Self.quiet + box, input: "\u{1B}[C\r")
        #expect((enter.status, enter.stdout, enter.stderr) == (0, "", "6"))
        let stdout = try run(Self.quiet + ["--stdout"] + box, input: "\u{1B}[C\u{1B}[C\r")
        #expect((stdout.status, stdout.stdout, stdout.stderr) == (0, "7", ""))
        let fd = try Spawn.scripted(["/bin/bash", "-c", "\"$@\" 3>&1 >/dev/null", "bash", try DemoInTmux.binary]
                                    + Self.quiet + ["--output-fd", "3"] + box, input: "\r",
                                    environment: ProcessInfo.processInfo.environment.merging(["A11Y_CONTROLS_CONFIG": "/dev/null"]) { $1 })
        #expect((fd.status, fd.stdout, fd.stderr) == (0, "5", ""))
        let escape = try run(Self.quiet + box, input: "\u{1B}")
        #expect((escape.status, escape.stdout, escape.stderr) == (255, "", ""))
        let q = try run(Self.quiet + box, input: "q")
        #expect((q.status, q.stderr) == (1, ""))
        let renumbered = try run(Self.quiet + box, input: "\u{1B}", environment: ["DIALOG_ESC": "9", "DIALOG_OK": "3"])
        #expect(renumbered.status == 9)
        #expect(try run(Self.quiet + box, input: "\r", environment: ["DIALOG_OK": "3"]).status == 3)
    }

    @Test func rangeboxKeepsServerWarningsOffStandardError() throws {
        // Unreachable servers in auto mode: warned about on the terminal (there is none here),
        // never on stderr, where the value goes.
        let outcome = try run(["--rangebox", "Volume", "10", "40", "0", "20", "5"], input: "\r",
                              environment: ["SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock", "BRLAPI_HOST": "127.0.0.1:199"])
        #expect((outcome.status, outcome.stderr) == (0, "5"))
    }

    @Test func dialogsOwnRangeboxSampleRunsByChangingTheProgramsName() throws {
        let script = PackageRoot.url.path + "/examples/dialog/rangebox.sh"
        // Servers unreachable in auto mode: their warnings must not end up in $value.
        let environment = ["DIALOG": try DemoInTmux.binary, "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock",
                           "BRLAPI_HOST": "127.0.0.1:199"]
        func run(_ input: String) throws -> String {
            var base = ProcessInfo.processInfo.environment
            base["A11Y_CONTROLS_CONFIG"] = "/dev/null"
            return try Spawn.scripted(["/bin/sh", script], input: input, environment: base.merging(environment) { $1 }).stdout
        }
        #expect(try run("\u{1B}[C\r") == "Result is 6\n")
        #expect(try run("q") == "Cancel pressed.\n")
        #expect(try run("\u{1B}") == "ESC pressed.\n")
    }

    @Test func badRangeboxArgumentsAreOneLineAndExitTwo() throws {
        for arguments in [["--rangebox", "t", "1", "2"], ["--rangebox", "t", "1", "2", "a", "9", "3"], ["--output-fd", "1000", "--rangebox", "t", "1", "2", "1", "9", "3"]] {
            let outcome = try run(Self.quiet + arguments, input: "\r")
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.stdout.isEmpty && outcome.stderr.hasPrefix("Error: ") && outcome.stderr.split(separator: "\n").count == 1)
        }
    }

    // MARK: preferences

    @Test func preferencesApplyAndTheCommandLineWins() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-prefs-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config").path
        try "# mine\nspeech = on\nbraille = off\n".write(toFile: config, atomically: true, encoding: .utf8)
        let unreachable = ["A11Y_CONTROLS_CONFIG": config, "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock"]
        let required = try run(["stepper"], input: "\r", environment: unreachable)
        #expect(required.status == 3 && required.stdout.isEmpty && required.stderr.contains("speech"))
        let overridden = try run(["stepper", "--speech", "off"], input: "\r", environment: unreachable)
        #expect((overridden.status, overridden.stdout) == (0, "1\n"))

        // The XDG place is read when no file is named.
        let xdg = directory.appendingPathComponent("xdg/a11y-controls")
        try FileManager.default.createDirectory(at: xdg, withIntermediateDirectories: true)
        try "speech = on\nbraille = off\n".write(toFile: xdg.appendingPathComponent("config").path, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "A11Y_CONTROLS_CONFIG")
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("xdg").path
        environment["SPEECHD_ADDRESS"] = "unix_socket:/nonexistent/speechd.sock"
        let viaXDG = try Spawn.scripted([try DemoInTmux.binary, "stepper"], input: "\r", environment: environment)
        #expect(viaXDG.status == 3)
    }

    @Test func badPreferencesAreOneErrorNamingTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-prefs-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config").path
        func check(_ contents: Data?, _ expected: String, path: String? = nil) throws {
            if let contents { try contents.write(to: URL(fileURLWithPath: config)) }
            let outcome = try run(["stepper"] + Self.quiet, input: "\r", environment: ["A11Y_CONTROLS_CONFIG": path ?? config])
            #expect(outcome.status == 2, "\(expected)")
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr == expected + "\n")
        }
        try check(Data("speech = off\nverbosity = chatty\n".utf8),
                  "Error: \(config):2: The value 'chatty' is invalid for 'verbosity': expected terse, normal or verbose")
        try check(Data("speech off\n".utf8), "Error: \(config):1: expected 'name = value', as in 'speech = off'")
        try check(Data([0x73, 0x00, 0xFF]), "Error: \(config): is not UTF-8 text")
        try check(Data(("voice = " + String(repeating: "a", count: 1_000_000) + "\n").utf8),
                  "Error: \(config):1: the line is longer than 4096 characters")
        try check(nil, "Error: \(directory.path): is a directory, not a file", path: directory.path)
        try check(nil, "Error: \(directory.path)/missing: no such file", path: directory.path + "/missing")
        // A FIFO nobody writes to is refused at once instead of read forever.
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        try check(nil, "Error: \(fifo): is a FIFO, not a file", path: fifo)
        let keymap = try run(["stepper", "--keymap", fifo] + Self.quiet, input: "\r", environment: [:])
        #expect(keymap.status == 2)
        #expect(keymap.stderr == "Error: '--keymap' '\(fifo)' is a FIFO, not a file\n")
        try Data("speech = off\n".utf8).write(to: URL(fileURLWithPath: config))
        chmod(config, 0)
        if getuid() != 0 {   // root reads any file
            try check(nil, "Error: \(config): cannot be read: Permission denied")
        }
        // Help still works with a bad file.
        let help = try run(["--help"], input: "", environment: ["A11Y_CONTROLS_CONFIG": directory.path])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW"))
    }
}
