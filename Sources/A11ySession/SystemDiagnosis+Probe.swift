import A11yDevices
import A11yInput
import Synchronization

// The live probes of `a11y-demo --diagnose`: each server on a thread of its own under a
// deadline, the screen reader survey and the terminal on the caller's thread meanwhile. Nothing
// waits past its deadline, nothing is spawned (speech-dispatcher's autospawn is off), nothing is
// shown on the braille display.
extension SystemDiagnosis {
    /// Probes everything. Each server has `serverTimeout` to accept the connection and as long
    /// for each question after it (at most `serverDeadline` in all: a server still busy then is
    /// reported as not answering); the terminal has `terminalTimeout` to answer its query.
    package static func probe(environment: [String: String], clientName: String = SessionOptions.defaultProgramName,
                             serverTimeout: Duration = .seconds(1), serverDeadline: Duration = .seconds(3),
                             terminalTimeout: Duration = .seconds(1)) -> SystemDiagnosis {
        let deadline = ContinuousClock.now + serverDeadline
        let speech = BoundedCall { SpeechDispatcher.probe(clientName: clientName, timeout: serverTimeout) }
        let braille = BoundedCall { BrailleDisplay.probe(timeout: serverTimeout) }
        let survey = ScreenReaderDetection.survey(environment: environment, places: ScreenReaderDetection.Places(environment: environment))
        let terminal = TerminalFacts.probe(environment: environment, timeout: terminalTimeout)
        let late = "no answer within \(serverDeadline)"
        let speechAddress = environment["SPEECHD_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        let brailleAddress = environment["BRLAPI_HOST"].flatMap { $0.isEmpty ? nil : $0 }
        return SystemDiagnosis(
            speech: speech.result(by: deadline)
                ?? SpeechServerFacts(address: speechAddress, addressSource: speechAddress == nil ? .libraryDefault : .environment, problem: late),
            braille: braille.result(by: deadline)
                ?? BrailleServerFacts(address: brailleAddress ?? ":0", addressFromEnvironment: brailleAddress != nil, problem: late),
            screenReader: survey.reader, screenReaderFindings: survey.findings, terminal: terminal)
    }
}

extension TerminalFacts {
    /// Opens the terminal at `path` as a session does, reads its size and, when this program
    /// is its foreground job and TERM is not dumb, asks whether it speaks the kitty keyboard
    /// protocol in raw mode (restored at once), waiting at most `timeout` for the answer.
    package static func probe(environment: [String: String], path: String = "/dev/tty", timeout: Duration) -> TerminalFacts {
        let streams = Terminal.standardStreamsAreTerminals
        var facts = TerminalFacts(standardInputIsTerminal: streams.input, standardOutputIsTerminal: streams.output, path: path,
                                  kittyKeyboard: .notAsked(because: "no terminal"))
        let terminal: Terminal
        do {
            terminal = try Terminal(path: path)
        } catch {
            facts.problem = error.description
            return facts
        }
        facts.size = try? terminal.size()
        guard environment["TERM"] != "dumb" else {
            facts.kittyKeyboard = .notAsked(because: "TERM=dumb: no escape sequences are written")
            return facts
        }
        guard terminal.isForegroundJob else {
            facts.kittyKeyboard = .notAsked(because: "this program is not the terminal's foreground job")
            return facts
        }
        do {
            try terminal.enterRawMode()
            defer { try? terminal.restore() }
            let answer = try terminal.query(KittyKeyboardSupport.query, timeout: timeout, isComplete: KittyKeyboardSupport.isComplete)
            let support = KittyKeyboardSupport(answer: answer)
            if support.isSupported {
                facts.kittyKeyboard = .supported
            } else {
                facts.kittyKeyboard = KittyKeyboardSupport.isComplete(answer) ? .unsupported : .noAnswer(within: timeout)
            }
        } catch {
            facts.kittyKeyboard = .notAsked(because: error.description)
        }
        return facts
    }
}

/// A call run on a thread of its own, whose result is waited for until a deadline at most: a
/// call still running then is abandoned (it ends on its own; its result is dropped).
final class BoundedCall<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let done = WakeSignal()

    init(_ body: @escaping @Sendable () -> Value) {
        let started = DetachedThread.start { [self] in
            let result = body()
            value.withLock { $0 = result }
            done?.signal()
        }
        if !started { value.withLock { $0 = body() } }
    }

    /// The result, once the call ended; nil when it is still running at `deadline`.
    func result(by deadline: ContinuousClock.Instant) -> Value? {
        if let result = value.withLock({ $0 }) { return result }
        done?.wait(until: deadline)
        return value.withLock { $0 }
    }
}
