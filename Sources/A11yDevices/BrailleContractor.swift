import CLouis
import Synchronization
import A11yVocabulary

/// Contracted (literary) braille through liblouis: text in, cells out.
///
/// The table is BRLTTY's name of a literary braille table ("en-us-g2", as its preference
/// LITERARY_BRAILLE_TABLE holds it), mapped to liblouis's file ("en-us-g2.ctb"), or a liblouis
/// table name or path. Digits are not contracted: they stay characters for the user's text table.
///
/// liblouis is not thread-safe: every call into it takes one process-wide lock.
package struct BrailleContractor: Sendable {
    /// The liblouis table list in use ("en-us-g2.ctb").
    package let table: String

    /// A contractor for `name`. Throws when liblouis knows no such table or cannot compile it.
    package init(table name: String) throws(BrailleContractionError) {
        if let error = a11y_louis_load_error() { throw BrailleContractionError(table: name, libraryError: String(cString: error)) }
        for candidate in Self.candidates(for: name) where Self.liblouis.withLock({ _ in
            candidate.withCString { a11y_lou_getTable($0) } != nil
        }) {
            table = candidate
            return
        }
        throw BrailleContractionError(table: name)
    }

    /// The liblouis tables tried for a name, in order: BRLTTY's names such as "en-us-g2" are
    /// liblouis's "en-us-g2.ctb"; a name with a suffix or a path is used as it is.
    static func candidates(for name: String) -> [String] {
        let trimmed = name.trimmingBlanks
        guard !trimmed.isEmpty, trimmed != "none" else { return [] }
        if trimmed.contains("/") || trimmed.contains(".") { return [trimmed] }
        return [trimmed + ".ctb", trimmed + ".utb", trimmed]
    }

    /// Contracts `text`; nil when liblouis fails on it.
    package func contract(_ text: String) -> ContractedText? {
        var result = ContractedText(text: [], dots: [], sourceIndex: [])
        let characters = Array(text)
        var start = 0
        while start < characters.count {
            let isDigit = characters[start].isASCII && characters[start].isNumber
            var end = start
            while end < characters.count, (characters[end].isASCII && characters[end].isNumber) == isDigit { end += 1 }
            if isDigit {
                result.text += characters[start..<end]
                result.dots += Array(repeating: 0, count: end - start)
                result.sourceIndex += Array(start..<end)
            } else {
                guard let run = translate(String(characters[start..<end])) else { return nil }
                result.text += Array(repeating: " ", count: run.dots.count)
                result.dots += run.dots
                result.sourceIndex += run.positions.map { start + $0 }
            }
            start = end
        }
        return result
    }

    /// One run of text through `lou_translate`, as Unicode braille: dots and source positions.
    private func translate(_ text: String) -> (dots: [UInt8], positions: [Int])? {
        // One widechar per Character (its first scalar), so positions count Characters.
        let input: [widechar] = text.map { widechar($0.unicodeScalars.first!.value) }
        guard !input.isEmpty else { return ([], []) }
        var inputLength = Int32(input.count)
        let capacity = input.count * 4 + 16
        var output = [widechar](repeating: 0, count: capacity)
        var outputLength = Int32(capacity)
        var positions = [Int32](repeating: 0, count: capacity)
        let mode = Int32(ucBrl.rawValue | dotsIO.rawValue)
        let ok = Self.liblouis.withLock { _ in
            table.withCString { table in
                a11y_lou_translate(table, input, &inputLength, &output, &outputLength, nil, nil, nil, &positions, nil, mode)
            }
        }
        guard ok != 0 else { return nil }
        let count = Int(outputLength)
        let dots = output.prefix(count).map { cell -> UInt8 in
            let value = UInt32(cell)
            if (0x2800...0x28FF).contains(value) { return UInt8(value - 0x2800) }
            return UInt8(truncatingIfNeeded: value)  // dotsIO without ucBrl: 0x8000 | dots
        }
        return (dots, positions.prefix(count).map(Int.init))
    }

    /// The lock around liblouis. Taking it first silences liblouis, which would write its errors
    /// (an unknown table) to stderr: the caller says it once instead.
    private static let liblouis: Mutex<Void> = {
        a11y_lou_setLogLevel(LOU_LOG_OFF)
        return Mutex(())
    }()
}

/// liblouis knows no table by this name, or cannot compile it, or cannot be loaded.
package struct BrailleContractionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name asked for.
    package var table: String
    /// Why liblouis could not be loaded (nil: it was, and has no such table).
    package var libraryError: String?
    package init(table: String, libraryError: String? = nil) {
        self.table = table
        self.libraryError = libraryError
    }
    package var description: String {
        guard let libraryError else { return "liblouis has no usable braille table '\(table)'" }
        return "liblouis cannot be loaded (\(libraryError)), so there is no contracted braille for '\(table)'"
    }
}

extension String {
    fileprivate var trimmingBlanks: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
