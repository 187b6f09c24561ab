import A11yControls
@testable import A11yDevices
import A11yOptions
import A11yTestSupport
import Foundation
import Synchronization
import Testing
import VirtualDisplayClient

/// The devices against the real servers that `scripts/servers.sh start` runs (BRLTTY with the
/// Virtual driver, speech-dispatcher with a capture module). These tests share one virtual
/// display and one capture file, hence `.serialized`. Missing servers fail the tests.
extension RealServerTests {
@Suite(.serialized)
struct DeviceIntegrationTests {
    // MARK: Braille output

    @Test func textWithDotsOnTopReachesTheDisplayCellForCell() throws {
        let display = try SharedDisplay.get()
        let brl = try SharedDisplay.client()
        let mark = display.frames.count
        try brl.write(text: "Abc xyz", orMask: [0, 0xC0, 0, 0x01])
        // The Virtual driver shows the text BRLTTY was given; a real display (Baum) has only the
        // dots, read back through en-nabcc: the blank with dot 1 reads as "a" (b with 7 8 as b).
        let shown = Servers.brailleDriver == "bm" ? "Abcaxyz" : "Abc xyz"
        let frame = try #require(display.waitForFrame(after: mark) { $0.text.hasPrefix(shown) },
                                 "driver \(Servers.brailleDriver): last frame \(String(describing: display.lastFrame()))")
        // en-nabcc: capital A = dots 1 7; b = 1 2 (+ 7 8 from the mask); c = 1 4; the blank gets dot 1.
        #expect(Array(frame.cells.prefix(8)) == ["17", "1278", "14", "1", "1346", "13456", "1356", ""])
        #expect(frame.cells.count == 40)
        #expect(frame.cells.dropFirst(7).allSatisfy { $0.isEmpty })
    }

    @Test func rawDotsReachTheDisplayCellForCell() throws {
        let display = try SharedDisplay.get()
        let brl = try SharedDisplay.client()
        let mark = display.frames.count
        // dots 1 2 3 6 7, dots 1 3 5, blank, dots 7 8, all eight dots
        try brl.write(dots: [0b0110_0111, 0b0001_0101, 0, 0b1100_0000, 0xFF])
        let frame = try #require(display.waitForFrame(after: mark) { $0.cells.first == "12367" })
        #expect(Array(frame.cells.prefix(6)) == ["12367", "135", "", "78", "12345678", ""])
        if Servers.brailleDriver == "bm" {
            // A real display has no text: the dots read back through en-nabcc (v with dot 7, o, the
            // blank, dots 7 8 alone as a blank, all eight dots as "=" with 7 8).
            #expect(frame.text == "Vo  =" + String(repeating: " ", count: frame.cells.count - 5))
        } else {
            #expect(frame.text.allSatisfy { $0 == " " })  // dots only, no text
        }
    }

    @Test func cursorShowsAtTheGivenCell() throws {
        let display = try SharedDisplay.get()
        let brl = try SharedDisplay.client()
        let mark = display.frames.count
        try brl.write(text: "abc", cursor: 1)
        let frame = try #require(display.waitForFrame(after: mark) { $0.text.hasPrefix("abc") && $0.cells[1].contains("78") })
        #expect(Array(frame.cells.prefix(3)) == ["1", "1278", "14"])
    }

    /// A write worked out ahead of time (a key's forecast frame) shows the same cells as the
    /// write made at once, dots kept by the AND mask, the OR mask and the cursor included; made
    /// for another width, it is refused and nothing is written.
    @Test func aWriteMadeReadyAheadShowsWhatTheWriteShows() throws {
        let display = try SharedDisplay.get()
        let brl = try SharedDisplay.client()
        let width = try brl.size().width
        var mark = display.frames.count
        try brl.write(text: "Ready 12 to 90", orMask: [0, 0xC0, 0, 0x01], andMask: 0x3F, cursor: 6)
        // A real display (Baum) has only the dots, read back through en-nabcc: R without dot 7 reads as r.
        let shown = Servers.brailleDriver == "bm" ? "ready 12" : "Ready 12"
        let written = try #require(display.waitForFrame(after: mark) { $0.text.hasPrefix(shown) })
        try brl.write(text: "something else")
        _ = try #require(display.waitForFrame(after: mark) { $0.text.hasPrefix("something else") })

        let prepared = try #require(BrailleDisplay.prepareWrite(text: "Ready 12 to 90", orMask: [0, 0xC0, 0, 0x01], andMask: 0x3F,
                                                                 cursor: 6, width: width))
        mark = display.frames.count
        try brl.write(prepared)
        let sent = try #require(display.waitForFrame(after: mark) { $0.text.hasPrefix(shown) })
        #expect(sent.cells == written.cells)
        // Capital R without its dot 7 (the AND mask), e with 7 8 on top, the cursor's 7 8 on "1".
        #expect(Array(sent.cells.prefix(7)) == ["1235", "1578", "1", "145", "13456", "", "278"])

        let other = try #require(BrailleDisplay.prepareWrite(text: "Other width", width: width + 1))
        #expect(throws: BrailleError.self) { try brl.write(other) }
        // Text beyond ASCII is made ready too, written as UTF-8 with its charset named.
        let euro = try #require(BrailleDisplay.prepareWrite(text: "€ 12", width: width))
        mark = display.frames.count
        try brl.write(euro)
        // On a real display (the Baum one of BRLTTY 6.9) the text is what the cells read back as
        // through the pinned table, which has no "€": its cell reads back as another character.
        let euroShown: (String) -> Bool = Servers.brailleDriver == "bm" ? { $0.dropFirst().hasPrefix(" 12") } : { $0.hasPrefix("€ 12") }
        _ = try #require(display.waitForFrame(after: mark) { euroShown($0.text) })
    }

    // MARK: Braille input

    @Test func keysFromTheDisplayDecodeToBrailleKeys() throws {
        let display = try SharedDisplay.get()
        let brl = try SharedDisplay.client()
        while try brl.readKey(wait: false) != nil {}  // nothing left from earlier tests
        let cases: [(command: String, key: BrailleKey)] = [
            ("ROUTE 1", .route(cell: 1)),
            ("ROUTE 17", .route(cell: 17)),
            ("LNUP", .lineUp),
            ("LNDN", .lineDown),
            ("FWINLT", .panLeft),
            ("FWINRT", .panRight),
            ("KEY_ENTER", .symbol(.enter)),
            ("KEY_ESCAPE", .symbol(.escape)),
            ("KEY_CURSOR_LEFT", .symbol(.left)),
            ("KEY_FUNCTION 2", .symbol(.function(3))),
            ("PASSDOTS 1", .character("a")),
            // The vr driver takes PASSDOTS' argument as the dot bits in decimal: 65 = dots 1 7.
            ("PASSDOTS 65", .character("A")),
            ("TOP", .command(name: "TOP", argument: 0)),
            ("HOME", .command(name: "HOME", argument: 0)),
            ("CSRTRK", .command(name: "CSRTRK", argument: 0)),
            ("TOP_LEFT", .command(name: "TOP_LEFT", argument: 0)),
        ]
        for (command, expected) in cases {
            try display.press(command)
            let key = try brl.nextKey()
            #expect(key == expected, "\(command)")
        }
    }

    /// Keys that come before the answer to a question on the key connection itself (a parameter
    /// read) are kept by BrlAPI while it waits for the answer, and read after it, in order, from BrlAPI's own buffer (which only a
    /// key read empties); once it is empty, the reads look at the descriptor again.
    @Test func keysThatComeBeforeThePingsAnswerAreReadAfterIt() throws {
        let display = try SharedDisplay.get()
        let brl = try SharedDisplay.client()
        while try brl.readKey(wait: false) != nil {}  // nothing left from earlier tests
        func bufferedInBrlAPI() -> Bool { brl.keysMayBeBuffered.load(ordering: .relaxed) }
        #expect(!bufferedInBrlAPI())
        try display.press("LNUP")
        try display.press("LNDN")
        // Both keys (16 bytes each) are on the socket before the question is asked.
        let waiting = Polling.until(timeout: Polling.hang, every: .milliseconds(5)) { () -> Bool in
            var count: Int32 = 0
            return withUnsafeMutablePointer(to: &count) { ioctl(brl.fileDescriptor, UInt(FIONREAD), $0) } == 0 && count >= 32
        }
        #expect(waiting)
        try brl.askOnThisConnection()
        #expect(bufferedInBrlAPI())
        #expect(try brl.readKey(wait: false) == .lineUp)
        #expect(try brl.readKey(wait: false) == .lineDown)
        #expect(try brl.readKey(wait: false) == nil)
        #expect(!bufferedInBrlAPI())
        // Nothing waiting: the answer alone.
        try brl.askOnThisConnection()
        #expect(try brl.readKey(wait: false) == nil)
        try display.press("LNUP")
        #expect(try brl.nextKey() == .lineUp)
    }

    /// Keys pressed while the session asks question after question (`ping()`, on the question
    /// connection) all arrive, in order, and every question is answered. On the key connection
    /// itself, BRLTTY's threads can interleave an answer's header and body with a key's (see
    /// `ping()`): libbrlapi then waited for ever for an answer in 3 of 6 runs of this test on
    /// BRLTTY 6.9.1.
    @Test func keysPressedWhileBRLTTYAnswersQuestionAfterQuestionAllArrive() throws {
        let display = try SharedDisplay.get()
        let brl = try SharedDisplay.client()
        while try brl.readKey(wait: false) != nil {}  // nothing left from earlier tests
        // The display shows this client's line: BRLTTY shows no message of its own (after a
        // display connects it shows one for a few seconds, and a line key pressed then holds
        // the message and the keys after it go to BRLTTY).
        let mark = display.frames.count
        try brl.write(text: "keys while asked")
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("keys while asked") } != nil)
        final class Run: Sendable {
            let keys = Mutex<[BrailleKey]>([]), failure = Mutex<String?>(nil), pings = Atomic<Int>(0), done = Atomic<Bool>(false)
        }
        let run = Run()
        let asking = DispatchSemaphore(value: 0)
        Thread {
            defer { asking.signal() }
            do {
                while !run.done.load(ordering: .relaxed) {
                    try brl.ping()
                    run.pings.add(1, ordering: .relaxed)
                    // (NOOP: BRLTTY telling its clients that the display is back.)
                    while let key = try brl.readKey(wait: false) {
                        if key != .command(name: "NOOP", argument: 0) { run.keys.withLock { $0.append(key) } }
                    }
                }
            } catch { run.failure.withLock { $0 = "\(error)" } }
        }.start()
        let pressed: [(command: String, key: BrailleKey)] = (0..<30).map { $0 % 2 == 0 ? ("LNUP", .lineUp) : ("ROUTE \($0 % 40)", .route(cell: $0 % 40)) }
        for (command, _) in pressed where run.failure.withLock({ $0 }) == nil { try display.press(command) }
        let arrived = Polling.until(timeout: Polling.hang, every: .milliseconds(5)) {
            run.keys.withLock { $0.count } >= pressed.count || run.failure.withLock { $0 } != nil
        }
        run.done.store(true, ordering: .relaxed)
        // Under a deadline: a question BRLTTY never answers holds the asking thread, and the
        // shared client with it, for ever.
        guard asking.wait(timeout: .now() + .seconds(Int(Polling.hang.components.seconds))) == .success else {
            SharedDisplay.abandonClient()
            Issue.record("a question went unanswered for \(Polling.hang) after the keys (\(run.pings.load(ordering: .relaxed)) answered before it, \(run.keys.withLock { $0.count }) keys read)")
            return
        }
        #expect(run.failure.withLock { $0 } == nil)
        var waiting: Int32 = 0
        _ = withUnsafeMutablePointer(to: &waiting) { ioctl(brl.fileDescriptor, UInt(FIONREAD), $0) }
        #expect(arrived, "\(waiting) bytes waiting on the socket, \(run.pings.load(ordering: .relaxed)) questions answered, BrlAPI may hold keys: \(brl.keysMayBeBuffered.load(ordering: .relaxed)), the display's last lines: \(display.frames.suffix(3).map(\.text))")
        #expect(run.keys.withLock { $0 } == pressed.map(\.key))
        #expect(run.pings.load(ordering: .relaxed) > 200, "too few questions to meet the keys")
    }

    // MARK: BRLTTY's preferences

    @Test func globalPreferencesChangeOnlyWhatDiffersAndAnEmptyTableLeavesBRLTTYs() throws {
        let brl = try SharedDisplay.client()
        defer { try? brl.setGlobalPreferences(BraillePreferences()) }
        try brl.setGlobalPreferences(BraillePreferences(computerBrailleCellSize: 6, literaryBraille: true,
                                                        literaryBrailleTable: "en-us-g2"))
        var now = try brl.preferences().preferences
        #expect(now.computerBrailleCellSize == 6 && now.literaryBraille && now.literaryBrailleTable == "en-us-g2")
        try brl.setGlobalPreferences(BraillePreferences(literaryBraille: true, literaryBrailleTable: "en-ueb-g2"))
        now = try brl.preferences().preferences
        #expect(now.computerBrailleCellSize == 8 && now.literaryBraille && now.literaryBrailleTable == "en-ueb-g2")
        try brl.setGlobalPreferences(BraillePreferences())
        now = try brl.preferences().preferences
        #expect(!now.literaryBraille && now.literaryBrailleTable == "en-ueb-g2")  // the table stays BRLTTY's
    }

    /// The watch's values are BRLTTY's (no parameter is read again before the first frame, nor
    /// after a change): at the watch, and after a change another client made.
    @Test func theWatchHoldsBRLTTYsPreferencesAndTheirChanges() throws {
        let brl = try SharedDisplay.client()
        defer { try? brl.setGlobalPreferences(BraillePreferences()) }
        try brl.setGlobalPreferences(BraillePreferences(literaryBrailleTable: "en-us-g2"))
        // Watching needs no tty mode: this client leaves the display to `brl`.
        let watcher = try BrailleDisplay(connectTimeout: Polling.hang)
        defer { watcher.close() }
        #expect(try watcher.watchPreferences())
        _ = watcher.preferencesChanged()
        #expect(try watcher.watchedPreferences == brl.preferences().preferences)
        #expect(try watcher.currentPreferences().unanswered.isEmpty)

        try brl.setGlobalPreferences(BraillePreferences(computerBrailleCellSize: 6, literaryBraille: true,
                                                        literaryBrailleTable: "en-ueb-g2"))
        let read = try brl.preferences().preferences
        #expect(read.computerBrailleCellSize == 6 && read.literaryBraille && read.literaryBrailleTable == "en-ueb-g2")
        // BrlAPI takes the reports in with the next packet the watcher reads (here an answer on
        // the watcher's own connection).
        var changed = false
        let watched = try Polling.until(timeout: Polling.hang, every: .milliseconds(10)) { () throws -> BraillePreferences? in
            try watcher.askOnThisConnection()
            if watcher.preferencesChanged() { changed = true }
            let now = watcher.watchedPreferences
            return now == read ? now : nil
        }
        #expect(watched == read)
        #expect(changed)
    }

    // MARK: Speech

    @Test func everyPriorityIsSpokenInOrder() throws {
        let capture = try CaptureFile()
        try Servers.setCaptureDelay(nil)
        let speech = try SpeechDispatcher(address: SpeechAddress(parsing: Servers.speechAddress))
        defer { speech.close() }
        let run = UUID().uuidString.prefix(8)
        var expected: [String] = []
        for priority in SpeechPriority.allCases {
            let text = "priority \(priority) \(run)"
            expected.append(text)
            // One at a time: a notification is dropped while anything else is spoken (the capture
            // module is still busy for a moment after it wrote the line): said again until heard.
            // (A retry interval, not a deadline: on a slow machine it is said more times.)
            let began = ContinuousClock.now
            repeat {
                speech.say(text, priority: priority)
            } while !capture.waitForLines(timeout: .seconds(2)) { $0.contains(text) }.contains(text)
                    && ContinuousClock.now - began < Polling.hang
        }
        // In order, each once or (a dropped notification said again) more.
        var heard: [String] = []
        for line in capture.lines where line.hasSuffix(String(run)) && heard.last != line { heard.append(line) }
        #expect(heard == expected)
    }

    /// `say` sets the connection's priority only when it changes: a text after a message is
    /// text again (a newer text replaces it while the message is spoken; as a message it would
    /// be kept and spoken), and a line that starts with dots keeps them all (the server takes
    /// one dot off a data line that starts with two: a leading dot is sent doubled).
    @Test func thePriorityFollowsEachUtteranceAndALeadingDotIsKept() throws {
        let capture = try CaptureFile()
        try Servers.setCaptureDelay(0.3)
        defer { try? Servers.setCaptureDelay(nil) }
        let speech = try SpeechDispatcher(address: SpeechAddress(parsing: Servers.speechAddress))
        defer { speech.close() }
        let run = UUID().uuidString.prefix(8)
        speech.say("first message \(run)", priority: .message)
        speech.say("second text \(run)", priority: .text)
        speech.say("third text \(run)", priority: .text)
        _ = capture.waitForLines { $0.contains("third text \(run)") }
        // (A message would cancel a text still waiting: this one comes after it was heard.)
        speech.say("... 5 volts \(run)", priority: .message)
        let heard = capture.waitForLines { $0.contains("... 5 volts \(run)") }.filter { $0.hasSuffix(String(run)) }
        #expect(heard == ["first message \(run)", "third text \(run)", "... 5 volts \(run)"])
    }

    @Test func aBurstOfProgressMessagesEndsWithTheLastOne() throws {
        let capture = try CaptureFile()
        try Servers.setCaptureDelay(0.02)
        defer { try? Servers.setCaptureDelay(nil) }
        let speech = try SpeechDispatcher()
        defer { speech.close() }
        let run = UUID().uuidString.prefix(8)
        for index in 1...50 {
            speech.say("progress \(index) of 50 \(run)", priority: .progress)
        }
        speech.flush()
        let last = "progress 50 of 50 \(run)"
        let lines = capture.waitForLines { $0.contains(last) }
            .filter { $0.hasSuffix(String(run)) }
        #expect(lines.last == last)
        #expect(lines.count <= 50)
    }

    /// With the server stopped (SIGSTOP), every call returns: a blocking one would not return
    /// while it is stopped (the calls run on a thread of their own, so that a blocked one fails
    /// the test at the hang deadline instead of hanging it; the server is continued either way).
    @Test func queuedCallsNeverBlockTheCaller() throws {
        let capture = try CaptureFile()
        try Servers.setCaptureDelay(0.2)
        defer { try? Servers.setCaptureDelay(nil) }
        let speech = try SpeechDispatcher()
        defer { speech.close() }
        let run = UUID().uuidString.prefix(8)
        try ServerControl.freeze("speech")
        defer { ServerControl.thaw("speech") }
        let returned = DispatchSemaphore(value: 0)
        Thread {
            for index in 1...10 {
                speech.say("slow \(index) \(run)", priority: .text)
                speech.cancel()
            }
            speech.say("slow final \(run)", priority: .text)
            returned.signal()
        }.start()
        let blocked = returned.wait(timeout: .now() + Double(Polling.hang.components.seconds)) == .timedOut
        #expect(!blocked, "a speech call blocked while the server was stopped")
        ServerControl.thaw("speech")
        if blocked { returned.wait() }
        speech.flush()
        let lines = capture.waitForLines { $0.contains("slow final \(run)") }
        #expect(lines.last == "slow final \(run)")
    }

    /// An answer that does not come within the call timeout fails the call, and libspeechd
    /// takes the failed read as the end of the connection: it is closed, and later calls fail
    /// as closed instead of reading the late answers as theirs.
    @Test func anAnswerThatComesTooLateClosesTheConnection() throws {
        final class Failures: Sendable { let operations = Mutex<[SpeechError.Operation]>([]) }
        let failures = Failures()
        // The call timeout is long enough for a busy machine's answer, and short for the test.
        let speech = try SpeechDispatcher(address: SpeechAddress(parsing: Servers.speechAddress), callTimeout: .seconds(3) * Polling.deadlineScale,
                                          calls: .callersThread) { error in failures.operations.withLock { $0.append(error.operation) } }
        defer { speech.close() }
        let run = UUID().uuidString.prefix(8)
        speech.say("set the priority \(run)")
        #expect(failures.operations.withLock { $0 } == [])
        try ServerControl.freeze("speech")
        defer { ServerControl.thaw("speech") }
        speech.say("too late \(run)")
        ServerControl.thaw("speech")
        speech.say("after \(run)")
        #expect(failures.operations.withLock { $0 } == [.command, .closed])
    }

    @Test func speechFailsWhereNothingListens() throws {
        _ = try Servers.speechAddress
        let path = "/tmp/a11y-no-server-\(getpid())/speechd.sock"
        #expect {
            _ = try SpeechDispatcher(address: .unixSocket(path: path))
        } throws: { error in
            guard let error = error as? SpeechError else { return false }
            return error.operation == .connect && error.message.contains(path)
        }
    }

    @Test func brailleFailsWhereNothingListens() throws {
        _ = try Servers.brlapiHost
        let host = "127.0.0.1:\(try unusedBrlAPIIndex())"
        var caught: BrailleError?
        do {
            _ = try BrailleDisplay(host: host, auth: "none")
        } catch {
            caught = error
        }
        let error = try #require(caught, "connecting to \(host) should fail")
        #expect(error.function == "brlapi__openConnection")
        #expect(error.message.contains(host))
        #expect(error.code != 0)
    }

    @Test func speechWithoutAnyAddressDoesNotSpawnAServer() throws {
        _ = try Servers.speechAddress
        // The tests' own environment has SPEECHD_ADDRESS; an explicit address to a missing
        // socket must fail, never fall back to spawning (autospawn is always off).
        let before = try runningSpeechDispatchers()
        _ = try? SpeechDispatcher(address: .unixSocket(path: "/nonexistent/a11y/speechd.sock"))
        #expect(try runningSpeechDispatchers() == before)
    }
}
}

/// A BrlAPI index whose TCP port (4101 + index) refuses connections.
private func unusedBrlAPIIndex() throws -> Int {
    for index in 90..<200 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        if BrlAPIPort.withAddress(index: index, { connect(fd, $0, $1) }) != 0 { return index }
    }
    throw FixtureError("no unused BrlAPI index between 90 and 199")
}

/// The pids of the running speech-dispatcher processes.
private func runningSpeechDispatchers() throws -> Set<Int> {
    var pids = Set<Int>()
    for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
        guard let pid = Int(entry),
              let name = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8)
        else { continue }
        if name.hasPrefix("speech-dispatch") { pids.insert(pid) }
    }
    return pids
}
