/// A screen line as a screen reader reads it: the text without its escape sequences (styling,
/// cursor moves).
package func screenReaderText(_ line: String) -> String {
    var text = "", inEscape = false
    for character in line {
        if inEscape { if character.isLetter { inEscape = false }; continue }
        if character == "\u{1B}" { inEscape = true; continue }
        text.append(character)
    }
    return text
}
