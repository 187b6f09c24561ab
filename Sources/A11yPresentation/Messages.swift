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
    public func callAsFunction(_ key: MessageKey, _ arguments: [String: String] = [:]) -> String {
        let phrase = phrases[key.rawValue] ?? Self.english.phrases[key.rawValue] ?? key.rawValue
        return arguments.isEmpty ? phrase : Self.fill(phrase, arguments)
    }

    /// `phrase` with each `{name}` that `arguments` has replaced, in one pass over its UTF-8
    /// (this runs on every key: no pattern matching library, no string per placeholder).
    static func fill(_ phrase: String, _ arguments: [String: String]) -> String {
        let utf8 = phrase.utf8
        var text = ""
        text.reserveCapacity(utf8.count + 16)
        var copied = utf8.startIndex
        var index = copied
        while let open = utf8[index...].firstIndex(of: UInt8(ascii: "{")) {
            guard let close = utf8[open...].firstIndex(of: UInt8(ascii: "}")) else { break }
            let name = Substring(phrase.utf8[utf8.index(after: open)..<close])
            if let value = arguments[String(name)] {
                text += Substring(phrase.utf8[copied..<open])
                text += value
                copied = utf8.index(after: close)
            }
            index = utf8.index(after: close)
        }
        text += Substring(phrase.utf8[copied...])
        return text
    }

    /// `key = phrase` lines; blank lines and lines starting with `#` are ignored.
    static func parse(_ catalog: String) -> [String: String] {
        var phrases: [String: String] = [:]
        for line in catalog.utf8.split(separator: UInt8(ascii: "\n")) {
            let trimmed = Substring(line).trimmingSpaces
            guard let equals = trimmed.utf8.firstIndex(of: UInt8(ascii: "=")), trimmed.utf8.first != UInt8(ascii: "#") else { continue }
            phrases[String(trimmed[..<equals].trimmingSpaces)] = String(trimmed[trimmed.utf8.index(after: equals)...].trimmingSpaces)
        }
        return phrases
    }

    /// The `{placeholders}` of a phrase.
    public static func placeholders(in phrase: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(phrase)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
