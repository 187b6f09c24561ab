import A11yVocabulary

/// The words of one language: every phrase the controls speak, show in braille or on screen,
/// looked up by `MessageKey`, with `{placeholders}` filled in.
///
/// Each language is one plain file of `key = phrase` lines in `Catalogs/` (a Swift raw string,
/// so it is compiled in: nothing is read or parsed from disk at start-up, and there is no new
/// runtime dependency). A phrase missing from a catalog falls back to English for that phrase
/// alone. README "Languages" says how to add one.
public struct Messages: Sendable {
    /// The language's code ("en", "de", "fr", "es").
    public let language: String
    let phrases: [String: String]

    /// The languages with a catalog.
    public static let languages: [String] = ["en", "de", "fr", "es"]

    /// English, the reference catalog.
    public static let english = Messages(language: "en", phrases: parse(englishCatalog))

    /// The catalog for `language` ("de", "de-AT", "de_DE.UTF-8", "pt-BR"...), English when there
    /// is none.
    public init(for language: String?) {
        let code = Self.languageCode(of: language ?? "en")
        switch code {
        case "de": self.init(language: code, phrases: Self.parse(Self.germanCatalog))
        case "fr": self.init(language: code, phrases: Self.parse(Self.frenchCatalog))
        case "es": self.init(language: code, phrases: Self.parse(Self.spanishCatalog))
        default: self = .english
        }
    }

    init(language: String, phrases: [String: String]) {
        self.language = language
        self.phrases = phrases
        self.templates = MessageKey.allCases.map { key in phrases[key.rawValue].map(Template.init) }
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
            pieces = phrase.withUTF8 { bytes in
                var pieces: [String] = []
                var rest = 0
                while let open = bytes[rest...].firstIndex(of: UInt8(ascii: "{")),
                      let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) {
                    pieces.append(bytes.text(rest..<open))
                    pieces.append(bytes.text(open + 1..<close))
                    rest = close + 1
                }
                pieces.append(bytes.text(rest..<bytes.count))
                return pieces
            }
        }

        /// The phrase with each placeholder that `arguments` has replaced (the others stay as
        /// they are written).
        func filled(_ arguments: MessageArguments) -> String {
            guard pieces.count > 1 else { return pieces[0] }
            return String(joining: pieces.indices.map { index in
                if index % 2 == 0 { return pieces[index] }
                return arguments[pieces[index]] ?? "{" + pieces[index] + "}"
            })
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
        guard let template = templates[key.ordinal] ?? Self.english.templates[key.ordinal] else { return key.rawValue }
        return template.filled(arguments)
    }

    /// `key = phrase` lines; blank lines and lines starting with `#` are ignored.
    ///
    /// One pass over the catalog's UTF-8 bytes (lines split and trimmed as byte ranges, a string
    /// made only for each key and phrase): split into substrings and trimmed as such, the
    /// English catalog took 470,000 instructions of every start.
    static func parse(_ catalog: String) -> [String: String] {
        var catalog = catalog
        return catalog.withUTF8 { bytes in
            var phrases: [String: String] = [:]
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
                phrases[bytes.text(trimmed(line.lowerBound..<equals))] = bytes.text(trimmed(equals + 1..<line.upperBound))
            }
            return phrases
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
    var pairs: [(name: String, value: String)]

    public init(dictionaryLiteral elements: (String, String)...) {
        pairs = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The value of `name`: the first pair's that has it.
    subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// The pairs of both (for a name in both, the left one's value is found first).
    static func + (a: Self, b: Self) -> Self {
        var both = a
        both.pairs += b.pairs
        return both
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The UTF-8 bytes of `range` as a string (a catalog's key or phrase, a piece of a phrase).
    fileprivate func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }
}
