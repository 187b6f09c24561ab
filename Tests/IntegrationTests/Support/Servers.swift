import Foundation

/// Where the servers started by `scripts/servers.sh start` are, read from the environment that
/// `make test` sources from `.servers/env`.
struct Servers {
    static let advice = "Run `make test`, or `scripts/servers.sh start` then `source .servers/env` before `swift test`."

    /// The value of a variable the servers' env file sets; throws (so the test fails) when missing.
    static func variable(_ name: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
            throw FixtureError("\(name) is not set: the test servers are not running. \(advice)")
        }
        return value
    }

    static var vrSocket: String { get throws { try variable("A11Y_VR_SOCKET") } }
    static var captureFile: String { get throws { try variable("A11Y_CAPTURE_FILE") } }
    static var captureDelayFile: String { get throws { try variable("A11Y_CAPTURE_DELAY_FILE") } }
    static var speechAddress: String { get throws { try variable("SPEECHD_ADDRESS") } }
    static var brlapiHost: String { get throws { try variable("BRLAPI_HOST") } }
}

/// The lines speech-dispatcher's capture module wrote (one per utterance).
struct CaptureFile {
    let path: String
    /// Bytes already in the file when the test began: earlier tests' lines are ignored.
    private let start: Int

    init() throws {
        path = try Servers.captureFile
        guard FileManager.default.fileExists(atPath: path) else {
            throw FixtureError("the capture file \(path) does not exist: speech-dispatcher is not running. \(Servers.advice)")
        }
        start = (try? Data(contentsOf: URL(fileURLWithPath: path)).count) ?? 0
    }

    /// The lines written since this value was made.
    var lines: [String] {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)), data.count >= start else { return [] }
        return String(decoding: data.dropFirst(start), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Waits until the lines satisfy `condition`; returns them (satisfied or not) at the end.
    @discardableResult
    func waitForLines(timeout: Duration = .seconds(5), _ condition: ([String]) -> Bool) -> [String] {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let current = lines
            if condition(current) { return current }
            usleep(2_000)
        }
        return lines
    }

    /// Sets the capture module's delay per utterance (seconds; nil removes it).
    static func setDelay(_ seconds: Double?) throws {
        let path = try Servers.captureDelayFile
        if let seconds {
            try "\(seconds)\n".write(toFile: path, atomically: true, encoding: .utf8)
        } else {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
