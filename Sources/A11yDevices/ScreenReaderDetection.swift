#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A screen reader that reads this terminal, as `ScreenReaderDetection` found it.
package struct ScreenReader: Sendable, Equatable {
    /// Which reader it is.
    package enum Name: String, Sendable, Equatable, CaseIterable {
        /// Fenrir, the console screen reader: in PTY mode (an ancestor of this program) or as the
        /// console daemon.
        case fenrir = "Fenrir"
        /// Orca, the GNOME screen reader, reading a graphical terminal.
        case orca = "Orca"
        /// speakup, the kernel's console screen reader.
        case speakup
        /// `ACCESSIBLE=1`: the user says a screen reader reads the terminal.
        case declared = "ACCESSIBLE=1"
    }

    package var name: Name
    /// What shows it, in words a user can check ("process 812 (fenrir) is an ancestor of this
    /// program").
    package var evidence: String
    /// Its process, when known: the session watches it and speaks itself once it ends.
    package var processID: Int32?
    /// Fenrir's remote-control socket: this user's, accepting connections. Nil for the others.
    package var remoteSocket: String?
    /// Orca's service on the session bus (Orca 49 and later), which speaks what it is told. Nil
    /// for the others, and for Orca 48 and older.
    package var orcaService: OrcaService?

    package init(name: Name, evidence: String, processID: Int32? = nil, remoteSocket: String? = nil, orcaService: OrcaService? = nil) {
        self.name = name
        self.evidence = evidence
        self.processID = processID
        self.remoteSocket = remoteSocket
        self.orcaService = orcaService
    }

    /// Whether it reads the text a program rewrites on the screen. Fenrir and speakup read each
    /// changed line; Orca reads a terminal only after Return or Tab and echoes the character under
    /// a caret that a key moved, so with Orca the control speaks itself and keeps the cursor still.
    package var readsScreenChanges: Bool { name != .orca }
}

/// Finds the screen reader that reads this terminal, for `--screen-reader auto`, cheaply (a few
/// small reads of /proc; the user's processes are listed only in a graphical session) and
/// without being fooled by what is merely left behind:
/// - Fenrir in PTY mode: a Fenrir process among this program's ancestors (the shell it starts runs
///   in its pseudo-terminal); its remote socket when it is this user's and accepts a connection:
///   the one its instance file lists (2026 and later), else `fenrirscreenreader-<pid>.sock` with
///   pid that Fenrir (2025 and later) or a child of it (1.9.5). A Fenrir that is not an ancestor
///   reads another terminal.
/// - Fenrir as the console daemon, on a console session (no graphical display, not over ssh): a
///   live Fenrir whose instance file says it reads the consoles and whose socket accepts, or a
///   daemon socket (`-daemon.sock`, `-deamon.sock`) that accepts and is not held by a Fenrir in
///   PTY mode. A socket file nobody listens on, or an instance file of a process that is gone or
///   is not Fenrir, is not a reader.
/// - Orca, in a graphical session not over ssh: Orca 49 and later own a name on the session bus
///   (`org.gnome.Orca1.Service` from Orca 51, `org.gnome.Orca.Service` in 49 and 50), asked with
///   NameHasOwner over a private connection when DBUS_SESSION_BUS_ADDRESS is set (without it
///   libdbus-1 is never loaded); Orca 43-48 own none: a process of this user named orca started
///   for this program's display.
/// - speakup: its sysfs folder with a synthesizer other than "none", on a console session.
/// - `ACCESSIBLE=1` (or yes, true): the user says so.
/// Over ssh the user's own reader runs on the machine they came from: it cannot be seen from here
/// (docs/user-guide.md, "With your screen reader").
package enum ScreenReaderDetection {
    /// Where detection looks; the environment can move each place, for tests.
    package struct Places: Sendable {
        package var processes: ProcessTable
        /// Where Fenrir's sockets are (/tmp). Override: A11Y_FENRIR_SOCKET_DIR.
        package var socketDirectory: String
        /// Fenrir's console-daemon socket, in both of Fenrir's spellings: `-daemon.sock` (2026 and
        /// later, also bound by a Fenrir in PTY mode when it is free) and `-deamon.sock` (up to
        /// 2025). Override: A11Y_FENRIR_SOCKET (one path, or several separated by ':').
        package var fenrirDaemonSockets: [String]
        /// Where Fenrir 2026 and later list themselves (`<pid>.json`): the folder in the socket
        /// folder, and the one in TMPDIR when that is set elsewhere (Fenrir writes it in its own
        /// temporary folder). Override: A11Y_FENRIR_INSTANCES_DIR.
        package var fenrirInstanceFolders: [String]
        /// Present when the speakup module is loaded. Override: A11Y_SPEAKUP_PATH.
        package var speakup: String
        /// This program's process and user.
        package var program: Int32
        package var user: uid_t
        /// The session bus (DBUS_SESSION_BUS_ADDRESS), where Orca 49 and later own a name; nil:
        /// no D-Bus session.
        package var sessionBus: String?

        /// The places, moved by the environment's overrides (A11Y_PROC_ROOT for /proc too).
        package init(environment: [String: String]) {
            processes = ProcessTable(root: environment["A11Y_PROC_ROOT"] ?? "/proc")
            socketDirectory = environment["A11Y_FENRIR_SOCKET_DIR"] ?? "/tmp"
            (fenrirDaemonSockets, fenrirInstanceFolders) = ScreenReaderDetection.fenrirPlaces(environment, socketDirectory: socketDirectory)
            speakup = environment["A11Y_SPEAKUP_PATH"] ?? "/sys/accessibility/speakup"
            program = getpid()
            user = getuid()
            sessionBus = DBusSession.sessionAddress(in: environment)
        }
    }

    /// What every check found: the reader (nil: none), and a line for each place looked at, for
    /// `a11y-demo --diagnose`.
    package struct Survey: Sendable, Equatable {
        package var reader: ScreenReader?
        package var findings: [String]
    }

    /// The screen reader found, nil when none.
    package static func detect(environment: [String: String]) -> ScreenReader? {
        survey(environment: environment, places: Places(environment: environment), stopAtFirst: true).reader
    }

    /// Every check, in order; with `stopAtFirst`, up to the first that finds a reader.
    package static func survey(environment: [String: String], places: Places, stopAtFirst: Bool = false) -> Survey {
        var survey = Survey(reader: nil, findings: [])
        func found(_ reader: ScreenReader) -> Bool {
            survey.findings.append("\(reader.name.rawValue): \(reader.evidence)")
            if survey.reader == nil { survey.reader = reader }
            return stopAtFirst
        }
        let overSSH = ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains { !(environment[$0] ?? "").isEmpty }
        let graphical = ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment[$0] ?? "").isEmpty }
        let console = !graphical && !overSSH

        // Fenrir 2026's instances folder, read once and only when a Fenrir check needs it.
        var fenrirRegistry: FenrirRegistry?
        func registry() -> FenrirRegistry {
            if let fenrirRegistry { return fenrirRegistry }
            let read = FenrirRegistry.read(folders: places.fenrirInstanceFolders, processes: places.processes)
            fenrirRegistry = read
            return read
        }
        switch fenrirAncestor(places: places, registry: registry) {
        case .found(let reader): if found(reader) { return survey }
        case .none(let finding): survey.findings.append(finding)
        }
        switch fenrirConsoleDaemon(console: console, places: places, registry: registry) {
        case .found(let reader): if found(reader) { return survey }
        case .none(let finding): survey.findings.append(finding)
        }
        if graphical && !overSSH, let orca = orcaOnSessionBus(places: places, askVersion: !stopAtFirst, findings: &survey.findings) {
            if found(orca) { return survey }
        } else if graphical && !overSSH {
            // Orca 48 and older (no name on the bus): an Orca of this user that reads this
            // display; one started for another display (the environment it started with says
            // which) reads that display's windows.
            let processes = places.processes
            let display = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["DISPLAY"]
            let displayName = environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } == true ? "WAYLAND_DISPLAY" : "DISPLAY"
            if let orca = processes.first(running: "orca", of: places.user, where: {
                processes.environmentValue(displayName, of: $0.id).map { $0 == display } ?? true
            }) {
                if found(ScreenReader(name: .orca, evidence: "process \(orca.id) (orca) of this user, in a graphical session", processID: orca.id)) {
                    return survey
                }
            } else {
                survey.findings.append("Orca: no process of this user")
            }
        } else {
            survey.findings.append("Orca: not looked for (" + (overSSH ? "over ssh" : "no DISPLAY or WAYLAND_DISPLAY") + ")")
        }
        if console, let synth = speakupSynthesizer(places.speakup) {
            if found(ScreenReader(name: .speakup, evidence: "loaded (\(places.speakup)), synthesizer \(synth)")) { return survey }
        } else {
            survey.findings.append("speakup: " + (console ? "not loaded, or its synthesizer is none" : "not looked for (not a console session)"))
        }
        if let value = environment["ACCESSIBLE"], ["1", "yes", "true"].contains(value.lowercased()) {
            if found(ScreenReader(name: .declared, evidence: "ACCESSIBLE=\(value) in the environment")) { return survey }
        } else {
            survey.findings.append("ACCESSIBLE: not set to 1")
        }
        if overSSH {
            survey.findings.append("over ssh: a screen reader on the machine you came from cannot be seen from here; set ACCESSIBLE=1 or --screen-reader")
        }
        return survey
    }

    /// Orca 49 and later on the session bus: the reader, or nil with a finding that says why
    /// not (no D-Bus session, no name owned, the bus not answering). One private connection,
    /// its Hello and one or two NameHasOwner; when a name is owned, its owner's process (which
    /// the session watches) and, with `askVersion` (`--diagnose`), Orca's version.
    static func orcaOnSessionBus(places: Places, askVersion: Bool, findings: inout [String]) -> ScreenReader? {
        guard let address = places.sessionBus else {
            findings.append("Orca 49 and later: not looked for on the session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
            return nil
        }
        do throws(DBusSession.Failure) {
            let bus = try DBusSession(address: address, timeout: OrcaService.callTimeout)
            guard let (found, processID) = try OrcaService.find(on: bus, askVersion: askVersion) else {
                findings.append("Orca 49 and later: no \(OrcaService.Shape.orca1.rawValue) or \(OrcaService.Shape.orca.rawValue) on the session bus")
                return nil
            }
            var service = found
            service.busAddress = address
            let evidence = "\(service.busName) on the session bus"
                + (service.version.map { " (Orca \($0))" } ?? "")
                + (processID.map { ", process \($0)" } ?? "")
            return ScreenReader(name: .orca, evidence: evidence, processID: processID, orcaService: service)
        } catch {
            findings.append("Orca 49 and later: \(error)")
            return nil
        }
    }

    /// What a Fenrir check found: a reader, or the line saying what was looked at.
    enum FenrirFinding {
        case found(ScreenReader)
        case none(String)
    }

    /// The two names of Fenrir's console-daemon socket: 2026's spelling, then the older one.
    static let fenrirDaemonSocketNames = ["fenrirscreenreader-daemon.sock", "fenrirscreenreader-deamon.sock"]

    /// The daemon sockets and instance folders for `environment` (see `Places`).
    static func fenrirPlaces(_ environment: [String: String], socketDirectory: String) -> (sockets: [String], folders: [String]) {
        let sockets = environment["A11Y_FENRIR_SOCKET"].map { $0.split(separator: ":").map(String.init) }
            ?? fenrirDaemonSocketNames.map { "\(socketDirectory)/\($0)" }
        if let folder = environment["A11Y_FENRIR_INSTANCES_DIR"] { return (sockets, [folder]) }
        var folders = ["\(socketDirectory)/fenrirscreenreader-instances"]
        if environment["A11Y_FENRIR_SOCKET_DIR"] == nil, let temporary = environment["TMPDIR"], !temporary.isEmpty,
           temporary != socketDirectory, temporary != socketDirectory + "/" {
            folders.append("\(temporary)/fenrirscreenreader-instances")
        }
        return (sockets, folders)
    }

    /// Fenrir in PTY mode: a Fenrir process among this program's ancestors, with its remote socket
    /// when one of this user's accepts (the one its instance file lists, else one named for it or
    /// for one of its children).
    static func fenrirAncestor(places: Places, registry: () -> FenrirRegistry) -> FenrirFinding {
        let lineage = places.processes.lineage(of: places.program)
        guard let fenrir = lineage.dropFirst().first(where: { $0.runs("fenrir") }) else {
            return .none("Fenrir: not an ancestor of this program")
        }
        let socket = fenrirSocket(of: fenrir.id, places: places, registry: registry())
        let evidence = "process \(fenrir.id) (fenrir) is an ancestor of this program"
            + (socket.map { ", remote socket \($0.path)" + ($0.listedIn.map { " (listed in \($0))" } ?? "") }
               ?? ", no remote socket of this user in \(places.socketDirectory)")
        return .found(ScreenReader(name: .fenrir, evidence: evidence, processID: fenrir.id, remoteSocket: socket?.path))
    }

    /// Fenrir as the console daemon, on a console session: an instance file of a Fenrir that reads
    /// the consoles and listens, or a daemon socket (either spelling) that accepts and is not the
    /// one a Fenrir in PTY mode took (Fenrir 2026 in PTY mode binds it too: that Fenrir reads
    /// another terminal). The daemon runs as root: it is found, and its socket is never written
    /// to (only a connection is made and closed); the control writes its words on the screen for
    /// the daemon to read.
    static func fenrirConsoleDaemon(console: Bool, places: Places, registry read: () -> FenrirRegistry) -> FenrirFinding {
        guard console else { return .none("Fenrir daemon: not looked for (not a console session)") }
        let registry = read()
        for instance in registry.instances where instance.readsConsoles {
            // Its socket is its own user's (root's, for the daemon): one listed by anyone else is not.
            let owner = places.processes.entry(instance.processID)?.owner
            guard let socket = instance.socketFiles.first(where: { isSocket($0, ownedBy: owner) && acceptsConnections($0) }) else { continue }
            return .found(ScreenReader(name: .fenrir, evidence: "its console daemon (process \(instance.processID), \(instance.file)) listens on \(socket)",
                                       processID: instance.processID))
        }
        var notes: [String] = [], silent: [String] = []
        for socket in places.fenrirDaemonSockets {
            guard acceptsConnections(socket) else { silent.append(socket); continue }
            if let holder = registry.holder(of: socket), !holder.readsConsoles {
                notes.append("\(socket) is held by Fenrir in \(holder.modeName) (process \(holder.processID), \(holder.file)): not a console daemon")
                continue
            }
            // The daemon's process, to watch: a process named fenrir of the socket's owner that is
            // not a child of another (a Fenrir in PTY mode elsewhere is some user's, not the daemon).
            let processes = places.processes
            var socketInfo = stat()
            let owner = stat(socket, &socketInfo) == 0 ? socketInfo.st_uid : nil
            let daemon = processes.first(running: "fenrir", of: owner) { !(processes.entry($0.parent)?.runs("fenrir") ?? false) }
            // No instance file: a Fenrir 2026 in PTY mode still shows by its own remote socket,
            // named for its pid, beside the daemon socket it took.
            if let daemon, registry.holder(of: socket) == nil,
               case let own = "\(places.socketDirectory)/fenrirscreenreader-\(daemon.id).sock", acceptsConnections(own) {
                notes.append("\(socket) is held by process \(daemon.id) (fenrir), which listens on \(own) too: PTY mode, not a console daemon")
                continue
            }
            return .found(ScreenReader(name: .fenrir, evidence: "its console daemon listens on \(socket)" + (daemon.map { " (process \($0.id))" } ?? ""),
                                       processID: daemon?.id))
        }
        let folders = registry.folders.joined(separator: ", ")
        let listed = registry.instances.isEmpty ? "no Fenrir listed in \(folders)"
            : "no console daemon among the Fenrirs listed in \(folders) (\(registry.instances.map { "\($0.processID): \($0.modeName)" }.joined(separator: ", ")))"
        let ignored = registry.ignored.isEmpty ? "" : "; left out: " + registry.ignored.joined(separator: ", ")
        if !silent.isEmpty { notes.insert("nothing listens on " + silent.joined(separator: " or "), at: 0) }
        return .none("Fenrir daemon: " + (notes + [listed]).joined(separator: "; ") + ignored)
    }

    /// The remote socket of the Fenrir process `fenrir`, this user's and accepting a connection:
    /// the one its instance file lists (Fenrir 2026 and later, also a socket moved by its
    /// settings), else one in the socket folder named for it (2025 and later) or for one of its
    /// children (1.9.5).
    static func fenrirSocket(of fenrir: Int32, places: Places, registry: FenrirRegistry) -> (path: String, listedIn: String?)? {
        if let instance = registry.instance(fenrir) {
            let daemonSockets = Set(places.fenrirDaemonSockets)
            for path in instance.socketFiles {
                let name = path.split(separator: "/").last.map(String.init) ?? path
                guard !daemonSockets.contains(path), !fenrirDaemonSocketNames.contains(name) else { continue }
                if isOwnSocket(path, user: places.user), acceptsConnections(path) { return (path, instance.file) }
            }
        }
        guard let directory = opendir(places.socketDirectory) else { return nil }
        defer { closedir(directory) }
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("fenrirscreenreader-"), name.hasSuffix(".sock"),
                  let id = Int32(name.dropFirst("fenrirscreenreader-".count).dropLast(".sock".count)) else { continue }
            guard id == fenrir || places.processes.entry(id)?.parent == fenrir else { continue }
            let path = "\(places.socketDirectory)/\(name)"
            if isOwnSocket(path, user: places.user), acceptsConnections(path) { return (path, nil) }
        }
        return nil
    }

    /// Whether `path` is a socket owned by `owner` (false when the owner is unknown).
    static func isSocket(_ path: String, ownedBy owner: uid_t?) -> Bool {
        guard let owner else { return false }
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK && info.st_uid == owner
    }

    /// Whether `path` is a socket (not a link to one) owned by `user`: another user's socket is
    /// never written to.
    static func isOwnSocket(_ path: String, user: uid_t) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK && info.st_uid == user
    }

    /// Whether a server listens on the Unix socket `path`: a connection is made (and closed at
    /// once, nothing written); a socket file left behind by a reader that ended refuses it.
    package static func acceptsConnections(_ path: String) -> Bool {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard var address = UnixAddress(path) else { return false }
        let result = address.withSockaddr { connect(fd, $0, $1) }
        return result == 0 || errno == EINPROGRESS || errno == EAGAIN
    }

    /// speakup's synthesizer when the module is loaded and has one ("soft", "dummy"; "none" is
    /// none); "loaded" when the folder has no synth file.
    static func speakupSynthesizer(_ path: String) -> String? {
        guard !path.isEmpty, access(path, F_OK) == 0 else { return nil }
        guard let synth = ProcessTable.contents(of: path + "/synth")?.split(whereSeparator: \.isWhitespace).first.map(String.init) else {
            return "loaded"
        }
        return synth == "none" ? nil : synth
    }
}

/// A Unix socket address (`sockaddr_un`) for a path that fits it.
struct UnixAddress {
    private var storage = sockaddr_un()

    init?(_ path: String) {
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: storage.sun_path) else { return nil }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
    }

    mutating func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
