import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// a11y-demo under the real screen readers Debian ships, each reading its own terminal and
/// speaking through a speech-dispatcher of its own, with the program's own speech going to
/// another (`scripts/readers/`): Fenrir 1.9.5 in PTY mode inside tmux, Orca 43 reading a VTE
/// terminal (sakura) under Xvfb, D-Bus and AT-SPI. Each reader's debug log says what it said; the
/// capture module says what the program said. For every key the new value is heard from one
/// voice, and nothing else is said.
///
/// A reader that cannot be started fails the test (the harness's log is in the message): never a
/// skip. The fallback when a reader ends is tested against the real readers and, for the Fenrir
/// console daemon (root and a VT, not available here), against a stand-in the program takes for
/// it. Nested in `RealServerTests`: the readers must not run beside each other or beside the
/// stand-in (the program would find that Fenrir), and the stand-in tests use the shared servers.
extension RealServerTests {
@Suite(.serialized)
struct RealScreenReaderTests {
    /// make test's ASan run sets A11Y_SKIP_REAL_READERS=1: the plain run of the same `make test`
    /// ran these tests, and a sanitized a11y-demo under a real reader takes long for little
    /// code the other sanitized tests do not reach: the stand-in tests below run Fenrir's
    /// detection, its remote socket and the watch of a reader that ends, the unit tests Orca's
    /// detection and the still cursor. Everywhere else they run.
    static let realReaders = ProcessInfo.processInfo.environment["A11Y_SKIP_REAL_READERS"] != "1"
    static let skipped: Comment = "A11Y_SKIP_REAL_READERS=1: make test's ASan run (its plain run ran the real readers)"

    enum Reader: String, Sendable, CustomStringConvertible {
        case fenrir, orca
        var description: String { rawValue }
        var script: String { PackageRoot.url.appendingPathComponent("scripts/readers/\(rawValue)-run.sh").path }
        /// The key that accepts, as tmux and xdotool name it.
        var enter: String { self == .fenrir ? "Enter" : "Return" }
        /// What the reader says for a key itself, whatever the program does: Orca's key echo
        /// says "tab" and "return" (a setting of the user's Orca, which a program cannot change).
        /// That is the reader naming the key typed, not a second voice of the value.
        func keyEcho(_ key: String) -> String? {
            guard self == .orca else { return nil }
            return ["Tab": "tab", "Return": "return"][key]
        }
    }

    /// `--screen-reader`: not given (the default, auto), off, on.
    enum Mode: String, Sendable, CaseIterable, CustomStringConvertible {
        case defaults = "default", off, on
        var description: String { rawValue }
        var arguments: [String] { self == .defaults ? [] : ["--screen-reader", rawValue] }
    }

    /// The seconds between keys: several times either reader's key-to-speech time, also with
    /// both cores busy, so each utterance is matched to the key that caused it.
    static let gap = "0.5"

    /// The key script and the words each key must make heard.
    static func script(_ reader: Reader) -> [(key: String, words: String)] {
        [("Right", "11"), ("Right", "12"), ("Right", "13"), ("Tab", "upper, horizontal slider, 90, from 13 to 100"),
         ("Left", "89"), ("Home", "13, meets lower"), ("End", "100, end of track"), (reader.enter, "13 to 100, accepted")]
    }

    static let demoArguments = ["range", "--label", "price"]

    // MARK: Every key heard once

    @Test(.enabled(if: realReaders, skipped), arguments: [Reader.fenrir, .orca], Mode.allCases)
    func eachKeyIsHeardOnce(reader: Reader, mode: Mode) throws {
        let script = Self.script(reader)
        let run = try ReaderRun(reader, name: "\(reader)-\(mode)", keys: script.map(\.key),
                                command: [try DemoInTmux.binary] + Self.demoArguments + mode.arguments)
        var failures = run.completed()
        for (index, step) in script.enumerated() {
            guard let slot = run.slot(index, key: step.key, failures: &failures) else { continue }
            if mode == .off {
                // Asked to speak: the program's voice says the value, once; what the reader says
                // beside it is printed above, not asserted (the user chose two voices).
                if slot.program.map(Self.words) != [Self.words(step.words)] {
                    failures.append("\(step.key) (key \(index + 1)): the program said \(slot.program), not once '\(step.words)'")
                }
            } else if let problem = Self.oneVoice(slot, words: step.words, echo: reader.keyEcho(step.key)) {
                failures.append("\(step.key) (key \(index + 1)): \(problem)")
            }
        }
        if run.programStatus != "0" || run.programStdout != "13 100\n" {
            failures.append("the program ended with status \(run.programStatus), stdout '\(run.programStdout)' (expected 0, '13 100')")
        }
        run.finish(failures)
    }

    // MARK: A reader that dies

    /// Fenrir's PTY mode: Fenrir owns the program's terminal, so a Fenrir killed mid-run takes the
    /// terminal with it. The program ends as SIGHUP ends it, at once (no hang), after restoring
    /// what it can (the terminal is gone: there is nothing left to look at).
    @Test(.enabled(if: realReaders, skipped))
    func fenrirKilledHangsUpTheProgram() throws {
        let run = try ReaderRun(.fenrir, name: "fenrir-killed", keys: ["Right", "Right", "@kill"],
                                command: [try DemoInTmux.binary] + Self.demoArguments, waitExit: 5)
        var failures = run.completed()
        if !FileManager.default.fileExists(atPath: run.path("shell-hup")) {
            failures.append("the terminal did not hang up when Fenrir was killed")
        }
        if run.programStatus != "129" {
            failures.append("the program " + (run.programStatus.isEmpty ? "was still running 5 s after Fenrir was killed"
                                                 : "ended with status \(run.programStatus), not 129 (SIGHUP)"))
        }
        run.finish(failures)
    }

    /// Orca killed mid-run: the terminal and the program stay, the program's watch sees Orca end,
    /// and every key after it is still spoken once by the program; the run ends as usual.
    @Test(.enabled(if: realReaders, skipped))
    func orcaKilledMidRun() throws {
        var script = Self.script(.orca)
        script.insert(("@kill", ""), at: 2)
        let run = try ReaderRun(.orca, name: "orca-killed", keys: script.map(\.key),
                                command: [try DemoInTmux.binary] + Self.demoArguments)
        var failures = run.completed()
        for (index, step) in script.enumerated() where step.key != "@kill" {
            guard let slot = run.slot(index, key: step.key, failures: &failures) else { continue }
            if slot.program.map(Self.words) != [Self.words(step.words)] {
                failures.append("\(step.key) (key \(index + 1)): the program said \(slot.program), not once '\(step.words)'")
            }
        }
        if run.programStatus != "0" || run.programStdout != "13 100\n" {
            failures.append("the program ended with status \(run.programStatus), stdout '\(run.programStdout)' (expected 0, '13 100')")
        }
        run.finish(failures)
    }

    /// The Fenrir console daemon (a stand-in: a process named fenrir listening on the daemon's
    /// socket) reads the screen, so the control is silent and the words go to the first line.
    /// When the daemon dies the control speaks within a second: that the reader ended, where it
    /// stands, and then each key.
    @Test func fenrirDaemonEndsAndTheControlSpeaksItself() throws {
        let daemon = try FenrirStandIn.daemon(.acceptAndStall)
        let spoken = try CaptureFile()
        let demo = try DemoInTmux(Self.demoArguments, environment: daemon.environment, unsetting: FenrirStandIn.unset)
        let first = demo.waitForScreen { $0.hasPrefix("price, range slider, 10 to 90") }
        #expect(first.hasPrefix("price, range slider, 10 to 90"), "not in screen-line mode; screen:\n\(first)\nstderr: \(demo.stderr)")
        try demo.send("Right")
        let moved = demo.waitForScreen { $0.split(separator: "\n").first == "11" }
        #expect(moved.split(separator: "\n").first == "11", "screen:\n\(moved)")
        spoken.refresh()
        #expect(spoken.lines.isEmpty, "the control spoke while the daemon read the screen: \(spoken.lines)")

        let killed = ContinuousClock.now
        daemon.kill()
        let ended = "screen reader ended, speaking myself"
        // The contract: within a second. Looked for a while longer, to tell late from never.
        let line = spoken.waitForLine(from: 0, timeout: .seconds(5)) { $0 == ended }
        let after = line.map { $0.time - killed }
        let when = after.map { "came \($0.milliseconds) ms after the daemon died" } ?? "never came"
        #expect(after.map { $0 < .seconds(1) } == true, "'\(ended)' \(when); spoken: \(spoken.lines)")
        let said = spoken.waitForLines { lines in lines.contains { $0.contains("11 to 90") } }
        #expect(said.first == ended && said.dropFirst().first?.contains("11 to 90") == true,
                "after the reader ended: \(said); stderr: \(demo.stderr)")
        let mark = spoken.count
        try demo.send("Right", gap: .milliseconds(250))
        #expect(spoken.waitForLine(from: mark) { $0 == "12" } != nil, "the next key was not spoken: \(spoken.lines)")
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "12 90\n")
        print("real-readers: fenrir daemon stand-in killed -> '\(ended)' after \(after?.milliseconds ?? -1) ms")
    }

    /// A Fenrir socket that stalls (connections taken and never read, or never taken at all)
    /// never holds up a key: each is brailled at once (and drawn, where the screen shows the
    /// value). The daemon's socket is only tried at start; the PTY-mode remote socket is told
    /// every utterance.
    @Test(arguments: [(false, FenrirStandIn.Mode.acceptAndStall), (false, .neverAccept), (true, .acceptAndStall), (true, .neverAccept)])
    func stalledFenrirSocketNeverBlocksAKey(ptyMode: Bool, mode: FenrirStandIn.Mode) throws {
        let display = try SharedDisplay.get()
        let standIn = try ptyMode ? FenrirStandIn.pty() : FenrirStandIn.daemon(mode)
        let mark = display.frames.count
        let started = ContinuousClock.now
        let demo = try DemoInTmux(Self.demoArguments, environment: standIn.environment, unsetting: FenrirStandIn.unset,
                                  wrapper: ptyMode ? standIn.wrapper(mode) : [])
        let first = display.waitForFrame(after: mark, timeout: .seconds(5)) { $0.text.hasPrefix("price 10") }
        #expect(first != nil, "nothing brailled; frames: \(display.frames.dropFirst(mark).map(\.text)); screen:\n\(demo.screen)\nstderr: \(demo.stderr)")
        let shown = ContinuousClock.now - started
        let taken = standIn.counts?.connections ?? 0
        // Fenrir found: the screen does not show the values (the daemon reads the words line, the
        // PTY-mode Fenrir is told the words). The daemon's words line holds the last words: the
        // introduction, or a notice after it (the shared display can still be coming up when a
        // suite starts: "braille display back").
        let quiet = { (screen: String) in
            ptyMode ? screen.hasPrefix("price\n") : screen.contains("\nprice\n") && !screen.hasPrefix("price\n")
        }
        let screen = demo.waitForScreen(timeout: .seconds(2)) { quiet($0) }
        #expect(quiet(screen) && !screen.contains("price: 10 to 90"), "screen:\n\(screen)")
        var latencies: [Duration] = []
        for value in 11...13 {
            let frames = display.frames.count
            try demo.send("Right", gap: .milliseconds(250))
            let typed = ContinuousClock.now
            let brailled = display.waitForFrame(after: frames, timeout: .seconds(2)) { $0.text.hasPrefix("price \(value)") }
            #expect(brailled != nil, "key \(value - 10) not brailled within 2 s; frames: \(display.frames.suffix(3).map(\.text))")
            latencies.append((brailled?.time ?? .now) - typed)
            if !ptyMode {
                let drawn = demo.waitForScreen(timeout: .seconds(2)) { $0.split(separator: "\n").first == "\(value)" }
                #expect(drawn.split(separator: "\n").first == "\(value)", "key \(value - 10) not drawn within 2 s; screen:\n\(drawn)")
            }
            demo.restartPace()
        }
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0, "screen:\n\(demo.screen)\nstderr: \(demo.stderr)")
        #expect(demo.stdout == "13 90\n")
        let told = (standIn.counts?.connections ?? 0) - taken
        if ptyMode && mode == .acceptAndStall { #expect(told > 0, "the program never tried Fenrir's remote socket") }
        print("real-readers: stalled Fenrir socket (\(ptyMode ? "PTY remote" : "daemon"), \(mode)) -> first line brailled after \(shown.milliseconds) ms, key->braille \(latencies.map(\.milliseconds)) ms, \(told) connections taken after start")
    }

    // MARK: Checks

    /// The words as compared: lower case, without the punctuation and spacing a reader adds
    /// (Fenrir reads "11  , " for a line "11" and the blank line under it).
    static func words(_ text: String) -> String {
        text.lowercased().split { $0.isWhitespace || ",.;:".contains($0) }.joined(separator: " ")
    }

    /// Nil when `words` was heard exactly once, from the reader or the program, and nothing else
    /// was said for the key (but the reader's `echo` of the key's name); else what went wrong.
    static func oneVoice(_ slot: ReaderRun.Slot, words expected: String, echo: String?) -> String? {
        let reader = slot.reader.filter { $0 != "<interrupt>" }
        let value = words(expected)
        let heard = reader.filter { words($0) == value }.count + slot.program.filter { words($0) == value }.count
        let others = reader.filter { words($0) != value && words($0) != echo }.map { "reader: \($0.debugDescription)" }
            + slot.program.filter { words($0) != value }.map { "program: \($0.debugDescription)" }
        guard heard != 1 || !others.isEmpty else { return nil }
        return "'\(expected)' heard \(heard) times" + (others.isEmpty ? "" : "; also said: \(others.joined(separator: ", "))")
            + " (reader: \(slot.reader), program: \(slot.program))"
    }
}
}

/// One run of `scripts/readers/READER-run.sh`: the reader, the program in its terminal, the keys;
/// what each voice said per key (OUTDIR/out.json). The output folder is removed when the run's
/// checks passed and kept (its path in the failure) when they did not.
struct ReaderRun {
    struct Slot: Decodable {
        var key: String
        var reader: [String]
        var program: [String]
    }

    let name: String
    let directory: URL
    /// The harness's exit status (nil: it did not end in time and was stopped).
    let status: Int32?
    /// Per key, with "(start)" first and "(end)" last.
    let slots: [Slot]
    let seconds: Double

    init(_ reader: RealServerTests.RealScreenReaderTests.Reader, name: String, keys: [String], command: [String],
         waitExit: Double? = nil) throws {
        self.name = name
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-readers-\(UUID().uuidString.prefix(8))")
        directory = base.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "TMUX")
        environment["TERM"] = environment["TERM"].flatMap { $0 == "dumb" ? nil : $0 } ?? "xterm-256color"
        let argv = ["/bin/bash", reader.script, "--no-braille", "--gap", RealServerTests.RealScreenReaderTests.gap]
            + (waitExit.map { ["--wait-exit", "\($0)"] } ?? []) + [directory.path, keys.joined(separator: " ")] + command
        let started = ContinuousClock.now
        let child = try ChildProcess(argv, environment: environment,
                                     streams: .files(output: directory.appendingPathComponent("harness.log").path))
        // The harness has a deadline for every step; this one is for a harness that hangs anyway.
        var ending = try child.waitForExit(timeout: .seconds(120))
        if ending == nil {
            child.kill(SIGTERM)  // its trap stops everything it started
            ending = try child.waitForExit(timeout: .seconds(20))
            if ending == nil { child.kill(SIGKILL); ending = try child.waitForExit() }
            status = nil
        } else {
            status = ending?.shellStatus
        }
        let elapsed = ContinuousClock.now - started
        seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let json = (try? Data(contentsOf: directory.appendingPathComponent("out.json"))) ?? Data()
        slots = (try? JSONDecoder().decode([Slot].self, from: json)) ?? []
        print("real-readers: \(name): \(String(format: "%.1f", seconds)) s, harness status \(status.map(String.init) ?? "stopped")\n"
              + file("out.txt").split(separator: "\n").map { "  \($0)" }.joined(separator: "\n"))
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func file(_ name: String) -> String { (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? "" }

    var programStatus: String { file("program.rc").trimmingCharacters(in: .whitespacesAndNewlines) }
    var programStdout: String { file("program.stdout") }

    /// The failures of the run itself: the harness did not complete (a reader that could not be
    /// started, something left running), or no table came out.
    func completed() -> [String] {
        var failures: [String] = []
        if status != 0 { failures.append("the harness " + (status.map { "failed (status \($0))" } ?? "hung and was stopped")) }
        if slots.isEmpty { failures.append("no out.json: nothing to check") }
        return failures
    }

    /// The utterances of the `index`th key sent, checked to be that key.
    func slot(_ index: Int, key: String, failures: inout [String]) -> Slot? {
        guard index + 1 < slots.count, slots[index + 1].key == key else {
            if !slots.isEmpty { failures.append("key \(index + 1) (\(key)) is not in out.json: \(slots.map(\.key))") }
            return nil
        }
        return slots[index + 1]
    }

    /// Records the failures (with the harness's log), keeps the folder when there are some and
    /// removes it otherwise.
    func finish(_ failures: [String]) {
        guard failures.isEmpty else {
            let log = file("run.log").split(separator: "\n").suffix(12).joined(separator: "\n")
            for failure in failures {
                Issue.record("\(name): \(failure)\nout.txt:\n\(file("out.txt"))\nrun.log (end):\n\(log)\nkept: \(directory.path)")
            }
            return
        }
        try? FileManager.default.removeItem(at: directory.deletingLastPathComponent())
    }
}

/// A stand-in for Fenrir where the real one cannot serve: a Python script whose file is named
/// `fenrir` (so the kernel names its process fenrir, as Fenrir's), listening on a socket it reads
/// nothing from. As the console daemon (which needs root and a virtual terminal) it listens on
/// the socket the program is pointed at (A11Y_FENRIR_SOCKET); in PTY mode it runs the program as
/// its child, with its remote socket `fenrirscreenreader-<its pid>.sock` in a folder of its own
/// (A11Y_FENRIR_SOCKET_DIR).
final class FenrirStandIn {
    enum Mode: String, Sendable, CustomStringConvertible {
        /// Takes each connection and holds it, reading nothing.
        case acceptAndStall = "accept"
        /// Never takes a connection, and its backlog is full: a blocking connect would wait.
        case neverAccept = "backlog"
        var description: String { rawValue }
    }

    /// What the program's environment must not have for a console session with Fenrir found the
    /// way a user's would be: real /proc, no display, not over ssh, no ACCESSIBLE.
    static let unset = ["A11Y_PROC_ROOT", "DISPLAY", "WAYLAND_DISPLAY", "SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY",
                        "ACCESSIBLE", "A11Y_CONTROLS_CONFIG"]

    /// `fenrir daemon SOCKET MODE STATE` or `fenrir pty SOCKET-DIR MODE STATE PROGRAM ARGS...`.
    /// STATE holds its pid once it listens, then the connections it took.
    static let source = """
        #!/usr/bin/python3
        import os, socket, subprocess, sys, threading, time
        role, where, mode, state = sys.argv[1:5]
        path = where if role == "daemon" else "%s/fenrirscreenreader-%d.sock" % (where, os.getpid())
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(path)
        server.listen(0 if mode == "backlog" else 16)
        held = []
        def note():
            with open(state + ".tmp", "w") as f:
                f.write("%d %d\\n" % (os.getpid(), len(held)))
            os.rename(state + ".tmp", state)
        if mode == "backlog":
            while True:
                client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                client.setblocking(False)
                try:
                    client.connect(path)
                except BlockingIOError:
                    break
                held.append(client)
        note()
        def serve():
            while True:
                if mode == "backlog":
                    time.sleep(3600)
                else:
                    held.append(server.accept()[0])
                    note()
        if role == "daemon":
            serve()
        threading.Thread(target=serve, daemon=True).start()
        status = subprocess.call(sys.argv[5:])
        os.unlink(path)
        sys.exit(status if status >= 0 else 128 - status)
        """

    let directory: URL
    let script: String
    let socket: String
    let state: String
    /// The daemon's process (nil in PTY mode: the terminal's command runs the stand-in).
    private var daemon: ChildProcess?
    /// A11Y_FENRIR_SOCKET and A11Y_FENRIR_SOCKET_DIR at the stand-in's places, no preferences file.
    let environment: [String: String]

    private init() throws {
        directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("a11y-fenrir-\(UUID().uuidString.prefix(8))")
        let bin = directory.appendingPathComponent("bin"), sockets = directory.appendingPathComponent("sockets")
        for folder in [bin, sockets, directory.appendingPathComponent("config")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        script = bin.appendingPathComponent("fenrir").path
        try Data(Self.source.utf8).write(to: URL(fileURLWithPath: script))
        chmod(script, 0o755)
        socket = directory.appendingPathComponent("daemon.sock").path
        state = directory.appendingPathComponent("state").path
        environment = ["A11Y_FENRIR_SOCKET": socket, "A11Y_FENRIR_SOCKET_DIR": sockets.path,
                       "A11Y_SPEAKUP_PATH": "/nonexistent", "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path]
    }

    /// The console daemon, listening on A11Y_FENRIR_SOCKET.
    static func daemon(_ mode: Mode) throws -> FenrirStandIn {
        let standIn = try FenrirStandIn()
        standIn.daemon = try ChildProcess([standIn.script, "daemon", standIn.socket, mode.rawValue, standIn.state],
                                          environment: ProcessInfo.processInfo.environment,
                                          streams: .files(output: standIn.directory.appendingPathComponent("log").path))
        let pid = try standIn.waitUntilListening()
        let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
        guard comm == "fenrir\n" else { throw FixtureError("the stand-in's process is named '\(comm)', not fenrir") }
        return standIn
    }

    /// Fenrir in PTY mode: `wrapper(mode)` is the command that runs the program under it.
    static func pty() throws -> FenrirStandIn { try FenrirStandIn() }

    func wrapper(_ mode: Mode) -> [String] {
        [script, "pty", directory.appendingPathComponent("sockets").path, mode.rawValue, state]
    }

    /// The stand-in's pid once it listens.
    @discardableResult
    func waitUntilListening() throws -> Int32 {
        guard let pid = Polling.until(timeout: .seconds(5), every: .milliseconds(10), { counts?.pid }) else {
            let log = (try? String(contentsOf: directory.appendingPathComponent("log"), encoding: .utf8)) ?? ""
            throw FixtureError("the Fenrir stand-in did not listen within 5 s: \(log)")
        }
        return pid
    }

    /// Its pid and how many connections it took.
    var counts: (pid: Int32, connections: Int)? {
        let fields = ((try? String(contentsOfFile: state, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let pid = Int32(fields[0]), let connections = Int(fields[1]) else { return nil }
        return (pid, connections)
    }

    /// The daemon dies (SIGKILL), leaving its socket file behind as a crashed daemon does.
    func kill() {
        daemon?.kill(SIGKILL)
        _ = try? daemon?.waitForExit()
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: directory)
    }
}
