import A11yTestSupport
import Foundation
import Testing

/// The a11y-demo contract for shell scripts, through the real binary: keys as bytes on standard
/// input (scripted mode, no terminal), the result on stdout, one line on stderr for bad usage, and
/// the exit statuses. Speech and braille are off here (their servers are for the suites under
/// RealServerTests), except where a test is about them.
@Suite struct DemoCommandLineTests {
    static let quiet = ["--speech", "off", "--braille", "off"]

    func run(_ arguments: [String], input: String = "", environment: [String: String]? = nil) throws -> Spawn.Outcome {
        try Spawn.scripted([try DemoInTmux.binary] + arguments, input: input,
                           environment: environment ?? ProcessInfo.processInfo.environment)
    }

    @Test func acceptingPrintsTheValuesAndExitsZero() throws {
        let range = try run(["range"] + Self.quiet, input: "\u{1B}[C\u{1B}[C\t\u{1B}[D\r")
        #expect(range.status == 0)
        #expect(range.stdout == "12 89\n")
        let stepper = try run(["stepper", "--value", "3"] + Self.quiet, input: "+++\r")
        #expect((stepper.status, stepper.stdout) == (0, "6\n"))
        // Common options before the subcommand, --name=value form, negative values, digits from the step.
        let negative = try run(Self.quiet + ["range", "--min=-10", "--max", "-2", "--step", "0.5"], input: "\r")
        #expect((negative.status, negative.stdout) == (0, "-9.0 -3.0\n"))   // 10% and 90% of the range, on the 0.5 grid
        let single = try run(["range", "--single", "--value", "40"] + Self.quiet, input: "\u{1B}[5~\r")
        #expect((single.status, single.stdout) == (0, "50\n"))
    }

    @Test func typedNumbersAreCommittedThenAccepted() throws {
        let typed = try run(["stepper"] + Self.quiet, input: "42\r\r")
        #expect((typed.status, typed.stdout) == (0, "42\n"))
        // 42 is refused (above the maximum); two Backspaces, 7, Enter sets it, Enter accepts.
        let refused = try run(["stepper", "--max", "30"] + Self.quiet, input: "42\r\u{7F}\u{7F}7\r\r")
        #expect((refused.status, refused.stdout) == (0, "7\n"))
    }

    @Test func jsonIsOneObject() throws {
        let range = try run(["range", "--json"] + Self.quiet, input: "\r")
        #expect(range.stdout == "{\"control\":\"range\",\"lower\":10,\"upper\":90}\n")
        let stepper = try run(["--json", "stepper", "--step", "0.25", "--min", "0", "--max", "2", "--value", "1"] + Self.quiet, input: "+\r")
        #expect(stepper.stdout == "{\"control\":\"stepper\",\"value\":1.25}\n")
        let showcase = try run(["--json"] + Self.quiet, input: "\t\t+\r")
        #expect(showcase.stdout == "{\"control\":\"showcase\",\"range\":{\"lower\":10,\"upper\":90},\"stepper\":{\"value\":2}}\n")
    }

    /// The hidden `--generate` of `make doc-tables`: the program prints the tables the docs hold
    /// between their markers (DocsMatchTheCodeTests holds those to the key map); an unknown name is
    /// one line naming the known ones, exit 2.
    @Test func theDocsTablesComeFromTheProgram() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/user-guide.md"), encoding: .utf8)
        for name in ["keys-markdown", "key-actions-markdown"] {
            let table = try run(["--generate", name])
            #expect(table.status == 0 && table.stdout.contains("|---|---|") && guide.contains(table.stdout), "\(name): \(table.stderr)")
        }
        let unknown = try run(["--generate", "nope"])
        #expect(unknown.status == 2 && unknown.stdout.isEmpty)
        #expect(unknown.stderr == "Error: '--generate' takes bash, fish, key-actions-markdown, keys-markdown, man, zsh\n")
    }

    @Test func cancellingPrintsNothing() throws {
        for input in ["\u{1B}", "q", "++", ""] {
            let outcome = try run(["stepper"] + Self.quiet, input: input)
            #expect(outcome.status == 1, "input \(input.debugDescription)")
            #expect(outcome.stdout.isEmpty)
        }
        let interrupted = try run(["range"] + Self.quiet, input: "\u{03}")
        #expect(interrupted.status == 130 && interrupted.stdout.isEmpty)
    }

    @Test func captureWithCommandSubstitution() throws {
        let shell = try Spawn.scripted(["/bin/bash", "-c", "v=$(printf '\\033[C\\r' | \"$0\" range --min 200 --max 300 --speech off --braille off); echo \"[$v]\"",
                                        try DemoInTmux.binary], input: "")
        #expect(shell.stdout == "[211 290]\n")
    }

    @Test func aRequiredServerThatIsMissingExitsThree() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["SPEECHD_ADDRESS"] = "unix_socket:/nonexistent/speechd.sock"
        environment["BRLAPI_HOST"] = "127.0.0.1:199"
        let speech = try run(["stepper", "--speech", "on", "--braille", "off"], input: "\r", environment: environment)
        #expect(speech.status == 3 && speech.stdout.isEmpty)
        #expect(speech.stderr.split(separator: "\n").count == 1)
        #expect(speech.stderr.contains("speech"))
        let braille = try run(["stepper", "--speech", "off", "--braille", "on"], input: "\r", environment: environment)
        #expect(braille.status == 3 && braille.stdout.isEmpty && braille.stderr.contains("braille"))
        // auto: says once what is missing, then works without it.
        let auto = try run(["stepper"], input: "+\r", environment: environment)
        #expect((auto.status, auto.stdout) == (0, "2\n"))
        #expect(auto.stderr.split(separator: "\n").count == 2)
    }

    /// Bad usage: exit 2, exactly one line on stderr naming the option, nothing on stdout.
    @Test(arguments: [
        (["--bogus"], "'--bogus"),
        (["range", "--mni", "3"], "'--mni"),
        (["slider"], "'slider'"),
        (["range", "--min"], "'--min"),
        (["range", "--min", "abc"], "'--min"),
        (["range", "--max", "nan"], "'--max"),
        (["range", "--max", "inf"], "'--max"),
        (["range", "--max", "1e400"], "'--max"),
        (["range", "--min", "5", "--max", "1"], "'--min"),
        (["range", "--step", "0"], "'--step"),
        (["range", "--step", "-1"], "'--step"),
        (["range", "--step", "500"], "'--step"),
        (["range", "--lower", "95", "--upper", "90"], "'--lower"),
        (["range", "--lower", "-5"], "'--lower"),
        (["range", "--upper", "101"], "'--upper"),
        (["range", "--min-distance", "90", "--lower", "10", "--upper", "20"], "distance"),
        (["range", "--max-distance", "-3"], "'--max-distance"),
        (["range", "--format", "currency:EURO"], "'--format"),
        (["range", "--format", "bogus"], "'--format"),
        (["range", "--format-plugin", "/nonexistent/plugin.so"], "'--format-plugin"),
        (["range", "--page-step", "0"], "'--page-step"),
        (["stepper", "--value", "500"], "'--value"),
        (["stepper", "--autorepeat-interval", "0"], "'--autorepeat-interval"),
        (["stepper", "--autorepeat-interval", "-1"], "'--autorepeat-interval"),
        (["stepper", "--autorepeat-delay", "x"], "'--autorepeat-delay"),
        (["stepper", "--lower", "3"], "'--lower"),
        (["--speech", "maybe"], "'--speech"),
        (["--braille", "yes"], "'--braille"),
        (["--verbosity", "loud"], "'--verbosity"),
        (["--speech-rate", "500"], "'--speech-rate"),
        (["range", "--label", "a\u{1B}[2Jb"], "'--label"),
        (["range", "--label", String(repeating: "x", count: 10_000)], "'--label"),
        (["stepper", "--max", "1e308"], "'--step"),
    ])
    func badUsage(arguments: [String], names: String) throws {
        let outcome = try run(Self.quiet + arguments, input: "\r")
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "not one line: \(outcome.stderr.debugDescription)")
        #expect(outcome.stderr.contains(names), "\(outcome.stderr)")
        #expect(!outcome.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(outcome.stderr.count < 400)
    }

    @Test func helpAndVersionGoToStdout() throws {
        let help = try run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: a11y-demo") && help.stderr.isEmpty)
        let rangeHelp = try run(["range", "--help"])
        #expect(rangeHelp.status == 0 && rangeHelp.stdout.contains("--min-distance"))
        let version = try run(["--version"])
        #expect((version.status, version.stdout) == (0, "a11y-demo 0.1.0\n"))
    }
}
