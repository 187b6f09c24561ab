import Foundation
import A11yControls
import VirtualDisplayClient

/// A D-Bus session bus of a test's own: `dbus-daemon --session`-like, with a configuration of its
/// own (a socket in its own folder, anyone may own any name), started here and stopped on
/// release. Never the user's bus. Throws (the test fails) when dbus-daemon cannot start.
package final class PrivateSessionBus {
    package let directory: URL
    /// The bus's address, for DBUS_SESSION_BUS_ADDRESS.
    package let address: String
    private let daemon: ChildProcess

    package init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("bus.conf")
        let configuration = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(directory.path)/bus</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try Data(configuration.utf8).write(to: config)
        let addressFile = directory.appendingPathComponent("address").path
        let daemon: ChildProcess
        do {
            daemon = try ChildProcess(["/usr/bin/dbus-daemon", "--config-file=\(config.path)", "--nofork", "--print-address=1"],
                                      environment: ["PATH": "/usr/bin:/bin"],
                                      streams: .files(output: addressFile, error: directory.appendingPathComponent("daemon.log").path))
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw FixtureError("dbus-daemon cannot start (install-deps.sh installs dbus-daemon): \(error)")
        }
        let address = Polling.until(timeout: Polling.hang, every: .milliseconds(5)) { () -> String? in
            guard let text = try? String(contentsOfFile: addressFile, encoding: .utf8), text.hasSuffix("\n") else { return nil }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let address, !address.isEmpty else {
            daemon.killAndReap()
            let log = (try? String(contentsOf: directory.appendingPathComponent("daemon.log"), encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: directory)
            throw FixtureError("dbus-daemon printed no address within \(Polling.hang): \(log)")
        }
        self.daemon = daemon
        self.address = address
    }

    deinit {
        daemon.kill(SIGCONT)
        daemon.kill(SIGTERM)
        if (try? daemon.waitForExit(timeout: .seconds(5))) == nil { daemon.killAndReap() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops the whole bus (SIGSTOP): every call on it waits; `resume()` lets it go on.
    package func stall() { daemon.kill(SIGSTOP) }
    package func resume() { daemon.kill(SIGCONT) }

    /// Whether `name` has an owner on this bus.
    package func hasOwner(_ name: String) -> Bool {
        (try? DBusSession(address: address, timeout: .seconds(2)).nameHasOwner(name)) ?? false
    }
}

/// The stand-in for Orca's service (`scripts/readers/orca-standin.py`) on a private bus: the shape
/// of Orca 51 and later (`org.gnome.Orca1.Service`) or of Orca 49/50 (`org.gnome.Orca.Service`).
/// Every call it takes is a line of its log, with the CLOCK_MONOTONIC time it came.
package final class OrcaStandIn {
    /// One call the stand-in took.
    package struct Call: Sendable, Equatable {
        /// CLOCK_MONOTONIC, in seconds.
        package var time: Double
        package var method: String
        package var arguments: String
    }

    package let shape: OrcaService.Shape
    package let version: String
    package let log: String
    private let process: ChildProcess
    private let bus: PrivateSessionBus

    /// Starts it and waits (at most 10 s) until it owns its name.
    package init(on bus: PrivateSessionBus, shape: OrcaService.Shape, version: String, answer: Bool = true) throws {
        self.bus = bus
        self.shape = shape
        self.version = version
        log = bus.directory.appendingPathComponent("orca-\(UUID().uuidString.prefix(6)).log").path
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let script = PackageRoot.url.appendingPathComponent("scripts/readers/orca-standin.py").path
        process = try ChildProcess(["/usr/bin/python3", script, "--shape", shape == .orca1 ? "orca1" : "orca", "--version", version,
                                    "--log", log, "--answer", answer ? "true" : "false"],
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"],
                                   streams: .files(output: log + ".out"))
        guard Polling.until(timeout: Polling.hang, every: .milliseconds(10), { bus.hasOwner(shape.rawValue) || process.exit != nil }),
              process.exit == nil else {
            process.killAndReap()
            throw FixtureError("the stand-in Orca service did not take \(shape.rawValue): "
                               + ((try? String(contentsOfFile: log + ".out", encoding: .utf8)) ?? ""))
        }
    }

    deinit {
        process.kill(SIGCONT)
        process.kill(SIGTERM)
        if (try? process.waitForExit(timeout: .seconds(5))) == nil { process.killAndReap() }
    }

    /// The stand-in's process.
    package var processID: Int32 { process.pid }

    /// The service as detection would find it on this bus.
    package var service: OrcaService { OrcaService(shape: shape, busAddress: bus.address) }

    /// Every call so far.
    package var calls: [Call] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, let time = Double(parts[0]) else { return nil }
            return Call(time: time, method: String(parts[1]), arguments: parts.count > 2 ? String(parts[2]) : "")
        }
    }

    /// The calls that spoke (SpeakMessage, PresentMessage), in order.
    package var spoken: [Call] { calls.filter { $0.method == "SpeakMessage" || $0.method == "PresentMessage" } }

    /// Waits (at most `timeout`) until a call speaks `text`; the call, or nil.
    package func waitForSpoken(_ text: String, timeout: Duration = Polling.hang, file: String = #fileID, line: Int = #line) -> Call? {
        Polling.until(timeout: timeout, every: .milliseconds(2), file: file, line: line) { spoken.first { $0.arguments == text } }
    }

    /// Waits (at most `timeout`) until a call speaks words that meet `condition`.
    package func waitForSpoken(timeout: Duration = Polling.hang, file: String = #fileID, line: Int = #line,
                               _ condition: (String) -> Bool) -> Call? {
        Polling.until(timeout: timeout, every: .milliseconds(2), file: file, line: line) { spoken.first { condition($0.arguments) } }
    }

    /// Stalls it (SIGSTOP: every call waits), lets it go on, ends it (SIGTERM: its name is lost).
    package func stall() { process.kill(SIGSTOP) }
    package func resume() { process.kill(SIGCONT) }
    package func quit() {
        process.kill(SIGCONT)
        process.kill(SIGTERM)
        _ = try? process.waitForExit(timeout: .seconds(5))
    }
}
