import A11yTestSupport
import Foundation

/// BRLTTY and speech-dispatcher of one test's own (`scripts/servers.sh start DIR`, on a free
/// BrlAPI index, in a directory of their own), for a test that does to its servers what the
/// suite's shared ones must not undergo (a display taken away from BRLTTY); stopped when released.
final class PrivateServers {
    let directory: URL
    /// The clients' environment (`DIR/env`): BRLAPI_HOST, SPEECHD_ADDRESS, A11Y_VR_SOCKET...
    let environment: [String: String]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-servers-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            try ServerControl.run("start", in: directory.path)
        } catch {
            Self.stop(directory)
            throw error
        }
        let env = (try? String(contentsOf: directory.appendingPathComponent("env"), encoding: .utf8)) ?? ""
        var environment: [String: String] = [:]
        // Lines `export NAME=VALUE`, VALUE quoted by bash's printf %q (backslashes before the
        // characters a shell would take otherwise; none in the paths made here).
        for line in env.split(separator: "\n") where line.hasPrefix("export ") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            environment[String(line.dropFirst("export ".count)[..<equals])] = String(line[line.index(after: equals)...])
                .replacingOccurrences(of: "\\", with: "")
        }
        self.environment = environment
        guard environment["A11Y_VR_SOCKET"] != nil, environment["A11Y_CAPTURE_FILE"] != nil else {
            // Every property is set: the deinit runs and stops them.
            throw FixtureError("servers.sh start \(directory.path) wrote no usable env: '\(env)'")
        }
    }

    deinit { Self.stop(directory) }

    /// What BRLTTY logged, for a failure's message.
    var brlttyLog: String { (try? String(contentsOf: directory.appendingPathComponent("brltty.log"), encoding: .utf8)) ?? "" }
    /// The Baum display's log (`A11Y_BRAILLE_DRIVER=bm`, BRLTTY 6.9), empty with the vr driver.
    var baumLog: String { (try? String(contentsOf: directory.appendingPathComponent("baum-display.log"), encoding: .utf8)) ?? "" }
    var vrSocket: String { environment["A11Y_VR_SOCKET"] ?? "" }
    var captureFile: String { environment["A11Y_CAPTURE_FILE"] ?? "" }

    private static func stop(_ directory: URL) {
        try? ServerControl.run("stop", in: directory.path)
        try? FileManager.default.removeItem(at: directory)
    }
}
