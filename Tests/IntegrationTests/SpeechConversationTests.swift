import A11yControls
@testable import A11yDevices
import A11ySession
import A11yTestSupport
import Foundation
import Synchronization
import Testing
import VirtualDisplayClient

/// The speech conversation against the real speech-dispatcher (`scripts/servers.sh start`, the
/// capture module): libspeechd does the whole conversation, one answer at a time, so the answers
/// stay in step with the calls however many come and whatever libspeechd reads ahead (0.12
/// reads up to 64 KB at once). Missing servers fail the tests.
extension RealServerTests {
@Suite(.serialized)
struct SpeechConversationTests {
    /// A held key: 200 quick text utterances through a session's speech output and the live
    /// service, then a message. The server takes each in turn: never "not answering", never
    /// lost, the last value and the message are heard, and whatever was heard was sent, once,
    /// in the order sent (a newer text may replace one still waiting).
    @Test func twoHundredQuickUtterancesThenAMessageWithoutAStall() throws {
        let capture = try CaptureFile()
        try Servers.setCaptureDelay(nil)
        let reports = RecordedLines()
        let clock = MonotonicClock()
        let service = LiveSpeechService(address: try SpeechAddress(parsing: Servers.speechAddress), clientName: "a11y-speech-test")
        let speech = try SpeechOutput(mode: .on, service: service, settings: .init(language: "en"), clock: clock) { reports.append($0) }
        defer { speech.close() }
        // The session's part: ask whether the server is late, and take the news.
        var statuses: [SpeechOutput.Status] = []
        func look() {
            speech.checkAnswering(at: clock.now)
            statuses += speech.takeStatusChanges()
        }
        let run = UUID().uuidString.prefix(8)
        let texts = (1...200).map { "value \($0) \(run)" }
        for (index, text) in texts.enumerated() {
            speech.say([Utterance(text)])
            // Every other key waits until the server took what waits (a condition, under a
            // deadline): two hundred conversations or close to it, some texts replaced while
            // waiting, as a key held at the repeat rate gives.
            guard index % 2 == 1 else { continue }
            let taken = Polling.until(timeout: Polling.hang, every: .microseconds(200)) {
                look()
                return speech.answerDue == nil
            }
            #expect(taken, "'\(text)' was not taken within \(Polling.hang)")
        }
        // A message cancels a text that still waits in the server: it comes once the last is heard.
        let last = texts[texts.count - 1]
        let lastHeard = Polling.until(timeout: Polling.hang, every: .milliseconds(1)) {
            look()
            return capture.lines.contains(last)
        }
        #expect(lastHeard, "the last value was not heard")
        let message = "accepted \(run)"
        speech.say([Utterance(message, priority: .message)])
        let messageHeard = Polling.until(timeout: Polling.hang, every: .milliseconds(1)) {
            look()
            return capture.lines.contains(message)
        }
        #expect(messageHeard, "the message was not heard")
        look()

        // A busy machine can keep the server from answering within `notAnsweringAfter` (1 s):
        // that is said and taken back when the answer comes. A stall (an answer lost, the
        // conversation out of step) is never taken back.
        let slowSpells = statuses.count / 2
        let spells = Array(repeating: [SpeechOutput.Status.notAnswering, .back], count: slowSpells).flatMap { $0 }
        #expect(statuses == spells, "\(statuses)")
        #expect(reports.lines == Array(repeating: ["speech-dispatcher is not answering; the control goes on without speech",
                                                   "speech is answering again"], count: slowSpells).flatMap { $0 }, "\(reports.lines)")
        if slowSpells > 0 { print("speech: 200 quick utterances: the server was slow to answer \(slowSpells) times (a busy machine)") }
        #expect(speech.isConnected)
        let sent = texts + [message]
        let heard = capture.lines.filter { $0.hasSuffix(String(run)) }
        #expect(heard.last == message)
        #expect(isInOrder(heard, within: sent), "heard out of order or not as sent: \(heard)")
        print("speech: 200 quick utterances: \(heard.count - 1) of them heard, then the message")
    }

    /// The documented conversation stays in step after a `cancel` and a `stop`: `say` works
    /// again, a change of priority goes through, and a question afterwards gets its own answer
    /// (out of step, it would get an earlier command's).
    @Test func sayCancelAndSayAgainStayInStep() throws {
        let capture = try CaptureFile()
        try Servers.setCaptureDelay(nil)
        final class Failures: Sendable { let errors = Mutex<[SpeechError]>([]) }
        let failures = Failures()
        let speech = try SpeechDispatcher(address: SpeechAddress(parsing: Servers.speechAddress), calls: .callersThread) { error in
            failures.errors.withLock { $0.append(error) }
        }
        defer { speech.close() }
        let run = UUID().uuidString.prefix(8)
        let first = "first \(run)", second = "second \(run)", third = "third \(run)", fourth = ".. fourth \(run)"
        speech.say(first)
        #expect(capture.waitForLines { $0.contains(first) }.contains(first))
        speech.cancel()
        speech.say(second, priority: .message)
        #expect(capture.waitForLines { $0.contains(second) }.contains(second))
        speech.stop()
        speech.say(third, priority: .text)
        #expect(capture.waitForLines { $0.contains(third) }.contains(third))
        #expect(speech.outputModule() == "capture")
        speech.cancel()
        speech.say(fourth, priority: .important)
        #expect(capture.waitForLines { $0.contains(fourth) }.contains(fourth))
        #expect(speech.language() == "en")
        #expect(failures.errors.withLock { $0 } == [])
        #expect(capture.lines.filter { $0.hasSuffix(String(run)) } == [first, second, third, fourth])
    }
}
}

/// Whether `heard` is `sent` with some elements left out, each kept at most once, in order.
private func isInOrder(_ heard: [String], within sent: [String]) -> Bool {
    var rest = sent[...]
    for line in heard {
        guard let found = rest.firstIndex(of: line) else { return false }
        rest = rest[rest.index(after: found)...]
    }
    return true
}
