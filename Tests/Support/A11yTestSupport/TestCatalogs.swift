import A11yControls
import Foundation

/// The message catalogs of po/, compiled for the tests, and the words read from them.
///
/// `directory` is A11Y_LOCALEDIR when the environment sets it (`make test` compiles the catalogs
/// into .build/locale and exports it); else the test process compiles them there itself, once
/// (`scripts/po.sh compile`, msgfmt --check), so that `swift test --filter …` works alone. Every
/// child a test starts (`ChildProcess`) finds them there.
package enum TestCatalogs {
    /// The locale directory holding `<language>/LC_MESSAGES/a11y-controls.mo` for each po/ file;
    /// nil when the catalogs cannot be compiled (msgfmt missing: the tests that need them fail).
    package static let directory: String? = {
        if let given = ProcessInfo.processInfo.environment["A11Y_LOCALEDIR"], !given.isEmpty { return given }
        let target = PackageRoot.url.path + "/.build/locale"
        // (A11Y_LOCALEDIR given, so that ChildProcess does not ask for this directory again.)
        var environment = ProcessInfo.processInfo.environment
        environment["A11Y_LOCALEDIR"] = target
        let status = try? Spawn.run(["/bin/bash", PackageRoot.url.path + "/scripts/po.sh", "compile", target], environment: environment)
        return status == 0 ? target : nil
    }()

    /// The locale directory, or a thrown error saying why there is none.
    package static func requiredDirectory() throws -> String {
        guard let directory else { throw FixtureError("the catalogs of po/ could not be compiled (scripts/po.sh compile; is gettext installed?)") }
        return directory
    }

    /// The words of `language` (a code or locale name; nil: English) read from the compiled
    /// catalogs, as a11y-demo reads them (not kept between calls).
    package static func messages(_ language: String?) throws -> Messages {
        guard let language else { return .english }
        let (messages, problem) = MessageCatalogs.load(language, from: .explicit(try requiredDirectory()))
        if let problem { throw FixtureError("the catalog of \(language): \(problem)") }
        return messages
    }

    /// The compiled catalog of `language` (po/<language>.po) as its bytes.
    package static func compiled(_ language: String) throws -> [UInt8] {
        let path = try requiredDirectory() + "/\(language)/LC_MESSAGES/\(MessageCatalogs.domain).mo"
        guard let data = FileManager.default.contents(atPath: path) else { throw FixtureError("no \(path)") }
        return [UInt8](data)
    }

    /// Compiles `po` (the text of a .po file) with msgfmt into `directory`/`language`/LC_MESSAGES;
    /// `check`: with --check, as the build does. Returns msgfmt's status and messages.
    @discardableResult
    package static func compile(po: String, language: String, into directory: String, check: Bool = true) throws -> (Int32, String) {
        let folder = directory + "/\(language)/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try po.write(toFile: folder + "/source.po", atomically: true, encoding: .utf8)
        let log = folder + "/msgfmt.log"
        let status = try Spawn.run(["/usr/bin/msgfmt"] + (check ? ["--check"] : []) + ["-o", folder + "/\(MessageCatalogs.domain).mo", folder + "/source.po"],
                                   environment: ["PATH": "/usr/bin:/bin", "A11Y_LOCALEDIR": ""], outputPath: log)
        return (status, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }
}
