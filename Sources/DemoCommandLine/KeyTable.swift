import A11yControls
import A11yOptions
/// The keyboard's keys as the documentation lists them, made from the key map
/// (`KeyMap.defaultKeys`, and the digits that start a typed number), so that no key table is
/// written by hand: the man page's KEYS section, and the tables of README.md and
/// docs/user-guide.md (`a11y-demo --generate keys-markdown`, written between their markers by
/// `make doc-tables`; a test fails when the committed table differs).
package enum KeyTable {
    /// One row: the keys (each as typed text or a key's name) and what they do.
    package struct Row: Sendable, Equatable {
        package var keys: [Label]
        /// One sentence, English, with `code` spans for what is typed.
        package var meaning: String
    }

    /// How one key (or a run of characters) is written.
    package enum Label: Sendable, Equatable {
        /// A key's name: "Page Up", "Ctrl-F".
        case named(String)
        /// A character typed as itself: `+`, `q`.
        case typed(String)
        /// Characters typed as themselves, first to last: `0`–`9`.
        case typedRange(String, String)
    }

    /// What each action does, by its key map file name (`KeyMap.actionNames`): every action a key
    /// map file may name has one (the test `everyActionHasAMeaning`).
    static let meanings: [String: String] = [
        "increment": "One step up, towards the maximum",
        "decrement": "One step down, towards the minimum",
        "page-increment": "Ten steps up (`--page-step` changes the count for a slider)",
        "page-decrement": "Ten steps down",
        "to-lowest": "To the lowest value the focused handle may take now (the other handle and the distances included)",
        "to-highest": "To the highest value the focused handle may take now",
        "focus-next": "Next handle; in the showcase, on to the next control",
        "focus-previous": "Previous handle; in the showcase, back to the previous control",
        "speak-status": "Say where you are: the label and every value, the focused handle first",
        "help": "Help: the keys, spoken",
        "accept": "Accept (exit status 0)",
        "cancel": "Cancel (exit status 1)",
        "interrupt": "Interrupt (exit status 130)",
        "focus-lower": "Focus the lower handle",
        "focus-upper": "Focus the upper handle",
        "pan-left": "Pan the braille window back towards the start of the line",
        "pan-right": "Pan the braille window on towards the end of the line",
        "ignore": "Nothing: the key is unbound (a BRLTTY command so bound stays BRLTTY's)",
    ]

    /// What the characters that start a typed number do.
    static let entryMeaning = "Type a number: Enter sets it, Escape abandons it"

    /// The rows: the model's commands in the key map's order, then the characters that start a
    /// typed number, then the other actions.
    package static func rows() -> [Row] {
        var commands: [Row] = [], others: [Row] = []
        for (action, names) in KeyMap.defaultKeys {
            guard let name = KeyMap.name(of: action), let meaning = meanings[name] else {
                preconditionFailure("no meaning written for the default keys of \(action)")
            }
            let row = Row(keys: names.map { label(for: KeyChord(name: $0)!) }, meaning: meaning)
            if case .command = action { commands.append(row) } else { others.append(row) }
        }
        return commands + [Row(keys: entryLabels(), meaning: entryMeaning)] + others
    }

    /// The typed characters that start a number where no key is bound, as runs (`0`–`9`).
    static func entryLabels() -> [Label] {
        let map = KeyMap(kind: .slider)
        let starting = (0x21...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }.filter { character in
            if case .entry? = map.action(for: KeyEvent(.character(character)), entryActive: false) { return true }
            return false
        }
        var labels: [Label] = []
        var run: [Character] = []
        func flush() {
            if run.count > 2 { labels.append(.typedRange(String(run.first!), String(run.last!))) }
            else { labels += run.map { .typed(String($0)) } }
            run = []
        }
        for character in starting {
            if let last = run.last, last.asciiValue! + 1 != character.asciiValue! { flush() }
            run.append(character)
        }
        flush()
        return labels
    }

    /// How the documentation writes a chord: modifiers as "Ctrl-", "Shift-", a letter under Control
    /// as a capital (Ctrl-F), named keys by their names, other characters as typed.
    static func label(for chord: KeyChord) -> Label {
        var prefix = ""
        if chord.modifiers.contains(.control) { prefix += "Ctrl-" }
        if chord.modifiers.contains(.alt) { prefix += "Alt-" }
        if chord.modifiers.contains(.shift) { prefix += "Shift-" }
        if chord.modifiers.contains(.super) { prefix += "Super-" }
        let name: String
        switch chord.key {
        case .character(" "): name = "Space"
        case .character(let c): if prefix.isEmpty { return .typed(String(c)) } else { name = c.uppercased() }
        case .enter: name = "Enter"
        case .tab: name = "Tab"
        case .backspace: name = "Backspace"
        case .escape: name = "Escape"
        case .up: name = "Up"
        case .down: name = "Down"
        case .left: name = "Left"
        case .right: name = "Right"
        case .home: name = "Home"
        case .end: name = "End"
        case .pageUp: name = "Page Up"
        case .pageDown: name = "Page Down"
        case .insert: name = "Insert"
        case .delete: name = "Delete"
        case .function(let n): name = "F\(n)"
        case .unknown: name = "unknown"
        }
        return .named(prefix + name)
    }

    /// The actions a key map file may bind, in `KeyMap.actionNames`' order, with what each does.
    package static func actions() -> [(name: String, meaning: String)] {
        KeyMap.actionNames.map { entry in
            guard let meaning = meanings[entry.name] else { preconditionFailure("no meaning written for the action \(entry.name)") }
            return (entry.name, meaning)
        }
    }

    // MARK: Markdown

    /// The Markdown tables by the name `a11y-demo --generate NAME` and the docs' markers give them.
    package static let markdownTables: [String: @Sendable () -> String] = [
        "keys-markdown": markdown, "key-actions-markdown": actionsMarkdown,
    ]

    /// The table as README.md and docs/user-guide.md hold it, between a blank line before and after.
    package static func markdown() -> String {
        var out = "\n| Keys | What they do |\n|---|---|\n"
        for row in rows() {
            out += "| " + row.keys.map(markdown).joined(separator: ", ") + " | " + row.meaning.replacing("|", with: "\\|") + " |\n"
        }
        return out + "\n"
    }

    /// The table of the user guide's "Changing keys": each action's name and what it does.
    package static func actionsMarkdown() -> String {
        var out = "\n| Action | What it does |\n|---|---|\n"
        for (name, meaning) in actions() { out += "| " + code(name) + " | " + meaning.replacing("|", with: "\\|") + " |\n" }
        return out + "\n"
    }

    static func markdown(_ label: Label) -> String {
        switch label {
        case .named(let name): return name
        case .typed(let text): return code(text)
        case .typedRange(let first, let last): return code(first) + "–" + code(last)
        }
    }

    /// A Markdown code span holding `text` (a backtick in it is fenced with two), `|` escaped for a table cell.
    static func code(_ text: String) -> String {
        let escaped = text.replacing("|", with: "\\|")
        return text.contains("`") ? "`` " + escaped + " ``" : "`" + escaped + "`"
    }

    // MARK: roff

    /// The man page's KEYS list: `.TP`, the keys in bold, what they do.
    package static func roff() -> String {
        rows().map { row in
            ".TP\n" + row.keys.map(roff).joined(separator: ", ") + "\n" + roffText(row.meaning) + ".\n"
        }.joined()
    }

    static func roff(_ label: Label) -> String {
        switch label {
        case .named(let name): return "\\fB" + ManPage.roff(name) + "\\fR"
        case .typed(let text): return "\\fB" + ManPage.roff(text) + "\\fR"
        case .typedRange(let first, let last): return "\\fB" + ManPage.roff(first) + "\\fR\\(en\\fB" + ManPage.roff(last) + "\\fR"
        }
    }

    /// A meaning in roff: its code spans in bold.
    static func roffText(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            index % 2 == 1 ? "\\fB" + ManPage.roff(String(part)) + "\\fR" : ManPage.roff(String(part))
        }.joined()
    }
}
