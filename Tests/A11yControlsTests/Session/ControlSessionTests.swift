import Glibc
import Synchronization
import Testing
import A11yControls
@testable import A11ySession
import A11yTestSupport
import VirtualDisplayClient

/// The session's loop on fake devices: keys from a pipe, a fake speech server and braille
/// display, the screen captured, a manual clock (no deadline falls due while a run lasts, however
/// slow the machine). No terminal, no server, no sleeping, no thread of the test's own: each run
/// ends when its keys do.
@Suite struct ControlSessionTests {
    /// Keys for a session: a pipe whose read end is the session's scripted input.
    /// Each end is closed once: tests run in parallel in one process, and closing a number twice
    /// could close another test's descriptor that reused it.
    final class KeyPipe {
        let read: Int32
        private var write: Int32
        init() throws {
            guard let ends = Pipe.make(blocking: true) else { throw FixtureError("pipe failed") }
            (read, write) = ends
        }
        func type(_ text: String) { _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(write, $0.baseAddress, $0.count - 1) } }
        func end() {
            if write >= 0 { Glibc.close(write) }
            write = -1
        }
        deinit {
            end()
            Glibc.close(read)
        }
    }

    struct Rig {
        let keys: KeyPipe
        let speech = FakeSpeechServer()
        let braille: FakeBrailleDisplay
        let queue = ManualQueue()
        let clock = ManualClock()
        let screen = RecordedLines()
        let reports = RecordedLines()

        init(width: Int = 40) throws {
            keys = try KeyPipe()
            braille = FakeBrailleDisplay(width: width)
        }

        func session(_ panels: [ControlPanel], speechMode: DeviceMode = .on,
                     speechService: (any SpeechService)? = nil, speechQueue: (any WorkQueue)? = nil,
                     yieldProcessor: @escaping () -> Void = {}) throws -> ControlSession {
            var options = SessionOptions()
            // No screen reader, wherever the tests run (over ssh `auto` would choose the added
            // words for a reader on another machine).
            options.screenReader = .off
            options.speech = speechMode
            options.braille = .on
            options.theme = .standard(environment: ["NO_COLOR": "1", "TERM": "xterm"])
            let reports = self.reports
            options.report = { reports.append($0) }
            let screen = self.screen
            let devices = SessionDevices(keys: KeySource(scriptedInput: keys.read),
                                         screen: .init(write: { screen.append($0) }, columns: { 60 }),
                                         speech: speechService ?? speech, braille: braille, clock: clock,
                                         speechQueue: speechQueue ?? queue, handlesSignals: false,
                                         yieldProcessor: yieldProcessor)
            return try ControlSession(panels: panels, options: options, devices: devices)
        }
    }

    @Test func keysMoveTheValueAndTheLatestWordsWin() throws {
        let rig = try Rig()
        let session = try rig.session([.priceSlider()])
        rig.keys.type("\u{1B}[C\u{1B}[C\r")
        rig.keys.end()
        let result = session.run()
        #expect(result.outcome == .accepted)
        #expect(result.panels[0].values == [12, 90])
        #expect(rig.braille.frames.first?.text.hasPrefix("Price 10 ") == true)
        #expect(rig.braille.frames.last?.text.hasPrefix("Price 12 ") == true)
        #expect(rig.braille.frames.last?.cursor != nil)
        // The queue was busy until the end: only the latest `text` and the message are left.
        #expect(rig.speech.spoken == ["12", "12 to 90, accepted"])
        #expect(!rig.braille.isInTTY)
        #expect(rig.screen.lines.joined().contains("Price: 12 to 90"))
    }

    /// A key's words are handed to speech after its braille frame and its redraw, and after the
    /// CPU was given to the threads those writes woke (BRLTTY's, the terminal's): speech-dispatcher
    /// and its module, set off by the words, would otherwise run before them. The speech queue (inline) says
    /// the words as it is handed them: what the server heard at a yield is what was handed over
    /// before it.
    @Test func aKeysWordsFollowItsFrameAndRedrawOnceTheCPUWasGivenUp() throws {
        let rig = try Rig()
        let atYields = Mutex<[(frame: String, screen: String, spoken: [String])]>([])
        let session = try rig.session([.priceSlider()], speechQueue: InlineQueue()) {
            let seen = (rig.braille.frames.last.map { String($0.text.prefix(9)) } ?? "", rig.screen.lines.joined(), rig.speech.spoken)
            atYields.withLock { $0.append(seen) }
        }
        rig.keys.type("\u{1B}[C")
        rig.keys.type("\r")
        rig.keys.end()
        let result = session.run()
        #expect(result.panels[0].values == [11, 90])
        let yields = atYields.withLock { $0 }
        let key = try #require(yields.first { $0.frame == "Price 11 " }, "no yield after the frame of 11; at the yields: \(yields.map(\.frame))")
        #expect(key.screen.contains("Price: 11 to 90"))
        #expect(!key.spoken.contains("11"))
        #expect(rig.speech.spoken.contains("11"))
    }

    /// A key tapped again is carried out as soon as it is read (its forecast was worked out
    /// while the loop waited), and once: the engine's own effects for it are the same and not
    /// carried out again. The first Right and Left are foreseen too.
    @Test func aKeyTappedAgainIsCarriedOutFromItsForecastOnce() throws {
        let rig = try Rig()
        let session = try rig.session([.priceSlider()])
        let taps = [("C", 11), ("C", 12), ("C", 13), ("C", 14), ("D", 13), ("D", 12)]
        var typed = 0, changes = 0
        /// Types the next key (after the last, Enter and the end of input).
        func typeNext() {
            guard typed < taps.count else {
                rig.keys.type("\r")
                return rig.keys.end()
            }
            rig.keys.type("\u{1B}[" + taps[typed].0)
            typed += 1
        }
        // The engine reports each change when it takes the key (after the key's outputs, when
        // they came from its forecast): the next key is typed once the engine took the last, on
        // the session's own thread, so the loop reads it after it worked out the forecasts.
        session.onChange = { _, _, _ in
            changes += 1
            guard changes <= taps.count else { return }
            let value = taps[changes - 1].1
            #expect(changes == typed && rig.braille.frames.last?.text.hasPrefix("Price \(value) ") == true)
            typeNext()
        }
        typeNext()
        let result = session.run()
        #expect(result.outcome == .accepted)
        #expect(rig.braille.frames.map { String($0.text.prefix(9)) } == ["Price 10 ", "Price 11 ", "Price 12 ", "Price 13 ", "Price 14 ", "Price 13 ", "Price 12 "])
        // Every one: Right and Left were foreseen before any key (a slider's own axis), then as
        // recent keys.
        #expect(session.keysForeseen == 6)
        // Each value drawn once on the screen (13 twice: after Right, and after Left).
        #expect(rig.screen.lines.filter { $0.contains("Price: 13 to 90") }.count == 2)
        #expect(rig.screen.lines.filter { $0.contains("Price: 14 to 90") }.count == 1)
    }

    /// Before any key, the keys foreseen are the focused control's own axis, as a terminal sends
    /// them in its usual cursor mode.
    @Test func theFirstKeysForeseenAreTheControlsOwnAxis() {
        #expect(KeyForecasts.likelyFirstKeys(for: .slider) == [Array("\u{1B}[C".utf8), Array("\u{1B}[D".utf8)])
        #expect(KeyForecasts.likelyFirstKeys(for: .stepper) == [Array("\u{1B}[A".utf8), Array("\u{1B}[B".utf8)])
    }

    /// Braille first: with speech not required, the first frame is on the display before
    /// speech-dispatcher is asked to connect (the words wait in the queue and are said once it
    /// answers). With speech required, its failure must end the start before the terminal
    /// changes, so it is connected first.
    @Test(arguments: [DeviceMode.auto, .on])
    func theFirstBrailleFrameDoesNotWaitForSpeech(mode: DeviceMode) throws {
        /// Notes how many frames the display had when speech was asked to connect.
        final class FramesAtConnection: SpeechService {
            let server: FakeSpeechServer
            let braille: FakeBrailleDisplay
            let counts = Mutex<[Int]>([])
            init(server: FakeSpeechServer, braille: FakeBrailleDisplay) {
                self.server = server
                self.braille = braille
            }
            func connect(settings: SpeechOutput.Settings,
                         onFailure: @escaping @Sendable (any Error) -> Void) throws -> any SpeechConnection {
                counts.withLock { $0.append(braille.frames.count) }
                return try server.connect(settings: settings, onFailure: onFailure)
            }
        }
        let rig = try Rig()
        let witness = FramesAtConnection(server: rig.speech, braille: rig.braille)
        let session = try rig.session([.priceSlider()], speechMode: mode, speechService: witness)
        rig.keys.type("\r")
        rig.keys.end()
        #expect(session.run().outcome == .accepted)
        #expect(witness.counts.withLock { $0 } == [mode == .auto ? 1 : 0])
        #expect(rig.speech.spoken.first?.hasPrefix("Price, range slider") == true)
        #expect(rig.speech.spoken.last == "10 to 90, accepted")
    }

    @Test func brailleKeysActAndEnterOnTheDisplayAccepts() throws {
        let rig = try Rig()
        let session = try rig.session([.priceSlider()])
        rig.braille.press(.lineDown)
        rig.braille.press(.symbol(.enter))
        let result = session.run()
        rig.keys.end()
        #expect(result.outcome == .accepted)
        #expect(result.panels[0].values == [9, 90])
        #expect(rig.speech.spoken.last == "9 to 90, accepted")
    }

    @Test func aDisplayDroppedMidSessionIsSpokenAndReported() throws {
        let rig = try Rig()
        let session = try rig.session([.priceSlider()])
        rig.braille.accepting = false
        rig.braille.drop()
        rig.keys.type("\u{1B}[C\r")
        rig.keys.end()
        let result = session.run()
        #expect(result.outcome == .accepted)
        #expect(rig.speech.spoken.contains("braille display lost"))
        #expect(rig.reports.lines.contains { $0.hasPrefix("braille unavailable") })
        #expect(rig.speech.spoken.last == "11 to 90, accepted")
    }

    @Test func theEndOfInputCancelsAndTheDisplayIsGivenBack() throws {
        let rig = try Rig(width: 20)
        let session = try rig.session([.priceSlider(), .defaultStepper()])
        rig.keys.type("\t\t\u{1B}[A")
        rig.keys.end()
        let result = session.run()
        #expect(result.outcome == .cancelled)
        #expect(result.panels[1].values == [2])
        #expect(rig.braille.frames.last?.text.hasPrefix("value 2") == true)
        #expect(rig.speech.spoken.last == "cancelled")
        #expect(!rig.braille.isConnected)
    }
}
