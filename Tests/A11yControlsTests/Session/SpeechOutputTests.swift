import Glibc
import Testing
@testable import A11yDevices
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yTestSupport
@testable import A11yVocabulary

/// SpeechOutput with a fake server, a manual clock and a queue run by hand: no sleeps.
@Suite struct SpeechOutputTests {
    let server: FakeSpeechServer
    let clock = ManualClock()
    let queue = ManualQueue()
    let reports = RecordedLines()

    init(accepting: Bool = true) {
        server = FakeSpeechServer(accepting: accepting)
    }

    func output(mode: DeviceMode = .auto, settings: SpeechOutput.Settings = .init(language: "en")) throws -> SpeechOutput {
        try SpeechOutput(mode: mode, service: server, settings: settings, retryInterval: .seconds(1),
                         clock: clock, queue: queue) { [reports] in reports.append($0) }
    }

    var reported: [String] { reports.lines }

    @Test func connectsWithTheSettingsAndSpeaksOnTheQueue() throws {
        let speech = try output(settings: .init(rate: 20, voice: .female1, language: "de"))
        #expect(speech.isConnected)
        #expect(server.events == [.connected(.init(rate: 20, voice: .female1, language: "de"))])
        speech.say([Utterance("Lower value 10")])
        #expect(server.spoken == [])
        queue.runAll()
        #expect(server.events.last == .said("Lower value 10", .text))
        #expect(reported == [])
    }

    /// A key's words said again after a notice (`Utterance.isRestatement`) go to a server whose
    /// messages cut off the text being said (speech-dispatcher), and not to one whose messages
    /// wait for it (Orca's service), where they were heard whole.
    @Test func wordsSaidAgainAfterANoticeOnlyWhereTheNoticeCutThemOff() throws {
        var again = Utterance("11")
        again.isRestatement = true
        let notice = Utterance("braille display not answering", priority: .message)
        let speech = try output()
        speech.say([Utterance("11")])
        queue.runAll()
        speech.say([notice, again])
        queue.runAll()
        #expect(server.spoken == ["11", "braille display not answering", "11"])

        let waiting = FakeSpeechServer(messageCutsText: false)
        let throughReader = try SpeechOutput(mode: .auto, service: waiting, settings: .init(language: "en"), clock: clock, queue: queue) { _ in }
        throughReader.say([Utterance("11")])
        queue.runAll()
        throughReader.say([notice, again])
        queue.runAll()
        #expect(waiting.spoken == ["11", "braille display not answering"])
        throughReader.say([notice, again])
        throughReader.close()
        #expect(waiting.spoken == ["11", "braille display not answering", "braille display not answering"])
    }

    /// Connecting later (the session's first braille frame first): the words said meanwhile
    /// wait (the latest text wins) and are said once the connection is made on the queue; an output closed
    /// before that closes the connection.
    @Test func wordsSaidBeforeTheFirstConnectionWaitForIt() throws {
        let speech = SpeechOutput(notConnecting: .auto, service: server, settings: .init(language: "en"),
                                  clock: clock, queue: queue) { [reports] in reports.append($0) }
        speech.say([Utterance("Price, range slider", priority: .message)])
        speech.say([Utterance("11")])
        speech.say([Utterance("12")])
        queue.runAll()
        #expect(!speech.isConnected)
        #expect(server.events == [])
        speech.startConnecting()
        #expect(server.events == [])
        queue.runAll()
        #expect(server.events == [.connected(.init(language: "en")), .said("Price, range slider", .message), .said("12", .text)])
        #expect(speech.isConnected)

        let closedEarly = SpeechOutput(notConnecting: .auto, service: server, settings: .init(language: "en"),
                                       clock: clock, queue: queue) { _ in }
        closedEarly.say([Utterance("13")])
        closedEarly.startConnecting()
        closedEarly.close()
        #expect(server.events.suffix(3) == [.connected(.init(language: "en")), .said("13", .text), .closed])
    }

    @Test func speechRequiredAndUnreachableFailsWhenTheStartIsFinished() {
        let server = FakeSpeechServer(accepting: false)
        let speech = SpeechOutput(notConnecting: .on, service: server, clock: clock, queue: queue) { _ in }
        #expect(throws: DeviceUnavailable.self) { try speech.finishConnecting() }
        // Told once: a second call finds nothing left to finish.
        #expect(throws: Never.self) { try speech.finishConnecting() }
    }

    @Test func aNewerTextReplacesTheWaitingTextAndMessagesAreNeverDropped() throws {
        let speech = try output()
        speech.say([Utterance("11")])
        speech.say([Utterance("12")])
        speech.say([Utterance("accepted", priority: .message)])
        speech.say([Utterance("13"), Utterance("14")])
        speech.say([Utterance("help", priority: .message)])
        queue.runAll()
        #expect(server.spoken == ["accepted", "14", "help"])
    }

    /// The words go out from the queue only, never from the caller's thread (a call on the
    /// connection may wait for the server): `say` hands the queue one piece of work while it is
    /// idle, and what comes while it is busy waits, the latest text winning.
    @Test func utterancesGoOutFromTheQueueOnlyAndTheLatestTextWinsWhileItIsBusy() throws {
        let speech = try output()
        speech.say([Utterance("11")])
        #expect(server.spoken == [])
        #expect(queue.pendingCount == 1)
        speech.say([Utterance("12")])
        speech.say([Utterance("13")])
        #expect(queue.pendingCount == 1)
        queue.runAll()
        #expect(server.spoken == ["13"])
        // Idle again: the next words are handed over again.
        speech.say([Utterance("14")])
        #expect(server.spoken == ["13"])
        #expect(queue.pendingCount == 1)
        queue.runAll()
        #expect(server.spoken == ["13", "14"])
    }

    @Test func withoutAServerItSaysSoOnceAndRetriesWithBackOff() throws {
        let test = SpeechOutputTests(accepting: false)
        let speech = try test.output()
        #expect(!speech.isConnected)
        #expect(test.reported == ["speech unavailable (connection refused); retrying in the background"])
        #expect(speech.takeStatusChanges() == [.lost])
        #expect(test.server.connectionAttempts == 1)
        // 0.25 s after the loss, then 0.5 s later, then every second.
        var attemptTimes: [Duration] = []
        for step in stride(from: 0, through: 3_000, by: 50) {
            let before = test.server.connectionAttempts
            test.clock.advance(to: .milliseconds(step))
            if test.server.connectionAttempts > before { attemptTimes.append(.milliseconds(step)) }
        }
        #expect(attemptTimes == [.milliseconds(250), .milliseconds(750), .milliseconds(1_750), .milliseconds(2_750)])
        #expect(test.reported.count == 1)
        #expect(speech.takeStatusChanges() == [])
    }

    @Test func speechResumesWhenTheServerIsBackWithWhatWaited() throws {
        let test = SpeechOutputTests(accepting: false)
        let speech = try test.output()
        speech.say([Utterance("Lower value 10"), Utterance("accepted", priority: .message)])
        test.clock.advance(to: .seconds(1))
        test.server.start()
        test.clock.advance(to: .seconds(2))
        #expect(speech.isConnected)
        #expect(speech.nextAttempt == nil)
        #expect(test.reported == ["speech unavailable (connection refused); retrying in the background", "speech is back"])
        #expect(speech.takeStatusChanges() == [.lost, .back])
        test.queue.runAll()
        #expect(test.server.spoken == ["Lower value 10", "accepted"])
        test.clock.advance(to: .seconds(10))
        #expect(test.server.connectionAttempts == 4)  // start, 0.25 s, 0.75 s, 1.75 s: no more
    }

    @Test func aServerThatGoesAwayIsReportedOnceAndRetriedFromTheLoss() throws {
        let speech = try output()
        clock.advance(to: .seconds(5))
        server.stop()
        speech.say([Utterance("11")])
        queue.runAll()
        #expect(!speech.isConnected)
        speech.serverClosed()  // the session's poll saw the hang-up too: no second report
        #expect(reported == ["speech unavailable (the server hung up); retrying in the background"])
        #expect(speech.takeStatusChanges() == [.lost])
        #expect(speech.nextAttempt == .milliseconds(5_250))
        server.start()
        clock.advance(to: .milliseconds(5_250))
        #expect(speech.isConnected)
        #expect(speech.takeStatusChanges() == [.back])
        // A second loss is news again.
        server.hangUp()
        speech.serverClosed()
        #expect(speech.takeStatusChanges() == [.lost])
        #expect(reported.count == 3 && reported.last?.hasPrefix("speech unavailable") == true)
    }

    @Test func aHangUpSeenByPollIsALossAtOnce() throws {
        let speech = try output()
        server.hangUp()
        speech.serverClosed()
        #expect(!speech.isConnected)
        #expect(speech.takeStatusChanges() == [.lost])
        clock.advance(to: .milliseconds(250))
        #expect(speech.isConnected)
        #expect(reported == ["speech unavailable (speech: poll: speech-dispatcher closed the connection); retrying in the background",
                             "speech is back"])
    }

    @Test func wakeDescriptorIsReadableAfterAStatusChange() throws {
        let test = SpeechOutputTests(accepting: false)
        let speech = try test.output()
        #expect(readable(speech.wakeDescriptor))
        _ = speech.takeStatusChanges()
        #expect(!readable(speech.wakeDescriptor))
    }

    @Test func closeSendsWhatWaitsThenCloses() throws {
        let speech = try output()
        speech.say([Utterance("accepted", priority: .message)])
        speech.close()
        #expect(server.events.suffix(2) == [.said("accepted", .message), .closed])
        speech.say([Utterance("too late")])
        queue.runAll()
        #expect(server.spoken == ["accepted"])
    }

    @Test func cancelDropsWhatWaits() throws {
        let speech = try output()
        speech.say([Utterance("11")])
        speech.cancel()
        queue.runAll()
        #expect(server.events.last == .cancelled)
        #expect(server.spoken == [])
    }

    @Test func closingWhileLostStopsTheAttempts() throws {
        let test = SpeechOutputTests(accepting: false)
        let speech = try test.output()
        speech.close()
        test.server.start()
        test.clock.advance(to: .seconds(5))
        #expect(test.server.connectionAttempts == 1)
        #expect(!speech.isConnected)
    }

    @Test func modeOnThrowsAndModeOffNeverConnects() throws {
        let absent = SpeechOutputTests(accepting: false)
        #expect(throws: DeviceUnavailable.self) { try absent.output(mode: .on) }
        let off = try output(mode: .off)
        off.say([Utterance("11")])
        queue.runAll()
        #expect(server.connectionAttempts == 0 && !off.isConnected && reported.isEmpty)
    }

    @Test func theLanguageComesFromTheLocaleWhenNotGiven() {
        // Whatever the environment says, the resolved language never carries a region or encoding.
        if let language = SpeechOutput.localeLanguage() {
            #expect(!language.contains("_") && !language.contains(".") && !language.contains("@"))
        }
    }

    /// A server that stops answering: what waits is not taken for a second. Said once (the
    /// session shows it on the braille line), and when the server takes it, it is back.
    @Test func aServerThatDoesNotTakeWhatWaitsIsToldOnceThenBack() throws {
        let speech = try output()
        speech.say([Utterance("11")])
        #expect(speech.answerDue == .seconds(1))
        speech.checkAnswering(at: .milliseconds(999))
        #expect(speech.takeStatusChanges() == [])
        speech.say([Utterance("12")])
        speech.checkAnswering(at: .seconds(1))
        speech.checkAnswering(at: .seconds(2))
        #expect(speech.takeStatusChanges() == [.notAnswering] && speech.answerDue == nil)
        queue.runAll()
        #expect(server.spoken == ["12"])
        #expect(speech.takeStatusChanges() == [.back])
        #expect(reported == ["speech-dispatcher is not answering; the control goes on without speech", "speech is answering again"])
        // Answered in time: nothing is said.
        speech.say([Utterance("13")])
        queue.runAll()
        speech.checkAnswering(at: .seconds(5))
        #expect(speech.takeStatusChanges() == [] && speech.answerDue == nil)
    }

    private func readable(_ fd: Int32) -> Bool {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) == 1
    }
}
