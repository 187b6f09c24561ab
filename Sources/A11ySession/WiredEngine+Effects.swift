import A11yDevices
import A11yPresentation
import A11yInput
import A11yModel
import A11yVocabulary

// Events to the engine and its effects to the outputs, in the engine's order; keys carried
// out from their forecast (`KeyForecasts`) and taken by the engine a moment later.
extension WiredEngine {
    /// Sends `event` to the engine and carries out each effect as the engine hands it over, in
    /// the engine's order (the screen, braille, tones, then the words; braille first at the
    /// start): each is written before the next is made.
    package func send(_ event: EngineEvent, at time: Duration? = nil) {
        guard !sending else { return raised.append { [event] } }
        carryingOut { engine, perform in engine.send(event, at: time ?? now, perform: perform) }
        if case .bytes(let bytes) = event { noteKey(bytes) }
    }

    /// A key that changed the braille display becomes a recent key.
    func noteKey(_ bytes: [UInt8]) {
        if brailleChanged { forecasts.note(bytes) }
    }

    /// When the loop is about to sleep: what each recent key would do, with their braille
    /// packets and terminal writes made ready too: carried out, the key's frames are then only
    /// sent, with nothing left to make on the key's way out.
    package func workOutForecasts() {
        guard let frames = forecasts.workOut(on: engine, change: engineChanges, at: now) else { return }
        braille.prepare(frames.braille)
        screen?.prepare(frames.screen)
    }

    /// Carries out the forecast effects of `bytes`, read at `time` (when the engine will take
    /// them), if the engine did not change since and nothing fell due meanwhile.
    package func carryOutForecast(for bytes: [UInt8], at time: Duration) -> Bool {
        guard let effects = forecasts.carryOut(bytes, at: time, change: engineChanges) else { return false }
        var said: [Utterance] = []
        brailleChanged = false
        sending = true
        for effect in effects { perform(effect, said: &said) }
        sent(saying: said)
        noteKey(bytes)
        return true
    }

    /// The engine takes the key carried out from its forecast: the effects it hands over are the
    /// forecast ones (not carried out again) and its `.changed` ones. Any other would be carried
    /// out: whatever happens, the outputs end as the engine says.
    package func catchUp() {
        guard let key = forecasts.takeUntaken() else { return }
        carryingOut { engine, perform in
            var effects: [EngineEffect] = []
            engine.send(.bytes(key.bytes), at: key.at) { effects.append($0) }
            let foreseen = effects.outputs == key.effects
            for effect in effects {
                if case .changed = effect { perform(effect) } else if !foreseen { perform(effect) }
            }
        }
        send(.tick, at: key.at)
    }

    /// Sends `events` as one change (see `ControlEngine.send(_:at:)`).
    package func send(_ events: [EngineEvent]) {
        send { events }
    }

    /// Sends the events `makeEvents` makes, as one change. Events raised while the engine's
    /// effects are carried out (an output reported a loss or new preferences as a frame was
    /// written) are made and sent once the engine is done with the event before: making them
    /// may read the engine (the braille vocabulary, for new preferences), which must not be
    /// read while it is being changed (Swift's exclusivity check stops the program there).
    func send(_ makeEvents: @escaping () -> [EngineEvent]) {
        guard !sending else { return raised.append(makeEvents) }
        // A key carried out from its forecast is taken first: the engine hears of a server's
        // news (said over the key's words) after the key that came before it.
        if forecasts.untaken != nil { catchUp() }
        let events = makeEvents()
        carryingOut { engine, perform in engine.send(events, at: now, perform: perform) }
    }

    /// Runs `body` (a send to the engine) with `perform` for its effects, then `sent`.
    func carryingOut(_ body: (inout ControlEngine, (EngineEffect) -> Void) -> Void) {
        var said: [Utterance] = []
        engineChanges += 1
        brailleChanged = false
        sending = true
        body(&engine) { perform($0, said: &said) }
        sent(saying: said)
    }

    /// Carries out one effect; the words are collected and handed to the speech queue together,
    /// before the effect that follows them (after what an output raised meanwhile, if it did: a
    /// display lost as the frame was written is said before the value the key set).
    func perform(_ effect: EngineEffect, said: inout [Utterance]) {
        if case .speak(let utterance) = effect { return said.append(utterance) }
        if !said.isEmpty, raised.isEmpty {
            say(said)
            said = []
        }
        switch effect {
        case .showBraille(let frame):
            braille.show(frame, at: now)
            brailleChanged = true
            wroteOutput = true
        case .playTones(let tones): tonePlayer?.play(tones)
        case .redraw(let frame):
            screen?.show(frame)
            wroteOutput = true
        case .changed(let panel, let change, let model): onChange?(panel, change, model)
        case .askCursorPosition: try? terminal?.write(PointerReporting.cursorPositionQuery)
        case .speak, .finish: break
        }
    }

    /// After an event's effects: when the display turned out to have another width (it
    /// reconnected, or went away), the line laid out again; what was raised meanwhile; then the
    /// rest of the event's words.
    func sent(saying said: [Utterance]) {
        sending = false
        // An output raised something as a key's forecast effects went out: the engine takes
        // the key first.
        if forecasts.untaken != nil, !raised.isEmpty || braille.width != engine.brailleWidth { catchUp() }
        if braille.width != engine.brailleWidth { send(.brailleWidth(braille.width)) }
        while !raised.isEmpty { send(raised.removeFirst()) }
        say(said)
        wroteOutput = false
    }

    /// Hands `said` to speech; after a braille frame or a redraw, once the threads those writes
    /// woke (BRLTTY's, the terminal's) had the CPU. Woken threads wait on the CPU of the thread
    /// that woke them: the key's words, sent at once, set off speech-dispatcher, its output
    /// module and their threads, and BRLTTY's thread that writes the frame to the display would
    /// wait behind them, even with another CPU idle. Given the CPU first, BRLTTY and the
    /// terminal are done before speech-dispatcher starts: braille, the redraw and speech all
    /// come sooner, and speech-dispatcher does not share the CPU with BRLTTY.
    func say(_ said: [Utterance]) {
        guard !said.isEmpty else { return }
        if wroteOutput {
            wroteOutput = false
            yieldProcessor()
        }
        speech.say(said)
    }

    /// What following BRLTTY's preferences (at the start, or changed) takes: cell size, then
    /// contracted labels; sent together, so the display gets one frame for both.
    func brailleEvents(following preferences: BraillePreferences) -> [EngineEvent] {
        [.braillePreferences(preferences),
         .brailleContractions(contraction.contractions(of: engine.brailleVocabulary, preferences: preferences, report: options.report))]
    }
}
