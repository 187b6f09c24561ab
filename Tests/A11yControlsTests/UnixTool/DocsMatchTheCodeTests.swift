import Foundation
import Testing
@testable import A11yControls
@testable import A11yInput
@testable import A11yOptions
@testable import A11yPresentation
@testable import DemoCommandLine

/// What README.md and docs/user-guide.md say about keys and options is what the code does: the
/// key tables are the key map's (made by `make doc-tables`, kept between markers), and every
/// option `a11y-demo --help` lists has a row in the user guide with the values the parser takes.
@Suite struct DocsMatchTheCodeTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The text between each `<!-- generated: NAME … -->` line and its `<!-- end of generated NAME -->`.
    static func generatedBlocks(in text: String) -> [(name: String, text: String)] {
        var blocks: [(name: String, text: String)] = []
        var current: (name: String, lines: [Substring])?
        let prefix = "<!-- generated: "
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let open = current {
                if line == "<!-- end of generated \(open.name) -->" {
                    blocks.append((open.name, open.lines.map { $0 + "\n" }.joined()))
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            } else if line.hasPrefix(prefix), let name = line.dropFirst(prefix.count).split(separator: " ").first {
                current = (String(name), [])
            }
        }
        #expect(current == nil, "no end marker for \(current?.name ?? "")")
        return blocks
    }

    // MARK: Keys

    @Test(arguments: [("README.md", ["keys-markdown"]), ("docs/user-guide.md", ["keys-markdown", "key-actions-markdown"])])
    func theKeyTablesAreTheKeyMaps(path: String, expected: [String]) throws {
        let blocks = Self.generatedBlocks(in: try Self.read(path))
        #expect(blocks.map(\.name).sorted() == expected.sorted(), "\(path): the generated tables")
        for block in blocks {
            let generate = try #require(KeyTable.markdownTables[block.name], "\(path): no generator \(block.name)")
            #expect(block.text == generate(),
                    "\(path)'s \(block.name) table is not what the key map makes: run `make doc-tables` (scripts/doc-tables.sh)")
        }
    }

    /// Every action a key map file may name is in the actions table with what it does.
    @Test func everyActionHasAMeaning() {
        let actions = KeyTable.actions()
        #expect(actions.map(\.name) == KeyMap.actionNames.map(\.name))
        #expect(actions.allSatisfy { !$0.meaning.isEmpty })
        #expect(KeyTable.actionsMarkdown().contains("\n| `to-lowest` | To the lowest value"))
    }

    /// Every default key is in the table once, with a meaning; both kinds of control have the same
    /// keys (the docs say so); the digits that start a number are the row between the commands and
    /// the rest.
    @Test func theTableHoldsEveryDefaultKey() {
        let rows = KeyTable.rows()
        let listed = rows.flatMap(\.keys)
        let bound = KeyMap.defaultKeys.flatMap(\.keys)
        #expect(listed.count == bound.count + 1)
        #expect(Set(bound.compactMap(KeyChord.init(name:))).count == bound.count, "a default key bound twice")
        #expect(KeyMap.defaultBindings(for: .slider) == KeyMap.defaultBindings(for: .stepper))
        #expect(rows.contains { $0.keys == [.typedRange("0", "9")] })
        #expect(rows.allSatisfy { !$0.meaning.isEmpty && !$0.keys.isEmpty })
        #expect(rows.first?.keys.first == .named("Right") && rows.last?.keys == [.named("Ctrl-C")])
        #expect(KeyTable.markdown().contains("\n| Right, Up, `+`, `l`, `k`, Ctrl-F, Ctrl-P | One step up"))
    }

    @Test func theManPageListsTheKeyMapsKeys() {
        let page = ManPage.text()
        #expect(page.contains(".SH KEYS\n"))
        #expect(page.contains(KeyTable.roff()))
        #expect(page.contains(".TP\n\\fBPage Up\\fR\n"))
    }

    /// A key moved in the key map moves in every table: the table is made from `defaultKeys`, not
    /// written beside it.
    @Test func aKeyOfTheMapIsAKeyOfTheTable() {
        let named = KeyTable.rows().flatMap(\.keys)
        for (_, keys) in KeyMap.defaultKeys {
            for key in keys {
                #expect(named.contains(KeyTable.label(for: KeyChord(name: key)!)), "\(key)")
            }
        }
    }

    /// The spoken help (? and F1) and the screen's hint are translated sentences, not tables: each
    /// key they name is checked against the key map instead. A claim is the words of the English
    /// phrase and the default keys those words stand for, with the action each must have.
    static let spokenClaims: [(phrase: MessageKey, words: String, keys: [(String, Action)])] = [
        (.keysStepper, "Up and Down arrows step", [("up", .command(.increment)), ("down", .command(.decrement))]),
        (.keysStepper, "Page Up and Page Down step by 10", [("pageup", .command(.pageIncrement)), ("pagedown", .command(.pageDecrement))]),
        (.keysStepper, "Home and End go to the ends", [("home", .command(.toLowest)), ("end", .command(.toHighest))]),
        (.keysStepper, "type digits to enter a value", [("5", .entry(.character("5")))]),
        (.keysStepper, "Space says the value", [("space", .speakStatus)]),
        (.keysStepper, "Enter accepts", [("enter", .accept)]),
        (.keysStepper, "Escape cancels", [("esc", .cancel)]),
        (.keysSlider, "Arrows move the handle", [("right", .command(.increment)), ("left", .command(.decrement))]),
        (.keysSlider, "Page Up and Page Down move by 10 steps", [("pageup", .command(.pageIncrement)), ("pagedown", .command(.pageDecrement))]),
        (.keysSlider, "Home and End go to the ends of the track", [("home", .command(.toLowest)), ("end", .command(.toHighest))]),
        (.keysSlider, "type digits to enter a value", [("5", .entry(.character("5")))]),
        (.keysSlider, "Space says the value", [("space", .speakStatus)]),
        (.keysSlider, "Enter accepts", [("enter", .accept)]),
        (.keysSlider, "Escape cancels", [("esc", .cancel)]),
        (.keysRangeSlider, "Arrows move the focused handle", [("right", .command(.increment)), ("left", .command(.decrement))]),
        (.keysRangeSlider, "Tab switches handles", [("tab", .command(.focusNext))]),
        (.keysRangeSlider, "Page Up and Page Down move by 10 steps", [("pageup", .command(.pageIncrement)), ("pagedown", .command(.pageDecrement))]),
        (.keysRangeSlider, "Home and End go as far as the handle may", [("home", .command(.toLowest)), ("end", .command(.toHighest))]),
        (.keysRangeSlider, "type digits to enter a value", [("5", .entry(.character("5")))]),
        (.keysRangeSlider, "Space says where things stand", [("space", .speakStatus)]),
        (.keysRangeSlider, "Enter accepts", [("enter", .accept)]),
        (.keysRangeSlider, "Escape cancels", [("esc", .cancel)]),
        (.helpPrompt, "Press question mark for help", [("?", .help)]),
        (.screenHint, "Press ? for help, Enter to accept, Escape to cancel", [("?", .help), ("enter", .accept), ("esc", .cancel)]),
    ]

    @Test func theSpokenHelpNamesTheKeysTheKeyMapBinds() {
        for kind in [ControlKind.slider, .stepper] {
            let map = KeyMap(kind: kind)
            for claim in Self.spokenClaims {
                #expect(Messages.english(claim.phrase).contains(claim.words), "\(claim.phrase.rawValue) no longer says '\(claim.words)'")
                for (name, action) in claim.keys {
                    let event = KeyEvent(KeyChord(name: name)!.key, KeyChord(name: name)!.modifiers)
                    #expect(map.action(for: event, entryActive: false) == action,
                            "\(claim.phrase.rawValue) says '\(claim.words)', but \(name) does \(String(describing: map.action(for: event, entryActive: false)))")
                }
            }
        }
        // "by 10": the default page of both controls.
        #expect(StepperConfiguration().pageSteps == 10 && RangeSliderConfiguration().pageSteps == 10)
        // Every phrase that names keys is checked.
        #expect(Set(Self.spokenClaims.map(\.phrase)) == [.keysStepper, .keysSlider, .keysRangeSlider, .helpPrompt, .screenHint])
    }

    /// The user guide's key names ("Changing keys") are the key map file's: every named key by its
    /// canonical name, the function keys' range, the modifiers; and each name it gives parses.
    @Test func theKeyNamesOfTheGuideAreTheKeyMapFiles() throws {
        let guide = try Self.read("docs/user-guide.md")
        let start = try #require(guide.range(of: "- Key names:"))
        let rest = guide[start.upperBound...]
        let bullet = rest.range(of: "\n- ").map { rest[..<$0.lowerBound] } ?? rest
        let spans = bullet.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let named: [Key] = [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .insert, .delete, .enter, .tab,
                            .backspace, .escape, .character(" "), .character("="), .character("#")]
        for key in named {
            #expect(spans.contains(key.name), "the guide's key names leave out \(key.name)")
        }
        #expect(bullet.contains("`f1`…`f24`") && Key(name: "f24") == .function(24) && Key(name: "f25") == nil && Key(name: "f0") == nil)
        for modifier in ["ctrl+", "alt+", "shift+", "super+"] {
            #expect(spans.contains(modifier) && KeyChord(name: modifier + "up") != nil, "\(modifier)")
        }
        for span in spans where !span.hasSuffix("+") && !span.hasPrefix("braille:") && span != "brltty-lscmds" {
            #expect(KeyChord(name: span) != nil, "the guide names '\(span)', which a key map file does not take")
        }
    }

    // MARK: Exit statuses

    /// Every exit status of the program (`ExitStatus`) is in the user guide's table, `--help` and
    /// the man page, and none of those lists one it does not have (the guide adds the signals'
    /// statuses, which the program leaves to the signal).
    @Test func everyExitStatusIsDocumented() throws {
        let statuses = Set(ExitStatus.allCases.map { String($0.rawValue) })
        let guide = try Self.read("docs/user-guide.md")
        let table = try #require(guide.range(of: "### Exit status\n"))
        let rows = guide[table.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        let documented = Set(rows.dropFirst(2).flatMap { row in
            row.dropFirst().split(separator: "|").first!.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        })
        #expect(documented.subtracting(["129", "131", "141", "143"]) == statuses, "the guide: \(documented.sorted())")

        let help = DemoHelp.text(for: .general)
        let helpSection = try #require(help.range(of: "EXIT STATUS:\n"))
        let helpRows = help[helpSection.upperBound...].split(separator: "\n")
            .compactMap { $0.hasPrefix("  ") ? $0.split(separator: " ").first.map(String.init) : nil }
            .filter { Int($0) != nil }
        #expect(Set(helpRows) == statuses && helpRows.count == statuses.count, "--help: \(helpRows)")

        let page = ManPage.text()
        let manSection = try #require(page.range(of: ".SH EXIT STATUS\n"))
        let manLines = page[manSection.upperBound...].split(separator: "\n").prefix { !$0.hasPrefix(".SH") }
        let manRows = manLines.filter { $0.hasPrefix(".B ") }.map { String($0.dropFirst(3)) }
        #expect(Set(manRows) == statuses && manRows.count == statuses.count, "the man page: \(manRows)")
    }

    // MARK: Options

    /// The rows of the user guide's option tables (those headed `| Option |`): the code spans of
    /// each row's first cell (`--min <n>`, `--speech auto\|on\|off`), and the row's cells.
    static func guideOptionRows() throws -> [(spans: [String], cells: [String], line: String)] {
        var inOptionTable = false
        let lines = try read("docs/user-guide.md").split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("| Option |") { inOptionTable = true } else if !line.hasPrefix("|") { inOptionTable = false }
            return inOptionTable && line.hasPrefix("| `")
        }
        return lines.map { line in
            // Cells split at a '|' not escaped by a backslash.
            var cells: [String] = [], cell = "", previous: Character = " "
            for character in line.dropFirst() {
                if character == "|" && previous != "\\" { cells.append(cell.trimmingCharacters(in: .whitespaces)); cell = "" }
                else { cell.append(character) }
                previous = character
            }
            let spans = cells[0].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            return (spans, cells, String(line))
        }
    }

    /// Every option of every help text, in the tables `--help` shows them from.
    static let helpOptions = OptionTable.range + OptionTable.stepper + OptionTable.common + OptionTable.scripting
        + OptionTable.visual + OptionTable.dialog + [OptionTable.help, OptionTable.version]

    @Test func everyOptionOfTheHelpIsInTheUserGuide() throws {
        let rows = try Self.guideOptionRows()
        for spec in Self.helpOptions {
            let matching = rows.filter { row in row.spans.contains { $0.split(separator: " ").first.map(String.init) == spec.name } }
            #expect(!matching.isEmpty, "docs/user-guide.md has no row for \(spec.synopsis)")
            for row in matching {
                for span in row.spans where span.split(separator: " ").first.map(String.init) == spec.name {
                    let values = span.split(separator: " ").dropFirst().map(String.init)
                    #expect(values.count == spec.valueNames.count, "\(span): \(spec.synopsis) takes \(spec.valueNames.count) value(s)")
                    for (written, valueName) in zip(values, spec.valueNames) {
                        try checkValue(written, of: spec, valueName: valueName, row: row.line)
                    }
                }
            }
            // A default of one word ("auto", "0.5") starts one row's default column.
            if let defaultText = spec.defaultText, !defaultText.contains(" ") {
                let defaults = matching.filter { $0.cells.count >= 3 }.map { $0.cells[1].replacing("`", with: "") }
                #expect(defaults.contains { $0.hasPrefix(defaultText) }, "\(spec.name): the default is \(defaultText), the guide says \(defaults)")
            }
        }
    }

    /// `a\|b\|c` must be the parser's words, each of which it takes; `<name>` must be the help's
    /// value name, and a row for an option with a closed list of words names each of them.
    func checkValue(_ written: String, of spec: OptionSpec, valueName: String, row: String) throws {
        let choices = OptionTable.choices(for: spec.name)
        if written.hasPrefix("<") {
            #expect(written == "<\(valueName)>", "\(spec.name): the value is <\(valueName)> in --help, \(written) in the guide")
            for choice in choices ?? [] {
                #expect(row.contains("`\(choice)`"), "\(spec.name): the guide's row does not name \(choice)")
            }
            return
        }
        let words = written.split(separator: "\\|").map(String.init)
        let parsed = try #require(choices, "\(spec.name) takes no list of words, the guide says \(written)")
        #expect(Set(words) == Set(parsed), "\(spec.name): the parser takes \(parsed), the guide says \(words)")
        for word in words {
            #expect(errorLine([spec.name, word]) == nil, "\(spec.name) \(word): \(errorLine([spec.name, word]) ?? "")")
        }
        #expect(errorLine([spec.name, "nonsense"]) != nil)
    }

    /// No row for an option the program does not have.
    @Test func everyOptionOfTheUserGuideExists() throws {
        let known = Set(Self.helpOptions.map(\.name) + [OptionTable.helpShort])
        for row in try Self.guideOptionRows() {
            for span in row.spans {
                let name = String(span.split(separator: " ").first ?? "")
                #expect(known.contains(name), "docs/user-guide.md: \(name) is no option of a11y-demo (\(row.line))")
            }
        }
    }
}
