import Testing
@testable import A11yDevices
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
import A11yTestSupport

/// `WordDelivery.addedLines`, for a screen reader on another machine that reads what the terminal's
/// text gains: when it is chosen, and the frames the engine hands over.
@Suite struct AddedLinesTests {
    @Test func chosenOverSSHAndInWSLWithNoLocalReaderOrByHand() {
        #expect(RemoteTerminal.detect(environment: ["SSH_CONNECTION": "1 2 3 4"]) == RemoteTerminal(via: "ssh", evidence: "SSH_CONNECTION"))
        #expect(RemoteTerminal.detect(environment: ["SSH_TTY": "/dev/pts/3"])?.via == "ssh")
        #expect(RemoteTerminal.detect(environment: ["WSL_DISTRO_NAME": "Debian"]) == RemoteTerminal(via: "WSL", evidence: "WSL_DISTRO_NAME"))
        #expect(RemoteTerminal.detect(environment: ["WSL_INTEROP": "/run/WSL/1_interop"])?.via == "WSL")
        #expect(RemoteTerminal.detect(environment: ["SSH_CONNECTION": "", "TERM": "xterm"]) == nil)
        var options = SessionOptions()
        let ssh = ["SSH_CONNECTION": "1 2 3 4"]
        #expect(options.remoteReason(for: nil, environment: ssh) == "over ssh (SSH_CONNECTION), no screen reader on this machine")
        #expect(options.remoteReason(for: nil, environment: [:]) == nil)
        // A reader found here reads this terminal: it is served as before.
        #expect(options.remoteReason(for: ScreenReader(name: .declared, evidence: "ACCESSIBLE=1"), environment: ssh) == nil)
        options.screenReader = .off
        #expect(options.remoteReason(for: nil, environment: ssh) == nil)
        options.screenReader = .remote
        #expect(options.remoteReason(for: nil, environment: [:]) == "--screen-reader remote")
        #expect(options.wordDelivery(for: nil) == .addedLines)
    }

    @Test func thisMachinesSpeechOnlyWhenNamedOrAskedFor() {
        var options = SessionOptions()
        #expect(options.remoteSpeech(environment: [:]) == .off)
        #expect(options.remoteSpeech(environment: ["SPEECHD_ADDRESS": "unix_socket:/tmp/s.sock"]) == .auto)
        options.speech = .on
        #expect(options.remoteSpeech(environment: [:]) == .on)
        options.speech = .off
        #expect(options.remoteSpeech(environment: ["SPEECHD_ADDRESS": "unix_socket:/tmp/s.sock"]) == .off)
        // A missing BRLTTY is said shortly over ssh, in full when verbose.
        options = SessionOptions()
        #expect(options.quietsMissingServers(environment: ["SSH_TTY": "/dev/pts/1"]))
        #expect(!options.quietsMissingServers(environment: [:]))
        options.verbosity = .verbose
        #expect(!options.quietsMissingServers(environment: ["SSH_TTY": "/dev/pts/1"]))
    }

    @Test func aValueIsSaidWithItsHandlesNameOrTheLabel() {
        var engine = makeEngine(screenWidth: 80, wordDelivery: .addedLines)
        _ = engine.send(.start, at: .zero)
        let right = engine.send(.bytes(Array("\u{1B}[C".utf8)), at: .milliseconds(10))
        #expect(right.utterances.map(\.text) == ["lower, 11"])
        // Focus words already name the handle; a refusal says whose value it is.
        let tab = engine.send(.bytes([0x09]), at: .milliseconds(20))
        #expect(tab.utterances.first?.text.hasPrefix("upper, ") == true)
    }

    @Test func eachKeysWordsAreAddedAboveTheControlsTheEarlierOnesGoingIntoHistory() throws {
        var engine = makeEngine(screenWidth: 80, wordDelivery: .addedLines)
        let start = engine.send(.start, at: .zero)
        let first = try #require(start.compactMap { if case .redraw(let f) = $0 { f } else { nil } }.last)
        #expect(first.history == 0)
        let introduction = first.lines.prefix(first.words)
        #expect(introduction.allSatisfy { $0.count <= 61 })
        #expect(first.lines[first.words] == String(repeating: "\u{2500}", count: 12))
        #expect(first.cursor == (first.lines.count - 1, 0) && first.lines.last == "")
        let right = engine.send(.bytes(Array("\u{1B}[C".utf8)), at: .milliseconds(10))
        let frame = try #require(right.compactMap { if case .redraw(let f) = $0 { f } else { nil } }.last)
        #expect(frame.history == first.words && frame.words == 1)
        #expect(frame.lines.first == "lower, 11")
        // The controls' lines are as they were: only the words changed.
        #expect(Array(frame.lines.dropFirst(frame.words)) == Array(first.lines.dropFirst(first.words)))
    }
}
