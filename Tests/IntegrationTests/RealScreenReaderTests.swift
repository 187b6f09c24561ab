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
                                command: [try DemoInTmux.binary] + Self.demoArguments, waitExit: Double(Polling.hang.components.seconds))
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
    /// and every key after it is still spoken once by the program; the run ends as usual. Before
    /// the kill each key is heard once from one voice: the program's own (Orca 48) or Orca's, which
    /// Orca 49 and later are told the words over the session bus.
    @Test(.enabled(if: realReaders, skipped))
    func orcaKilledMidRun() throws {
        var script = Self.script(.orca)
        script.insert(("@kill", ""), at: 2)
        let run = try ReaderRun(.orca, name: "orca-killed", keys: script.map(\.key),
                                command: [try DemoInTmux.binary] + Self.demoArguments)
        var failures = run.completed()
        let killedAt = script.firstIndex { $0.key == "@kill" } ?? 0
        for (index, step) in script.enumerated() where step.key != "@kill" {
            guard let slot = run.slot(index, key: step.key, failures: &failures) else { continue }
            if index < killedAt {
                if let problem = Self.oneVoice(slot, words: step.words, echo: Reader.orca.keyEcho(step.key)) {
                    failures.append("\(step.key) (key \(index + 1), before the kill): \(problem)")
                }
            } else if slot.program.map(Self.words) != [Self.words(step.words)] {
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
        let (demo, spoken, after) = try Self.daemonReadsThenDies(daemon)
        let said = spoken.waitForLines { lines in lines.contains { $0.contains("11 to 90") } }
        #expect(said.first == Self.readerEnded && said.dropFirst().first?.contains("11 to 90") == true,
                "after the reader ended: \(said); stderr: \(demo.stderr)")
        let mark = spoken.count
        try demo.send("Right", gap: .milliseconds(250))
        #expect(spoken.waitForLine(from: mark) { $0 == "12" } != nil, "the next key was not spoken: \(spoken.lines)")
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "12 90\n")
        print("real-readers: fenrir daemon stand-in killed -> '\(Self.readerEnded)' after \(after?.milliseconds ?? -1) ms")
    }

    /// What the control says when the reader that read the screen ends.
    static let readerEnded = "screen reader ended, speaking myself"

    /// a11y-demo under the console daemon `daemon`: silent, the words on the screen's first line
    /// (one Right: "11"); then the daemon is killed, and the control says that it speaks itself
    /// within a second. Returns the running demo, the capture and how long that took.
    static func daemonReadsThenDies(_ daemon: FenrirStandIn) throws -> (DemoInTmux, CaptureFile, Duration?) {
        let spoken = try CaptureFile()
        let demo = try DemoInTmux(demoArguments, environment: daemon.environment, unsetting: FenrirStandIn.unset)
        let first = demo.waitForScreen { $0.hasPrefix("price, range slider, 10 to 90") }
        #expect(first.hasPrefix("price, range slider, 10 to 90"), "not in screen-line mode; screen:\n\(first)\nstderr: \(demo.stderr)")
        try demo.send("Right")
        let moved = demo.waitForScreen { $0.split(separator: "\n").first == "11" }
        #expect(moved.split(separator: "\n").first == "11", "screen:\n\(moved)")
        spoken.refresh()
        #expect(spoken.lines.isEmpty, "the control spoke while the daemon read the screen: \(spoken.lines)")
        let killed = ContinuousClock.now
        daemon.kill()
        // The contract is within a second: the time is printed by the callers (and measured by
        // make bench); the deadline here only tells a hang, generous for a loaded machine or the
        // sanitized run, where a first connection to speech-dispatcher can take seconds.
        let line = spoken.waitForLine(from: 0) { $0 == readerEnded }
        let after = line.map { $0.time - killed }
        #expect(after != nil, "'\(readerEnded)' never came; spoken: \(spoken.lines)")
        return (demo, spoken, after)
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
        let first = display.waitForFrame(after: mark) { $0.text.hasPrefix("price 10") }
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
        let screen = demo.waitForScreen { quiet($0) }
        #expect(quiet(screen) && !screen.contains("price: 10 to 90"), "screen:\n\(screen)")
        var latencies: [Duration] = []
        for value in 11...13 {
            let frames = display.frames.count
            try demo.send("Right", gap: .milliseconds(250))
            let typed = ContinuousClock.now
            let brailled = display.waitForFrame(after: frames) { $0.text.hasPrefix("price \(value)") }
            #expect(brailled != nil, "key \(value - 10) not brailled within \(Polling.hang); frames: \(display.frames.suffix(3).map(\.text))")
            latencies.append((brailled?.time ?? .now) - typed)
            if !ptyMode {
                let drawn = demo.waitForScreen { $0.split(separator: "\n").first == "\(value)" }
                #expect(drawn.split(separator: "\n").first == "\(value)", "key \(value - 10) not drawn within \(Polling.hang); screen:\n\(drawn)")
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

    // MARK: Fenrir 2026's daemon socket and instances folder (stand-ins)

    /// `a11y-demo --diagnose` run with `command` before it (a wrapper such as the PTY-mode
    /// stand-in, or nothing), its "screen reader:" lines.
    static func screenReaderLines(_ standIn: FenrirStandIn, wrapper: [String] = []) throws -> [String] {
        var environment = ProcessInfo.processInfo.environment.merging(standIn.environment) { $1 }
        for name in FenrirStandIn.unset { environment.removeValue(forKey: name) }
        let output = standIn.directory.appendingPathComponent("diagnose-\(UUID().uuidString.prefix(6))").path
        let child = try ChildProcess(wrapper + [try DemoInTmux.binary, "--diagnose"], environment: environment,
                                     streams: .files(output: output), newSession: true)
        guard try child.waitForExit(timeout: Polling.hang) != nil else {
            child.killAndReap()
            throw FixtureError("a11y-demo --diagnose still runs after \(Polling.hang)")
        }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("screen reader:") }
    }

    /// Fenrir 2026's console daemon: its socket is spelled "daemon" and it lists itself in the
    /// instances folder. It is found (no A11Y_FENRIR_SOCKET: the names the program looks for
    /// are its own), the control is silent and writes the words line, and when the daemon dies
    /// (the process its instance file names) the control speaks within a second.
    @Test func fenrir2026DaemonIsFoundByItsSocketAndInstanceFile() throws {
        let daemon = try FenrirStandIn.daemon(.acceptAndStall, release2026: true)
        let pid = try #require(daemon.counts?.pid)
        let lines = try Self.screenReaderLines(daemon)
        let instance = "\(daemon.sockets)/fenrirscreenreader-instances/\(pid).json"
        #expect(lines.contains("screen reader: found: Fenrir: its console daemon (process \(pid), \(instance)) listens on \(daemon.socket)"),
                "\(lines)")
        let (demo, _, after) = try Self.daemonReadsThenDies(daemon)
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "11 90\n")
        print("real-readers: Fenrir 2026 daemon stand-in found by its instance file; killed -> '\(Self.readerEnded)' after \(after?.milliseconds ?? -1) ms")
    }

    /// Fenrir 2026 in PTY mode binds its own socket and the shared daemon socket: the program
    /// under it finds it as its ancestor and tells it the words through its own socket, never the
    /// shared one.
    @Test func fenrir2026InPTYModeIsToldThroughItsOwnSocket() throws {
        let standIn = try FenrirStandIn.pty(release2026: true)
        let lines = try Self.screenReaderLines(standIn, wrapper: standIn.wrapper(.acceptAndStall))
        let found = lines.first { $0.hasPrefix("screen reader: found: Fenrir: process ") } ?? ""
        #expect(found.contains("(fenrir) is an ancestor of this program, remote socket \(standIn.sockets)/fenrirscreenreader-")
                && found.contains("(listed in \(standIn.sockets)/fenrirscreenreader-instances/"), "\(lines)")
        #expect(lines.contains("screen reader: mode: the reader is told the words through its remote socket and speaks them"), "\(lines)")
        let demo = try DemoInTmux(Self.demoArguments, environment: standIn.environment, unsetting: FenrirStandIn.unset,
                                  wrapper: standIn.wrapper(.acceptAndStall))
        let screen = demo.waitForScreen { $0.hasPrefix("price\n") }
        #expect(screen.hasPrefix("price\n"), "screen:\n\(screen)\nstderr: \(demo.stderr)")
        let before = standIn.counts?.connections ?? 0
        try demo.send("Right")
        let told = Polling.until(timeout: Polling.hang, every: .milliseconds(20)) { () -> Int? in
            let now = standIn.counts?.connections ?? 0
            return now > before ? now : nil
        }
        #expect(told != nil, "the program did not tell the stand-in's own socket after a key")
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0, "screen:\n\(demo.screen)\nstderr: \(demo.stderr)")
        #expect(standIn.counts?.shared == 0, "the program wrote to the shared daemon socket")
        print("real-readers: Fenrir 2026 PTY stand-in: \(standIn.counts?.connections ?? -1) connections on its own socket, \(standIn.counts?.shared ?? -1) on the daemon socket")
    }

    /// A Fenrir 2026 in PTY mode that reads another terminal holds the daemon socket: a program on
    /// the console beside it does not take it for the console daemon, and speaks itself.
    @Test func aFenrir2026InPTYModeElsewhereIsNotTheConsoleDaemon() throws {
        let standIn = try FenrirStandIn.pty(release2026: true)
        let other = try ChildProcess(standIn.wrapper(.acceptAndStall) + ["/bin/sleep", "60"], environment: ProcessInfo.processInfo.environment)
        defer { other.killAndReap() }
        let pid = try standIn.waitUntilListening()
        let lines = try Self.screenReaderLines(standIn)
        #expect(lines.contains("screen reader: found: none"), "\(lines)")
        #expect(lines.contains { $0.contains("\(standIn.socket) is held by Fenrir in PTY mode (process \(pid),") }, "\(lines)")
        #expect(lines.contains("screen reader: mode: the control speaks"), "\(lines)")
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
        var ending = try child.waitForExit(timeout: .seconds(120) * Polling.deadlineScale)
        if ending == nil {
            child.kill(SIGTERM)  // its trap stops everything it started
            ending = try child.waitForExit(timeout: Polling.hang)
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

    /// `fenrir daemon SOCKET MODE STATE` or `fenrir pty SOCKET-DIR MODE STATE PROGRAM ARGS...`;
    /// as Fenrir 2026 (`daemon2026 SOCKET-DIR …`, `pty2026 SOCKET-DIR …`) it listens on the daemon
    /// socket spelled "daemon" (in PTY mode beside its own) and lists itself in the instances
    /// folder as Fenrir 2026 does. STATE holds its pid once it listens, then the connections it
    /// took on its own socket and on the shared daemon socket.
    static let source = """
        #!/usr/bin/python3
        import json, os, socket, subprocess, sys, threading, time
        role, where, mode, state = sys.argv[1:5]
        release2026 = role.endswith("2026")
        role = role[:-4] if release2026 else role
        shared_path = "%s/fenrirscreenreader-daemon.sock" % where
        if role == "daemon":
            path = shared_path if release2026 else where
        else:
            path = "%s/fenrirscreenreader-%d.sock" % (where, os.getpid())
        def listener(where_to):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.bind(where_to)
            s.listen(0 if mode == "backlog" else 16)
            return s
        server = listener(path)
        shared_server = listener(shared_path) if release2026 and role == "pty" else None
        held, shared = [], []
        def note():
            with open(state + ".tmp", "w") as f:
                f.write("%d %d %d\\n" % (os.getpid(), len(held), len(shared)))
            os.rename(state + ".tmp", state)
        instance = "%s/fenrirscreenreader-instances/%d.json" % (where, os.getpid())
        if release2026:
            os.makedirs(os.path.dirname(instance), mode=0o1777, exist_ok=True)
            sockets = [path] + ([shared_path] if shared_server else [])
            with open(instance, "w") as f:
                json.dump({"pid": os.getpid(), "ppid": os.getppid(), "socket_files": sockets,
                           "main_socket": shared_path in sockets,
                           "screen_driver": "vcsaDriver" if role == "daemon" else "ptyDriver",
                           "keyboard_driver": "evdevDriver" if role == "daemon" else "dummyDriver",
                           "x11_window_id": "", "created_at": time.time(), "updated_at": time.time()}, f, sort_keys=True)
                f.write("\\n")
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
        def serve(listening, taken):
            while True:
                if mode == "backlog" and listening is server:
                    time.sleep(3600)
                else:
                    taken.append(listening.accept()[0])
                    note()
        if shared_server:
            threading.Thread(target=serve, args=(shared_server, shared), daemon=True).start()
        if role == "daemon":
            serve(server, held)
        threading.Thread(target=serve, args=(server, held), daemon=True).start()
        status = subprocess.call(sys.argv[5:])
        for leftover in [path, instance] + ([shared_path] if shared_server else []):
            if os.path.exists(leftover):
                os.unlink(leftover)
        sys.exit(status if status >= 0 else 128 - status)
        """

    let directory: URL
    let script: String
    let socket: String
    let state: String
    /// The daemon's process (nil in PTY mode: the terminal's command runs the stand-in).
    private var daemon: ChildProcess?
    /// A11Y_FENRIR_SOCKET and A11Y_FENRIR_SOCKET_DIR at the stand-in's places, no preferences file;
    /// as Fenrir 2026, only A11Y_FENRIR_SOCKET_DIR: the daemon socket's names and the instances
    /// folder are the ones the program derives from it, as from /tmp.
    let environment: [String: String]
    /// Whether it stands in for Fenrir 2026 and later.
    let release2026: Bool
    /// The folder of its sockets (and, as Fenrir 2026, of its instances folder).
    var sockets: String { directory.appendingPathComponent("sockets").path }

    private init(release2026: Bool = false) throws {
        self.release2026 = release2026
        directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("a11y-fenrir-\(UUID().uuidString.prefix(8))")
        let bin = directory.appendingPathComponent("bin"), sockets = directory.appendingPathComponent("sockets")
        for folder in [bin, sockets, directory.appendingPathComponent("config")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        script = bin.appendingPathComponent("fenrir").path
        try Data(Self.source.utf8).write(to: URL(fileURLWithPath: script))
        chmod(script, 0o755)
        socket = release2026 ? sockets.appendingPathComponent("fenrirscreenreader-daemon.sock").path
            : directory.appendingPathComponent("daemon.sock").path
        state = directory.appendingPathComponent("state").path
        var environment = ["A11Y_FENRIR_SOCKET_DIR": sockets.path,
                           "A11Y_SPEAKUP_PATH": "/nonexistent", "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path]
        if !release2026 { environment["A11Y_FENRIR_SOCKET"] = socket }
        self.environment = environment
    }

    /// The console daemon, listening on A11Y_FENRIR_SOCKET (as Fenrir 2026: on the daemon socket
    /// in its sockets folder, listed in the instances folder there as reading the consoles).
    static func daemon(_ mode: Mode, release2026: Bool = false) throws -> FenrirStandIn {
        let standIn = try FenrirStandIn(release2026: release2026)
        let role = release2026 ? ["daemon2026", standIn.sockets] : ["daemon", standIn.socket]
        standIn.daemon = try ChildProcess([standIn.script] + role + [mode.rawValue, standIn.state],
                                          environment: ProcessInfo.processInfo.environment,
                                          streams: .files(output: standIn.directory.appendingPathComponent("log").path))
        let pid = try standIn.waitUntilListening()
        let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
        guard comm == "fenrir\n" else { throw FixtureError("the stand-in's process is named '\(comm)', not fenrir") }
        return standIn
    }

    /// Fenrir in PTY mode: `wrapper(mode)` is the command that runs the program under it.
    static func pty(release2026: Bool = false) throws -> FenrirStandIn { try FenrirStandIn(release2026: release2026) }

    func wrapper(_ mode: Mode) -> [String] {
        [script, release2026 ? "pty2026" : "pty", sockets, mode.rawValue, state]
    }

    /// The stand-in's pid once it listens.
    @discardableResult
    func waitUntilListening() throws -> Int32 {
        guard let pid = Polling.until(timeout: Polling.hang, every: .milliseconds(10), { counts?.pid }) else {
            let log = (try? String(contentsOf: directory.appendingPathComponent("log"), encoding: .utf8)) ?? ""
            throw FixtureError("the Fenrir stand-in did not listen within \(Polling.hang): \(log)")
        }
        return pid
    }

    /// Its pid and how many connections it took on its own socket (`connections`) and on the
    /// shared daemon socket it holds in PTY mode as Fenrir 2026 (`shared`).
    var counts: (pid: Int32, connections: Int, shared: Int)? {
        let fields = ((try? String(contentsOfFile: state, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace)
        guard fields.count == 3, let pid = Int32(fields[0]), let connections = Int(fields[1]), let shared = Int(fields[2]) else { return nil }
        return (pid, connections, shared)
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
