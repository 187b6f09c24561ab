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

extension SpeechPunctuation {
    var cValue: SPDPunctuation {
        switch self {
        case .all: SPD_PUNCT_ALL
        case .most: SPD_PUNCT_MOST
        case .some: SPD_PUNCT_SOME
        case .none: SPD_PUNCT_NONE
        }
    }
}
