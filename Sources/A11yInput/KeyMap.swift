import A11yModel
import A11yVocabulary
/// Turns key events and braille keys into actions.
///
/// The defaults follow the WAI-ARIA slider, multi-thumb slider and spinbutton patterns plus
/// terminal habits (vi keys, readline's Ctrl-A/E/F/B/N/P); see `defaultBindings(for:)`. Bindings
/// can be changed with `bind(_:to:)` or a key map file (`apply(file:)`, format in
/// docs/user-guide.md, "Changing keys"). ASCII digits always start numeric entry unless rebound; while an entry
/// is in progress, digits, `-`, `.`, Backspace, Enter and Escape edit it and other keys are
/// ignored (Ctrl-C still interrupts).
public struct KeyMap: Sendable {
    /// The kind of control this key map is for.
    public let kind: ControlKind
    /// The keyboard chords bound, with their actions: changed by `bind(_:to:)`, `apply(file:)`,
    /// `apply(binding:)` and `mirrorHorizontalArrows()`. A chord not in it does nothing, except an
    /// ASCII digit, which starts numeric entry.
    public private(set) var bindings: [KeyChord: Action]
    /// Other BRLTTY commands bound by name (`braille:TOP = to-lowest` in a key map file).
    package private(set) var brailleCommandBindings: [String: Action] = [:]

    /// The default key map for a kind of control.
    public init(kind: ControlKind) {
        self.kind = kind
        self.bindings = Self.defaultBindings(for: kind)
    }

    /// The default keys, in the order the documentation lists them: each action with the names of
    /// its keys (as a key map file spells them). Slider and stepper share them (a vertical stepper:
    /// Up increments); Ctrl-C only arrives as a key under the kitty protocol. This list is the one
    /// source of the key tables of the man page, README.md and docs/user-guide.md (`make
    /// doc-tables`); the spoken help is checked against it (DocsMatchTheCodeTests).
    package static let defaultKeys: [(action: Action, keys: [String])] = [
        (.command(.increment), ["right", "up", "+", "l", "k", "ctrl+f", "ctrl+p"]),
        (.command(.decrement), ["left", "down", "-", "h", "j", "ctrl+b", "ctrl+n"]),
        (.command(.pageIncrement), ["pageup"]),
        (.command(.pageDecrement), ["pagedown"]),
        (.command(.toLowest), ["home", "ctrl+a"]),
        (.command(.toHighest), ["end", "ctrl+e"]),
        (.command(.focusNext), ["tab"]),
        (.command(.focusPrevious), ["shift+tab"]),
        (.speakStatus, ["space"]),
        (.help, ["?", "f1"]),
        (.accept, ["enter"]),
        (.cancel, ["esc", "q"]),
        (.interrupt, ["ctrl+c"]),
    ]

    /// The default bindings for a kind of control: `defaultKeys` as a map (the same for both kinds).
    public static func defaultBindings(for kind: ControlKind) -> [KeyChord: Action] {
        var map: [KeyChord: Action] = [:]
        for (action, names) in defaultKeys {
            for name in names {
                guard let chord = KeyChord(name: name) else { preconditionFailure("bad default key name \(name)") }
                map[chord] = action
            }
        }
        _ = kind
        return map
    }

    /// Swaps what Left and Right do, and h and l (with any modifiers): a track drawn right to
    /// left, where the arrow keys move the handle the way they point.
    public mutating func mirrorHorizontalArrows() {
        let pairs: [(Key, Key)] = [(.left, .right), (.character("h"), .character("l"))]
        for (a, b) in pairs {
            let modifiers = Set(bindings.keys.filter { $0.key == a || $0.key == b }.map(\.modifiers.rawValue))
            for raw in modifiers {
                let left = KeyChord(a, KeyModifiers(rawValue: raw)), right = KeyChord(b, KeyModifiers(rawValue: raw))
                (bindings[left], bindings[right]) = (bindings[right], bindings[left])
            }
        }
    }

    /// Binds a chord to an action, or unbinds it (nil).
    public mutating func bind(_ chord: KeyChord, to action: Action?) {
        bindings[chord] = action
    }

    /// The action bound to a chord, whatever the event kind (to match a release to its hold).
    public func binding(for chord: KeyChord) -> Action? {
        bindings[chord]
    }

    /// The action for a key press or repeat; nil for releases and keys with no meaning.
    /// Releases end a hold: look them up with `binding(for:)`.
    package func action(for event: KeyEvent, entryActive: Bool) -> Action? {
        guard event.kind != .release else { return nil }
        if case .unknown = event.key { return nil }
        if entryActive {
            if event.modifiers.isEmpty {
                switch event.key {
                case .character(let c) where c.isASCII && (c.isNumber || c == "-" || c == "." || c == ","):
                    return .entry(.character(c))
                case .backspace, .delete: return .entry(.deleteBackward)
                case .enter: return .entry(.commit)
                case .escape: return .entry(.cancel)
                default: break
                }
            }
            return bindings[event.chord] == .interrupt ? .interrupt : nil
        }
        if let bound = bindings[event.chord] { return bound }
        if event.modifiers.isEmpty, case .character(let c) = event.key, NumericEntry.starts(with: c) {
            return .entry(.character(c))
        }
        return nil
    }

    /// The action for a key of a braille display: line up/down step (up increases, for the
    /// stepper too), routing keys go to the session's routing map, panning pans, keysyms act
    /// like the keyboard's keys, typed characters like typed keys (digits feed numeric entry).
    package func action(for key: BrailleKey, entryActive: Bool) -> Action? {
        switch key {
        case .lineUp: return entryActive ? nil : .command(.increment)
        case .lineDown: return entryActive ? nil : .command(.decrement)
        case .route(let cell): return entryActive ? nil : .routeCell(cell)
        case .panLeft: return .pan(.left)
        case .panRight: return .pan(.right)
        case .character(let c): return action(for: KeyEvent(.character(c)), entryActive: entryActive)
        case .symbol(let symbol):
            let key: Key
            switch symbol {
            case .enter: key = .enter
            case .escape: key = .escape
            case .tab: key = .tab
            case .backspace: key = .backspace
            case .delete: key = .delete
            case .up: key = .up
            case .down: key = .down
            case .left: key = .left
            case .right: key = .right
            case .home: key = .home
            case .end: key = .end
            case .pageUp: key = .pageUp
            case .pageDown: key = .pageDown
            case .function(let n): key = .function(n)
            case .other: return nil
            }
            return action(for: KeyEvent(key), entryActive: entryActive)
        case .command(let name, _):
            return entryActive ? nil : brailleCommandBindings[name]
        }
    }
}

// MARK: - Names

extension KeyMap {
    /// Every action name a key map file may use, with its action (nil: `ignore`, which unbinds).
    package static let actionNames: [(name: String, action: Action?)] = [
        ("increment", .command(.increment)),
        ("decrement", .command(.decrement)),
        ("page-increment", .command(.pageIncrement)),
        ("page-decrement", .command(.pageDecrement)),
        ("to-lowest", .command(.toLowest)),
        ("to-highest", .command(.toHighest)),
        ("focus-next", .command(.focusNext)),
        ("focus-previous", .command(.focusPrevious)),
        ("focus-lower", .command(.focus(.lower))),
        ("focus-upper", .command(.focus(.upper))),
        ("accept", .accept),
        ("cancel", .cancel),
        ("help", .help),
        ("speak-status", .speakStatus),
        ("pan-left", .pan(.left)),
        ("pan-right", .pan(.right)),
        ("interrupt", .interrupt),
        ("ignore", nil),
    ]

    /// The action for a name (`to-lowest`); `.some(nil)` for `ignore`; nil if unknown.
    package static func action(named name: String) -> Action?? {
        actionNames.first { $0.name == name.lowercased() }.map(\.action)
    }

    /// The name of an action, if it can be bound from a file.
    package static func name(of action: Action) -> String? {
        actionNames.first { $0.action == action }?.name
    }
}

// MARK: - Key map files

/// A key map file could not be read; `description` is one line naming the line and the problem.
public struct KeyMapFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the line.
    public enum Problem: Sendable, Equatable {
        /// The line is not `key-name = action-name`.
        case syntax(String)
        /// The key name before `=` names no key (nor `braille:` with a command name).
        case unknownKey(String)
        /// The action name after `=` is not one a key map file may use.
        case unknownAction(String)
    }

    /// 1-based line number.
    public var line: Int
    /// What is wrong with the line, with the text at fault.
    public var problem: Problem

    /// One line naming the line number and the problem, with example key names or the list of
    /// actions: `line 3: unknown action 'up' (actions: increment, …)`.
    public var description: String {
        switch problem {
        case .syntax(let text):
            return "line \(line): expected 'key = action', got '\(text)'"
        case .unknownKey(let name):
            return "line \(line): unknown key '\(name)' (examples: 'ctrl+a', 'alt+up', 'pageup', 'f1', 'k')"
        case .unknownAction(let name):
            let known = KeyMap.actionNames.map(\.name).joined(separator: ", ")
            return "line \(line): unknown action '\(name)' (actions: \(known))"
        }
    }
}

extension KeyMap {
    /// Parses a key map file: lines `key-name = action-name`, `#` starts a comment, blank lines
    /// are skipped. Returns the keyboard bindings in file order (nil action: `ignore`); lines
    /// `braille:COMMAND = action` bind a BRLTTY command and are left out here.
    package static func parseFile(_ text: String) throws(KeyMapFileError) -> [(chord: KeyChord, action: Action?)] {
        try parseLines(text).compactMap { key, action in
            if case .chord(let chord) = key { return (chord, action) }
            return nil
        }
    }

    /// What a line of a key map file binds: a keyboard chord, or a BRLTTY command by name.
    enum BindingKey {
        case chord(KeyChord)
        case brailleCommand(String)

        /// `braille:NAME` (a command as `brltty-lscmds` lists it, such as TOP), else a chord.
        init?(name: String) {
            let prefix = "braille:"
            if name.lowercased().hasPrefix(prefix) {
                let command = name.dropFirst(prefix.count).uppercased()
                guard !command.isEmpty, command.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
                else { return nil }
                self = .brailleCommand(command)
            } else if let chord = KeyChord(name: name) {
                self = .chord(chord)
            } else {
                return nil
            }
        }
    }

    static func parseLines(_ text: String) throws(KeyMapFileError) -> [(key: BindingKey, action: Action?)] {
        var result: [(key: BindingKey, action: Action?)] = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            // A comment starts at '#' at the start of the line or after blank space.
            if let hash = commentStart(line) { line = line[..<hash] }
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty { continue }
            guard let eq = trimmed.firstIndex(of: "=") else {
                throw KeyMapFileError(line: number, problem: .syntax(String(trimmed)))
            }
            let keyName = trimmed[..<eq].trimmingBlanks()
            let actionName = trimmed[trimmed.index(after: eq)...].trimmingBlanks()
            guard !keyName.isEmpty, !actionName.isEmpty, !actionName.contains(where: { $0 == " " || $0 == "\t" }) else {
                throw KeyMapFileError(line: number, problem: .syntax(String(trimmed)))
            }
            guard let key = BindingKey(name: String(keyName)) else {
                throw KeyMapFileError(line: number, problem: .unknownKey(String(keyName)))
            }
            guard let action = Self.action(named: String(actionName)) else {
                throw KeyMapFileError(line: number, problem: .unknownAction(String(actionName)))
            }
            result.append((key, action))
        }
        return result
    }

    /// Applies a key map file over the current bindings (all or nothing).
    public mutating func apply(file text: String) throws(KeyMapFileError) {
        for (key, action) in try Self.parseLines(text) { bind(key, to: action) }
    }

    /// Applies one `key = action` binding (one line of a key map file: `ctrl+a=to-lowest`).
    /// Errors say "line 1".
    package mutating func apply(binding: String) throws(KeyMapFileError) {
        guard !binding.contains("\n") else { throw KeyMapFileError(line: 1, problem: .syntax(binding)) }
        let parsed = try Self.parseLines(binding)
        guard !parsed.isEmpty else { throw KeyMapFileError(line: 1, problem: .syntax(binding)) }
        for (key, action) in parsed { bind(key, to: action) }
    }

    private mutating func bind(_ key: BindingKey, to action: Action?) {
        switch key {
        case .chord(let chord): bind(chord, to: action)
        case .brailleCommand(let name): brailleCommandBindings[name] = action
        }
    }

    private static func commentStart(_ line: Substring) -> Substring.Index? {
        var previous: Character? = nil
        for i in line.indices {
            if line[i] == "#", previous == nil || previous == " " || previous == "\t" { return i }
            previous = line[i]
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingBlanks() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}
