import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// `make install` into a DESTDIR: every file, the man page rendered, the completions working in
/// their shells, the C library found through pkg-config; the C and Python examples built against
/// the installed files and run in scripted mode against the real servers.
extension RealServerTests {
@Suite(.serialized)
struct InstallTests {
    static let files = ["bin/a11y-demo", "share/man/man1/a11y-demo.1", "share/bash-completion/completions/a11y-demo",
                        "share/zsh/site-functions/_a11y-demo", "share/fish/vendor_completions.d/a11y-demo.fish",
                        "lib/liba11y-controls.so", "include/a11y_controls.h", "include/a11y_formatter_plugin.h",
                        "lib/pkgconfig/a11y-controls.pc"] + ["de", "es", "fr"].map { "share/locale/\($0)/LC_MESSAGES/a11y-controls.mo" }

    /// A DESTDIR with the debug build installed (`make install-files`; `make install` builds
    /// in release first, which the tests leave to the user).
    final class Installation {
        let destdir: URL
        var prefix: String { destdir.path + "/usr/local" }

        init() throws {
            destdir = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-destdir-\(UUID().uuidString.prefix(8))")
            let log = destdir.path + ".log"
            let status = try Spawn.run(["/usr/bin/make", "-C", PackageRoot.url.path, "--no-print-directory", "install-files",
                                        "BUILD_DIR=\(PackageRoot.url.path)/.build/debug", "DESTDIR=\(destdir.path)", "PREFIX=/usr/local"],
                                       environment: ProcessInfo.processInfo.environment, outputPath: log)
            guard status == 0 else { throw FixtureError("make install-files failed: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")") }
        }

        deinit { try? FileManager.default.removeItem(at: destdir) }

        /// `command` in bash, with the installed pkg-config file found and its prefix moved into DESTDIR.
        func shell(_ command: String, input: String = "", environment extra: [String: String] = [:]) throws -> Spawn.Outcome {
            var environment = ProcessInfo.processInfo.environment
            environment["PKG_CONFIG_PATH"] = prefix + "/lib/pkgconfig"
            environment["PREFIX_IN_DESTDIR"] = prefix
            environment["A11Y_CONTROLS_CONFIG"] = "/dev/null"
            for (key, value) in extra { environment[key] = value }
            return try Spawn.scripted(["/bin/bash", "-c", command], input: input, environment: environment)
        }
    }

    @Test func installsEveryFileAndUninstallsThem() throws {
        let installation = try Installation()
        for file in Self.files {
            #expect(FileManager.default.fileExists(atPath: installation.prefix + "/" + file), "\(file)")
        }
        let version = try installation.shell("\"$PREFIX_IN_DESTDIR/bin/a11y-demo\" --version")
        #expect(version.stdout == "a11y-demo 0.1.0\n")

        // The man page renders, without a warning.
        let man = try installation.shell("MANWIDTH=80 man -l \"$PREFIX_IN_DESTDIR/share/man/man1/a11y-demo.1\" 2>&1")
        #expect(man.status == 0 && man.stdout.contains("A11Y-DEMO(1)") && man.stdout.contains("--print-partial"))
        let groff = try installation.shell("groff -ww -man -Tutf8 -z \"$PREFIX_IN_DESTDIR/share/man/man1/a11y-demo.1\" 2>&1")
        #expect((groff.status, groff.stdout) == (0, ""))

        // bash completes subcommands, options and the values of enumerated options.
        let bash = try installation.shell("""
            source "$PREFIX_IN_DESTDIR/share/bash-completion/completions/a11y-demo"
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _a11y_demo; echo "${COMPREPLY[*]}"; }
            complete_words a11y-demo ra; complete_words a11y-demo range --mi; complete_words a11y-demo --speech ""
            complete_words a11y-demo stepper --wr; complete_words a11y-demo --verbosity t
            """)
        #expect(bash.stdout == "range\n--min --min-distance\nauto on off\n--wraps\nterse\n")
        // zsh and fish read their files; fish completes from them.
        #expect(try installation.shell("zsh -n \"$PREFIX_IN_DESTDIR/share/zsh/site-functions/_a11y-demo\"").status == 0)
        let fish = try installation.shell("fish -c 'source $PREFIX_IN_DESTDIR/share/fish/vendor_completions.d/a11y-demo.fish; complete -C \"a11y-demo range --mi\"'")
        #expect(fish.stdout.hasPrefix("--min\t") && fish.stdout.contains("--min-distance\t"))

        // The installed program and library find their own catalogs, wherever the prefix is
        // (A11Y_LOCALEDIR empty: not set).
        let help = try installation.shell("\"$PREFIX_IN_DESTDIR/bin/a11y-demo\" --language de --help", environment: ["A11Y_LOCALEDIR": ""])
        #expect(help.status == 0 && help.stdout.hasPrefix("ÜBERSICHT: ") && help.stderr.isEmpty, "\(help.stderr)")
        let words = try installation.shell(
            "/usr/bin/python3 -c 'import ctypes,os; l=ctypes.CDLL(os.environ[\"PREFIX_IN_DESTDIR\"]+\"/lib/liba11y-controls.so\"); "
                + "l.a11y_engine_new.restype=ctypes.c_void_p; l.a11y_engine_take_speech.restype=ctypes.c_char_p; "
                + "l.a11y_engine_take_speech.argtypes=[ctypes.c_void_p]; "
                + "a=(ctypes.c_char_p*4)(b\"stepper\", b\"--language\", b\"fr\", None); "
                + "print(l.a11y_engine_take_speech(l.a11y_engine_new(a)).decode().strip())'",
            environment: ["A11Y_LOCALEDIR": ""])
        #expect(words.stdout.hasPrefix("valeur, bouton de réglage, 1, de 1 à 99"), "\(words.stderr)")

        // pkg-config knows the library.
        let flags = try installation.shell("pkg-config --define-variable=prefix=\"$PREFIX_IN_DESTDIR\" --cflags --libs a11y-controls")
        #expect(flags.status == 0 && flags.stdout.contains("-la11y-controls") && flags.stdout.contains("-I\(installation.prefix)/include"))

        let uninstall = try Spawn.run(["/usr/bin/make", "-C", PackageRoot.url.path, "--no-print-directory", "uninstall",
                                       "DESTDIR=\(installation.destdir.path)"], environment: ProcessInfo.processInfo.environment)
        #expect(uninstall == 0)
        for file in Self.files {
            #expect(!FileManager.default.fileExists(atPath: installation.prefix + "/" + file), "\(file)")
        }
    }

    @Test func theCExampleBuildsThroughPkgConfigAndDrivesAStepper() throws {
        let installation = try Installation()
        let program = installation.destdir.path + "/stepper-example"
        let build = try installation.shell("cc -Wall -Wextra -Werror \(PackageRoot.url.path)/examples/c/stepper.c -o \(program) "
                                           + "$(pkg-config --define-variable=prefix=\"$PREFIX_IN_DESTDIR\" --cflags --libs a11y-controls) 2>&1")
        #expect(build.status == 0, "\(build.stdout)")

        // Modal, with the real servers required: the value on stdout, spoken, on the braille display.
        let display = try SharedDisplay.get()
        let mark = display.frames.count
        let spoken = try CaptureFile()
        let modal = try installation.shell("\(program) --speech on --braille on --value 3 --label Copies", input: "++\r")
        #expect((modal.status, modal.stdout) == (0, "5\n"), "\(modal.stderr)")
        #expect(spoken.waitForLines { $0.contains("5, accepted") }.contains("5, accepted"))
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("Copies 5") } != nil)

        // The event-fed engine: what to say and the braille line come back to the program.
        let engine = try installation.shell("\(program) --engine --value 3 --label Copies", input: "+\r")
        #expect(engine.status == 0)
        #expect(engine.stdout.hasSuffix("4\n") && engine.stdout.contains("say: 4\n") && engine.stdout.contains("braille: Copies 4"))

        // Errors come back as a status and one message.
        let bad = try installation.shell("\(program) --min x")
        #expect(bad.status == 2 && bad.stderr == "Error: The value 'x' is invalid for '--min <n>': not a number\n")
        let cancelled = try installation.shell("\(program) --speech off --braille off", input: "q")
        #expect((cancelled.status, cancelled.stdout) == (1, ""))
    }

    @Test func thePythonExampleDrivesAStepperThroughCtypes() throws {
        let installation = try Installation()
        let script = PackageRoot.url.path + "/examples/python/stepper.py"
        let library = ["A11Y_CONTROLS_LIBRARY": installation.prefix + "/lib/liba11y-controls.so"]
        let display = try SharedDisplay.get()
        let mark = display.frames.count
        let spoken = try CaptureFile()
        let modal = try installation.shell("/usr/bin/python3 \(script) --speech on --braille on --value 7 --label Copies",
                                           input: "-\r", environment: library)
        #expect((modal.status, modal.stdout) == (0, "6\n"), "\(modal.stderr)")
        #expect(spoken.waitForLines { $0.contains("6, accepted") }.contains("6, accepted"))
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("Copies 6") } != nil)
        let engine = try installation.shell("/usr/bin/python3 \(script) --engine --value 7", input: "\u{1B}[A\r", environment: library)
        #expect(engine.status == 0 && engine.stdout.hasSuffix("8\n") && engine.stdout.contains("say: 8\n"))
        let bad = try installation.shell("/usr/bin/python3 \(script) --step 0", environment: library)
        #expect(bad.status == 2 && bad.stderr.hasPrefix("Error: The value '0' is invalid for '--step <n>'"))

        // The user's preferences reach programs through the library: checked, and applied.
        let config = installation.destdir.path + "/config"
        try "speech = off\nverbosity = chatty\n".write(toFile: config, atomically: true, encoding: .utf8)
        let check = try installation.shell(
            "/usr/bin/python3 -c 'import ctypes,os; l=ctypes.CDLL(os.environ[\"A11Y_CONTROLS_LIBRARY\"]); "
                + "l.a11y_last_error.restype=ctypes.c_char_p; print(l.a11y_preferences_check(), l.a11y_last_error().decode())'",
            environment: library.merging(["A11Y_CONTROLS_CONFIG": config]) { $1 })
        #expect(check.stdout == "-2 Error: \(config):2: The value 'chatty' is invalid for 'verbosity': expected terse, normal or verbose\n")
        let refused = try installation.shell("/usr/bin/python3 \(script)", input: "\r",
                                             environment: library.merging(["A11Y_CONTROLS_CONFIG": config]) { $1 })
        #expect(refused.status == 2 && refused.stderr.contains("\(config):2:"))
        try "speech = on\nbraille = off\n".write(toFile: config, atomically: true, encoding: .utf8)
        let required = try installation.shell("/usr/bin/python3 \(script)", input: "\r",
                                              environment: library.merging(["A11Y_CONTROLS_CONFIG": config,
                                                                            "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock"]) { $1 })
        #expect(required.status == 2 && required.stderr.contains("speech"))
    }
}
}
