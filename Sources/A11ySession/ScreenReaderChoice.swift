import A11yDevices

/// Which screen reader reads the terminal, and what follows from it for the control's words:
/// how they reach the user (`WordDelivery`), whether speech-dispatcher is used, and the speech
/// service they are told to (the reader's own channel, or speech-dispatcher). Made once, at the
/// start of a session or of a control in a host's screen, from the options and what runs on the
/// terminal; it chooses and says what it chose (`--verbosity verbose`), and does no output.
package struct ScreenReaderChoice {
    /// The reader found (or named by `--screen-reader`); nil: none.
    package let reader: ScreenReader?
    /// How the words reach the user with that reader.
    package let delivery: WordDelivery
    /// Whether the words are told to Orca's service (Orca 49 and later).
    package let throughOrca: Bool
    /// The reader's process, watched for its end (the control then speaks itself); nil: no
    /// reader, or one without a process to watch.
    package let readerWatch: ProcessWatch?
    /// How speech-dispatcher is used: with the words on the screen it is not (and so not
    /// required at the start either); it is connected only if the reader ends.
    package let speechMode: DeviceMode
    /// Where the words are said: the reader's own channel (Fenrir's socket, Orca's service) with
    /// speech-dispatcher for when the reader is gone or stops answering, or speech-dispatcher.
    package let speechService: any SpeechService

    /// Chooses for `options`, looking for the reader as `options.screenReader` says;
    /// `speechDispatcher` is the service of the control's own speech. Reports the choice on
    /// `options.report` in a verbose run.
    package init(options: SessionOptions, speechDispatcher: any SpeechService) {
        self.init(options: options, reader: options.screenReaderInUse, speechDispatcher: speechDispatcher)
    }

    /// Chooses for `options` with `reader` on the terminal (nil: none).
    package init(options: SessionOptions, reader: ScreenReader?, speechDispatcher: any SpeechService) {
        self.reader = reader
        delivery = options.wordDelivery(for: reader)
        throughOrca = options.speaksThroughOrca(with: reader)
        if let reader, options.screenReader == .auto, options.verbosity == .verbose {
            options.report(Self.report(reader, delivery, throughOrca: throughOrca))
        }
        if delivery == .addedLines, options.verbosity == .verbose, let reason = options.remoteReason(for: reader) {
            options.report("\(reason): each key's words are added as new lines"
                           + (options.remoteSpeech() == .off ? "; this machine's speech is off" : ""))
        }
        readerWatch = reader?.processID.flatMap { ProcessWatch(processID: $0) }
        speechMode = switch delivery {
        case .addedLines: options.remoteSpeech()
        case _ where delivery.speaks: options.speech
        // The words on the screen: speech-dispatcher only if the reader ends.
        default: readerWatch == nil || options.speech == .off ? .off : .auto
        }
        speechService = options.speechService(for: reader, delivery: delivery, fallback: speechDispatcher)
    }

    /// The reader's name, for the line said when it ends.
    package var readerName: String? { reader?.name.rawValue }

    /// Whether the reader reads the result line the program prints on its terminal (Orca does),
    /// so accepting need not say the values too.
    package func readsResultLine(options: SessionOptions) -> Bool {
        reader?.name == .orca && options.resultLineOnTerminal
    }

    /// The line a verbose run prints on stderr: the reader found, and what the control does.
    static func report(_ reader: ScreenReader, _ delivery: WordDelivery, throughOrca: Bool = false) -> String {
        let what = if throughOrca, let service = reader.orcaService {
            "the words are told to it over D-Bus (\(service.busName)) and it speaks them; the cursor stays still"
        } else {
            switch delivery {
            case .screenLine: "the words go to the screen's first line for it to read, not to speech"
            case .speechWithStillCursor: "the control speaks and keeps the cursor still, so it echoes nothing"
            case .throughReader: "the words are told to it through its socket; nothing on the screen changes as text"
            case .speech: "the control speaks"
            case .addedLines: "each key's words are added as new lines"
            }
        }
        return "screen reader \(reader.name.rawValue) (\(reader.evidence)): \(what)"
    }
}
