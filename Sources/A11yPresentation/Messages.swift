import A11yVocabulary

/// The words of one language: every phrase the controls speak, show in braille or on screen,
/// with `{placeholders}` filled in, and the texts of the command line (help, errors). An
/// `Announcer` speaks with one.
///
/// The English phrases are in the source (`english`, the catalogs' msgids); every other language
/// is a gettext catalog (`po/<language>.po`, compiled by msgfmt to
/// `<localedir>/<language>/LC_MESSAGES/a11y-controls.mo`), which a `ControlSession` reads once
/// for `SessionOptions.language` or the locale. Each phrase is cut into its template as the
/// catalog is read, and a phrase the catalog lacks (or cannot be used: a placeholder its English
/// phrase does not have) is English for that phrase alone, so a key looks up one array element,
/// as cheap as a compiled-in table. CONTRIBUTING.md, "Adding a language", says how to add one.
public struct Messages: Sendable {
    /// The language's code as its catalog is named, in BCP 47 form ("en", "de", "pt-BR").
    public let language: String

    /// Each key's phrase, by `MessageKey.ordinal`: this language's, or English's.
    private let phrases: [Phrase]
    /// The catalog, for the texts looked up by their English (`text(_:)`); nil for English.
    private let catalog: MOFile?
    /// The catalog's plural rule (English's without a catalog).
    private let rule: PluralRule

    /// One key's forms (one; a phrase that counts has one per plural form) and the rule that
    /// picks among them. The first form is kept apart: a phrase without plural forms (nearly
    /// all) holds no array of its own.
    struct Phrase: Sendable {
        let first: Template
        let others: [Template]
        let rule: PluralRule

        init(forms: [Template], rule: PluralRule) {
            first = forms[0]
            others = Array(forms.dropFirst())
            self.rule = rule
        }

        init(first: Template, others: [Template], rule: PluralRule) {
            self.first = first
            self.others = others
            self.rule = rule
        }

        var forms: [Template] { [first] + others }

        /// The form for `count` (the only one without plural forms).
        func form(for count: Int?) -> Template {
            guard !others.isEmpty, let count else { return first }
            let index = min(rule.form(for: count), others.count)
            return index == 0 ? first : others[index - 1]
        }
    }

    /// English, the phrases of the source.
    public static let english = Messages(
        language: "en", phrases: MessageKey.englishPhrases.map { Phrase(forms: $0.forms.map(Template.init), rule: .english) },
        catalog: nil, rule: .english)

    private init(language: String, phrases: [Phrase], catalog: MOFile?, rule: PluralRule) {
        self.language = language
        self.phrases = phrases
        self.catalog = catalog
        self.rule = rule
    }

    /// The words of `catalog` (a compiled catalog of `language`, "de" or "pt-BR"), English for
    /// every phrase it lacks. What cannot be used is English and is added to `problems` in
    /// words: a phrase using a placeholder its English has not, a plural rule that cannot be read
    /// (English for the phrases that count), the file's own unreadable strings.
    package init(language: String, catalog: MOFile, problems: inout [String]) {
        var rule = PluralRule.english
        var pluralsUsable = true
        if let header = catalog.headerField("Plural-Forms") {
            do {
                rule = try PluralRule(header: header)
            } catch {
                problems.append("\(error); the phrases that count are English")
                pluralsUsable = false
            }
        }
        problems += catalog.problems
        var refused: [String] = []
        let english = Messages.english.phrases
        var phrases = english
        for (ordinal, source) in MessageKey.englishPhrases.enumerated() {
            if source.forms.count > 1 && !pluralsUsable { continue }
            // Cut into templates straight from the file's bytes (checked UTF-8): no string is made
            // for a whole phrase, no array for a phrase without plural forms.
            let allowed = Messages.englishPlaceholders[ordinal]
            let cut = catalog.withTranslation(of: source.forms[0], context: source.key) { bytes -> Phrase? in
                var first: Template?
                var others: [Template] = []
                var start = 0
                for end in 0...bytes.count where end == bytes.count || bytes[end] == 0 {
                    let template = Template(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    // Only the placeholders the English phrase has (a translation may leave some out).
                    guard stride(from: 1, to: template.pieces.count, by: 2).allSatisfy({ allowed.contains(template.pieces[$0]) }) else {
                        return nil
                    }
                    if first == nil { first = template } else { others.append(template) }
                    start = end + 1
                }
                return Phrase(first: first!, others: source.forms.count > 1 ? others : [], rule: source.forms.count > 1 ? rule : .english)
            }
            switch cut {
            case nil: continue                          // not in the catalog (or not UTF-8): English
            case .some(nil): refused.append(source.key)
            case .some(let phrase?): phrases[ordinal] = phrase
            }
        }
        if !refused.isEmpty {
            problems.append("\(refused.joined(separator: ", ")) \(refused.count == 1 ? "uses a placeholder its" : "use placeholders their") "
                            + "English phrase lacks; English instead")
        }
        self.init(language: language, phrases: phrases, catalog: catalog, rule: rule)
    }

    /// The placeholder names of each English phrase (all its forms), by ordinal.
    private static let englishPlaceholders: [[String]] = english.phrases.map { phrase in
        Array(Set(phrase.forms.flatMap(\.placeholders)))
    }

    /// The messages of `phrases` (key to phrase) over English, for tests.
    init(language: String, phrases: [String: String]) {
        let english = Messages.english
        self.init(language: language,
                  phrases: MessageKey.allCases.map { key in
                      phrases[key.rawValue].map { Phrase(forms: [Template($0)], rule: .english) } ?? english.phrases[key.ordinal]
                  },
                  catalog: nil, rule: .english)
    }

    // MARK: Phrases by key (on every key: one array element, cut into its template already)

    /// The phrase `key` with each `{name}` replaced by `arguments[name]`; `count` picks the form
    /// of a phrase that counts ("1 percent", "2 percent" in a language that tells them apart).
    package func callAsFunction(_ key: MessageKey, _ arguments: MessageArguments = [:], count: Int? = nil) -> String {
        phrases[key.ordinal].form(for: count).filled(arguments)
    }

    /// The message written at the end of `line` (what `callAsFunction` returns, with no string
    /// of its own).
    func append(_ key: MessageKey, _ arguments: MessageArguments, to line: inout ByteLine) {
        phrases[key.ordinal].form(for: nil).append(arguments, to: &line)
    }

    // MARK: Texts by their English (the command line's help and errors; not on the key path)

    /// The translation of `english` (a msgid without context: `make pot` takes the text of each
    /// `tr("…")` in the source), with `{placeholders}` filled in; `english` itself when the
    /// catalog has none, or its translation uses a placeholder `english` lacks.
    package func tr(_ english: String, _ arguments: MessageArguments = [:]) -> String {
        Template(translated([english], count: nil)).filled(arguments)
    }

    /// The form of `one` / `other` (a msgid and msgid_plural: `make pot` takes those of each
    /// `trPlural("…", "…", …)`) for `count`, with `{placeholders}` filled in.
    package func trPlural(_ one: String, _ other: String, count: Int, _ arguments: MessageArguments = [:]) -> String {
        Template(translated([one, other], count: count)).filled(arguments)
    }

    private func translated(_ english: [String], count: Int?) -> String {
        let fallback = english.count > 1 && PluralRule.english.form(for: count ?? 1) == 1 ? english[1] : english[0]
        guard let forms = catalog?.translation(of: english[0]), !forms.isEmpty else { return fallback }
        let allowed = Self.placeholders(in: english.joined())
        guard forms.allSatisfy({ Self.placeholders(in: $0).isSubset(of: allowed) }) else { return fallback }
        guard english.count > 1, let count else { return forms[0] }
        return forms[min(rule.form(for: count), forms.count - 1)]
    }

    // MARK: Languages

    /// The language of the locale in `environment`: the first of LC_ALL, LC_MESSAGES, LANG that
    /// is set and not empty ("de" from "de_DE.UTF-8"); nil when none is, or it is C or POSIX.
    package static func localeLanguage(in environment: [String: String]) -> String? {
        guard let name = localeName(in: environment) else { return nil }
        let language = name.prefix { $0 != "_" && $0 != "." && $0 != "@" }
        return language.isEmpty ? nil : String(language)
    }

    /// The locale name in `environment` as a catalog is looked for by it ("de_AT.UTF-8"): the
    /// first of LC_ALL, LC_MESSAGES, LANG that is set and not empty; nil when none is, or it is C
    /// or POSIX.
    package static func localeName(in environment: [String: String]) -> String? {
        guard let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty })
        else { return nil }
        let language = name.prefix { $0 != "_" && $0 != "." && $0 != "@" }
        return language.isEmpty || language == "C" || language == "POSIX" ? nil : name
    }

    /// The catalog names to look for, in gettext's order, for a language or locale name:
    /// "pt-BR" or "pt_BR.UTF-8" gives ["pt_BR", "pt"], "sr@latin" ["sr@latin", "sr"], "de" ["de"];
    /// nothing for C, POSIX or a name that is not a language ("../x").
    package static func catalogNames(for name: String) -> [String] {
        var rest = Substring(name)
        var modifier: Substring?
        if let at = rest.firstIndex(of: "@") { modifier = rest[rest.index(after: at)...]; rest = rest[..<at] }
        if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
        let parts = rest.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: { $0 == "_" || $0 == "-" })
        let language = parts.first.map { $0.lowercased() } ?? ""
        let territory = parts.count > 1 ? parts[1].uppercased() : nil
        let plain: (Substring) -> Bool = { !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard plain(Substring(language)), language != "c", language != "posix",
              territory.map({ plain(Substring($0)) }) ?? true, modifier.map(plain) ?? true else { return [] }
        var names: [String] = []
        for (withTerritory, withModifier) in [(true, true), (true, false), (false, true), (false, false)] {
            if withTerritory && territory == nil || withModifier && modifier == nil { continue }
            names.append(language + (withTerritory ? "_" + territory! : "") + (withModifier ? "@" + String(modifier!) : ""))
        }
        return names
    }

    /// The `{placeholders}` of a phrase.
    package static func placeholders(in phrase: String) -> Set<String> {
        let pieces = Template(phrase).pieces
        return Set(stride(from: 1, to: pieces.count, by: 2).map { pieces[$0] })
    }

    // MARK: Templates

    /// A phrase as text and `{placeholder}` names in turn: `pieces[0]` text, `pieces[1]` a name,
    /// `pieces[2]` text...; one piece when it has no placeholder. Cut once, when the catalog is
    /// read: filling one searches nothing (phrases are filled several times on every key).
    struct Template: Sendable {
        let pieces: [String]

        init(_ phrase: String) {
            var phrase = phrase
            self = phrase.withUTF8(Template.init(utf8:))
        }

        /// The names of its placeholders, in order.
        var placeholders: [String] { stride(from: 1, to: pieces.count, by: 2).map { pieces[$0] } }

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
}

/// The values of a phrase's `{placeholders}`, written as a dictionary literal
/// (`["lower": "10", "upper": "90"]`): a few pairs, looked up in turn (a phrase has at most a
/// handful), so filling a phrase on every key hashes and allocates no dictionary.
package struct MessageArguments: ExpressibleByDictionaryLiteral, Sendable {
    /// Name and value (the literal's own array, kept: no copy).
    var pairs: [(String, String)]

    package init(dictionaryLiteral elements: (String, String)...) {
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
