import Foundation

/// One figure of the report, with its target, and the same figure of the Python peer and of the
/// floor where they were measured in the same run.
struct Figure {
    var key: String
    var label: String
    var value: Double?
    var unit: String
    var detail: String = ""
    /// The target in words, and whether the value meets it (nil: no target).
    var target: String?
    var meets: Bool?
    /// The Python peer's figure, measured in the same run (lower is better).
    var peer: Double?
    /// The floor's figure (the least a program can do), measured in the same run.
    var floor: Double?

    /// `value / other`, when both are known.
    func ratio(to other: Double?) -> Double? {
        guard let other, let value, other > 0 else { return nil }
        return value / other
    }
}

func number(_ value: Double?, _ digits: Int = 3) -> String {
    guard let value, value.isFinite else { return "n/a" }
    return String(format: "%.\(digits)f", value)
}

func renderText(machine: [(String, String)], figures: [Figure], notes: [String]) -> String {
    var out = "a11y-bench report\n"
    for (name, value) in machine { out += "  \(name): \(value)\n" }
    out += "\n"
    let width = figures.map(\.label.count).max() ?? 30
    for figure in figures {
        var line = figure.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
        line += "\(number(figure.value)) \(figure.unit)"
        if let target = figure.target {
            line += "   target \(target): " + (figure.meets == true ? "PASS" : "MISS")
        }
        if let peer = figure.peer, peer.isFinite {
            line += "   peer \(number(peer)) (x\(number(figure.ratio(to: peer), 2)))"
        }
        if let floor = figure.floor {
            line += "   floor \(number(floor)) (x\(number(figure.ratio(to: floor), 2)))"
        }
        out += line + "\n"
        if !figure.detail.isEmpty { out += "    " + figure.detail + "\n" }
    }
    if !notes.isEmpty {
        out += "\nNotes\n"
        for note in notes { out += "  - " + note.replacingOccurrences(of: "\n", with: "\n    ") + "\n" }
    }
    return out
}

func renderJSON(machine: [(String, String)], figures: [Figure], notes: [String]) -> String {
    var root: [String: Any] = [:]
    root["machine"] = Dictionary(uniqueKeysWithValues: machine)
    root["figures"] = figures.map { figure -> [String: Any] in
        var entry: [String: Any] = ["key": figure.key, "label": figure.label, "unit": figure.unit]
        if let value = figure.value, value.isFinite { entry["value"] = value } else { entry["value"] = NSNull() }
        if !figure.detail.isEmpty { entry["detail"] = figure.detail }
        if let target = figure.target { entry["target"] = target; entry["status"] = figure.meets == true ? "PASS" : "MISS" }
        if let peer = figure.peer, peer.isFinite { entry["peer"] = peer; entry["ratioToPeer"] = figure.ratio(to: peer) ?? NSNull() }
        if let floor = figure.floor, floor.isFinite { entry["floor"] = floor; entry["ratioToFloor"] = figure.ratio(to: floor) ?? NSNull() }
        return entry
    }
    root["notes"] = notes
    let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
}

func shell(_ command: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

func machineFacts(demo: String) -> [(String, String)] {
    let cpu = shell("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-").trimmingCharacters(in: .whitespaces)
    return [
        ("date", shell("date -u '+%Y-%m-%d %H:%M UTC'")),
        ("cpu", cpu.isEmpty ? "unknown" : cpu),
        ("cores", shell("nproc")),
        ("kernel", shell("uname -sr")),
        ("os", shell(". /etc/os-release && echo \"$PRETTY_NAME\"")),
        ("swift", shell("swift --version 2>&1 | head -1")),
        ("brltty", shell("brltty -V 2>&1 | head -1")),
        ("brlapi", brlapiAddress()),
        ("speech-dispatcher", shell("speech-dispatcher -v 2>&1 | head -1")),
        ("measured", "release build: \(demo) (a11y-demo, no arguments: the showcase); bench built -c release"),
        ("command", "make bench"),
    ]
}

/// Where every program of the run reaches BRLTTY: its local socket (`:N`, BRLTTY's default and
/// libbrlapi's, as a user's programs reach it) or TCP.
func brlapiAddress() -> String {
    let host = ProcessInfo.processInfo.environment["BRLAPI_HOST"] ?? ":0"
    return host.hasPrefix(":") ? "\(host) (BRLTTY's local socket, its default)" : "\(host) (TCP)"
}
