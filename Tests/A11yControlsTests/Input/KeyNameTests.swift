import Testing
@testable import A11yInput

@Suite("Key names")
struct KeyNameTests {
    @Test("canonical names round-trip")
    func roundTrip() {
        let names = ["up", "alt+up", "shift+tab", "ctrl+a", "ctrl+alt+shift+pagedown", "f1", "space", "equals", "hash", "+", "-", "k", "K", "?", "esc", "enter", "backspace", "home", "end", "pageup", "super+left", "é"]
        for name in names {
            let chord = KeyChord(name: name)
            #expect(chord?.name == name, "\(name)")
        }
    }

    @Test("aliases and case")
    func aliases() {
        #expect(KeyChord(name: "Ctrl+A")?.name == "ctrl+a")
        #expect(KeyChord(name: "control+PgUp")?.name == "ctrl+pageup")
        #expect(KeyChord(name: "shift+k")?.name == "K")
        #expect(KeyChord(name: "shift+K")?.name == "K")   // the capital already holds the Shift
        #expect(KeyChord(name: "escape")?.name == "esc")
        #expect(KeyChord(name: "plus")?.name == "+")
        #expect(KeyChord(name: "ctrl++")?.name == "ctrl++")
        #expect(KeyChord(name: "hyper+a") == nil)
        #expect(KeyChord(name: "f99") == nil)
        #expect(KeyChord(name: "") == nil)
        #expect(KeyChord(name: "ctrl+") == nil)
    }

    @Test("normalisation is stable: one chord per key whatever the terminal sends")
    func normalisation() {
        let chords = [KeyChord(.character("a"), [.control, .shift]), KeyChord(.character("A"), .control), KeyChord(.character("k"), .shift),
                      KeyChord(.character("K"), .shift), KeyChord(.character("é"), .shift)]
        #expect(chords.map(\.name) == ["ctrl+a", "ctrl+a", "K", "K", "É"])
        for chord in chords {
            #expect(KeyChord(chord.key, chord.modifiers) == chord)
            #expect(KeyEvent(chord.key, chord.modifiers).chord == chord)
        }
    }

    @Test("decoded events name themselves canonically")
    func decodedNames() {
        var decoder = KeyDecoder()
        let names = decoder.feed(Array("\u{1B}[1;3A\u{1B}[Z\u{1B}[97;5u\u{1B}[1;1:3A".utf8)).map(\.name)
        #expect(names == ["alt+up", "shift+tab", "ctrl+a", "up"])
    }
}
