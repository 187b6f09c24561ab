import A11yTestSupport
import Testing
@testable import A11yPresentation

/// The .mo reader: what msgfmt writes (both byte orders, plurals, contexts), and files nobody
/// should write (truncated at every length, bad magic, tables or strings past the end, strings
/// without their NUL or not UTF-8): never a crash, never a wrong string, and what cannot be read
/// left out.
@Suite struct MOFileTests {
    static let texts: [(String?, String, String?, [String])] = [
        ("cancelled", "cancelled", nil, ["abgebrochen"]),
        ("span", "{span} percent of the track", "{span} percent of the track", ["{span} Prozent der Skala", "{span} Prozent der Skala"]),
        (nil, "Unknown option {option}", nil, ["Unbekannte Option {option}"]),
        (nil, "or", nil, ["oder"]),
    ]

    @Test(arguments: [false, true])
    func readsContextsPluralsAndTheHeaderInEitherByteOrder(bigEndian: Bool) throws {
        let file = try MOFile(bytes: MOFileWriter.bytes(texts: Self.texts, bigEndian: bigEndian))
        #expect(file.problems.isEmpty && file.count == 5)
        #expect(file.translation(of: "cancelled", context: "cancelled") == ["abgebrochen"])
        #expect(file.translation(of: "cancelled") == nil)                         // another context
        #expect(file.translation(of: "{span} percent of the track", context: "span")?.count == 2)
        #expect(file.pluralID(of: "{span} percent of the track", context: "span") == "{span} percent of the track")
        #expect(file.translation(of: "Unknown option {option}") == ["Unbekannte Option {option}"])
        #expect(file.translation(of: "nothing like it") == nil)
        #expect(file.header["Plural-Forms"] == "nplurals=2; plural=(n != 1);")
        #expect(file.originalTexts.count == 5)
    }

    @Test func anUnsortedFileIsSearchedInOrder() throws {
        let file = try MOFile(bytes: MOFileWriter.bytes(texts: Self.texts, sorted: false))
        for (context, id, _, forms) in Self.texts {
            #expect(file.translation(of: id, context: context) == forms)
        }
    }

    @Test func whatMsgfmtWritesIsRead() throws {
        let file = try MOFile(bytes: try TestCatalogs.compiled("de"))
        #expect(file.problems.isEmpty)
        #expect(file.translation(of: "Error: {problem}") == ["Fehler: {problem}"])
        #expect(file.header["Language"] == "de")
    }

    /// Every prefix of a real catalog: refused as a whole, or read with what lies past the end
    /// left out; nothing read is ever a string that the file does not hold.
    @Test func aTruncatedFileNeverGivesAWrongString() throws {
        let whole = try TestCatalogs.compiled("fr")
        let complete = try MOFile(bytes: whole)
        let key = ("cancelled", "cancelled")
        let right = complete.translation(of: key.1, context: key.0)
        for length in stride(from: 0, to: whole.count, by: 7) {
            guard let file = try? MOFile(bytes: Array(whole.prefix(length))) else { continue }
            let found = file.translation(of: key.1, context: key.0)
            #expect(found == nil || found == right, "\(length) bytes")
            #expect(file.translation(of: "Error: {problem}").map { $0 == ["Erreur\u{A0}: {problem}"] } ?? true)
        }
    }

    /// Translations are taken as UTF-8 only when well formed (the Unicode standard's table 3-7).
    @Test func onlyWellFormedUTF8IsTaken() {
        func valid(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer(MOFile.isUTF8) }
        #expect(valid(Array("Größe, écran, 🙂, ∑".utf8)) && valid([]) && valid([0x41, 0, 0x42]))
        #expect(!valid([0xC0, 0x80]))               // overlong NUL
        #expect(!valid([0xE0, 0x80, 0x80]))         // overlong
        #expect(!valid([0xED, 0xA0, 0x80]))         // a surrogate
        #expect(!valid([0xF4, 0x90, 0x80, 0x80]))   // past U+10FFFF
        #expect(!valid([0xE2, 0x82]))               // cut short
        #expect(!valid([0x80]) && !valid([0xFF]) && !valid([0xE2, 0x28, 0xA1]))
        #expect(valid([0xF0, 0x9F, 0x98, 0x80]) && valid([0xEF, 0xBF, 0xBD]))
    }

    @Test func malformedFilesAreRefusedWithWhy() throws {
        let good = MOFileWriter.bytes(texts: Self.texts)
        func refusal(_ bytes: [UInt8]) -> String? {
            do { _ = try MOFile(bytes: bytes); return nil } catch { return error.description }
        }
        #expect(refusal([]) == "too short for a .mo file (0 bytes)")
        #expect(refusal(Array("msgid \"\"\nmsgstr \"\"\n\n# a .po file, not compiled".utf8)) == "not a .mo file (no magic number)")
        var revision = good
        revision[6] = 2
        #expect(refusal(revision) == "a .mo file of revision 2, not 0 or 1")
        var count = good
        count[8...11] = [0xFF, 0xFF, 0xFF, 0x7F]
        #expect(refusal(count) == "truncated: its string tables end past the end of the file")
        var table = good
        table[12...15] = [0xF0, 0xFF, 0xFF, 0x00]
        #expect(refusal(table) == "truncated: its string tables end past the end of the file")
    }

    @Test func stringsPastTheEndWithoutTheirNulOrNotUTF8AreLeftOut() throws {
        var bytes = MOFileWriter.bytes(texts: Self.texts)
        // The last translation ("oder" sorts after the contexts) loses its NUL: the file ends
        // inside the string.
        bytes.removeLast()
        var file = try MOFile(bytes: bytes)
        #expect(file.problems.count == 1)
        #expect(file.translation(of: "cancelled", context: "cancelled") == ["abgebrochen"])
        // A translation that is not UTF-8 is no translation.
        let latin1: [([UInt8], [UInt8])] = [([], Array("Content-Type: text/plain; charset=ISO-8859-1\n".utf8)),
                                            (Array("cancelled\u{4}cancelled".utf8), [0x61, 0x62, 0x67, 0xE9])]
        file = try MOFile(bytes: MOFileWriter.bytes(latin1))
        #expect(file.translation(of: "cancelled", context: "cancelled") == nil)
        // A string table entry pointing past the end of the file.
        var past = MOFileWriter.bytes(texts: Self.texts)
        let translationTable = Int(past[16]) | Int(past[17]) << 8
        past[translationTable + 4] = 0xFF
        past[translationTable + 5] = 0xFF
        file = try MOFile(bytes: past)
        #expect(!file.problems.isEmpty)
        #expect(file.translation(of: "") == nil)
    }
}
