import Foundation

/// What the soak watches of the demo's process: resident memory, open descriptors, threads
/// (from /proc).
struct ProcessSample: CustomStringConvertible {
    var time: Duration
    var rssKiB: Int
    var descriptors: Int
    var threads: Int

    init?(pid: Int32, at time: Duration) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first }
                .flatMap { Int($0) }
        }
        guard let rss = field("VmRSS"), let threads = field("Threads") else { return nil }
        self.time = time
        rssKiB = rss
        self.threads = threads
        descriptors = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count
    }

    var description: String {
        "t=\(time.components.seconds)s rss=\(rssKiB) KiB fds=\(descriptors) threads=\(threads)"
    }
}

extension Duration {
    var milliseconds: Int { Int(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000) }
}
