import A11yDevices
import A11yTestSupport
import Foundation
import Testing
@testable import A11yPresentation
@testable import A11ySession

/// Finding and reading the catalogs as a11y-demo does at its start: a language added by a .po
/// file alone, gettext's order of names, and everything that can be wrong with a catalog or its
/// directory: English for what cannot be read, one line about it, once; never a crash or a wrong
/// word.
@Suite struct MessageCatalogsTests {
    /// A locale directory of this test's own, removed at the end.
    final class LocaleDirectory {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-locale-\(UUID().uuidString.prefix(8))").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func catalog(_ language: String) -> String { path + "/\(language)/LC_MESSAGES/a11y-controls.mo" }

        func write(_ bytes: [UInt8], language: String) throws {
            try FileManager.default.createDirectory(atPath: path + "/\(language)/LC_MESSAGES", withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: catalog(language)))
        }
    }

    static func po(language: String, plural: String = "nplurals=2; plural=(n != 1);", _ entries: String) -> String {
        """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Language: \(language)\\n"
        "Plural-Forms: \(plural)\\n"

        \(entries)
        """
    }

    static let dutch = po(language: "nl", #"""
        #, python-brace-format
        msgctxt "cancelled"
        msgid "cancelled"
        msgstr "geannuleerd"

        #, python-brace-format
        msgctxt "limit.meetsOther"
        msgid "{value}, meets {other}"
        msgstr "{value}, raakt {other}"

        msgctxt "handle.upper"
        msgid "upper"
        msgstr "bovenste schuif"

        #, python-brace-format
        msgctxt "span"
        msgid "{span} percent of the track"
        msgid_plural "{span} percent of the track"
        msgstr[0] "{span} procent van de schaal"
        msgstr[1] "{span} procent van de schaal"

        #, python-brace-format
        msgid "Error: {problem}"
        msgstr "Fout: {problem}"
        """#)

    @Test func aLanguageIsAddedByItsCatalogAlone() throws {
        let directory = try LocaleDirectory()
        let (status, log) = try TestCatalogs.compile(po: Self.dutch, language: "nl", into: directory.path)
        #expect(status == 0, "\(log)")
        let (dutch, problem) = MessageCatalogs.load("nl", from: .explicit(directory.path))
        #expect(problem == nil && dutch.language == "nl")
        #expect(dutch(.cancelled) == "geannuleerd")
        #expect(dutch(.meetsOther, ["value": "90", "other": dutch(.handleUpper)]) == "90, raakt bovenste schuif")
        #expect(dutch(.span, ["span": "80"], count: 80) == "80 procent van de schaal")
        #expect(dutch(.alreadyThere, ["value": "5"]) == "already 5")          // not translated: English
        #expect(dutch.tr("Error: {problem}", ["problem": "x"]) == "Fout: x")
        #expect(dutch.tr("Unknown option {option}", ["option": "'-x'"]) == "Unknown option '-x'")
        // A locale with a region finds it too ("nl_BE", then "nl"); the session's speech is told nl.
        #expect(MessageCatalogs.load("nl_BE.UTF-8", from: .explicit(directory.path)).0.language == "nl")
        #expect(MessageCatalogs.load("nl-BE", from: .installed([directory.path])).0.language == "nl")
        #expect(MessageCatalogs.messages(for: "nl", environment: ["A11Y_LOCALEDIR": directory.path]).language == "nl")
    }

    @Test func gettextsOrderOfNamesAndTheRegionsOwnCatalogFirst() throws {
        #expect(Messages.catalogNames(for: "pt-BR") == ["pt_BR", "pt"])
        #expect(Messages.catalogNames(for: "pt_br.UTF-8") == ["pt_BR", "pt"])
        #expect(Messages.catalogNames(for: "sr_RS@latin") == ["sr_RS@latin", "sr_RS", "sr@latin", "sr"])
        #expect(Messages.catalogNames(for: "de") == ["de"])
        for name in ["C", "POSIX", "", "../../etc", "de/../x", "a b", "_DE"] {
            #expect(Messages.catalogNames(for: name).isEmpty, "\(name)")
        }
        let directory = try LocaleDirectory()
        let brazil = Self.po(language: "pt_BR", #"""
            msgctxt "cancelled"
            msgid "cancelled"
            msgstr "cancelado (Brasil)"
            """#)
        let portugal = Self.po(language: "pt", #"""
            msgctxt "cancelled"
            msgid "cancelled"
            msgstr "cancelado"
            """#)
        try TestCatalogs.compile(po: brazil, language: "pt_BR", into: directory.path)
        try TestCatalogs.compile(po: portugal, language: "pt", into: directory.path)
        let (words, _) = MessageCatalogs.load("pt-BR", from: .explicit(directory.path))
        #expect(words.language == "pt-BR" && words(.cancelled) == "cancelado (Brasil)")
        #expect(MessageCatalogs.load("pt_PT", from: .explicit(directory.path)).0(.cancelled) == "cancelado")
    }

    @Test func aMissingLocaleDirectoryIsEnglishAndSaysSoOnce() {
        let missing = "/nonexistent/a11y-locale"
        let (words, problem) = MessageCatalogs.load("de", from: .explicit(missing))
        #expect(words.language == "en" && words(.cancelled) == "cancelled")
        #expect(problem == "A11Y_LOCALEDIR=/nonexistent/a11y-locale is not a directory: the words are English")
        let reports = ReportCounter()
        for _ in 0..<3 {
            #expect(MessageCatalogs.messages(for: "de", environment: ["A11Y_LOCALEDIR": missing + "-\(reports.id)"],
                                             report: reports.add).language == "en")
        }
        #expect(reports.lines.count == 1)
        // No catalog for the language at all: English, and nothing to say.
        #expect(MessageCatalogs.load("ja", from: .installed(["/nonexistent"])).1 == nil)
    }

    @Test func malformedAndTruncatedCatalogsAreEnglishWithOneLine() throws {
        let directory = try LocaleDirectory()
        try directory.write(Array("not a catalog at all, but long enough to be read".utf8), language: "de")
        var (words, problem) = MessageCatalogs.read(directory.catalog("de"), language: "de")
        #expect(words(.cancelled) == "cancelled")
        #expect(problem == "\(directory.catalog("de")) is not a .mo file (no magic number): the words are English")
        // The real German catalog cut in half: what lies past the end is English, the rest German.
        let german = try TestCatalogs.compiled("de")
        try directory.write(Array(german.prefix(german.count / 2)), language: "de")
        (words, problem) = MessageCatalogs.read(directory.catalog("de"), language: "de")
        let line = try #require(problem)
        #expect(line.hasPrefix(directory.catalog("de") + ": ") && !line.contains("\n"))
        let whole = try TestCatalogs.messages("de")
        for key in MessageKey.allCases {
            let said = words(key)
            #expect(said == Messages.english(key) || said == whole(key), "\(key.rawValue)")
        }
        // A directory where the file should be, and an empty file.
        try FileManager.default.createDirectory(atPath: directory.path + "/fr/LC_MESSAGES/a11y-controls.mo", withIntermediateDirectories: true)
        #expect(MessageCatalogs.load("fr", from: .explicit(directory.path)).0.language == "en")
        try directory.write([], language: "es")
        (words, problem) = MessageCatalogs.load("es", from: .explicit(directory.path))
        #expect(words.language == "en" && problem?.hasSuffix("too short for a .mo file (0 bytes): the words are English") == true)
    }

    /// A .po compiled without --check may give a phrase a placeholder its English lacks: that
    /// phrase is English (its words could not be filled), the others are the catalog's.
    @Test func aPhraseWithAPlaceholderItsEnglishLacksIsEnglish() throws {
        let directory = try LocaleDirectory()
        let bad = Self.po(language: "de", #"""
            #, python-brace-format
            msgctxt "limit.meetsOther"
            msgid "{value}, meets {other}"
            msgstr "{value}, trifft {andere}"

            msgctxt "cancelled"
            msgid "cancelled"
            msgstr "abgebrochen"

            #, python-brace-format
            msgid "Unknown option {option}"
            msgstr "Unbekannte Option {optionen}"
            """#)
        let (checked, log) = try TestCatalogs.compile(po: bad, language: "de", into: directory.path)
        #expect(checked != 0 && log.contains("'andere' doesn't exist in 'msgid'"))    // the build refuses it
        #expect(try TestCatalogs.compile(po: bad, language: "de", into: directory.path, check: false).0 == 0)
        let (words, problem) = MessageCatalogs.load("de", from: .explicit(directory.path))
        #expect(words(.meetsOther, ["value": "90", "other": "oben"]) == "90, meets oben")
        #expect(words(.cancelled) == "abgebrochen")
        #expect(words.tr("Unknown option {option}", ["option": "'-x'"]) == "Unknown option '-x'")
        #expect(problem == "\(directory.catalog("de")): limit.meetsOther uses a placeholder its English phrase lacks; English instead")
    }

    @Test func aPluralRuleThatCannotBeReadMakesThePhrasesThatCountEnglish() throws {
        let directory = try LocaleDirectory()
        let po = Self.po(language: "xx", plural: "nplurals=2; plural=(n != 1", #"""
            msgctxt "span"
            msgid "{span} percent of the track"
            msgid_plural "{span} percent of the track"
            msgstr[0] "{span} A"
            msgstr[1] "{span} B"

            msgctxt "cancelled"
            msgid "cancelled"
            msgstr "C"
            """#)
        #expect(try TestCatalogs.compile(po: po, language: "xx", into: directory.path, check: false).0 == 0)
        let (words, problem) = MessageCatalogs.load("xx", from: .explicit(directory.path))
        #expect(words(.span, ["span": "5"], count: 5) == "5 percent of the track" && words(.cancelled) == "C")
        #expect(problem?.contains("Plural-Forms' expression") == true)
    }

    /// The catalog is read once per language: later sessions of the process take it as kept.
    @Test func aCatalogIsReadOncePerLanguage() throws {
        let directory = try LocaleDirectory()
        try TestCatalogs.compile(po: Self.dutch, language: "nl", into: directory.path)
        let environment = ["A11Y_LOCALEDIR": directory.path]
        #expect(MessageCatalogs.messages(for: "nl", environment: environment)(.cancelled) == "geannuleerd")
        try FileManager.default.removeItem(atPath: directory.catalog("nl"))
        #expect(MessageCatalogs.messages(for: "nl", environment: environment)(.cancelled) == "geannuleerd")
    }

    /// The directories looked in after A11Y_LOCALEDIR: the installation's own share/locale, for
    /// a program in bin/ and for a library in lib/ or lib/<multiarch>, then the system's.
    @Test func theInstallationsOwnDirectoriesComeFirst() {
        #expect(InstallationDirectories.localeDirectories(codeDirectory: "/opt/a11y/bin")
                == ["/opt/a11y/share/locale", "/opt/share/locale", "/usr/local/share/locale", "/usr/share/locale"])
        #expect(InstallationDirectories.localeDirectories(codeDirectory: "/usr/lib/x86_64-linux-gnu")
                == ["/usr/lib/share/locale", "/usr/share/locale", "/usr/local/share/locale"])
        #expect(InstallationDirectories.localeDirectories(codeDirectory: "/usr/bin") == ["/usr/share/locale", "/usr/local/share/locale"])
        #expect(InstallationDirectories.localeDirectories(codeDirectory: nil) == ["/usr/local/share/locale", "/usr/share/locale"])
        #expect(InstallationDirectories.codeDirectory?.hasPrefix("/") == true)
        #expect(MessageCatalogs.Directories(environment: ["A11Y_LOCALEDIR": ""]) != .explicit(""))
    }

    /// Run from a SwiftPM build directory, the catalogs `make locale` compiled into it come first,
    /// without A11Y_LOCALEDIR: this test's own build finds them.
    @Test func aBuildFindsItsOwnCatalogs() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-scratch-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let configuration = scratch + "/x86_64-unknown-linux-gnu/debug"
        try FileManager.default.createDirectory(atPath: configuration, withIntermediateDirectories: true)
        #expect(InstallationDirectories.localeDirectories(codeDirectory: configuration).first == scratch + "/x86_64-unknown-linux-gnu/share/locale")
        #expect(FileManager.default.createFile(atPath: configuration + "/description.json", contents: Data("{}".utf8)))
        #expect(InstallationDirectories.localeDirectories(codeDirectory: configuration).first == scratch + "/locale")
        let code = try #require(InstallationDirectories.codeDirectory)
        #expect(FileManager.default.fileExists(atPath: code + "/description.json"), "the tests run from a build directory: \(code)")
        #expect(InstallationDirectories.localeDirectories().first == URL(fileURLWithPath: code).deletingLastPathComponent()
                    .deletingLastPathComponent().path + "/locale")
    }
}

/// Counts report lines (from any thread).
final class ReportCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []
    let id = UUID().uuidString.prefix(8)
    var lines: [String] { lock.withLock { kept } }
    func add(_ line: String) { lock.withLock { kept.append(line) } }
}
