import A11yDevices

extension SessionOptions {
    /// How the words reach the user with these options and `reader` on the terminal: Fenrir is told the words
    /// through its socket only when `speechThroughReader` allows and speech is not off (with
    /// `--speech off` the words stay off every speech channel of the control's own, and a reader
    /// of screen changes reads them from the words line). `a11y-demo --diagnose` reports it.
    package func wordDelivery(for reader: ScreenReader?) -> WordDelivery {
        if remoteReason(for: reader) != nil { return .addedLines }
        return WordDelivery(for: reader, tellReader: speechThroughReader && speech != .off)
    }

    /// Why each key's words are added as lines for a screen reader on another machine
    /// (`WordDelivery.addedLines`), given the `reader` found here; nil when they are not.
    package func remoteReason(for reader: ScreenReader?, environment: [String: String] = Environment.all) -> String? {
        switch screenReader {
        case .remote: return "--screen-reader remote"
        case .auto where reader == nil:
            return RemoteTerminal.detect(environment: environment).map {
                "over \($0.via) (\($0.evidence)), no screen reader on this machine"
            }
        default: return nil
        }
    }

    /// Whether a missing BRLTTY is normal here and said in one short line: over ssh or in WSL
    /// (or `--screen-reader remote`), unless the run is verbose.
    package func quietsMissingServers(environment: [String: String] = Environment.all) -> Bool {
        guard verbosity != .verbose else { return false }
        switch screenReader {
        case .remote: return true
        case .auto: return RemoteTerminal.detect(environment: environment) != nil
        default: return false
        }
    }

    /// Speech-dispatcher with the words added as lines: on only when asked for (`--speech on`) or
    /// named (SPEECHD_ADDRESS: forwarded from the user's machine), else off: this machine's
    /// voice is not heard over ssh or from WSL.
    package func remoteSpeech(environment: [String: String] = Environment.all) -> DeviceMode {
        switch speech {
        case .on, .off: speech
        case .auto: (environment["SPEECHD_ADDRESS"] ?? "").isEmpty ? .off : .auto
        }
    }
}

extension SessionOptions {
    /// Whether the control's words go to Orca's service on the session bus (Orca 49 and later)
    /// with `reader`: when Orca offers it, `speechThroughReader` allows and speech is not off.
    /// The voice is still `WordDelivery.speechWithStillCursor` (Orca reads nothing the control rewrites;
    /// the still cursor leaves it nothing to echo); only the speech goes through Orca.
    package func speaksThroughOrca(with reader: ScreenReader?) -> Bool {
        reader?.orcaService != nil && speechThroughReader && speech != .off && wordDelivery(for: reader).speaks
    }

    /// The speech service for a session with `reader` and `delivery`: the reader's own channel when
    /// it has one the words may take (Fenrir's remote socket, Orca's service), with `fallback`
    /// (speech-dispatcher) for when the reader is gone or stops answering; else `fallback`.
    package func speechService(for reader: ScreenReader?, delivery: WordDelivery, fallback: any SpeechService) -> any SpeechService {
        if delivery == .throughReader, let socket = reader?.remoteSocket {
            return ReaderSpeechService(reader: FenrirRemote(path: socket), fallback: fallback)
        }
        if speaksThroughOrca(with: reader), let service = reader?.orcaService {
            return OrcaSpeechService(service: service, fallback: fallback, report: report)
        }
        return fallback
    }
}
