import A11yVocabulary

/// Words in contracted braille: a text's letters word by word from a table of contracted words
/// (made once per change of words or table, never on the key path), everything else — digits,
/// punctuation, spaces, words the table lacks — as text through the user's text table. Notices
/// and "where am I" are written this way, as the labels are whole.
package enum BrailleWords {
    /// The words of `text` (runs of letters), for the table of words to contract.
    package static func words(in text: String) -> [String] {
        var words: [String] = [], current = ""
        for character in text {
            if character.isLetter { current.append(character) } else if !current.isEmpty { words.append(current); current = "" }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The cells of `text`: contracted words as dots (a blank text cell under them), the rest as text.
    package static func cells(for text: String, contractions: [String: ContractedText]) -> (text: [Character], dots: [BrailleDots]) {
        guard !contractions.isEmpty else { return (Array(text), Array(repeating: [], count: text.count)) }
        var cells: [Character] = [], dots: [BrailleDots] = []
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            if let contracted = contractions[word] {
                cells += contracted.text
                dots += contracted.dots.map { BrailleDots(rawValue: $0) }
            } else {
                cells += word
                dots += Array(repeating: [], count: word.count)
            }
            word = ""
        }
        for character in text {
            if character.isLetter { word.append(character); continue }
            flush()
            cells.append(character)
            dots.append([])
        }
        flush()
        return (cells, dots)
    }
}
