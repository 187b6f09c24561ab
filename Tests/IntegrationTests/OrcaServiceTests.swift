import A11yControls
@testable import A11yDevices
@testable import A11ySession
import A11yTestSupport
import Foundation
import Glibc
import Synchronization
import Testing
import VirtualDisplayClient

/// Orca 49 and later on the session bus, against a private bus (`PrivateSessionBus`: a
/// dbus-daemon of the test's own, never the user's) and the stand-in service
/// (`scripts/readers/orca-standin.py`) in the shape of Orca 51 (`org.gnome.Orca1.Service`) and of
/// Orca 49/50 (`org.gnome.Orca.Service`): detection, speaking, and the faults (Orca quits, stalls,
/// answers false). The control's own voice is the suite's speech-dispatcher (its capture file).
/// A dbus-daemon that cannot start fails these tests.
@Suite struct OrcaServiceDetectionTests {
    /// Places where no process and no Fenrir socket are, so only the bus can find Orca.
    static func places(bus: String?) -> (ScreenReaderDetection.Places, [String: String]) {
        var environment = ["A11Y_PROC_ROOT": "/nonexistent-proc", "A11Y_FENRIR_SOCKET_DIR": "/nonexistent",
                           "A11Y_FENRIR_SOCKET": "/nonexistent/sock", "A11Y_SPEAKUP_PATH": "/nonexistent", "DISPLAY": ":99"]
        if let bus { environment["DBUS_SESSION_BUS_ADDRESS"] = bus }
        return (ScreenReaderDetection.Places(environment: environment), environment)
    }

    @Test("Orca 51 and later, 50 and 49 are found on the session bus, with their version and process", arguments: [
        (OrcaService.Shape.orca1, "51.1"), (.orca, "50.2"), (.orca, "49.5"),
    ])
    func foundOnTheBus(_ shape: OrcaService.Shape, _ version: String) throws {
        let bus = try PrivateSessionBus()
        let orca = try OrcaStandIn(on: bus, shape: shape, version: version)
        let (places, environment) = Self.places(bus: bus.address)
        let survey = ScreenReaderDetection.survey(environment: environment, places: places)
        let reader = try #require(survey.reader)
        #expect(reader.name == .orca)
        #expect(reader.orcaService == OrcaService(shape: shape, busAddress: bus.address, version: version))
        #expect(reader.processID == orca.processID)
        #expect(reader.evidence == "\(shape.rawValue) on the session bus (Orca \(version)), process \(orca.processID)")
        // The session's detection does not ask Orca anything (no version): only the bus answers.
        let callsBefore = orca.calls.count
        let quick = ScreenReaderDetection.survey(environment: environment, places: places, stopAtFirst: true).reader
        #expect(quick?.orcaService == OrcaService(shape: shape, busAddress: bus.address))
        #expect(quick?.processID == orca.processID)
        #expect(orca.calls.count == callsBefore)
    }

    @Test func noOrcaOnTheBusFallsBackToTheProcessCheck() throws {
        let bus = try PrivateSessionBus()
        let (places, environment) = Self.places(bus: bus.address)
        let survey = ScreenReaderDetection.survey(environment: environment, places: places)
        #expect(survey.reader == nil)
        #expect(survey.findings.contains("Orca 49 and later: no org.gnome.Orca1.Service or org.gnome.Orca.Service on the session bus"))
        #expect(survey.findings.contains("Orca: no process of this user"))
    }

    @Test func withoutADBusSessionTheBusIsNotAsked() {
        let (places, environment) = Self.places(bus: nil)
        let survey = ScreenReaderDetection.survey(environment: environment, places: places)
        #expect(survey.findings.contains("Orca 49 and later: not looked for on the session bus (DBUS_SESSION_BUS_ADDRESS is not set)"))
    }

    @Test func aStalledBusCostsDetectionOneTimeoutAndIsReported() throws {
        let bus = try PrivateSessionBus()
        bus.stall()
        defer { bus.resume() }
        let (places, environment) = Self.places(bus: bus.address)
        let survey = ScreenReaderDetection.survey(environment: environment, places: places)
        #expect(survey.reader == nil)
        #expect(survey.findings.contains { $0.hasPrefix("Orca 49 and later: the session bus cannot be reached: ") })
    }

    @Test func theShimDeclaresLibdbusAsItsHeadersDo() throws {
        let script = PackageRoot.url.appendingPathComponent("scripts/check-dbus-declarations.sh").path
        let outcome = try Spawn.scripted(["/bin/bash", script], input: "")
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
    }
}

extension RealServerTests {
/// Speaking through the stand-in Orca service, with the suite's speech-dispatcher as the
/// control's own voice.
@Suite(.serialized)
struct OrcaSpeechTests {
    /// Reports made by the speech output and the Orca connection.
    final class Reports: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func add(_ line: String) { lines.withLock { $0.append(line) } }
    }

    /// A speech output whose service is Orca's (`orca`) with the suite's speech-dispatcher as the
    /// fallback, on `queue` (a thread of its own by default).
    static func output(_ orca: OrcaService, reports: Reports, queue: any WorkQueue = ThreadQueue()) throws -> SpeechOutput {
        let fallback = LiveSpeechService(address: try SpeechAddress(parsing: Servers.speechAddress), clientName: "orca-tests")
        let service = OrcaSpeechService(service: orca, fallback: fallback, report: reports.add)
        return try SpeechOutput(mode: .on, service: service, queue: queue, report: reports.add)
    }

    static func run() -> String { String(UUID().uuidString.prefix(6)) }

    @Test("the words go to Orca, one call each, and a newer value interrupts the last", arguments: [
        (OrcaService.Shape.orca1, "51.1", "SpeakMessage", "InterruptSpeech False"),
        (.orca, "50.2", "PresentMessage", "ExecuteCommand InterruptSpeech False"),
        (.orca, "49.5", "PresentMessage", "ExecuteCommand InterruptSpeech False"),
    ])
    func wordsGoToOrca(_ shape: OrcaService.Shape, _ version: String, _ speak: String, _ interrupt: String) throws {
        let bus = try PrivateSessionBus()
        let orca = try OrcaStandIn(on: bus, shape: shape, version: version)
        let capture = try CaptureFile()
        let reports = Reports()
        let speech = try Self.output(orca.service, reports: reports)
        defer { speech.close() }
        let id = Self.run()
        speech.say([Utterance("40 \(id)", priority: .text)])
        let first = try #require(orca.waitForSpoken("40 \(id)"))
        speech.say([Utterance("41 \(id)", priority: .text)])
        let second = try #require(orca.waitForSpoken("41 \(id)"))
        // The result (a message) waits for what is being said: no interrupt before it.
        speech.say([Utterance("41 accepted \(id)", priority: .message)])
        _ = try #require(orca.waitForSpoken("41 accepted \(id)"))
        let calls = orca.calls.filter { $0.time >= first.time }.map { "\($0.method) \($0.arguments)" }
        #expect(calls == ["\(speak) 40 \(id)", interrupt, "\(speak) 41 \(id)", "\(speak) 41 accepted \(id)"])
        #expect(second.method == speak)
        #expect(reports.all.isEmpty)
        // Nothing in the control's own voice.
        #expect(!capture.lines.contains { $0.contains(id) })
    }

    @Test func aHeldKeySendsOnlyTheNewestValueThatWaited() throws {
        let bus = try PrivateSessionBus()
        let orca = try OrcaStandIn(on: bus, shape: .orca1, version: "51.1")
        let queue = ManualQueue()
        let reports = Reports()
        let speech = try Self.output(orca.service, reports: reports, queue: queue)
        defer { speech.close() }
        let id = Self.run()
        // Thirty steps of a hold while the queue was busy: only the last is sent.
        for value in 1...30 { speech.say([Utterance("\(value) \(id)", priority: .text)]) }
        queue.runAll()
        #expect(orca.spoken.filter { $0.arguments.hasSuffix(id) }.map(\.arguments) == ["30 \(id)"])
    }

    @Test func orcaQuittingBringsTheControlsOwnVoiceBack() throws {
        let bus = try PrivateSessionBus()
        let orca = try OrcaStandIn(on: bus, shape: .orca1, version: "51.1")
        let capture = try CaptureFile()
        try Servers.setCaptureDelay(nil)
        let reports = Reports()
        let speech = try Self.output(orca.service, reports: reports)
        defer { speech.close() }
        let id = Self.run()
        speech.say([Utterance("10 \(id)", priority: .text)])
        _ = try #require(orca.waitForSpoken("10 \(id)"))
        orca.quit()
        let said = ContinuousClock.now
        speech.say([Utterance("11 \(id)", priority: .text)])
        let heard = capture.waitForLines { $0.contains("11 \(id)") }
        #expect(heard.contains("11 \(id)"))
        print("Orca quit: own voice after \(ContinuousClock.now - said)")
        #expect(reports.all.contains { $0.hasPrefix("Orca's service did not take the words (") && $0.hasSuffix("the control speaks itself") })
        // And it stays the control's own voice.
        speech.say([Utterance("12 \(id)", priority: .text)])
        #expect(capture.waitForLines { $0.contains("12 \(id)") }.contains("12 \(id)"))
    }

    @Test func aStalledOrcaNeverHoldsTheCallerAndTheOwnVoiceComesBack() throws {
        let bus = try PrivateSessionBus()
        let orca = try OrcaStandIn(on: bus, shape: .orca1, version: "51.1")
        defer { orca.resume() }
        let capture = try CaptureFile()
        try Servers.setCaptureDelay(nil)
        let reports = Reports()
        let speech = try Self.output(orca.service, reports: reports)
        defer { speech.close() }
        let id = Self.run()
        speech.say([Utterance("20 \(id)", priority: .text)])
        _ = try #require(orca.waitForSpoken("20 \(id)"))
        orca.stall()
        // Keys keep coming while Orca does not answer: each say returns at once (were it held,
        // this loop would not end while the stand-in is stopped), and the newest value is heard
        // in the control's own voice.
        for value in 21...40 { speech.say([Utterance("\(value) \(id)", priority: .text)]) }
        #expect(orca.calls.allSatisfy { $0.arguments != "40 \(id)" })
        let heard = capture.waitForLines { $0.contains("40 \(id)") }
        #expect(heard.contains("40 \(id)"))
        #expect(reports.all.contains { $0.contains("SpeakMessage got no answer") || $0.contains("InterruptSpeech got no answer") })
    }

    @Test func aStalledBusAtTheStartGivesTheOwnVoice() throws {
        let bus = try PrivateSessionBus()
        let orca = try OrcaStandIn(on: bus, shape: .orca1, version: "51.1")
        let capture = try CaptureFile()
        try Servers.setCaptureDelay(nil)
        bus.stall()
        defer { bus.resume() }
        let reports = Reports()
        let speech = try Self.output(orca.service, reports: reports)
        defer { speech.close() }
        let id = Self.run()
        speech.say([Utterance("30 \(id)", priority: .text)])
        #expect(capture.waitForLines { $0.contains("30 \(id)") }.contains("30 \(id)"))
        #expect(reports.all.contains { $0.hasPrefix("Orca's service cannot be reached (") })
        _ = orca
    }

    @Test func orcaAnsweringFalseGivesTheOwnVoice() throws {
        let bus = try PrivateSessionBus()
        let orca = try OrcaStandIn(on: bus, shape: .orca1, version: "51.1", answer: false)
        let capture = try CaptureFile()
        try Servers.setCaptureDelay(nil)
        let reports = Reports()
        let speech = try Self.output(orca.service, reports: reports)
        defer { speech.close() }
        let id = Self.run()
        speech.say([Utterance("50 \(id)", priority: .text)])
        #expect(capture.waitForLines { $0.contains("50 \(id)") }.contains("50 \(id)"))
        #expect(orca.spoken.contains { $0.arguments == "50 \(id)" })
        #expect(reports.all.contains("Orca's service did not take the words (it answered false); the control speaks itself"))
    }
}
}

extension RealServerTests {
/// a11y-demo in a terminal with the stand-in Orca on a private session bus: found, the words go
/// to Orca and not to speech-dispatcher, Enter leaves the result line to Orca, a stalled Orca
/// does not hold the keys and the control's own voice comes back, --diagnose says which path.
@Suite(.serialized)
struct DemoThroughOrcaTests {
    static func environment(_ bus: PrivateSessionBus) -> [String: String] {
        ["ACCESSIBLE": "", "A11Y_FENRIR_SOCKET": "/nonexistent", "A11Y_FENRIR_SOCKET_DIR": "/nonexistent",
         "A11Y_SPEAKUP_PATH": "/nonexistent", "A11Y_PROC_ROOT": "/nonexistent", "DISPLAY": ":99", "WAYLAND_DISPLAY": "",
         "DBUS_SESSION_BUS_ADDRESS": bus.address, "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"]
    }
    /// Runs the demo with its stdout on the terminal (as a user runs it: the result line is
    /// printed where Orca reads it).
    static let stdoutOnTerminal = ["/bin/sh", "-c", "exec \"$0\" \"$@\" >/dev/tty"]

    @Test(arguments: [(OrcaService.Shape.orca1, "51.1"), (.orca, "50.2")])
    func theWordsGoToOrcaAndEnterLeavesTheResultLineToIt(_ shape: OrcaService.Shape, _ version: String) throws {
        let bus = try PrivateSessionBus()
        let orca = try OrcaStandIn(on: bus, shape: shape, version: version)
        let spoken = try CaptureFile()
        let demo = try DemoInTmux(["range", "--label", "Price", "--braille", "off", "--verbosity", "verbose"],
                                  environment: Self.environment(bus), wrapper: Self.stdoutOnTerminal)
        #expect(orca.waitForSpoken { $0.hasPrefix("Price, range slider") } != nil, "\(orca.calls) \(demo.stderr)")
        try demo.send("Right")
        #expect(orca.waitForSpoken("11") != nil, "\(orca.calls)")
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        // The result line is on the terminal, for Orca to read; the control said "accepted" alone.
        #expect(demo.screen.contains("11 90"), "\(demo.screen)")
        #expect(orca.waitForSpoken("accepted") != nil, "\(orca.calls)")
        #expect(!orca.spoken.contains { $0.arguments.contains("11 to 90") }, "\(orca.calls)")
        spoken.refresh()
        #expect(spoken.lines.isEmpty, "\(spoken.lines)")
        #expect(demo.stderr.contains("screen reader Orca (\(shape.rawValue) on the session bus, process \(orca.processID)): "
                                     + "the words are told to it over D-Bus (\(shape.rawValue)) and it speaks them; the cursor stays still"),
                "\(demo.stderr)")
    }

    @Test func withTheResultElsewhereTheControlSaysItThroughOrca() throws {
        let bus = try PrivateSessionBus()
        let orca = try OrcaStandIn(on: bus, shape: .orca1, version: "51.1")
        let demo = try DemoInTmux(["range", "--label", "Price", "--braille", "off"], environment: Self.environment(bus))
        #expect(orca.waitForSpoken { $0.hasPrefix("Price, range slider") } != nil, "\(orca.calls)")
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "10 90\n")
        #expect(orca.waitForSpoken("10 to 90, accepted") != nil, "\(orca.calls)")
    }

    @Test func aStalledOrcaDoesNotHoldTheKeysAndTheOwnVoiceComesBack() throws {
        let bus = try PrivateSessionBus()
        let orca = try OrcaStandIn(on: bus, shape: .orca1, version: "51.1")
        defer { orca.resume() }
        let spoken = try CaptureFile()
        let demo = try DemoInTmux(["range", "--label", "Price", "--braille", "off"], environment: Self.environment(bus))
        #expect(orca.waitForSpoken { $0.hasPrefix("Price, range slider") } != nil, "\(orca.calls)")
        orca.stall()
        try demo.send("Right", "Right", "Right")
        // The keys were taken (the screen shows the value) and the newest is heard in the
        // control's own voice.
        #expect(demo.waitForScreen { $0.contains("13") }.contains("13"), "\(demo.screen)")
        #expect(spoken.waitForLines { $0.contains("13") }.contains("13"), "\(spoken.lines)")
        try demo.send("Right")
        #expect(spoken.waitForLines { $0.contains("14") }.contains("14"), "\(spoken.lines)")
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "14 90\n")
        #expect(demo.stderr.contains("Orca's service did not take the words (SpeakMessage got no answer in 400 ms")
                || demo.stderr.contains("Orca's service did not take the words (InterruptSpeech got no answer in 400 ms"), "\(demo.stderr)")
    }

    @Test func diagnoseSaysTheWordsGoThroughOrca() throws {
        let bus = try PrivateSessionBus()
        let orca = try OrcaStandIn(on: bus, shape: .orca1, version: "51.1")
        let demo = try DemoInTmux(["--diagnose"], environment: Self.environment(bus))
        #expect(demo.waitForExit() == 0)
        let lines = demo.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("screen reader: in use: Orca: org.gnome.Orca1.Service on the session bus (Orca 51.1), process \(orca.processID)"),
                "\(demo.stdout)")
        #expect(lines.contains("screen reader: mode: Orca speaks the words, told over D-Bus (org.gnome.Orca1.Service.SpeakMessage, "
                               + "SpeechManager.InterruptSpeech before a newer value); the cursor stays still; the control's own voice "
                               + "if Orca stops answering"), "\(demo.stdout)")
    }
}
}
