import Foundation

/// Where the servers started by `scripts/servers.sh start` are, read from the environment that
/// `make test` (and scripts/bench.sh) source from the servers' `env` file.
package enum Servers {
    package static let advice = "Run `make test`, or `scripts/servers.sh start` then `source .servers/env` first."

    /// The value of a variable the servers' env file sets; throws (so the test fails) when missing.
    package static func variable(_ name: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
            throw FixtureError("\(name) is not set: the test servers are not running. \(advice)")
        }
        return value
    }

    /// BRLTTY's vr socket: where the virtual display connects.
    package static var vrSocket: String { get throws { try variable("A11Y_VR_SOCKET") } }
    /// The file speech-dispatcher's capture module appends each utterance to.
    package static var captureFile: String { get throws { try variable("A11Y_CAPTURE_FILE") } }
    /// The file holding the capture module's delay per utterance (seconds).
    package static var captureDelayFile: String { get throws { try variable("A11Y_CAPTURE_DELAY_FILE") } }
    package static var speechAddress: String { get throws { try variable("SPEECHD_ADDRESS") } }
    package static var brlapiHost: String { get throws { try variable("BRLAPI_HOST") } }

    /// The braille driver BRLTTY drives the tests' display with (scripts/servers/braille.sh): "vr", its
    /// Virtual driver (BRLTTY up to 6.8), or "bm", a Baum display on a pseudo-terminal (BRLTTY 6.9
    /// has no Virtual driver). On "bm" a frame's text is read back from its cells through the text
    /// table (a real display has only dots): text under AND/OR masks or written as dots differs from
    /// what the client wrote. "vr" when the servers' directory does not say.
    package static var brailleDriver: String {
        guard let directory = try? variable("A11Y_SERVERS_DIR"),
              let driver = try? String(contentsOfFile: directory + "/braille-driver", encoding: .utf8) else { return "vr" }
        return driver.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// How `a11y-demo --diagnose` names that driver ("Virtual (vr)", "Baum (bm)").
    package static var brailleDriverDescription: String {
        brailleDriver == "bm" ? "Baum (bm)" : "Virtual (vr)"
    }

    /// The last `lines` lines BRLTTY logged (its driver restarts, a crash and restart by the
    /// supervisor), for a failure's message; empty when the servers' directory is not known.
    package static func brlttyLog(lines: Int = 12) -> String {
        guard let directory = try? variable("A11Y_SERVERS_DIR"),
              let log = try? String(contentsOfFile: directory + "/brltty.log", encoding: .utf8) else { return "" }
        return log.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    /// Sets the capture module's delay per utterance (seconds; nil removes it).
    package static func setCaptureDelay(_ seconds: Double?) throws {
        let path = try captureDelayFile
        if let seconds {
            try "\(seconds)\n".write(toFile: path, atomically: true, encoding: .utf8)
        } else {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
