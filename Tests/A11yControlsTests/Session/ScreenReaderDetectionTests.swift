import Glibc
import Testing
@testable import A11yDevices
@testable import A11ySession
import A11yTestSupport
import VirtualDisplayClient

/// `--screen-reader auto`: the readers people run are found from what the system shows (a /proc
/// laid out in a folder, real Unix sockets), and what is merely left behind is not a reader.
@Suite struct ScreenReaderDetectionTests {
    /// A folder laid out like /proc, a folder for Fenrir's sockets, and the places pointing there.
    final class FakeSystem {
        let root: String
        var places: ScreenReaderDetection.Places
        private var listeners: [Int32] = []

        init() {
            var template = Array("/tmp/a11y-sr-XXXXXX".utf8CString)
            root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
            mkdir(root + "/proc", 0o755)
            mkdir(root + "/sockets", 0o755)
            places = ScreenReaderDetection.Places(environment: [
                "A11Y_PROC_ROOT": root + "/proc", "A11Y_FENRIR_SOCKET_DIR": root + "/sockets", "A11Y_SPEAKUP_PATH": root + "/speakup",
            ])
            places.program = 100
        }

        deinit {
            for fd in listeners { close(fd) }
            if let remove = try? ChildProcess(["/bin/rm", "-rf", root], environment: [:]) { _ = try? remove.waitForExit() }
        }

        /// A process: /proc/<id>/stat and cmdline.
        func process(_ id: Int32, parent: Int32, name: String, arguments: [String]) {
            let directory = "\(root)/proc/\(id)"
            mkdir(directory, 0o755)
            write("\(directory)/stat", "\(id) (\(name)) S \(parent) \(id) \(id) 0 -1 4194560 0 0 0 0")
            write("\(directory)/cmdline", arguments.map { $0 + "\0" }.joined())
            write("\(directory)/comm", name + "\n")
        }

        /// A Unix socket in the sockets folder, listening or (`listening: false`) left behind.
        @discardableResult
        func socket(_ name: String, listening: Bool = true) -> String {
            let path = "\(root)/sockets/\(name)"
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = UnixAddress(path)!
            precondition(address.withSockaddr { bind(fd, $0, $1) } == 0)
            precondition(listen(fd, 4) == 0)
            if listening { listeners.append(fd) } else { close(fd) }
            return path
        }

        /// Fenrir 2026's instance file `<pid>.json` in the instances folder, as Fenrir writes it.
        @discardableResult
        func instance(_ pid: Int32, sockets: [String], driver: String, name: String? = nil) -> String {
            let folder = root + "/sockets/fenrirscreenreader-instances"
            mkdir(folder, 0o1777)
            let path = "\(folder)/\(name ?? "\(pid).json")"
            let list = sockets.map { "\"\($0)\"" }.joined(separator: ", ")
            write(path, """
                {"created_at": 1765130000.25, "keyboard_driver": "dummyDriver", "main_socket": \(sockets.contains { $0.hasSuffix("-daemon.sock") }), \
                "pid": \(pid), "ppid": 1, "screen_driver": "\(driver)", "socket_files": [\(list)], "updated_at": 1765130009.5, \
                "x11_window_id": ""}

                """)
            return path
        }

        func write(_ path: String, _ text: String) {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }

        /// This program (100) in a shell (90) in `top` (80), under init (1).
        func lineage(top name: String, arguments: [String]) {
            process(1, parent: 0, name: "systemd", arguments: ["/sbin/init"])
            process(80, parent: 1, name: name, arguments: arguments)
            process(90, parent: 80, name: "bash", arguments: ["/bin/bash"])
            process(100, parent: 90, name: "a11y-demo", arguments: ["a11y-demo", "range"])
        }

        func survey(_ environment: [String: String] = [:]) -> ScreenReaderDetection.Survey {
            ScreenReaderDetection.survey(environment: environment, places: places)
        }
    }

    static let fenrirArguments = ["/usr/bin/python3", "/usr/bin/fenrir", "-o", "screen#driver=ptyDriver"]

    @Test func fenrirInPTYModeIsAnAncestorAndItsLiveSocketIsFound() {
        let system = FakeSystem()
        system.lineage(top: "fenrir", arguments: Self.fenrirArguments)
        system.process(81, parent: 80, name: "fenrir", arguments: Self.fenrirArguments)  // its remote watcher
        system.process(82, parent: 80, name: "fenrir", arguments: Self.fenrirArguments)
        system.socket("fenrirscreenreader-82.sock", listening: false)  // left behind: refuses
        let live = system.socket("fenrirscreenreader-81.sock")
        system.socket("fenrirscreenreader-777.sock")  // another Fenrir's
        let reader = system.survey().reader
        #expect(reader?.name == .fenrir)
        #expect(reader?.processID == 80)
        #expect(reader?.remoteSocket == live)
        #expect(reader?.readsScreenChanges == true)
        #expect(WordDelivery(for: reader) == .throughReader)
        #expect(WordDelivery(for: reader, tellReader: false) == .screenLine)
    }

    @Test func anotherUsersFenrirSocketIsNeverTaken() {
        let system = FakeSystem()
        system.lineage(top: "fenrir", arguments: Self.fenrirArguments)
        system.process(81, parent: 80, name: "fenrir", arguments: Self.fenrirArguments)
        system.socket("fenrirscreenreader-81.sock")
        system.places.user = getuid() &+ 4242
        let reader = system.survey().reader
        #expect(reader?.name == .fenrir)
        #expect(reader?.remoteSocket == nil)
        #expect(WordDelivery(for: reader) == .screenLine, "without its socket Fenrir reads the words line")
    }

    @Test func aFenrirThatIsNotAnAncestorReadsAnotherTerminal() {
        let system = FakeSystem()
        system.lineage(top: "tmux: server", arguments: ["tmux"])
        system.process(300, parent: 1, name: "fenrir", arguments: Self.fenrirArguments)
        system.process(301, parent: 300, name: "fenrir", arguments: Self.fenrirArguments)
        system.socket("fenrirscreenreader-301.sock")
        let survey = system.survey()
        #expect(survey.reader == nil)
        #expect(survey.findings.contains("Fenrir: not an ancestor of this program"))
    }

    @Test func theConsoleDaemonCountsOnlyWhenItListensOnAConsole() {
        let system = FakeSystem()
        system.lineage(top: "login", arguments: ["/bin/login"])
        let path = system.socket("fenrirscreenreader-deamon.sock", listening: false)
        #expect(system.survey().reader == nil, "a socket file nobody listens on")
        unlink(path)
        system.socket("fenrirscreenreader-deamon.sock")
        #expect(system.survey().reader?.name == .fenrir)
        #expect(system.survey().reader?.processID == nil, "no process named fenrir")
        system.process(40, parent: 1, name: "fenrir", arguments: ["/usr/bin/python3", "/usr/bin/fenrir"])
        system.process(41, parent: 40, name: "fenrir", arguments: ["/usr/bin/python3", "/usr/bin/fenrir"])
        #expect(system.survey().reader?.processID == 40, "the daemon, not its helper")
        #expect(system.survey(["DISPLAY": ":0"]).reader == nil, "a graphical terminal is not the console")
        #expect(system.survey(["SSH_CONNECTION": "10.0.0.1 5 10.0.0.2 22"]).reader == nil, "over ssh")
    }

    // MARK: Fenrir 2025 and 2026

    static let fenrir2026Arguments = ["/usr/bin/python3", "/usr/bin/fenrir", "-f", "-o", "screen#driver=ptyDriver;keyboard#driver=dummyDriver"]

    /// Fenrir 2025 names its PTY-mode socket after its own pid, not a child's.
    @Test func fenrir2025sSocketIsNamedForFenrirItself() {
        let system = FakeSystem()
        system.lineage(top: "fenrir", arguments: Self.fenrirArguments)
        system.process(81, parent: 80, name: "fenrir", arguments: Self.fenrirArguments)
        let live = system.socket("fenrirscreenreader-80.sock")
        let reader = system.survey().reader
        #expect(reader?.processID == 80)
        #expect(reader?.remoteSocket == live)
        #expect(reader?.evidence == "process 80 (fenrir) is an ancestor of this program, remote socket \(live)")
    }

    /// Fenrir 2026 in PTY mode binds its own socket and the daemon socket, and lists both in its
    /// instance file: it is found as the ancestor, told through its own socket (the one its
    /// instance file names, wherever its settings moved it), never taken for a console daemon.
    @Test func fenrir2026InPTYModeIsTheAncestorThoughItHoldsTheDaemonSocket() {
        let system = FakeSystem()
        system.lineage(top: "fenrir", arguments: Self.fenrir2026Arguments)
        let own = system.socket("fenrirscreenreader-80.sock")
        let shared = system.socket("fenrirscreenreader-daemon.sock")
        let file = system.instance(80, sockets: [own, shared], driver: "ptyDriver")
        let survey = system.survey()
        #expect(survey.reader?.name == .fenrir)
        #expect(survey.reader?.processID == 80)
        #expect(survey.reader?.remoteSocket == own, "its own socket, not the shared daemon socket")
        #expect(survey.findings.first == "Fenrir: process 80 (fenrir) is an ancestor of this program, remote socket \(own) (listed in \(file))")
        #expect(WordDelivery(for: survey.reader) == .throughReader)

        // remote#socket_file moved its socket: the instance file says where.
        unlink(own)
        let moved = system.socket("my-fenrir.sock")
        system.instance(80, sockets: [moved, shared], driver: "ptyDriver")
        #expect(system.survey().reader?.remoteSocket == moved)
    }

    /// A program on a console beside (not under) a Fenrir 2026 in PTY mode: the daemon socket
    /// accepts, but the Fenrir holding it reads its own terminal. With its instance file, and
    /// without one (its own socket, named for it, gives it away), it is not a console daemon.
    @Test func aFenrir2026InPTYModeElsewhereIsNotAConsoleDaemon() {
        let system = FakeSystem()
        system.lineage(top: "login", arguments: ["/bin/login"])
        system.process(300, parent: 1, name: "fenrir", arguments: Self.fenrir2026Arguments)
        let own = system.socket("fenrirscreenreader-300.sock")
        let shared = system.socket("fenrirscreenreader-daemon.sock")
        let file = system.instance(300, sockets: [own, shared], driver: "ptyDriver")
        var survey = system.survey()
        #expect(survey.reader == nil)
        #expect(survey.findings.contains { $0.hasPrefix("Fenrir daemon: ") && $0.contains("\(shared) is held by Fenrir in PTY mode (process 300, \(file))") },
                "\(survey.findings)")
        unlink(file)
        survey = system.survey()
        #expect(survey.reader == nil, "\(survey.findings)")
        #expect(survey.findings.contains { $0.contains("is held by process 300 (fenrir), which listens on \(own) too") }, "\(survey.findings)")
    }

    /// The console daemon under both of its socket names, with and without Fenrir 2026's instance
    /// file; the daemon (root's) is found and watched, and its socket is not taken for speech.
    @Test(arguments: ["fenrirscreenreader-daemon.sock", "fenrirscreenreader-deamon.sock"])
    func theConsoleDaemonIsFoundUnderEitherSpelling(name: String) {
        let system = FakeSystem()
        system.lineage(top: "login", arguments: ["/bin/login"])
        system.process(40, parent: 1, name: "fenrir", arguments: ["/usr/bin/python3", "/usr/bin/fenrir"])
        let socket = system.socket(name)
        var reader = system.survey().reader
        #expect(reader?.name == .fenrir)
        #expect(reader?.processID == 40)
        #expect(reader?.remoteSocket == nil, "the daemon's socket is not written to")
        #expect(reader?.evidence == "its console daemon listens on \(socket) (process 40)")
        #expect(WordDelivery(for: reader) == .screenLine)
        let file = system.instance(40, sockets: [socket], driver: "vcsaDriver")
        reader = system.survey().reader
        #expect(reader?.processID == 40)
        #expect(reader?.evidence == "its console daemon (process 40, \(file)) listens on \(socket)")
        #expect(system.survey(["DISPLAY": ":0"]).reader == nil, "not a console session")
    }

    /// Instance files of Fenrirs that ended (the pid gone, or reused by another program), of a
    /// daemon whose socket is left behind, or that are not Fenrir's JSON, are not readers, and
    /// --diagnose says which were left out and why.
    @Test func staleInstanceFilesAreNotReaders() {
        let system = FakeSystem()
        system.lineage(top: "login", arguments: ["/bin/login"])
        let left = system.socket("fenrirscreenreader-daemon.sock", listening: false)
        system.instance(55, sockets: [left], driver: "vcsaDriver")                       // gone
        system.process(56, parent: 1, name: "bash", arguments: ["/bin/bash"])
        let other = system.socket("fenrirscreenreader-56.sock")
        system.instance(56, sockets: [other], driver: "vcsaDriver")                      // pid reused
        system.process(57, parent: 1, name: "fenrir", arguments: ["/usr/bin/python3", "/usr/bin/fenrir"])
        system.instance(57, sockets: [left], driver: "vcsaDriver")                       // socket left behind
        system.instance(58, sockets: [other], driver: "vcsaDriver", name: "59.json")     // not its own name
        system.write(system.root + "/sockets/fenrirscreenreader-instances/60.json", "{\"pid\": 60, \"socket_f")
        let survey = system.survey()
        #expect(survey.reader == nil, "\(survey.findings)")
        let daemon = survey.findings.first { $0.hasPrefix("Fenrir daemon:") } ?? ""
        for note in ["nothing listens on \(left)", "55.json: process 55 is gone", "56.json: process 56 is not Fenrir",
                     "59.json: not an instance file Fenrir writes", "60.json: not an instance file Fenrir writes",
                     "(57: console daemon)"] {
            #expect(daemon.contains(note), "'\(note)' not in: \(daemon)")
        }
    }

    /// Another user's sockets are never used, whatever an instance file lists.
    @Test func anotherUsersSocketListedInAnInstanceFileIsNeverTaken() {
        let system = FakeSystem()
        system.lineage(top: "fenrir", arguments: Self.fenrir2026Arguments)
        let own = system.socket("fenrirscreenreader-80.sock")
        system.instance(80, sockets: [own], driver: "ptyDriver")
        system.places.user = getuid() &+ 4242
        let reader = system.survey().reader
        #expect(reader?.processID == 80)
        #expect(reader?.remoteSocket == nil)
        #expect(WordDelivery(for: reader) == .screenLine)
    }

    @Test func thePlacesFollowTheEnvironment() {
        let places = ScreenReaderDetection.Places(environment: ["TMPDIR": "/tmp/user/1000"])
        #expect(places.fenrirDaemonSockets == ["/tmp/fenrirscreenreader-daemon.sock", "/tmp/fenrirscreenreader-deamon.sock"])
        #expect(places.fenrirInstanceFolders == ["/tmp/fenrirscreenreader-instances", "/tmp/user/1000/fenrirscreenreader-instances"])
        let moved = ScreenReaderDetection.Places(environment: ["A11Y_FENRIR_SOCKET": "/a.sock:/b.sock", "A11Y_FENRIR_INSTANCES_DIR": "/i"])
        #expect(moved.fenrirDaemonSockets == ["/a.sock", "/b.sock"])
        #expect(moved.fenrirInstanceFolders == ["/i"])
    }

    @Test func instanceFilesAreReadAsFenrirWritesThem() {
        let text = #"{"created_at": 1.5e9, "main_socket": false, "pid": 812, "screen_driver": "ptyDriver", "#
            + #""socket_files": ["/tmp/a\u00e9\ud83d\ude00\"b.sock", "/tmp/c.sock"], "x11_window_id": null}"#
        guard case .object(let fields)? = MiniJSON.parse(text) else { Issue.record("not parsed"); return }
        #expect(fields["pid"] == .number(812))
        #expect(fields["socket_files"] == .array([.string("/tmp/aé😀\"b.sock"), .string("/tmp/c.sock")]))
        #expect(fields["main_socket"] == .bool(false))
        #expect(fields["x11_window_id"] == .null)
        #expect(MiniJSON.parse(#"{"pid": 1,}"#) == nil)
        #expect(MiniJSON.parse(#"{"pid": 1} x"#) == nil)
    }

    @Test func orcaIsAProcessOfThisUserInAGraphicalSession() {
        let system = FakeSystem()
        system.lineage(top: "sakura", arguments: ["sakura"])
        system.process(500, parent: 1, name: "orca", arguments: ["/usr/bin/python3", "/usr/bin/orca", "--replace"])
        #expect(system.survey().reader == nil, "no DISPLAY: Orca reads no terminal of this session")
        let reader = system.survey(["DISPLAY": ":1"]).reader
        #expect(reader?.name == .orca)
        #expect(reader?.processID == 500)
        #expect(reader?.readsScreenChanges == false)
        #expect(WordDelivery(for: reader) == .speechWithStillCursor)
        #expect(system.survey(["WAYLAND_DISPLAY": "wayland-0"]).reader?.name == .orca)
        #expect(system.survey(["DISPLAY": ":1", "SSH_TTY": "/dev/pts/3"]).reader == nil)
        system.write(system.root + "/proc/500/environ", "HOME=/home/u\0DISPLAY=:2\0")
        #expect(system.survey(["DISPLAY": ":1"]).reader == nil, "an Orca of another display reads its windows")
        system.write(system.root + "/proc/500/environ", "DISPLAY=:1\0")
        #expect(system.survey(["DISPLAY": ":1"]).reader?.name == .orca)
        system.places.user = getuid() &+ 4242
        #expect(system.survey(["DISPLAY": ":1"]).reader == nil, "another user's Orca reads another session")
    }

    @Test func speakupCountsWithASynthesizer() {
        let system = FakeSystem()
        system.lineage(top: "login", arguments: ["/bin/login"])
        mkdir(system.root + "/speakup", 0o755)
        system.write(system.root + "/speakup/synth", "none\n")
        #expect(system.survey().reader == nil)
        system.write(system.root + "/speakup/synth", "soft\n")
        #expect(system.survey().reader?.name == .speakup)
        #expect(system.survey(["DISPLAY": ":0"]).reader == nil)
    }

    @Test func accessibleIsTheUsersWord() {
        let system = FakeSystem()
        system.lineage(top: "login", arguments: ["/bin/login"])
        #expect(system.survey().reader == nil)
        #expect(system.survey(["ACCESSIBLE": "1"]).reader?.name == .declared)
        #expect(system.survey(["ACCESSIBLE": "yes"]).reader?.name == .declared)
        #expect(system.survey(["ACCESSIBLE": "0"]).reader == nil)
    }

    @Test func eachPlaceLookedAtIsReported() {
        let system = FakeSystem()
        system.lineage(top: "login", arguments: ["/bin/login"])
        let findings = system.survey(["SSH_CONNECTION": "a b c d"]).findings
        #expect(findings.count == 6)
        #expect(findings.last?.hasPrefix("over ssh:") == true)
    }

    @Test func processNamesWithSpacesAndParenthesesAreRead() {
        let system = FakeSystem()
        system.process(7, parent: 3, name: "a (b) c", arguments: ["x"])
        let entry = system.places.processes.entry(7)
        #expect(entry?.name == "a (b) c")
        #expect(entry?.parent == 3)
        #expect(system.places.processes.entry(8) == nil)
    }

    @Test func aProgramIsKnownByItsNameItsPathOrItsScript() {
        func entry(_ name: String, _ arguments: [String]) -> ProcessTable.Entry {
            ProcessTable.Entry(id: 1, parent: 0, owner: 0, name: name, arguments: arguments)
        }
        #expect(entry("orca", []).runs("orca"))
        #expect(entry("python3", ["/usr/bin/python3", "-u", "/usr/bin/orca"]).runs("orca"))
        #expect(!entry("x", ["/opt/orca"]).runs("orca"), "argv[0] is whatever the caller wrote; the kernel's name is the program's")
        #expect(!entry("python3", ["/usr/bin/python3", "/usr/bin/orca-helper"]).runs("orca"))
        #expect(!entry("vim", ["vim", "orca"]).runs("orca"))
    }

    @Test func theModesStandForTheirReaders() {
        #expect(ScreenReaderMode.off.reader { Issue.record("detect called"); return nil } == nil)
        #expect(ScreenReaderMode.on.reader { nil }?.readsScreenChanges == true)
        #expect(ScreenReaderMode.on.reader { ScreenReader(name: .orca, evidence: "x") }?.name == .orca)
        #expect(ScreenReaderMode.orca.reader { nil }?.name == .orca)
        #expect(ScreenReaderMode.auto.reader { ScreenReader(name: .speakup, evidence: "x") }?.name == .speakup)
        #expect(WordDelivery(for: nil) == .speech)
    }

    /// A process that ended is told through its descriptor, without a wake-up meanwhile.
    @Test func aWatchedProcessThatEndsIsTold() throws {
        let child = try ChildProcess(["/bin/sleep", "30"], environment: [:])
        let watch = try #require(ProcessWatch(processID: child.pid))
        #expect(!watch.hasEnded)
        child.kill(SIGKILL)
        var entry = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, Int32(Polling.hang.components.seconds) * 1000) == 1)
        #expect(watch.hasEnded)
        _ = try child.waitForExit(timeout: Polling.hang)
    }
}
