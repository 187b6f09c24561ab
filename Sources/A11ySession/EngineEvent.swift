import A11yInput
import A11yModel
import A11yPresentation
import A11yVocabulary

/// How a session ended.
public enum SessionOutcome: Sendable, Equatable {
    /// Enter: the values are chosen.
    case accepted
    /// Escape, q, or the end of scripted input.
    case cancelled
    /// Ctrl-C as a key, or SIGINT.
    case interrupted
    /// Nobody touched the control for `ControlEngine.idleTimeout` (`--timeout`).
    case timedOut
}

/// Something that happens to a session: what the engine is fed.
public enum EngineEvent: Sendable, Equatable {
    /// The session begins: introduce the focused control.
    case start
    /// Bytes from the keyboard, in pieces of any size.
    case bytes([UInt8])
    /// A key already decoded (typed while the terminal was being queried, or from a program's own decoder).
    case key(KeyEvent)
    /// A mouse report already decoded (reports in `.bytes` are decoded by the engine).
    case pointer(PointerEvent)
    /// The terminal row (from 1) where the screen frame's first line is, for a program that
    /// draws the frame itself at a known place; a loop that lets the engine ask the terminal
    /// (`ControlEngine.locatesScreen`) does not need it.
    case screenOrigin(row: Int)
    /// A key from the braille display.
    case brailleKey(BrailleKey)
    /// The end of scripted input: a pending Escape counts, then the session is cancelled.
    case endOfInput
    /// Time passed: held keys step, a lone Escape times out, a notice expires.
    case tick
    /// SIGINT (or Ctrl-C outside raw mode): the session ends, interrupted.
    case interrupt
    /// The braille display has this many cells now (0: it went away).
    case brailleWidth(Int)
    /// The user's BRLTTY preferences, at the start or changed while the session runs: the
    /// braille line is laid out again at once.
    case braillePreferences(BraillePreferences)
    /// The controls' labels in contracted braille (empty: computer braille), after a change of
    /// BRLTTY's literary braille preference or table: the line is laid out again at once.
    case brailleContractions([String: ContractedText])
    /// The terminal has this many columns now.
    case screenWidth(Int)
    /// A server came or went.
    case device(DeviceStatus)
    /// The words reach the user another way now: the screen reader that read them ended.
    case wordDelivery(WordDelivery)
}

/// What the engine asks the world to do, in the order given: the screen and the braille frame
/// (the frame first at the start, before the screen's first drawing is made; see
/// `ControlEngine`), then the cursor query, the tones, speech (braille never waits for it), the
/// user's changes and the end.
public enum EngineEffect: Sendable, Equatable {
    /// Show this frame on the braille display (nil: there is nothing to show).
    case showBraille(BrailleFrame?)
    /// Play these tones (an engine made with a `TonePlanner`: `--tones on`), in place of any
    /// still waiting.
    case playTones([Tone])
    /// Say this.
    case speak(Utterance)
    /// The user changed control number `panel` (a value, or a held key began or ended), and the
    /// control's model right after it. A program that drives the engine follows changes here,
    /// among the effects `ControlEngine.send(_:at:)` returns: the engine's returned value, as a
    /// `Change` is a model's or a controller's.
    case changed(panel: Int, Change, ControlPanel.Model)
    /// Draw this frame on the terminal (only sent when it changed).
    case redraw(ScreenFrame)
    /// Ask the terminal where its cursor is (write `PointerReporting.cursorPositionQuery`) right
    /// after the redraw before it: the answer, in the key stream, tells the engine where the
    /// frame stands, so mouse reports land on it. Only with `ControlEngine.locatesScreen`.
    case askCursorPosition
    /// The session is over.
    case finish(SessionOutcome)
}

extension Array where Element == EngineEffect {
    /// The utterances among the effects, in order.
    package var utterances: [Utterance] {
        compactMap { if case .speak(let utterance) = $0 { utterance } else { nil } }
    }

    /// The effects without `.changed`: what the outputs are asked to do.
    package var outputs: [EngineEffect] {
        filter { if case .changed = $0 { false } else { true } }
    }
}

/// What a key would do if it came before `until` (`ControlEngine.forecast(after:at:)`).
package struct KeyForecast: Sendable, Equatable {
    /// The key's effects in the engine's order, without `.changed` (the braille frame, the
    /// screen, tones, words).
    package var effects: [EngineEffect]
    /// When this stops holding (the next thing due); nil: it holds whenever the key comes.
    package var until: Duration?

    package init(effects: [EngineEffect], until: Duration?) {
        self.effects = effects
        self.until = until
    }
}
