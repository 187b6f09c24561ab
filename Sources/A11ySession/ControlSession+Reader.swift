import A11yDevices
import A11yPresentation
import A11yInput
import A11yModel
import A11yVocabulary

// What the session follows of the user's terminal beside keys: the screen reader that carries
// the words, and the terminal's keyboard protocol.
extension ControlSession {
    /// The line a verbose run prints on stderr: the reader found, and what the control does.
    static func voiceReport(_ reader: ScreenReader, _ voice: Voice, throughOrca: Bool = false) -> String {
        let what = if throughOrca, let service = reader.orcaService {
            "the words are told to it over D-Bus (\(service.busName)) and it speaks them; the cursor stays still"
        } else {
            switch voice {
            case .screenLine: "the words go to the screen's first line for it to read, not to speech"
            case .speechWithStillCursor: "the control speaks and keeps the cursor still, so it echoes nothing"
            case .throughReader: "the words are told to it through its socket; nothing on the screen changes as text"
            case .speech: "the control speaks"
            case .addedLines: "each key's words are added as new lines"
            }
        }
        return "screen reader \(reader.name.rawValue) (\(reader.evidence)): \(what)"
    }

    /// `report` with BRLTTY's absence said in one short line (over ssh or in WSL it is the usual
    /// case, and the user's own screen reader reads every line written): before the first frame,
    /// once; `--verbosity verbose` and `--diagnose` say why.
    static func shortBrailleReport(_ report: @escaping @Sendable (String) -> Void) -> (String) -> Void {
        { message in
            report(message.hasPrefix("braille unavailable") ? "no braille display here (BRLTTY not reachable); retrying in the background" : message)
        }
    }

    /// The reader ended: the control speaks from now on (connecting to speech-dispatcher when it
    /// was not), says so and where it stands.
    func readerEnded() {
        readerWatch = nil
        engine.resultLineReadByReader = false
        options.report("the screen reader \(readerName ?? "") ended: the control speaks itself")
        if !engine.voice.speaks { speech.startConnecting() }
        send(.voice(.speech))
    }

    /// Turns the kitty keyboard protocol on once the terminal said it speaks it.
    func followKeyboardAnswer() {
        guard awaitingKeyboardAnswer, let answer = engine.kittyKeyboardAnswer, let terminal = devices.keys.terminal else { return }
        awaitingKeyboardAnswer = false
        guard answer, (try? terminal.enableKittyKeyboard()) != nil else { return }
        engine.setHoldDetection(devices.keys.holdDetection)
    }
}
