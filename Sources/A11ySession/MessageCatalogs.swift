#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yDevices
import A11yPresentation
import Synchronization

/// Finds and reads the compiled message catalogs (`<localedir>/<language>/LC_MESSAGES/a11y-controls.mo`),
/// once per language in a process: a11y-demo reads one at its start, before the first frame,
/// and every key then looks its phrases up in memory.
///
/// The locale directory is `A11Y_LOCALEDIR` when it is set (the tests, a program run from the
/// build tree: `make locale` compiles the catalogs into .build/locale), else the installation's
/// own `share/locale` (found from where the program or library is,
/// `InstallationDirectories`), then /usr/local/share/locale and /usr/share/locale. A language
/// is looked for as gettext looks for it ("pt_BR", then "pt"); a language without a catalog is
/// English, silently. What cannot be read (a missing A11Y_LOCALEDIR, a malformed or truncated
/// file, a phrase with a placeholder its English lacks) is English, and says so in one line on
/// stderr, once.
package enum MessageCatalogs {
    /// The catalogs' text domain: the name of their files.
    package static let domain = "a11y-controls"

    /// The largest catalog read, in bytes.
    static let sizeLimit = 4 << 20

    /// Where catalogs are looked for.
    package enum Directories: Sendable, Hashable {
        /// `A11Y_LOCALEDIR`: this directory alone.
        case explicit(String)
        /// The installation's and the system's, in order.
        case installed([String])

        /// The directories `environment` asks for.
        package init(environment: [String: String]) {
            if let directory = environment["A11Y_LOCALEDIR"], !directory.isEmpty {
                self = .explicit(directory)
            } else {
                self = .installed(InstallationDirectories.localeDirectories())
            }
        }
    }

    private struct Key: Hashable {
        let language: String
        let directories: Directories
    }

    private static let cache = Mutex<[Key: Messages]>([:])

    /// The words of the language asked for (`--language`: "de", "pt-BR"), else of the locale in
    /// `environment` (its full name first: "pt_BR", then "pt"); see `messages(for:)`.
    package static func messages(asked language: String?, environment: [String: String] = Environment.all,
                                 report: (String) -> Void = standardErrorReport) -> Messages {
        messages(for: language ?? Messages.localeName(in: environment), environment: environment, report: report)
    }

    /// The words of `language` (a code or a locale name: "de", "pt-BR", "fr_CA.UTF-8"; nil:
    /// English), read on the first call for it and kept; problems go to `report` (one line on
    /// stderr, "program: …", by default), once.
    package static func messages(for language: String?, environment: [String: String] = Environment.all,
                                report: (String) -> Void = standardErrorReport) -> Messages {
        guard let language, !Messages.catalogNames(for: language).isEmpty else { return .english }
        let key = Key(language: language, directories: Directories(environment: environment))
        if let kept = cache.withLock({ $0[key] }) { return kept }
        let (messages, problem) = load(language, from: key.directories)
        let first = cache.withLock { cache -> Bool in
            defer { cache[key] = messages }
            return cache[key] == nil
        }
        if first, let problem { report(problem) }
        return messages
    }

    /// The words of `language` from the first directory of `directories` with a catalog for
    /// it, and what could not be read in one line (nil when nothing is wrong). Not kept: for
    /// tests and tools.
    package static func load(_ language: String, from directories: Directories) -> (Messages, String?) {
        let candidates: [String]
        switch directories {
        case .explicit(let directory):
            guard FileKind(path: directory) == .directory else {
                return (.english, "A11Y_LOCALEDIR=\(directory) is not a directory: the words are English")
            }
            candidates = [directory]
        case .installed(let list):
            candidates = list
        }
        for name in Messages.catalogNames(for: language) {
            for directory in candidates {
                let path = directory + "/" + name + "/LC_MESSAGES/" + domain + ".mo"
                switch FileKind(path: path) {
                case .missing, .directory: continue
                default: return read(path, language: Self.tag(of: name))
                }
            }
        }
        return (.english, nil)
    }

    /// The catalog at `path`, for `language`; English (and why) when it cannot be read.
    package static func read(_ path: String, language: String) -> (Messages, String?) {
        let bytes: [UInt8]
        do {
            bytes = try TextFile.readBytes(path, limit: sizeLimit)
        } catch {
            return (.english, "\(path) \(error): the words are English")
        }
        let file: MOFile
        do {
            file = try MOFile(bytes: bytes)
        } catch {
            return (.english, "\(path) is \(error): the words are English")
        }
        var problems: [String] = []
        let messages = Messages(language: language, catalog: file, problems: &problems)
        return (messages, problems.isEmpty ? nil : "\(path): " + problems.joined(separator: "; "))
    }

    /// "pt-BR" for the catalog named "pt_BR" (a BCP 47 tag, as speech-dispatcher takes it);
    /// "sr" for "sr@latin".
    static func tag(of name: String) -> String {
        String(name.prefix { $0 != "@" }.map { $0 == "_" ? "-" : $0 })
    }

    /// One line on stderr: "program: message".
    package static func standardErrorReport(_ message: String) {
        SessionOptions.standardErrorReport(programName: SessionOptions.defaultProgramName)(message)
    }
}

extension Messages {
    /// The words of `language` (a code or a locale name: "de", "pt-BR", "fr_CA.UTF-8"), from the
    /// installed message catalogs; English when the language has no catalog, or for nil. For a
    /// program that builds its own `Announcer` for a `ControlEngine`; a `ControlSession` finds its
    /// catalog from `SessionOptions.language` or the locale itself.
    ///
    /// A catalog is read once per process; what cannot be read (a truncated file, a phrase that
    /// lacks a placeholder) gives English and one line on standard error.
    public static func catalog(for language: String?) -> Messages {
        MessageCatalogs.messages(for: language)
    }
}
