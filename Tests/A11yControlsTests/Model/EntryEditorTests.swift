import Testing
@testable import A11yModel

/// Typing a number as a part of its own: each key's outcome, and when the entry opens and closes.
@Suite struct EntryEditorTests {
    let rules = NumericEntry.Rules(allowedRange: 0...90, allowsFraction: true)

    /// Applies each input in turn and returns the outcomes.
    func type(_ inputs: [EntryInput], into editor: inout EntryEditor, rules: NumericEntry.Rules? = nil) -> [EntryEditor.Outcome] {
        inputs.map { editor.apply($0, rules: rules ?? self.rules) }
    }

    @Test func typingEditingAndCommitting() {
        var editor = EntryEditor()
        #expect(type([.commit, .deleteBackward], into: &editor) == [.ignored, .ignored])
        #expect(!editor.isActive)
        #expect(type([.character("9"), .character("5")], into: &editor) == [.typed("9"), .typed("5")])
        #expect(editor.entry?.text == "95")
        #expect(type([.commit], into: &editor) == [.commitRefused(text: "95", .aboveMaximum(90))])
        #expect(editor.isActive)
        #expect(type([.deleteBackward, .character(","), .character("5"), .commit], into: &editor)
                == [.deleted(remaining: "9"), .typed(","), .typed("5"), .committed(9.5)])
        #expect(!editor.isActive)
    }

    @Test func refusalsLeaveTheEntryAsItWas() {
        var editor = EntryEditor()
        #expect(type([.character("-")], into: &editor) == [.refused(.negativeNotAllowed)])
        #expect(!editor.isActive)
        #expect(type([.character("1"), .character("x")], into: &editor) == [.typed("1"), .refused(.notADigit("x"))])
        #expect(editor.entry?.text == "1")
        let whole = NumericEntry.Rules(allowedRange: 0...90, allowsFraction: false)
        #expect(type([.character(".")], into: &editor, rules: whole) == [.refused(.fractionNotAllowed)])
    }

    @Test func deletingTheLastCharacterOrCancellingClosesIt() {
        var editor = EntryEditor()
        #expect(type([.character("4"), .deleteBackward], into: &editor) == [.typed("4"), .deleted(remaining: "")])
        #expect(!editor.isActive)
        #expect(type([.character("4"), .cancel], into: &editor) == [.typed("4"), .cancelled])
        #expect(!editor.isActive)
        _ = type([.character("4")], into: &editor)
        editor.close()
        #expect(editor.entry == nil)
    }
}
