import A11yControls
/// The user's preferences file: `$XDG_CONFIG_HOME/a11y-controls/config` (else
/// `~/.config/a11y-controls/config`, or the file `A11Y_CONTROLS_CONFIG` names), one
/// `name = value` a line, `#` comment lines, the names of the common and visual options without
/// their dashes (`speech = off`, `speech-rate = 30`, `no-color = yes`). The command line wins.
///
/// The parser is pure (`parse(_:file:)`); `load(environment:)` finds and reads the file. Every
/// bad line is an error naming `FILE:LINE` (exit 2): a preference is never silently ignored.
package struct Preferences: Sendable, Equatable {
    /// One `name = value` line, as the option it stands for.
    package struct Setting: Sendable, Equatable {
        /// The option: "--speech".
        package var option: String
        /// Its value (nil for a flag that is on).
        package var value: String?
        /// Where it was written, 1-based.
        package var line: Int
    }

    /// The file read (nil: no file).
    package var file: String?
    /// The settings, in the file's order (the last of a repeated name counts).
    package var settings: [Setting] = []

    package init(file: String? = nil, settings: [Setting] = []) {
        self.file = file
        self.settings = settings
    }

    /// The longest line, in characters.
    package static let maximumLineLength = 4096
    /// The largest file, in bytes.
    package static let maximumFileSize = 1 << 20

    /// The options a preferences file may set: the common and visual ones (also those other
    /// parts add to those tables), less `--json`, which would change what scripts read, and
    /// `--diagnose`, which runs no control.
    static var settable: [OptionSpec] {
        (OptionTable.common + OptionTable.visual).filter { $0.name != "--json" && $0.name != "--diagnose" }
    }

    /// The preference names: "speech", "speech-rate", "no-color", … .
    package static var names: [String] { settable.map { String($0.name.dropFirst(2)) } }

    /// Parses the text of `file`. Values are checked as the command line checks them.
    package static func parse(_ text: String, file: String) throws(CLIError) -> Preferences {
        var preferences = Preferences(file: file)
        var number = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            func fail(_ problem: String) -> CLIError { .preferences(file: file, line: number, problem: problem) }
            guard raw.count <= maximumLineLength else { throw fail("the line is longer than \(maximumLineLength) characters") }
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else { throw fail("expected 'name = value', as in 'speech = off'") }
            let name = String(line[..<equals].trimmingSpaces), value = String(line[line.index(after: equals)...].trimmingSpaces)
            guard let spec = settable.first(where: { $0.name == "--" + name }) else {
                let suggestion = CLIText.suggestion(for: name, among: names).map { ". Did you mean '\($0)'?" } ?? ""
                throw fail("unknown preference \(CLIText.quoted(name))\(suggestion)")
            }
            var setting = Setting(option: spec.name, value: value, line: number)
            if !spec.takesValue {
                let words = [("yes", true), ("on", true), ("true", true), ("no", false), ("off", false), ("false", false)]
                guard let on = words.first(where: { $0.0 == value })?.1 else {
                    throw fail("the value \(CLIText.quoted(value)) is invalid for '\(name)': expected yes or no")
                }
                if !on { continue }
                setting.value = nil
            }
            do {
                _ = try ParsedCommandLine.commonOptions(OptionValues([(setting.option, setting.value)]), environment: [:])
            } catch {
                throw fail(error.problem.replacing(spec.synopsis, with: name))
            }
            preferences.settings.append(setting)
        }
        return preferences
    }

    /// Where the preferences are: `A11Y_CONTROLS_CONFIG` (required to exist), else
    /// `$XDG_CONFIG_HOME/a11y-controls/config`, else `$HOME/.config/a11y-controls/config`
    /// (both optional). Nil when none can be named.
    package static func location(environment: [String: String]) -> (path: String, required: Bool)? {
        if let path = environment["A11Y_CONTROLS_CONFIG"], !path.isEmpty { return (path, true) }
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return (base + "/a11y-controls/config", false) }
        if let home = environment["HOME"], !home.isEmpty { return (home + "/.config/a11y-controls/config", false) }
        return nil
    }

    /// Finds, reads and parses the preferences; no file at an optional place is no preferences.
    package static func load(environment: [String: String]) throws(CLIError) -> Preferences {
        guard let (path, required) = location(environment: environment) else { return Preferences() }
        let text: String
        do {
            text = try TextFile.read(path, limit: maximumFileSize)
        } catch .missing where !required {
            return Preferences()
        } catch {
            throw .preferences(file: path, line: nil, problem: error.description)
        }
        return try parse(text, file: path)
    }

    /// The settings as command-line occurrences, to stand before the command line's own.
    var occurrences: [(name: String, value: String?)] { settings.map { ($0.option, $0.value) } }
}
