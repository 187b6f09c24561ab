import Glibc
import Testing
@testable import A11yDevices
@testable import A11ySession
import A11yTestSupport

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
                "A11Y_PROC_ROOT": root + "/proc", "A11Y_FENRIR_SOCKET_DIR": root + "/sockets",
                "A11Y_FENRIR_SOCKET": root + "/sockets/fenrirscreenreader-deamon.sock", "A11Y_SPEAKUP_PATH": root + "/speakup",
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
        #expect(Voice(for: reader) == .throughReader)
        #expect(Voice(for: reader, tellReader: false) == .screenLine)
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
        #expect(Voice(for: reader) == .screenLine, "without its socket Fenrir reads the words line")
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

    @Test func orcaIsAProcessOfThisUserInAGraphicalSession() {
        let system = FakeSystem()
        system.lineage(top: "sakura", arguments: ["sakura"])
        system.process(500, parent: 1, name: "orca", arguments: ["/usr/bin/python3", "/usr/bin/orca", "--replace"])
        #expect(system.survey().reader == nil, "no DISPLAY: Orca reads no terminal of this session")
        let reader = system.survey(["DISPLAY": ":1"]).reader
        #expect(reader?.name == .orca)
        #expect(reader?.processID == 500)
        #expect(reader?.readsScreenChanges == false)
        #expect(Voice(for: reader) == .speechWithStillCursor)
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
        #expect(Voice(for: nil) == .speech)
    }

    /// A process that ended is told through its descriptor, without a wake-up meanwhile.
    @Test func aWatchedProcessThatEndsIsTold() throws {
        let child = try ChildProcess(["/bin/sleep", "30"], environment: [:])
        let watch = try #require(ProcessWatch(processID: child.pid))
        #expect(!watch.hasEnded)
        child.kill(SIGKILL)
        var entry = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 5000) == 1)
        #expect(watch.hasEnded)
        _ = try child.waitForExit(timeout: .seconds(5))
    }
}
