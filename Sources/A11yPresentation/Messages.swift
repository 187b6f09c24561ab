import A11yVocabulary

/// The words of one language: every phrase the controls speak, show in braille or on screen,
/// looked up by `MessageKey`, with `{placeholders}` filled in.
///
/// Each language is one plain file of `key = phrase` lines in `Catalogs/` (a Swift raw string,
/// so it is compiled in: nothing is read or parsed from disk at start-up, and there is no new
/// runtime dependency). A phrase missing from a catalog falls back to English for that phrase
/// alone. CONTRIBUTING.md, "Adding a language", says how to add one.
public struct Messages: Sendable {
    /// The language's code ("en", "de", "fr", "es").
    public let language: String

    /// The languages with a catalog.
    public static let languages: [String] = ["en", "de", "fr", "es"]

    /// English, the reference catalog.
    public static let english = Messages(language: "en", catalog: englishCatalog)

    /// The catalog for `language` ("de", "de-AT", "de_DE.UTF-8", "pt-BR"...), English when there
    /// is none.
    public init(for language: String?) {
        let code = Self.languageCode(of: language ?? "en")
        switch code {
        case "de": self.init(language: code, catalog: Self.germanCatalog)
        case "fr": self.init(language: code, catalog: Self.frenchCatalog)
        case "es": self.init(language: code, catalog: Self.spanishCatalog)
        default: self = .english
        }
    }

    /// The phrases of `catalog` (`key = phrase` lines), each cut into its template as it is
    /// read and kept by its key's ordinal: no string is made for a key and no dictionary is
    /// built or searched. The catalog is read at every start, before the first braille frame,
    /// where a dictionary looked up key by key would cost more.
    /// A line whose key the code does not know is left out (the catalog tests report it).
    init(language: String, catalog: String) {
        var templates = [Template?](repeating: nil, count: Self.keys.count)
        var next = 0
        Self.forEachEntry(in: catalog) { key, phrase in
            guard let ordinal = Self.ordinal(ofKey: key, from: next) else { return }
            templates[ordinal] = Template(utf8: phrase)
            next = ordinal + 1
        }
        self.language = language
        self.templates = templates
    }

    /// The messages of `phrases` (key to phrase), for tests.
    init(language: String, phrases: [String: String]) {
        self.language = language
        self.templates = MessageKey.allCases.map { key in phrases[key.rawValue].map(Template.init) }
    }

    /// Every key, in the order of their ordinals (`allCases` makes a new array at each use).
    private static let keys = MessageKey.allCases

    /// The ordinal of the key spelled by `bytes`, looked for from `start` on and then from the
    /// first key: catalogs list their keys in the order of `MessageKey`, so a key is nearly always
    /// the first one tried.
    private static func ordinal(ofKey bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        for offset in 0..<keys.count {
            let ordinal = (start + offset) % keys.count
            var name = keys[ordinal].rawValue
            if name.utf8.count == bytes.count, name.withUTF8({ $0.elementsEqual(bytes) }) { return ordinal }
        }
        return nil
    }

    /// Each key's phrase cut at its placeholders once, when the catalog is read: a key looks
    /// up no string and searches no phrase (phrases are filled several times on every key).
    /// By `MessageKey.ordinal` (nil: the catalog lacks the phrase).
    private let templates: [Template?]

    /// A phrase as text and `{placeholder}` names in turn: `pieces[0]` text, `pieces[1]` a name,
    /// `pieces[2]` text...; one piece when it has no placeholder.
    struct Template: Sendable {
        let pieces: [String]

        init(_ phrase: String) {
            var phrase = phrase
            self = phrase.withUTF8(Template.init(utf8:))
        }

        /// The phrase whose UTF-8 bytes are `phrase`, cut at its placeholders.
        init(utf8 phrase: UnsafeBufferPointer<UInt8>) {
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: phrase[range]), as: UTF8.self) }
            var pieces: [String] = []
            var rest = 0
            while let open = phrase[rest...].firstIndex(of: UInt8(ascii: "{")),
                  let close = phrase[open...].firstIndex(of: UInt8(ascii: "}")) {
                pieces.append(text(rest..<open))
                pieces.append(text(open + 1..<close))
                rest = close + 1
            }
            pieces.append(text(rest..<phrase.count))
            self.pieces = pieces
        }

        /// The phrase with each placeholder that `arguments` has replaced (the others stay as
        /// they are written).
        func filled(_ arguments: MessageArguments) -> String {
            guard pieces.count > 1 else { return pieces[0] }
            var line = ByteLine(capacity: 64)
            append(arguments, to: &line)
            return line.text
        }

        /// The phrase with `arguments` in its places (an unknown place as it is written).
        func append(_ arguments: MessageArguments, to line: inout ByteLine) {
            for index in pieces.indices {
                if index % 2 == 0 {
                    line.append(pieces[index])
                } else if let argument = arguments[pieces[index]] {
                    line.append(argument)
                } else {
                    line.append("{" + pieces[index] + "}")
                }
            }
        }
    }

    /// The catalog text of `language`, nil when there is none (for tests and tools).
    public static func catalogText(of language: String) -> String? {
        switch language {
        case "en": englishCatalog
        case "de": germanCatalog
        case "fr": frenchCatalog
        case "es": spanishCatalog
        default: nil
        }
    }

    /// The language of the locale in `environment`: the first of LC_ALL, LC_MESSAGES, LANG that
    /// is set and not empty ("de" from "de_DE.UTF-8"); nil when none is, or it is C or POSIX.
    public static func localeLanguage(in environment: [String: String]) -> String? {
        guard let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty })
        else { return nil }
        let language = name.prefix { $0 != "_" && $0 != "." && $0 != "@" }
        return language.isEmpty || language == "C" || language == "POSIX" ? nil : String(language)
    }

    /// "de" from "de_DE.UTF-8", "de-AT" or "DE"; "en" from "C" or "POSIX".
    public static func languageCode(of name: String) -> String {
        let code = name.prefix { $0 != "_" && $0 != "-" && $0 != "." && $0 != "@" }.lowercased()
        return code.isEmpty || code == "c" || code == "posix" ? "en" : code
    }

    /// The phrase `key` with each `{name}` replaced by `arguments[name]`.
    public func callAsFunction(_ key: MessageKey, _ arguments: MessageArguments = [:]) -> String {
        guard let template = template(key) else { return key.rawValue }
        return template.filled(arguments)
    }

    /// The message written at the end of `line` (what `callAsFunction` returns, with no string
    /// of its own).
    func append(_ key: MessageKey, _ arguments: MessageArguments, to line: inout ByteLine) {
        guard let template = template(key) else { return line.append(key.rawValue) }
        template.append(arguments, to: &line)
    }

    /// The phrase for `key`: this language's, or English where it has none.
    private func template(_ key: MessageKey) -> Template? {
        templates[key.ordinal] ?? Self.english.templates[key.ordinal]
    }

    /// `key = phrase` lines; blank lines and lines starting with `#` are ignored (for tests
    /// and tools: `init(language:catalog:)` reads a catalog without making this dictionary).
    static func parse(_ catalog: String) -> [String: String] {
        var phrases: [String: String] = [:]
        forEachEntry(in: catalog) { key, phrase in
            phrases[String(decoding: key, as: UTF8.self)] = String(decoding: phrase, as: UTF8.self)
        }
        return phrases
    }

    /// Calls `body` with the key and the phrase of each `key = phrase` line of `catalog`, as
    /// UTF-8 bytes without the blanks around them, in one pass over its bytes; blank lines and
    /// lines starting with `#` are skipped.
    private static func forEachEntry(in catalog: String, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        var catalog = catalog
        catalog.withUTF8 { bytes in
            /// `range` without the blanks at either end.
            func trimmed(_ range: Range<Int>) -> Range<Int> {
                var (start, end) = (range.lowerBound, range.upperBound)
                while start < end, bytes[start].isBlankSpace { start += 1 }
                while end > start, bytes[end - 1].isBlankSpace { end -= 1 }
                return start..<end
            }
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                let line = trimmed(lineStart..<lineEnd)
                lineStart = lineEnd + 1
                guard !line.isEmpty, bytes[line.lowerBound] != UInt8(ascii: "#"),
                      let equals = line.first(where: { bytes[$0] == UInt8(ascii: "=") }) else { continue }
                body(UnsafeBufferPointer(rebasing: bytes[trimmed(line.lowerBound..<equals)]),
                     UnsafeBufferPointer(rebasing: bytes[trimmed(equals + 1..<line.upperBound)]))
            }
        }
    }

    /// The `{placeholders}` of a phrase.
    public static func placeholders(in phrase: String) -> Set<String> {
        let pieces = Template(phrase).pieces
        return Set(stride(from: 1, to: pieces.count, by: 2).map { pieces[$0] })
    }
}

/// The values of a phrase's `{placeholders}`, written as a dictionary literal
/// (`["lower": "10", "upper": "90"]`): a few pairs, looked up in turn (a phrase has at most a
/// handful), so filling a phrase on every key hashes and allocates no dictionary.
public struct MessageArguments: ExpressibleByDictionaryLiteral, Sendable {
    /// Name and value (the literal's own array, kept: no copy).
    var pairs: [(String, String)]

    public init(dictionaryLiteral elements: (String, String)...) {
        pairs = elements
    }

    /// The value of `name`: the first pair's that has it.
    subscript(name: String) -> String? { pairs.first { $0.0 == name }?.1 }

    /// The pairs of both (for a name in both, the left one's value is found first).
    static func + (a: Self, b: Self) -> Self {
        var both = a
        both.pairs += b.pairs
        return both
    }
}
