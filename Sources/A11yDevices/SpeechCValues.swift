import CSpeech
import A11yVocabulary

// The Swift speech values as libspeechd's C enums and SSIP's names (SpeechDispatcher's calls use them).

extension SpeechPriority {
    /// The priority's name in SSIP (`SET SELF PRIORITY text`).
    var ssipName: String {
        switch self {
        case .important: "important"
        case .message: "message"
        case .text: "text"
        case .notification: "notification"
        case .progress: "progress"
        }
    }
}

extension SpeechVoiceType {
    var cValue: SPDVoiceType {
        switch self {
        case .male1: SPD_MALE1
        case .male2: SPD_MALE2
        case .male3: SPD_MALE3
        case .female1: SPD_FEMALE1
        case .female2: SPD_FEMALE2
        case .female3: SPD_FEMALE3
        case .childMale: SPD_CHILD_MALE
        case .childFemale: SPD_CHILD_FEMALE
        }
    }
}
