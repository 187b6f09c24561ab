import A11yControls
import A11yTestSupport
import Foundation
import Glibc
import VirtualDisplayClient

/// Speaking through Orca's service (Orca 49 and later) against the control's own speech, in the
/// same run: a11y-demo on a pty with a stand-in Orca (`scripts/readers/orca-standin.py`, Orca 51's
/// shape) on a private session bus, key bytes written -> the stand-in's SpeakMessage call (what
/// real Orca then speaks: 9-19 ms later on Orca 51.1, measured by hand); then the same demo with
/// no Orca, key -> line in speech-dispatcher's capture file. And what finding Orca on the bus
/// costs the start: `ScreenReaderDetection.detect` in a graphical session with a D-Bus session,
/// the first call (libdbus-1 loaded), then with no Orca and with the stand-in there.
struct OrcaPath {
    var throughOrca: [Double] = []
    var missedOrca = 0
    var interrupts = 0
    var own: [Double] = []
    var missedOwn = 0
    /// Milliseconds.
    var firstDetection = 0.0
    var detectionNone: [Double] = []
    var detectionOrca: [Double] = []
    var detectionWithoutBus: [Double] = []
}

/// CLOCK_MONOTONIC in seconds: the stand-in's log uses this clock.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func measureOrcaPath(executable: String, keys: Int, spacing: Double, detections: Int) throws -> OrcaPath {
    var result = OrcaPath()
    let bus = try PrivateSessionBus()
    var graphical = Environment.all
    for name in ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY", "WAYLAND_DISPLAY", "ACCESSIBLE"] { graphical[name] = nil }
    graphical.merge(["DISPLAY": ":99", "DBUS_SESSION_BUS_ADDRESS": bus.address, "A11Y_PROC_ROOT": "/nonexistent",
                     "A11Y_FENRIR_SOCKET": "/nonexistent", "A11Y_FENRIR_SOCKET_DIR": "/nonexistent", "A11Y_SPEAKUP_PATH": "/nonexistent"]) { $1 }
    func timed(_ environment: [String: String]) -> Double {
        let start = ContinuousClock.now
        _ = ScreenReaderDetection.detect(environment: environment)
        return (ContinuousClock.now - start).ms
    }
    // Detection first: nothing in this process has loaded libdbus-1 yet.
    result.firstDetection = timed(graphical)
    result.detectionNone = (0..<detections).map { _ in timed(graphical) }
    var withoutBus = graphical
    withoutBus["DBUS_SESSION_BUS_ADDRESS"] = nil
    result.detectionWithoutBus = (0..<detections).map { _ in timed(withoutBus) }
    let orca = try OrcaStandIn(on: bus, shape: .orca1, version: "51.1")
    result.detectionOrca = (0..<detections).map { _ in timed(graphical) }

    let capture = try sharedCapture()
    let arguments = ["range", "--label", "Price", "--braille", "off"]
    /// Types Right and Left in turn; `heard` gives the milliseconds from the key to the value
    /// heard (given the value, the key's CLOCK_MONOTONIC time, the key's instant and the capture
    /// file's line count before it), nil when it was not heard within 2 s.
    func typeKeys(_ demo: PtyDemo, heard: (String, Double, ContinuousClock.Instant, Int) -> Double?) -> (samples: [Double], missed: Int) {
        var samples: [Double] = [], missed = 0, value = 10
        for index in 0..<keys {
            let right = index % 2 == 0
            value += right ? 1 : -1
            let from = capture.count
            let start = monotonicSeconds()
            let instant = demo.type(right ? Keys.right : Keys.left)
            if let ms = heard("\(value)", start, instant, from) { samples.append(ms) } else { missed += 1 }
            sleepMs(spacing)
        }
        return (samples, missed)
    }

    // Through Orca.
    let throughOrca = try PtyDemo(executable: executable, arguments: arguments, environment: graphical)
    guard orca.waitForSpoken(timeout: .seconds(10), { $0.hasPrefix("Price, range slider") }) != nil else {
        throughOrca.stop()
        throw BenchError("the demo said nothing through the stand-in Orca within 10 s: \(orca.calls.suffix(3))")
    }
    sleepMs(300)
    let orcaRun = typeKeys(throughOrca) { text, after, _, _ in
        Polling.until(timeout: .seconds(2), every: pollInterval) {
            orca.spoken.first { $0.arguments == text && $0.time >= after }.map { ($0.time - after) * 1000 }
        }
    }
    throughOrca.stop()
    (result.throughOrca, result.missedOrca) = orcaRun
    result.interrupts = orca.calls.filter { $0.method == "InterruptSpeech" }.count

    // The control's own voice: no Orca, the same keys.
    var plain = graphical
    plain["DBUS_SESSION_BUS_ADDRESS"] = nil
    plain["DISPLAY"] = nil
    let own = try PtyDemo(executable: executable, arguments: arguments, environment: plain)
    let firstLine = capture.count
    guard capture.waitForLine(from: firstLine, timeout: .seconds(10), every: pollInterval) != nil else {
        own.stop()
        throw BenchError("the demo said nothing through speech-dispatcher within 10 s")
    }
    sleepMs(300)
    let ownRun = typeKeys(own) { text, _, instant, from in
        capture.waitForLine(from: from, timeout: .seconds(2), every: pollInterval, { $0 == text }).map { ($0.time - instant).ms }
    }
    own.stop()
    (result.own, result.missedOwn) = ownRun
    return result
}
