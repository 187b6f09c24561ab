/// A compiled gettext catalog (a `.mo` file, as `msgfmt` writes it), read from its bytes.
///
/// The format is the gettext manual's ("The Format of GNU MO Files"): a header of 32-bit words
/// in the file's byte order (the magic number 0x950412de tells which), the number of strings N,
/// the offsets of two tables of N (length, offset) pairs, the original strings and their
/// translations. An original is `msgid`, or `msgctxt` EOT (0x04) `msgid`, followed for a plural
/// by NUL and `msgid_plural`; a plural's translation is its forms joined by NUL. msgfmt sorts the
/// originals, so a lookup is a binary search; an unsorted file is searched in order.
///
/// Nothing in the file is trusted: every table and string is checked against the file's size
/// when it is read, strings must end with NUL and be UTF-8, and what cannot be read is left out
/// (`problems` says what); the hash table is not used.
package struct MOFile: Sendable {
    /// Why a file cannot be read as a catalog at all.
    package struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        package let description: String
    }

    private let bytes: [UInt8]
    /// Where each original and each translation is: (offset, length), length without the NUL.
    private let originals: [(Int, Int)]
    private let translations: [(Int, Int)]
    /// Whether `originals` are in strcmp order (a binary search finds them).
    private let sorted: Bool
    /// What was left out, in words ("string 3's translation is not UTF-8").
    package private(set) var problems: [String] = []

    /// The number of strings, the header's entry included.
    package var count: Int { originals.count }

    package init(bytes: [UInt8]) throws(Malformed) {
        guard bytes.count >= 28 else { throw Malformed(description: "too short for a .mo file (\(bytes.count) bytes)") }
        let little = Self.word(bytes, 0, littleEndian: true)
        let big = Self.word(bytes, 0, littleEndian: false)
        let littleEndian: Bool
        if little == 0x9504_12de { littleEndian = true } else if big == 0x9504_12de { littleEndian = false } else {
            throw Malformed(description: "not a .mo file (no magic number)")
        }
        func word(_ offset: Int) -> Int { Int(Self.word(bytes, offset, littleEndian: littleEndian)) }
        let revision = word(4)
        guard revision >> 16 <= 1 else { throw Malformed(description: "a .mo file of revision \(revision >> 16), not 0 or 1") }
        let count = word(8), originalTable = word(12), translationTable = word(16)
        guard count <= (bytes.count - 28) / 16,
              originalTable <= bytes.count - count * 8, translationTable <= bytes.count - count * 8 else {
            throw Malformed(description: "truncated: its string tables end past the end of the file")
        }
        var problems: [String] = []
        /// The (offset, length) pairs of a table; a string past the end or without its NUL
        /// becomes (0, -1): left out.
        func table(_ start: Int, _ what: String) -> [(Int, Int)] {
            (0..<count).map { index in
                let length = word(start + index * 8), offset = word(start + index * 8 + 4)
                guard offset < bytes.count, length < bytes.count - offset, bytes[offset + length] == 0 else {
                    problems.append("string \(index)'s \(what) lies past the end of the file")
                    return (0, -1)
                }
                return (offset, length)
            }
        }
        self.bytes = bytes
        originals = table(originalTable, "original")
        translations = table(translationTable, "translation")
        var sorted = true
        for index in originals.indices.dropFirst() where originals[index - 1].1 >= 0 && originals[index].1 >= 0 {
            if Self.compare(bytes, originals[index - 1], bytes, originals[index]) > 0 { sorted = false; break }
        }
        self.sorted = sorted
        self.problems = problems
    }

    /// The translation (its forms, one for a phrase without plural) of `id` in `context`; nil when
    /// the catalog has none, or it cannot be read. An entry whose translation is empty counts as
    /// none (msgfmt leaves untranslated entries out).
    package func translation(of id: String, context: String? = nil) -> [String]? {
        guard let index = self.index(of: id, context: context) else { return nil }
        let (offset, length) = translations[index]
        guard length > 0 else { return nil }
        var forms: [String] = []
        var start = offset
        for position in offset...(offset + length) where bytes[position] == 0 {
            guard let form = String(validating: bytes[start..<position], as: UTF8.self) else { return nil }
            forms.append(form)
            start = position + 1
        }
        return forms
    }

    /// `body` given the bytes of the translation of `id` in `context` (its forms joined by NUL),
    /// checked to be UTF-8; nil when the catalog has none, it is empty, or it is not UTF-8. No
    /// string is made: the messages cut their templates from the bytes.
    package func withTranslation<T>(of id: String, context: String? = nil, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard let index = self.index(of: id, context: context) else { return nil }
        let (offset, length) = translations[index]
        guard length > 0 else { return nil }
        return bytes.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[offset..<(offset + length)])
            return Self.isUTF8(text) ? body(text) : nil
        }
    }

    /// Whether `bytes` are well-formed UTF-8 (no overlong form, no surrogate, nothing past
    /// U+10FFFF), as the Unicode standard's table 3-7 has it.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let count: Int, low: UInt8, high: UInt8
            switch b {
            case 0xC2...0xDF: (count, low, high) = (1, 0x80, 0xBF)
            case 0xE0: (count, low, high) = (2, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (count, low, high) = (2, 0x80, 0xBF)
            case 0xED: (count, low, high) = (2, 0x80, 0x9F)
            case 0xF0: (count, low, high) = (3, 0x90, 0xBF)
            case 0xF1...0xF3: (count, low, high) = (3, 0x80, 0xBF)
            case 0xF4: (count, low, high) = (3, 0x80, 0x8F)
            default: return false
            }
            // The continuation bytes i+1...i+count: the first within its own bounds, the others 80...BF.
            guard i + count < n, (low...high).contains(bytes[i + 1]) else { return false }
            var k = 2
            while k <= count {
                guard (0x80...0xBF).contains(bytes[i + k]) else { return false }
                k += 1
            }
            i += count + 1
        }
        return true
    }

    /// The plural part of the original `id` in `context` (its `msgid_plural`), if it has one.
    package func pluralID(of id: String, context: String? = nil) -> String? {
        guard let index = self.index(of: id, context: context) else { return nil }
        let (offset, length) = originals[index]
        let end = offset + length
        guard let nul = bytes[offset..<end].firstIndex(of: 0) else { return nil }
        return String(validating: bytes[(nul + 1)..<end], as: UTF8.self)
    }

    /// Every original that can be read, as (msgctxt, msgid), in the file's order (the header's
    /// empty msgid included): for tools and tests.
    package var originalTexts: [(context: String?, id: String)] {
        originals.compactMap { offset, length in
            guard length >= 0 else { return nil }
            let text = bytes[offset..<(offset + length)]
            let end = text.firstIndex(of: 0) ?? text.endIndex
            guard let key = String(validating: text[..<end], as: UTF8.self) else { return nil }
            guard let separator = key.firstIndex(of: "\u{4}") else { return (nil, key) }
            return (String(key[..<separator]), String(key[key.index(after: separator)...]))
        }
    }

    /// The header's fields (the translation of the empty msgid): "Plural-Forms",
    /// "Content-Type", "Language"...
    package var header: [String: String] {
        guard let text = translation(of: "")?.first else { return [:] }
        var fields: [String: String] = [:]
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            fields[String(decoding: line[..<colon], as: UTF8.self)] = Self.trimmed(line[line.index(after: colon)...])
        }
        return fields
    }

    /// The header's field `name` ("Plural-Forms"), without making the others.
    package func headerField(_ name: String) -> String? {
        withTranslation(of: "") { text in
            for line in text.split(separator: UInt8(ascii: "\n")) {
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")), line[..<colon].elementsEqual(name.utf8) else { continue }
                let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
                return Self.trimmed(value[...].utf8)
            }
            return nil
        } ?? nil
    }

    /// `text` without the blanks at either end.
    static func trimmed(_ text: Substring.UTF8View.SubSequence) -> String {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return "" }
        return String(decoding: text[first...last], as: UTF8.self)
    }

    /// The index of the original `context` EOT `id` (or `id`), its bytes put together in a
    /// temporary buffer.
    private func index(of id: String, context: String?) -> Int? {
        let count = (context.map { $0.utf8.count + 1 } ?? 0) + id.utf8.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { key in
            var position = 0
            if let context {
                for byte in context.utf8 { key[position] = byte; position += 1 }
                key[position] = 4
                position += 1
            }
            for byte in id.utf8 { key[position] = byte; position += 1 }
            return index(of: UnsafeBufferPointer(rebasing: key[0..<count]))
        }
    }

    /// The index of the original whose bytes up to its first NUL are `key`.
    private func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            /// strcmp of the original at `index` and `key`.
            func order(_ index: Int) -> Int {
                let (offset, length) = originals[index]
                var i = 0
                while true {
                    let x: UInt8 = i < length ? bytes[offset + i] : 0
                    let y: UInt8 = i < key.count ? key[i] : 0
                    if x != y { return Int(x) - Int(y) }
                    if x == 0 { return 0 }
                    i += 1
                }
            }
            if sorted {
                var (low, high) = (0, originals.count)
                var searchable = true
                while low < high {
                    let middle = (low + high) / 2
                    guard originals[middle].1 >= 0 else { searchable = false; break }  // unreadable: search in order
                    let result = order(middle)
                    if result == 0 { return middle }
                    if result < 0 { low = middle + 1 } else { high = middle }
                }
                if searchable { return nil }
            }
            return originals.indices.first { originals[$0].1 >= 0 && order($0) == 0 }
        }
    }

    /// strcmp of two strings (up to the first NUL or their length).
    private static func compare(_ a: [UInt8], _ ra: (Int, Int), _ b: [UInt8], _ rb: (Int, Int)) -> Int {
        var i = 0
        while true {
            let x: UInt8 = i < ra.1 ? a[ra.0 + i] : 0
            let y: UInt8 = i < rb.1 ? b[rb.0 + i] : 0
            if x != y { return Int(x) - Int(y) }
            if x == 0 { return 0 }
            i += 1
        }
    }

    private static func word(_ bytes: [UInt8], _ offset: Int, littleEndian: Bool) -> UInt32 {
        let b = (UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2]), UInt32(bytes[offset + 3]))
        return littleEndian ? b.0 | b.1 << 8 | b.2 << 16 | b.3 << 24 : b.3 | b.2 << 8 | b.1 << 16 | b.0 << 24
    }
}
