import Testing
@testable import A11yDevices
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yTestSupport
@testable import A11yVocabulary
import VirtualDisplayClient

/// BrailleOutput with a fake display whose reconnection attempts run at once: no sleeps.
@Suite final class BrailleOutputTests {
    var reports: [String] = []
    var statuses: [Bool] = []

    func output(_ display: FakeBrailleDisplay, mode: DeviceMode = .auto) throws -> BrailleOutput {
        let braille = try BrailleOutput(mode: mode, service: display) { [unowned self] in reports.append($0) }
        braille.onStatusChange = { [unowned self] in statuses.append($0) }
        return braille
    }

    func frame(_ text: String, cursor: Int? = nil) -> BrailleFrame {
        BrailleFrame(text: text, dots: Array(repeating: [], count: text.count), routing: Array(repeating: nil, count: text.count),
                     cursor: cursor, offset: 0, canPanLeft: false, canPanRight: false)
    }

    @Test func takesTheDisplayAndWritesAFrameOnlyWhenItChanges() throws {
        let display = FakeBrailleDisplay(width: 40)
        let braille = try output(display)
        #expect(braille.isConnected && braille.width == 40 && display.isInTTY)
        braille.show(frame("Price 10 to 90", cursor: 6), at: .zero)
        braille.show(frame("Price 10 to 90", cursor: 6), at: .zero)
        braille.show(nil, at: .zero)
        #expect(display.frames == [.init(text: "Price 10 to 90", orMask: Array(repeating: 0, count: 14), cursor: 6)])
        braille.close()
        #expect(!display.isInTTY && !display.isConnected)
    }

    @Test func keysAreReadInOrder() throws {
        let display = FakeBrailleDisplay()
        let braille = try output(display)
        display.press(.lineUp)
        display.press(.route(cell: 3))
        #expect(braille.readKeys(at: .zero) == [.lineUp, .route(cell: 3)])
        #expect(braille.readKeys(at: .zero) == [])
    }

    @Test func withoutADisplayItSaysSoOnceAndRetriesWithBackOff() throws {
        let display = FakeBrailleDisplay(accepting: false)
        let braille = try output(display)
        #expect(!braille.isConnected && braille.width == 0)
        #expect(reports == ["braille unavailable (connection refused); retrying in the background"])
        #expect(statuses == [])  // never connected: nothing to speak
        var attemptTimes: [Duration] = []
        for step in stride(from: 0, through: 3_000, by: 50) {
            let before = display.connectionAttempts
            #expect(!braille.retryIfDue(at: .milliseconds(step)))
            if display.connectionAttempts > before { attemptTimes.append(.milliseconds(step)) }
        }
        #expect(attemptTimes == [.milliseconds(250), .milliseconds(750), .milliseconds(1_750), .milliseconds(2_750)])
        #expect(braille.retryAt == .milliseconds(3_750))
        display.accepting = true
        #expect(braille.retryIfDue(at: .milliseconds(3_750)))
        #expect(braille.isConnected && braille.width == 40 && braille.retryAt == nil)
        #expect(reports.count == 2 && reports.last == "braille display is back")
        #expect(statuses == [true])
    }

    @Test func aServerWithNoDisplayIsNotConnected() throws {
        let display = FakeBrailleDisplay(width: 0)
        let braille = try output(display)
        #expect(!braille.isConnected && !display.isConnected)
        #expect(reports == ["braille unavailable (braille: brlapi__getDisplaySize: no display is connected to BRLTTY); retrying in the background"])
        display.width = 32
        #expect(braille.retryIfDue(at: .milliseconds(250)))
        #expect(braille.width == 32 && display.isInTTY)
    }

    @Test func aDroppedDisplayIsLostOnceThenBack() throws {
        let display = FakeBrailleDisplay()
        let braille = try output(display)
        display.drop()
        display.accepting = false
        braille.show(frame("11 to 90"), at: .seconds(3))
        #expect(!braille.isConnected && braille.width == 0 && braille.fileDescriptor == nil)
        #expect(braille.readKeys(at: .seconds(3)) == [])
        braille.show(frame("12 to 90"), at: .seconds(3))
        #expect(reports == ["braille unavailable (the connection was dropped); retrying in the background"])
        #expect(statuses == [false])
        #expect(braille.retryAt == .milliseconds(3_250))
        #expect(!braille.retryIfDue(at: .milliseconds(3_250)))
        display.accepting = true
        #expect(braille.retryIfDue(at: .milliseconds(3_750)))
        #expect(statuses == [false, true])
        #expect(reports.last == "braille display is back" && reports.count == 2)
        braille.show(frame("12 to 90"), at: .seconds(4))
        #expect(display.frames.last?.text == "12 to 90")
        // A later loss is news again.
        display.drop()
        _ = braille.readKeys(at: .seconds(9))
        #expect(statuses == [false, true, false] && reports.count == 3)
        #expect(braille.retryAt == .milliseconds(9_250))
    }

    /// A display back with other preferences: their listener (the session lays the line out
    /// for them and shows it at once) writes to the new connection. When the preferences were
    /// taken before the connection's link was made, that frame was dropped, and the display
    /// stayed blank until the value changed.
    @Test func aFrameShownForThePreferencesOfADisplayThatCameBackIsWritten() throws {
        let display = FakeBrailleDisplay()
        let braille = try output(display)
        display.drop()
        display.accepting = false
        braille.show(frame("11 to 90"), at: .seconds(3))
        #expect(!braille.isConnected)
        display.preferences = BraillePreferences(deviceCellSize: 6)
        display.accepting = true
        var shown: [Bool] = []
        braille.onPreferencesChange = { [unowned braille] preferences in
            shown.append(preferences.dotsPerCell == 6)
            braille.show(self.frame("11 to 90"), at: .seconds(4))
        }
        #expect(braille.retryIfDue(at: .milliseconds(3_750)))
        #expect(shown == [true])
        #expect(display.frames.last == .init(text: "11 to 90", orMask: Array(repeating: 0, count: 8), cursor: nil))
    }

    @Test func aDisplayThatChangesWidthIsLaidOutAgain() throws {
        let display = FakeBrailleDisplay(width: 40)
        let braille = try output(display)
        braille.show(frame("Price 10 to 90"), at: .zero)
        display.width = 20
        // Seen by a write: nothing is written at the old width, the width changes.
        braille.show(frame("Price 11 to 90"), at: .zero)
        #expect(braille.width == 20 && display.frames.count == 1)
        braille.show(frame("11 to 90"), at: .zero)
        #expect(display.frames.last?.text == "11 to 90")
        // Seen while reading keys.
        display.width = 12
        _ = braille.readKeys(at: .zero)
        #expect(braille.width == 12)
        // The same frame is written again after a width change (the display lost it).
        display.width = 20
        _ = braille.readKeys(at: .zero)
        braille.show(frame("11 to 90"), at: .zero)
        #expect(display.frames.count == 3)
        #expect(reports.isEmpty && statuses.isEmpty)
    }

    /// One display unplugged and another, of another width, plugged in while BRLTTY stays up:
    /// the connection keeps the width it first read and BRLTTY refuses its next frame. The
    /// output connects again at once for the new width, and the user hears of no loss (a
    /// "braille display lost" would be said over the value of the key pressed meanwhile).
    @Test func aDisplayReplacedByOneOfAnotherWidthIsMeasuredAgainWithoutALoss() throws {
        let display = FakeBrailleDisplay(width: 40)
        let braille = try output(display)
        braille.show(frame("Price 10 to 90"), at: .zero)
        display.replace(width: 20)
        braille.show(frame("Price 11 to 90"), at: .seconds(1))
        #expect(!braille.isConnected && braille.retryAt == .seconds(1))
        #expect(braille.retryIfDue(at: .seconds(1)))
        #expect(braille.isConnected && braille.width == 20 && display.isInTTY)
        #expect(statuses.isEmpty && reports == ["braille display now 20 cells wide"])
        braille.show(frame("11 to 90"), at: .seconds(1))
        #expect(display.frames.map(\.text) == ["Price 10 to 90", "11 to 90"])
        // A later refusal is handled the same way.
        display.replace(width: 40)
        braille.show(frame("12 to 90"), at: .seconds(2))
        #expect(braille.retryIfDue(at: .seconds(2)) && braille.width == 40 && statuses.isEmpty)
    }

    /// The same under BRLTTY 6.9, which takes the old width's frames and shows their first cells
    /// instead of refusing them: the size BRLTTY reports to its watch (asked for once the first
    /// frame is out) is what tells. The output connects again at once for the new width, without
    /// a loss; a report of the width it has (BRLTTY 6.5 repeats it while frames are written)
    /// changes nothing, and no frame of the old width is written once the new one is reported.
    @Test func aDisplayOfAnotherWidthThatBRLTTYOnlyReportsIsMeasuredAgainWithoutALoss() throws {
        let display = FakeBrailleDisplay(width: 40)
        let braille = try output(display)
        braille.show(frame("Price 10 to 90"), at: .zero)
        #expect(display.watchesSize)
        display.reportSizeAgain()
        #expect(braille.readKeys(at: .milliseconds(100)).isEmpty)
        braille.show(frame("Price 11 to 90"), at: .milliseconds(200))
        #expect(braille.isConnected && braille.width == 40 && reports.isEmpty)

        // Told while reading keys.
        display.press(.lineDown)
        display.replaceReportingSize(width: 20)
        #expect(braille.readKeys(at: .seconds(1)) == [.lineDown])
        #expect(!braille.isConnected && braille.retryAt == .seconds(1))
        #expect(braille.retryIfDue(at: .seconds(1)))
        #expect(braille.isConnected && braille.width == 20 && display.isInTTY)
        #expect(statuses.isEmpty && reports == ["braille display now 20 cells wide"])
        braille.show(frame("12 to 90"), at: .seconds(1))
        #expect(display.watchesSize)

        // Told before a frame is written: the frame is not written cut.
        display.replaceReportingSize(width: 32)
        braille.show(frame("13 to 90"), at: .seconds(2))
        #expect(braille.retryIfDue(at: .seconds(2)) && braille.width == 32 && statuses.isEmpty)
        braille.show(frame("Price 13 to 90"), at: .seconds(2))
        #expect(display.frames.map(\.text) == ["Price 10 to 90", "Price 11 to 90", "12 to 90", "Price 13 to 90"])
    }

    /// When connecting again for the new width fails, that is the loss, told as any other.
    @Test func aDisplayReplacedWhileBRLTTYGoesAwayIsLost() throws {
        let display = FakeBrailleDisplay(width: 40)
        let braille = try output(display)
        display.replace(width: 20)
        display.accepting = false
        braille.show(frame("Price 11 to 90"), at: .seconds(1))
        #expect(statuses.isEmpty)
        #expect(!braille.retryIfDue(at: .seconds(1)))
        #expect(statuses == [false] && reports == ["braille unavailable (connection refused); retrying in the background"])
        #expect(braille.retryAt == .milliseconds(1_250))
        display.accepting = true
        #expect(braille.retryIfDue(at: .milliseconds(1_250)))
        #expect(statuses == [false, true] && braille.width == 20 && reports.last == "braille display is back")
    }

    @Test func modeOnThrowsAndModeOffNeverConnects() throws {
        #expect(throws: DeviceUnavailable.self) { try self.output(FakeBrailleDisplay(accepting: false), mode: .on) }
        let display = FakeBrailleDisplay()
        let off = try output(display, mode: .off)
        #expect(!off.isConnected && off.retryAt == nil && display.connectionAttempts == 0)
    }

    /// A server that takes the connection and then stops answering (SIGSTOP while the display is
    /// being taken), with the attempts on threads of their own, as live: the start waits
    /// `connectTimeout`, not for ever; a retry while that attempt is stuck fails at once, without
    /// a connection; when the server answers again the late connection is closed, not taken, and
    /// the next retry connects.
    @Test func anAttemptThatDoesNotEndIsGivenUp() throws {
        let display = FakeBrailleDisplay(width: 40, threaded: true)
        display.freeze()
        let braille = BrailleOutput(startingIn: .auto, service: display) { [unowned self] in reports.append($0) }
        braille.connectTimeout = .milliseconds(100)
        let started = ContinuousClock.now
        try braille.finishConnecting()
        // Given up, not waited out: the report names the time limit (the time taken is printed,
        // never asserted).
        print("braille: a frozen display given up after \(ContinuousClock.now - started)")
        #expect(!braille.isConnected)
        #expect(reports.count == 1 && reports[0].contains("no answer from BRLTTY within"), "\(reports)")
        let attempts = display.connectionAttempts
        #expect(!braille.retryIfDue(at: .milliseconds(250)))
        #expect(display.connectionAttempts == attempts)
        display.thaw()
        #expect(Polling.until(timeout: Polling.hang) { !display.isConnected })
        var time = Duration.seconds(1)
        #expect(Polling.until(timeout: Polling.hang) {
            time += .milliseconds(50)
            return braille.retryIfDue(at: time)
        })
        #expect(braille.isConnected && display.isInTTY && display.connectionAttempts == attempts + 1)
        braille.close()
    }

    /// A display whose server stops answering (SIGSTOP) with the calls on a thread of their own,
    /// as live: showing never waits, the user is told once, and when it answers again it shows the
    /// latest frame (not the ones in between) and says it is back.
    @Test func aFrozenDisplayHoldsOnlyItsOwnThread() throws {
        let display = FakeBrailleDisplay(width: 40, threaded: true)
        let braille = try output(display, mode: .on)
        var notAnswering = 0
        braille.onNotAnswering = { notAnswering += 1 }
        braille.notAnsweringAfter = .milliseconds(50)
        let origin = ContinuousClock.now
        var now: Duration { ContinuousClock.now - origin }
        display.freeze()
        for value in 11...14 { braille.show(frame("Price \(value)"), at: now) }
        #expect(display.frames.isEmpty)
        // Told once, however long it stays frozen and however many frames wait.
        #expect(Polling.until(timeout: Polling.hang) { _ = braille.retryIfDue(at: now); return notAnswering == 1 })
        braille.show(frame("Price 15"), at: now)
        for _ in 0..<3 { _ = braille.retryIfDue(at: now) }
        #expect(notAnswering == 1 && statuses.isEmpty && reports.count == 1)
        display.thaw()
        #expect(Polling.until(timeout: Polling.hang) { display.frames.last?.text == "Price 15" })
        #expect(Polling.until(timeout: Polling.hang) { _ = braille.retryIfDue(at: now); return statuses == [true] })
        // The frame the link took when the freeze began, then the latest: not every one in between.
        #expect(display.frames.count <= 2, "frames: \(display.frames.map(\.text))")
        #expect(reports.last == "braille display is answering again")
        braille.close()
        #expect(Polling.until(timeout: Polling.hang) { !display.isConnected })
    }
}
