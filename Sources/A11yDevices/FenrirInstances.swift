#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One Fenrir (2026 and later) as it lists itself in its instances folder
/// (`/tmp/fenrirscreenreader-instances/<pid>.json`, rewritten every few seconds while it runs and
/// removed when it stops): which process, which sockets, which screen driver. Older Fenrir
/// releases keep no such folder.
package struct FenrirInstance: Sendable, Equatable {
    /// The Fenrir process (the file's name and its `pid` field agree).
    package var processID: Int32
    /// The sockets it listens on (`socket_files`): its own remote socket and, when it holds it,
    /// the shared daemon socket.
    package var socketFiles: [String]
    /// Its screen driver (`screen_driver`): `vcsaDriver` reads the Linux consoles (the console
    /// daemon), `ptyDriver` one terminal of its own (PTY mode). Nil when the file does not say.
    package var screenDriver: String?
    /// The file it came from.
    package var file: String

    /// Whether it reads the Linux consoles rather than a terminal of its own.
    package var readsConsoles: Bool { screenDriver == "vcsaDriver" }

    /// What it reads, in words: "console daemon" or "PTY mode".
    package var modeName: String {
        switch screenDriver {
        case "vcsaDriver": "console daemon"
        case "ptyDriver": "PTY mode"
        case let driver?: "screen driver \(driver)"
        case nil: "no screen driver named"
        }
    }

    /// Reads one instance file; nil when it is not the JSON Fenrir writes (an object with a
    /// numeric `pid` equal to `expectedID` when that is given).
    package static func read(_ path: String, expectedID: Int32? = nil) -> FenrirInstance? {
        guard let text = ProcessTable.contents(of: path),
              case .object(let fields)? = MiniJSON.parse(text),
              case .number(let pidValue)? = fields["pid"], let pid = Int32(exactly: pidValue), pid > 0 else { return nil }
        if let expectedID, expectedID != pid { return nil }
        var sockets: [String] = []
        if case .array(let items)? = fields["socket_files"] {
            for case .string(let socket) in items { sockets.append(socket) }
        }
        var driver: String?
        if case .string(let name)? = fields["screen_driver"], !name.isEmpty { driver = name }
        return FenrirInstance(processID: pid, socketFiles: sockets, screenDriver: driver, file: path)
    }
}

/// The instances folder read with the trust detection needs: what is listed and why each entry
/// is believed or not.
package struct FenrirRegistry: Sendable {
    /// The entries whose process is alive, runs fenrir and owns the file (the folder is writable
    /// by everyone, so an entry written by someone else for another's process is not believed).
    package var instances: [FenrirInstance] = []
    /// Each entry left out, with the reason ("812.json: process 812 is gone").
    package var ignored: [String] = []
    /// The folders looked in.
    package var folders: [String] = []

    /// Reads every `<pid>.json` in `folders` (missing folders are no error). Entries are ordered
    /// by pid, the first folder's entry winning for a pid listed twice.
    package static func read(folders: [String], processes: ProcessTable) -> FenrirRegistry {
        var registry = FenrirRegistry(folders: folders)
        var seen: Set<Int32> = []
        for folder in folders {
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let item = readdir(directory) {
                let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name.hasSuffix(".json"), let id = Int32(name.dropLast(".json".count)), id > 0, !seen.contains(id) else { continue }
                let path = "\(folder)/\(name)"
                guard let instance = FenrirInstance.read(path, expectedID: id) else {
                    registry.ignored.append("\(name): not an instance file Fenrir writes"); continue
                }
                guard let process = processes.entry(id) else {
                    registry.ignored.append("\(name): process \(id) is gone"); continue
                }
                guard process.runs("fenrir") else {
                    registry.ignored.append("\(name): process \(id) is not Fenrir"); continue
                }
                var info = stat()
                guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == process.owner else {
                    registry.ignored.append("\(name): not written by the user of process \(id)"); continue
                }
                seen.insert(id)
                registry.instances.append(instance)
            }
        }
        registry.instances.sort { $0.processID < $1.processID }
        return registry
    }

    /// The entry of process `id`.
    package func instance(_ id: Int32) -> FenrirInstance? { instances.first { $0.processID == id } }

    /// The entry that lists `socket`.
    package func holder(of socket: String) -> FenrirInstance? { instances.first { $0.socketFiles.contains(socket) } }
}

/// Just enough JSON for Fenrir's instance files (one flat object written by Python's json
/// module): objects, arrays, strings with their escapes, numbers, true, false, null.
enum MiniJSON: Equatable {
    case object([String: MiniJSON])
    case array([MiniJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The value `text` holds, nil when it is not JSON (or nests deeper than a few levels).
    static func parse(_ text: String) -> MiniJSON? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == reader.bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ literal: String) -> Bool {
            let expected = Array(literal.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else { return false }
            index += expected.count
            return true
        }

        mutating func value(depth: Int) -> MiniJSON? {
            guard depth < 8 else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var fields: [String: MiniJSON] = [:]
                skipSpace()
                if take("}") { return .object(fields) }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard take(":"), let item = value(depth: depth + 1) else { return nil }
                    fields[key] = item
                    skipSpace()
                    if take(",") { continue }
                    return take("}") ? .object(fields) : nil
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [MiniJSON] = []
                skipSpace()
                if take("]") { return .array(items) }
                while true {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipSpace()
                    if take(",") { continue }
                    return take("]") ? .array(items) : nil
                }
            case UInt8(ascii: "\""):
                return string().map(MiniJSON.string)
            case UInt8(ascii: "t"): return take("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return take("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return take("null") ? .null : nil
            default:
                let start = index
                while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
                return Double(String(decoding: bytes[start..<index], as: UTF8.self)).map(MiniJSON.number)
            }
        }

        /// A string at `index` (its opening quote), escapes decoded.
        mutating func string() -> String? {
            guard take("\"") else { return nil }
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []   // raw UTF-8 between escapes
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll()
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "u"):
                        guard var unit = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(unit) {   // a surrogate pair
                            guard take("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(unit) else { return nil }
                        scalars.append(scalar)
                    default: scalars.append(Unicode.Scalar(escape))   // \" \\ \/
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    run.append(byte)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard bytes.count - index >= 4, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
            index += 4
            return value
        }
    }
}
