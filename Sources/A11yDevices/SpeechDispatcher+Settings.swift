import CSpeech
import A11yVocabulary

// The voice settings of a connection, and the questions it asks the server: each is one
// libspeechd call, queued in turn with the utterances.
extension SpeechDispatcher {
    // MARK: Voice settings

    /// Sets the speech rate, from -100 (slowest) to 100 (fastest); 0 is the default.
    package func setRate(_ rate: Int) {
        let value = Int32(rate.clamped(to: -100...100))
        perform("spd_set_voice_rate") { a11y_spd_set_voice_rate($0, value) }
    }

    /// Sets the pitch, from -100 to 100; 0 is the default.
    package func setPitch(_ pitch: Int) {
        let value = Int32(pitch.clamped(to: -100...100))
        perform("spd_set_voice_pitch") { a11y_spd_set_voice_pitch($0, value) }
    }

    /// Sets the volume, from -100 to 100.
    package func setVolume(_ volume: Int) {
        let value = Int32(volume.clamped(to: -100...100))
        perform("spd_set_volume") { a11y_spd_set_volume($0, value) }
    }

    /// Sets the voice type.
    package func setVoiceType(_ type: SpeechVoiceType) {
        perform("spd_set_voice_type") { a11y_spd_set_voice_type($0, type.cValue) }
    }

    /// Sets the language, as an IETF language tag such as "en" or "fr-FR".
    package func setLanguage(_ language: String) {
        perform("spd_set_language") { a11y_spd_set_language($0, language) }
    }

    // MARK: Questions

    /// The output module that speaks for this connection (SSIP `GET OUTPUT_MODULE`), nil when
    /// the server names none. Waits for the server's answer (at most the call timeout): never on
    /// the thread that reads keys.
    package func outputModule() -> String? {
        ask { a11y_spd_get_output_module($0) }
    }

    /// The language this connection speaks (SSIP `GET LANGUAGE`: the server's default until
    /// `setLanguage`), nil when the server names none. Waits as `outputModule()` does.
    package func language() -> String? {
        ask { a11y_spd_get_language($0) }
    }
}

// File-private so that other layers' helpers of the same name cannot clash with it.
extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
