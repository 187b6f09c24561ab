import Testing
import A11yControls
import A11yOptions

private func action(_ map: KeyMap, _ name: String, entry: Bool = false, kind: KeyEventKind = .press) -> Action? {
    let chord = KeyChord(name: name)!
    return map.action(for: KeyEvent(chord.key, chord.modifiers, kind: kind), entryActive: entry)
}

@Suite("KeyMap")
struct KeyMapTests {
    @Test("defaults: increase and decrease keys, for the slider and the vertical stepper", arguments: [ControlKind.slider, .stepper])
    func steps(kind: ControlKind) {
        let map = KeyMap(kind: kind)
        for name in ["right", "up", "+", "l", "k", "ctrl+f", "ctrl+p"] {
            #expect(action(map, name) == .command(.increment), "\(name)")
        }
        for name in ["left", "down", "-", "h", "j", "ctrl+b", "ctrl+n"] {
            #expect(action(map, name) == .command(.decrement), "\(name)")
        }
        #expect(action(map, "pageup") == .command(.pageIncrement))
        #expect(action(map, "pagedown") == .command(.pageDecrement))
        #expect(action(map, "home") == .command(.toLowest))
        #expect(action(map, "ctrl+a") == .command(.toLowest))
        #expect(action(map, "end") == .command(.toHighest))
        #expect(action(map, "ctrl+e") == .command(.toHighest))
        #expect(action(map, "tab") == .command(.focusNext))
        #expect(action(map, "shift+tab") == .command(.focusPrevious))
        #expect(action(map, "space") == .speakStatus)
        #expect(action(map, "?") == .help)
        #expect(action(map, "f1") == .help)
        #expect(action(map, "enter") == .accept)
        #expect(action(map, "esc") == .cancel)
        #expect(action(map, "q") == .cancel)
        #expect(action(map, "ctrl+c") == .interrupt)
    }

    @Test("other keys, control characters and unknown bytes mean nothing")
    func ignored() {
        let map = KeyMap(kind: .slider)
        for name in ["x", "ctrl+x", "ctrl+s", "alt+up", "f2", "insert", "ctrl+up", "Q"] {
            #expect(action(map, name) == nil, "\(name)")
        }
        #expect(map.action(for: KeyEvent(.unknown([0x1B, 0x5B])), entryActive: false) == nil)
    }

    @Test("releases have no action but find their binding")
    func releases() {
        let map = KeyMap(kind: .slider)
        #expect(action(map, "up", kind: .release) == nil)
        #expect(action(map, "up", kind: .repeat) == .command(.increment))
        #expect(map.binding(for: KeyChord(.up)) == .command(.increment))
    }

    @Test("digits start numeric entry; inside it digits, - and . feed it")
    func entry() {
        let map = KeyMap(kind: .slider)
        #expect(action(map, "7") == .entry(.character("7")))
        #expect(action(map, "-") == .command(.decrement))
        #expect(action(map, "-", entry: true) == .entry(.character("-")))
        #expect(action(map, ".", entry: true) == .entry(.character(".")))
        #expect(action(map, "backspace", entry: true) == .entry(.deleteBackward))
        #expect(action(map, "enter", entry: true) == .entry(.commit))
        #expect(action(map, "esc", entry: true) == .entry(.cancel))
        #expect(action(map, "up", entry: true) == nil)
        #expect(action(map, "ctrl+c", entry: true) == .interrupt)
    }

    @Test("braille keys map to the same actions")
    func braille() {
        let map = KeyMap(kind: .stepper)
        #expect(map.action(for: .lineUp, entryActive: false) == .command(.increment))
        #expect(map.action(for: .lineDown, entryActive: false) == .command(.decrement))
        #expect(map.action(for: .route(cell: 12), entryActive: false) == .routeCell(12))
        #expect(map.action(for: .panLeft, entryActive: false) == .pan(.left))
        #expect(map.action(for: .symbol(.enter), entryActive: false) == .accept)
        #expect(map.action(for: .symbol(.escape), entryActive: false) == .cancel)
        #expect(map.action(for: .symbol(.enter), entryActive: true) == .entry(.commit))
        #expect(map.action(for: .symbol(.up), entryActive: false) == .command(.increment))
        #expect(map.action(for: .character("4"), entryActive: false) == .entry(.character("4")))
        #expect(map.action(for: .character("."), entryActive: true) == .entry(.character(".")))
        #expect(map.action(for: .command(name: "TOP", argument: 0), entryActive: false) == nil)
    }

    @Test("a key map file rebinds and unbinds")
    func file() throws {
        var map = KeyMap(kind: .slider)
        try map.apply(file: """
            # vi users who prefer w/b
            w = increment   # forward
            b = decrement
            ctrl+a = to-highest
            q = ignore
            equals = page-increment
            hash = help

            Shift+Up = page-increment
            """)
        #expect(action(map, "w") == .command(.increment))
        #expect(action(map, "b") == .command(.decrement))
        #expect(action(map, "ctrl+a") == .command(.toHighest))
        #expect(action(map, "q") == nil)
        #expect(action(map, "equals") == .command(.pageIncrement))
        #expect(action(map, "hash") == .help)
        #expect(action(map, "shift+up") == .command(.pageIncrement))
        #expect(action(map, "up") == .command(.increment))
    }

    @Test("key map file errors name the line")
    func fileErrors() {
        func error(_ text: String) -> String? {
            do { _ = try KeyMap.parseFile(text); return nil } catch { return error.description }
        }
        #expect(error("up = increment\nctl+a = to-lowest") == "line 2: unknown key 'ctl+a' (examples: 'ctrl+a', 'alt+up', 'pageup', 'f1', 'k')")
        #expect(error("\n\nup = jump")?.hasPrefix("line 3: unknown action 'jump' (actions: increment, decrement,") == true)
        #expect(error("up increment") == "line 1: expected 'key = action', got 'up increment'")
        #expect(error("up = page increment") == "line 1: expected 'key = action', got 'up = page increment'")
        #expect(error(" = accept") == "line 1: expected 'key = action', got '= accept'")
        #expect(error("# only a comment\n\n") == nil)
    }

    @Test("every action name round-trips")
    func actionNames() {
        for (name, action) in KeyMap.actionNames {
            #expect(KeyMap.action(named: name) == .some(action))
            if let action { #expect(KeyMap.name(of: action) == name) }
        }
    }

    @Test("a single binding from a command-line option")
    func binding() throws {
        var map = KeyMap(kind: .slider)
        try map.apply(binding: "ctrl+a=to-highest")
        #expect(map.action(for: KeyEvent(.character("a"), .control), entryActive: false) == .command(.toHighest))
        #expect(throws: KeyMapFileError.self) { try map.apply(binding: "nonsense") }
    }
}

@Suite("NumericEntry")
struct NumericEntryTests {
    let percent = NumericEntry.Rules(allowedRange: 10...90, allowsFraction: false)
    let signed = NumericEntry.Rules(allowedRange: -5...5, allowsFraction: true)

    private func typed(_ text: String, _ rules: NumericEntry.Rules) -> (NumericEntry, [NumericEntry.Rejection]) {
        var entry = NumericEntry()
        var rejections: [NumericEntry.Rejection] = []
        for c in text { if let r = entry.insert(c, rules: rules) { rejections.append(r) } }
        return (entry, rejections)
    }

    @Test("digits commit to a number in range")
    func commit() {
        let (entry, rejected) = typed("42", percent)
        #expect(rejected.isEmpty)
        #expect(entry.commit(rules: percent) == .success(42))
    }

    @Test("out of range is rejected with the limit")
    func range() {
        #expect(typed("95", percent).0.commit(rules: percent) == .failure(.aboveMaximum(90)))
        #expect(typed("5", percent).0.commit(rules: percent) == .failure(.belowMinimum(10)))
        #expect(Announcer().reason(.aboveMaximum(90)) == "above the maximum, 90")
    }

    @Test("minus and point only where the number allows them")
    func signs() {
        let (e1, r1) = typed("-4", percent)
        #expect(r1 == [.negativeNotAllowed])
        #expect(e1.text == "4")
        let (e2, r2) = typed("4.5", percent)
        #expect(r2 == [.fractionNotAllowed])
        #expect(e2.text == "45")
        let (e3, r3) = typed("-2.5", signed)
        #expect(r3.isEmpty)
        #expect(e3.commit(rules: signed) == .success(-2.5))
        let (_, r4) = typed("2-", signed)
        #expect(r4 == [.negativeNotAllowed])
        let (_, r5) = typed("1..", signed)
        #expect(r5 == [.fractionNotAllowed])
        #expect(typed("x", signed).1 == [.notADigit("x")])
    }

    @Test("backspace edits; an empty entry cannot commit")
    func editing() {
        var (entry, _) = typed("12", percent)
        let first = entry.deleteBackward()
        #expect(first)
        #expect(entry.text == "1")
        let second = entry.deleteBackward()
        #expect(second)
        let third = entry.deleteBackward()
        #expect(!third)
        #expect(entry.commit(rules: percent) == .failure(.empty))
        #expect(typed("-", signed).0.commit(rules: signed) == .failure(.empty))
    }

    @Test("length is bounded")
    func length() {
        let (entry, rejected) = typed(String(repeating: "9", count: 40), percent)
        #expect(entry.text.count == NumericEntry.maximumLength)
        #expect(rejected.count == 40 - NumericEntry.maximumLength)
    }
}
