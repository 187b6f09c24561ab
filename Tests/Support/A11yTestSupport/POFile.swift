import Foundation

/// The entries of a gettext .po file, read as the tests need them: msgctxt, msgid,
/// msgid_plural and the msgstr forms, with C escapes undone; comments are skipped. Not a full
/// PO parser (no obsolete `#~` entries, no previous-msgid comments kept): enough to compare what
/// the programs say with what the catalogs hold.
package struct POFile: Sendable {
    package struct Entry: Sendable, Equatable {
        package var context: String?
        package var id: String
        package var plural: String?
        /// msgstr, or msgstr[0], msgstr[1]...
        package var translations: [String]
    }

    package var entries: [Entry] = []

    /// The header's fields ("Plural-Forms", "Language"...).
    package var header: [String: String] {
        guard let text = entries.first(where: { $0.context == nil && $0.id.isEmpty })?.translations.first else { return [:] }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    package init(path: String) throws {
        try self.init(text: String(contentsOfFile: path, encoding: .utf8))
    }

    package init(text: String) {
        var current: (context: String?, id: String?, plural: String?, translations: [Int: String]) = (nil, nil, nil, [:])
        var field: String?
        func flush() {
            if let id = current.id {
                entries.append(Entry(context: current.context, id: id, plural: current.plural,
                                     translations: current.translations.keys.sorted().map { current.translations[$0]! }))
            }
            current = (nil, nil, nil, [:])
            field = nil
        }
        func append(_ text: String) {
            switch field {
            case "msgctxt": current.context = (current.context ?? "") + text
            case "msgid": current.id = (current.id ?? "") + text
            case "msgid_plural": current.plural = (current.plural ?? "") + text
            case let name? where name.hasPrefix("msgstr"):
                let index = Int(name.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }) ?? 0
                current.translations[index, default: ""] += text
            default: break
            }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { flush(); continue }
            if trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("\"") {
                append(Self.unquoted(trimmed))
                continue
            }
            guard let space = trimmed.firstIndex(of: " ") else { continue }
            let name = String(trimmed[..<space])
            if name == "msgctxt" || (name == "msgid" && current.id != nil) { if current.id != nil { flush() } }
            field = name
            append(Self.unquoted(String(trimmed[trimmed.index(after: space)...])))
        }
        flush()
    }

    /// The text of a quoted C string: `"a\"b\n"` → `a"b` and a newline.
    static func unquoted(_ quoted: String) -> String {
        var text = ""
        var escaping = false
        for character in quoted.dropFirst().dropLast() {
            if escaping {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// The translations of `id` in `context`.
    package func translations(of id: String, context: String? = nil) -> [String]? {
        entries.first { $0.id == id && $0.context == context }?.translations
    }
}

/// Writes .mo files, for tests that need one the catalogs' tools would not write: unsorted,
/// big-endian, truncated, or with strings that are not UTF-8.
package enum MOFileWriter {
    /// (original, translation) pairs as raw bytes: an original is `context` EOT `id` (NUL
    /// `plural`), a translation its forms joined by NUL. `sorted`: in strcmp order, as msgfmt
    /// writes them.
    package static func bytes(_ entries: [([UInt8], [UInt8])], bigEndian: Bool = false, sorted: Bool = true) -> [UInt8] {
        let list = sorted ? entries.sorted { $0.0.lexicographicallyPrecedes($1.0) } : entries
        let count = list.count
        let headerSize = 28
        let originalTable = headerSize, translationTable = headerSize + count * 8
        var strings: [UInt8] = []
        var originals: [(Int, Int)] = [], translations: [(Int, Int)] = []
        let stringsStart = translationTable + count * 8
        for (original, _) in list {
            originals.append((original.count, stringsStart + strings.count))
            strings += original + [0]
        }
        for (_, translation) in list {
            translations.append((translation.count, stringsStart + strings.count))
            strings += translation + [0]
        }
        var out: [UInt8] = []
        func word(_ value: Int) {
            let v = UInt32(truncatingIfNeeded: value)
            let bytes = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
            out += bigEndian ? bytes.reversed() : bytes
        }
        word(0x9504_12de); word(0); word(count); word(originalTable); word(translationTable); word(0); word(stringsStart)
        for (length, offset) in originals { word(length); word(offset) }
        for (length, offset) in translations { word(length); word(offset) }
        return out + strings
    }

    /// The pairs of text entries: (context, id, plural, forms).
    package static func bytes(texts: [(String?, String, String?, [String])], header: String = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n",
                             bigEndian: Bool = false, sorted: Bool = true) -> [UInt8] {
        var entries: [([UInt8], [UInt8])] = [([], Array(header.utf8))]
        for (context, id, plural, forms) in texts {
            var original: [UInt8] = context.map { Array($0.utf8) + [4] } ?? []
            original += Array(id.utf8)
            if let plural { original += [0] + Array(plural.utf8) }
            entries.append((original, Array(forms.joined(separator: "\0").utf8)))
        }
        return bytes(entries, bigEndian: bigEndian, sorted: sorted)
    }
}
