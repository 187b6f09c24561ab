#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The processes of this system as Linux's /proc shows them: what screen-reader detection reads
/// to find Fenrir among the program's ancestors and Orca among the user's processes. `root` is
/// /proc, or a folder laid out like it (tests).
package struct ProcessTable: Sendable {
    /// One process: its id, its parent's, its owner and its name.
    package struct Entry: Sendable, Equatable {
        package var id: Int32
        package var parent: Int32
        package var owner: uid_t
        /// The kernel's name of it (`comm`: a script's file name for a script run by its `#!`).
        package var name: String
        /// Its arguments, the program first: read only for an interpreter (its kernel name is
        /// python…), whose script is the program; any other program is known by its name.
        package var arguments: [String]

        /// Whether it is the program `program`: its kernel name (a script run by its `#!` has the
        /// script's name; Orca sets its own), or the script an interpreter runs
        /// (`/usr/bin/python3 /usr/bin/orca …`).
        package func runs(_ program: String) -> Bool {
            func base(_ path: String) -> Substring { path.split(separator: "/").last ?? "" }
            if name == program { return true }
            guard Self.isInterpreter(name), arguments.count > 1 else { return false }
            // The script is the first argument that is not an interpreter option (`-u`, `-O`).
            return arguments.dropFirst().first { !$0.hasPrefix("-") }.map(base) == Substring(program)
        }

        /// Whether a process of this kernel name runs a script that names the program.
        static func isInterpreter(_ name: String) -> Bool { name.hasPrefix("python") }
    }

    package var root: String

    package init(root: String = "/proc") {
        self.root = root
    }

    /// The process `id`, or nil when it is gone (or cannot be read).
    package func entry(_ id: Int32) -> Entry? {
        let directory = "\(root)/\(id)"
        var info = stat()
        guard stat(directory, &info) == 0, let line = Self.contents(of: "\(directory)/stat"),
              let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") else { return nil }
        // "pid (comm) state ppid …": the name may hold spaces and parentheses; it ends at the last ')'.
        let name = String(line[line.index(after: open)..<close])
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = Int32(fields[1]) else { return nil }
        let arguments = Entry.isInterpreter(name)
            ? (Self.contents(of: "\(directory)/cmdline") ?? "").split(separator: "\0", omittingEmptySubsequences: true).map(String.init) : []
        return Entry(id: id, parent: parent, owner: info.st_uid, name: name, arguments: arguments)
    }

    /// The first process of `owner` (every owner's when nil) that runs `program` and meets
    /// `condition`. Only the kernel name of each is read (a few bytes), and the whole entry of
    /// those that may be the program: the scan costs a few microseconds a process.
    package func first(running program: String, of owner: uid_t?, where condition: (Entry) -> Bool = { _ in true }) -> Entry? {
        for id in processes(of: owner) {
            guard let name = Self.contents(of: "\(root)/\(id)/comm")?.split(separator: "\n").first.map(String.init),
                  name == program || Entry.isInterpreter(name),
                  let entry = entry(id), entry.runs(program), condition(entry) else { continue }
            return entry
        }
        return nil
    }

    /// `id` and its ancestors, nearest first, up to (not including) process 0.
    package func lineage(of id: Int32) -> [Entry] {
        var chain: [Entry] = []
        var next = id
        while next > 0, chain.count < 64, let entry = entry(next) {
            chain.append(entry)
            next = entry.parent
        }
        return chain
    }

    /// The value of `name` in the environment the process `id` started with (nil when it is
    /// unset, or the process is another user's and cannot be read).
    package func environmentValue(_ name: String, of id: Int32) -> String? {
        guard let environment = Self.contents(of: "\(root)/\(id)/environ") else { return nil }
        let prefix = name + "="
        return environment.split(separator: "\0").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// The ids of the processes that `owner` owns (the owner of /proc/<id>: its effective user);
    /// every process when `owner` is nil.
    package func processes(of owner: uid_t?) -> [Int32] {
        guard let directory = opendir(root) else { return [] }
        defer { closedir(directory) }
        var ids: [Int32] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let id = Int32(name) else { continue }
            var info = stat()
            if owner == nil || (stat("\(root)/\(name)", &info) == 0 && info.st_uid == owner) { ids.append(id) }
        }
        return ids
    }

    /// A small file of /proc, whole (nil when it cannot be read).
    static func contents(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65536 {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
