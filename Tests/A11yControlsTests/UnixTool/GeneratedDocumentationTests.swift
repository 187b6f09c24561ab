import Testing
@testable import A11yControls
@testable import DemoCommandLine
@testable import A11yOptions

/// The man page and the completions come from the option table `--help` is made from: they list
/// the same options.
@Suite struct GeneratedDocumentationTests {
    /// "--name" words at the start of a help row or a man page's .TP tag.
    static func helpOptions() -> Set<String> {
        var names: Set<String> = []
        for topic in HelpTopic.allCases {
            for line in DemoHelp.text(for: topic).split(separator: "\n") where line.hasPrefix("  -") {
                // The label column: up to two spaces ("  -h, --help   Show help information.").
                let label = line.dropFirst(2).split(separator: "  ", maxSplits: 1).first ?? ""
                for word in label.split(separator: " ") where word.hasPrefix("-") { names.insert(String(word.trimmingCharacters(in: [","]))) }
            }
        }
        return names
    }

    static func manOptions() -> Set<String> {
        let lines = ManPage.text().split(separator: "\n", omittingEmptySubsequences: false)
        var names: Set<String> = []
        for (index, line) in lines.enumerated() where line == ".TP" && index + 1 < lines.count {
            let tag = lines[index + 1].replacing("\\-", with: "-").replacing("\\fB", with: " ").replacing("\\fR", with: " ")
            for word in tag.split(separator: " ") where word.hasPrefix("-") { names.insert(String(word.trimmingCharacters(in: [","]))) }
        }
        return names.filter { $0.hasPrefix("--") || $0 == "-h" }
    }

    @Test func theManPageAndHelpListTheSameOptions() {
        let help = Self.helpOptions(), man = Self.manOptions()
        #expect(help.contains("--min") && help.contains("--rangebox") && help.contains("--timeout") && help.contains("-h"))
        #expect(man == help, "only in help: \(help.subtracting(man).sorted()); only in man: \(man.subtracting(help).sorted())")
    }

    @Test func completionsNameEveryOptionAndTheChoices() {
        let bash = ShellCompletions.bash(), zsh = ShellCompletions.zsh(), fish = ShellCompletions.fish()
        for name in Self.helpOptions() where name != "-h" {
            #expect(bash.contains(name), "bash: \(name)")
            #expect(zsh.contains("'\(name)[") || zsh.contains("{-h,--help}"), "zsh: \(name)")
            #expect(fish.contains("-l \(name.dropFirst(2))"), "fish: \(name)")
        }
        #expect(bash.contains("--voice) COMPREPLY=($(compgen -W 'male1 male2 male3 female1 female2 female3 child_male child_female'"))
        #expect(fish.contains("-l verbosity -x -a 'terse normal verbose'"))
    }

    @Test func theManPageIsRoff() {
        let page = ManPage.text()
        #expect(page.hasPrefix(".\\\" Generated") && page.contains("\n.TH A11Y\\-DEMO 1 "))
        // No text line starts with a dot or quote that roff would take as a request.
        for line in page.split(separator: "\n") where !line.hasPrefix(".") {
            #expect(!line.hasPrefix("'"), "\(line)")
        }
    }
}
