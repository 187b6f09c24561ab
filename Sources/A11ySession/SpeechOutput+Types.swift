import A11yDevices

extension SpeechOutput {
    package struct Settings: Sendable, Equatable {
        package var rate: Int?
        package var pitch: Int?
        package var volume: Int?
        package var voice: SpeechVoiceType?
        /// nil: the language of the locale (LC_ALL, LC_MESSAGES, LANG), if any.
        package var language: String?
        package init(rate: Int? = nil, pitch: Int? = nil, volume: Int? = nil, voice: SpeechVoiceType? = nil, language: String? = nil) {
            self.rate = rate
            self.pitch = pitch
            self.volume = volume
            self.voice = voice
            self.language = language
        }
    }

    /// A change of the connection the user must learn of.
    package enum Status: Sendable, Equatable {
        /// The server went away (or could not be reached at the start).
        case lost
        /// Connected again, or answering again after `notAnswering`.
        case back
        /// Still connected, but a call has waited `SpeechOutput.notAnsweringAfter` for the server (stopped
        /// with SIGSTOP, or stuck): said once; `back` follows when it answers or reconnects.
        case notAnswering
    }
}
