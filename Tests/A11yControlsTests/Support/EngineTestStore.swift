import Testing
@testable import A11yControls
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary

/// The engine's state as a test states it: what a user could notice.
struct EngineSnapshot: Equatable, CustomStringConvertible {
    var values: [[Double]]
    var focusedPanel: Int
    var focusedHandle: Handle
    var entry: String?
    var outcome: SessionOutcome?
    var brailleWidth: Int
    var panOffset: Int?
    var brailleNotice: String?
    var isHolding: Bool

    init(_ engine: ControlEngine) {
        values = engine.panels.map(\.values)
        focusedPanel = engine.focusedPanel
        focusedHandle = engine.panels[engine.focusedPanel].focusedHandle
        entry = engine.entry?.text
        outcome = engine.outcome
        brailleWidth = engine.brailleWidth
        panOffset = engine.braille.panOffset
        brailleNotice = engine.brailleNotice
        isHolding = engine.autoRepeat.isHolding
    }

    var description: String {
        "values \(values), panel \(focusedPanel) \(focusedHandle), entry \(entry ?? "-"), outcome \(outcome.map { "\($0)" } ?? "-"), "
            + "braille \(brailleWidth) pan \(panOffset.map(String.init) ?? "-") notice \(brailleNotice ?? "-"), holding \(isHolding)"
    }
}

/// An effect as a test states it.
enum ExpectedEffect: Equatable, CustomStringConvertible {
    /// Speech with this text and priority.
    case say(String, SpeechPriority = .text)
    /// A braille frame, as its preview (text and Unicode braille), or nil for "nothing to show".
    case braille(String?)
    /// A change of control `panel` to this value (or a held key's start or end) for observers.
    case changed(panel: Int, Double, Outcome)
    /// A screen redraw, whatever its lines (ScreenRenderer's own tests check the lines).
    case redraw
    /// The session finished.
    case finish(SessionOutcome)
    /// Tones, by frequency (Hz, rounded).
    case tones([Int])
    /// The cursor position asked of the terminal (the pointer's placing of the frame).
    case askCursorPosition

    init(_ effect: EngineEffect) {
        switch effect {
        case .speak(let utterance): self = .say(utterance.text, utterance.priority)
        case .showBraille(let frame): self = .braille(frame?.preview)
        case .changed(let panel, let change, _): self = .changed(panel: panel, change.newValue, change.outcome)
        case .redraw: self = .redraw
        case .finish(let outcome): self = .finish(outcome)
        case .playTones(let tones): self = .tones(tones.map { Int($0.frequency.rounded()) })
        case .askCursorPosition: self = .askCursorPosition
        }
    }

    var description: String {
        switch self {
        case .say(let text, let priority): ".say(\"\(text)\", .\(priority))"
        case .braille(let preview): ".braille(\(preview.map { "\"\($0)\"" } ?? "nil"))"
        case .changed(let panel, let value, let outcome): ".changed(panel: \(panel), \(value), \(outcome))"
        case .redraw: ".redraw"
        case .finish(let outcome): ".finish(.\(outcome))"
        case .tones(let frequencies): ".tones(\(frequencies))"
        case .askCursorPosition: ".askCursorPosition"
        }
    }
}

/// An exhaustive harness for the engine, in the manner of the Composable Architecture's
/// TestStore: each `send` states how the state changes (a closure over the state before) and
/// every effect, in order; any other change or effect fails the test.
struct EngineTestStore {
    private(set) var engine: ControlEngine
    private(set) var state: EngineSnapshot

    init(_ engine: ControlEngine) {
        self.engine = engine
        self.state = EngineSnapshot(engine)
    }

    mutating func send(_ event: EngineEvent, at time: Duration, _ effects: [ExpectedEffect] = [],
                       sourceLocation: SourceLocation = #_sourceLocation,
                       _ change: (inout EngineSnapshot) -> Void = { _ in }) {
        let actual = engine.send(event, at: time).map(ExpectedEffect.init)
        #expect(actual == effects, "effects of \(event)", sourceLocation: sourceLocation)
        var expected = state
        change(&expected)
        let after = EngineSnapshot(engine)
        #expect(after == expected, "state after \(event)", sourceLocation: sourceLocation)
        state = after
    }
}
