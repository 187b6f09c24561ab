import Testing
@testable import A11yControls
@testable import A11yDevices
@testable import A11yFormatting
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
@testable import DemoCommandLine
@testable import A11yOptions

@Suite("CLI help texts")
struct CommandLineHelpTests {
    @Test("every option of a topic is in its help, with its value name", arguments: HelpTopic.allCases)
    func complete(_ topic: HelpTopic) {
        let text = DemoHelp.text(for: topic)
        let own: [OptionSpec] = topic == .range ? OptionTable.range : topic == .stepper ? OptionTable.stepper : []
        for spec in own + OptionTable.common + OptionTable.visual {
            #expect(text.contains("  " + spec.synopsis), "\(spec.name) in \(topic)")
        }
        #expect(text.contains("-h, --help"))
        #expect(text.contains("--version"))
        #expect(text.hasPrefix("OVERVIEW: "))
        #expect(text.contains("\nUSAGE: a11y-demo"))
        #expect(text.contains("EXIT STATUS:"))
        #expect(text.hasSuffix("\n"))
    }

    @Test("lines fit 80 columns, no control characters but newlines", arguments: HelpTopic.allCases)
    func layout(_ topic: HelpTopic) {
        let text = DemoHelp.text(for: topic)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "\(line)")
            #expect(!CLIText.hasControlCharacters(String(line)))
        }
    }

    @Test("defaults are shown as swift-argument-parser does")
    func defaults() {
        let range = DemoHelp.text(for: .range)
        #expect(range.contains("\n  --min <n>               The lowest value of the track. (default: 0)\n"))
        let stepper = DemoHelp.text(for: .stepper)
        #expect(stepper.contains("(default: 99)"))
        #expect(DemoHelp.text(for: .general).contains("SUBCOMMANDS:\n  range "))
    }
}
