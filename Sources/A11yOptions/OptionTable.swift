import A11yControls
/// One option of `a11y-demo`: its name, the name of its value, its help line and default.
/// The tables below are the single source for parsing, error synopses and help. The help line
/// and the defaults marked `N_` are msgids of the message catalogs (`make pot` reads this file):
/// `--help` shows them in the user's language.
package struct OptionSpec: Sendable, Equatable {
    /// "--min".
    package var name: String
    /// "n" for `--min <n>`; nil for a flag.
    package var valueName: String?
    /// One sentence for help.
    package var help: String
    /// Shown as "(default: …)" in help.
    package var defaultText: String?
    /// The names of the values after the first, for an option that takes several
    /// (`--rangebox <text> <height> <width> <min> <max> <default>`).
    package var moreValueNames: [String]

    package var takesValue: Bool { valueName != nil }

    /// All the value names: `valueName` then `moreValueNames`.
    package var valueNames: [String] { valueName.map { [$0] + moreValueNames } ?? [] }

    /// "--min <n>" or "--single".
    package var synopsis: String { ([name] + valueNames.map { "<\($0)>" }).joined(separator: " ") }

    package init(_ name: String, _ valueName: String? = nil, _ help: String, default defaultText: String? = nil,
         moreValueNames: [String] = []) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.defaultText = defaultText
        self.moreValueNames = moreValueNames
    }
}

/// Which table an option comes from.
package enum DemoSubcommand: String, Sendable, CaseIterable {
    case range, stepper
}

/// Marks `text` for translation where it is written (a msgid for `make pot`); it is looked up
/// where it is shown (`Messages.tr`).
package func N_(_ text: String) -> String { text }

package enum OptionTable {
    package static let range: [OptionSpec] = [
        OptionSpec("--min", "n", "The lowest value of the track.", default: "0"),
        OptionSpec("--max", "n", "The highest value of the track.", default: "100"),
        OptionSpec("--lower", "n", "Where the lower handle starts.", default: N_("10% of the range above --min")),
        OptionSpec("--upper", "n", "Where the upper handle starts.", default: N_("90% of the range above --min")),
        OptionSpec("--value", "n", "With --single: where the handle starts (same as --upper)."),
        OptionSpec("--step", "n", "Snap values to --min + k * n, and move by n per key.", default: N_("no snapping, 1% of the range per key")),
        OptionSpec("--page-step", "count", "How many steps Page Up and Page Down move.", default: "10"),
        OptionSpec("--min-distance", "n", "The smallest distance between the handles.", default: N_("none")),
        OptionSpec("--max-distance", "n", "The largest distance between the handles.", default: N_("none")),
        OptionSpec("--single", nil, "One handle instead of two."),
        OptionSpec("--label", "text", "The name of the control, spoken and brailled.", default: N_("range, in the user's language")),
        OptionSpec("--lower-label", "text", "The name of the lower handle, e.g. \"Minimum price\".", default: N_("lower, in the user's language")),
        OptionSpec("--upper-label", "text", "The name of the upper handle.", default: N_("upper, in the user's language")),
        OptionSpec("--format", "spec", "How values are written: decimal[:N], integer, percent[:N], currency:CODE[:N], unit:SYMBOL[:N], duration, names:A,B,..., none, plugin:PATH.", default: "decimal"),
        OptionSpec("--format-plugin", "path", "Format values with the formatter plugin (shared library) at path."),
        OptionSpec("--hide-labels", nil, "Hide the value labels on screen; speech and braille still give them."),
        OptionSpec("--vertical", nil, "Stand the track upright, the maximum at the top; braille stays one line."),
    ]

    package static let stepper: [OptionSpec] = [
        OptionSpec("--value", "n", "The starting value, moved into --min...--max.", default: "1"),
        OptionSpec("--min", "n", "The lowest value.", default: "1"),
        OptionSpec("--max", "n", "The highest value.", default: "99"),
        OptionSpec("--step", "n", "The change per key; values snap to --min + k * n.", default: "1"),
        OptionSpec("--wraps", nil, "Past one end, go on from the other."),
        OptionSpec("--no-autorepeat", nil, "A held key changes the value once."),
        OptionSpec("--autorepeat-interval", "seconds", "Seconds between repeats of a held key.", default: "0.5"),
        OptionSpec("--autorepeat-delay", "seconds", "Seconds before a held key starts repeating.", default: "0.5"),
        OptionSpec("--label", "text", "The name of the control, spoken and brailled.", default: N_("value, in the user's language")),
        OptionSpec("--format", "spec", "How values are written: decimal[:N], integer, percent[:N], currency:CODE[:N], unit:SYMBOL[:N], duration, names:A,B,..., none, plugin:PATH.", default: "decimal"),
        OptionSpec("--format-plugin", "path", "Format values with the formatter plugin (shared library) at path."),
    ]

    package static let common: [OptionSpec] = [
        OptionSpec("--speech", "mode", "Speech through speech-dispatcher: auto (use it when reachable), on (required, exit 3 without it) or off.", default: "auto"),
        OptionSpec("--braille", "mode", "Braille through BrlAPI (BRLTTY): auto, on (required, exit 3 without it) or off.", default: "auto"),
        OptionSpec("--speech-rate", "rate", "Speech rate from -100 (slowest) to 100 (fastest).", default: N_("the server's")),
        OptionSpec("--voice", "voice", "Voice type: male1, male2, male3, female1, female2, female3, child_male or child_female.", default: N_("the server's")),
        OptionSpec("--language", "language", "Language of the words and of speech, with a region or not ('de', 'pt-BR'): any language that has a catalog, such as en, de, fr or es; English words where there is none.", default: N_("LC_ALL, LC_MESSAGES or LANG")),
        OptionSpec("--screen-reader", "mode", "Which screen reader reads this terminal: auto (found: Fenrir, speakup or ACCESSIBLE=1 read the words, Orca hears the control speak), on (as auto, and when none is found a reader of screen changes: do not speak; the first screen line carries the words), orca (speak, and keep the cursor still so Orca echoes nothing), remote (a reader on another machine, NVDA, JAWS, Narrator or VoiceOver over ssh or WSL, reads what is added to the screen: each key's words are added as a new line, and this machine's speech is off unless SPEECHD_ADDRESS is set or --speech on; auto chooses it over ssh and in WSL when no reader runs here) or off (speak; the cursor follows the handle).", default: "auto"),
        OptionSpec("--screen-reader-speech", "how", "How Fenrir gets the words: socket (told through its own remote socket: nothing on screen changes as text, each utterance interrupts the last) or line (it reads the screen's words line, and queues what it reads).", default: N_("socket, when Fenrir's socket is this user's")),
        OptionSpec("--tones", "mode", "A short tone on each value change, its pitch following the value (110 to 1760 Hz), lower handle left, upper right, a low buzz when blocked: on or off.", default: "off"),
        OptionSpec("--tones-device", "name", "The ALSA PCM the tones play on.", default: N_("ALSA's default")),
        OptionSpec("--mouse", "mode", "Mouse reports: on (press or drag on the track, wheel, hold a stepper's + or -; Shift with the button keeps the terminal's own selection) or off.", default: N_("on when the terminal is interactive")),
        OptionSpec("--verbosity", "level", "How much is spoken: terse, normal or verbose.", default: "normal"),
        OptionSpec("--keymap", "file", "Apply the key bindings in file ('key = action' lines) over the defaults."),
        OptionSpec("--braille-table", "table", "Contract braille with this table (a name such as en-us-g2, or a liblouis table path) when BRLTTY's literary braille is on.", default: N_("BRLTTY's")),
        OptionSpec("--no-color", nil, "Draw with bold and reverse video only (also when NO_COLOR is set)."),
        OptionSpec("--preview", nil, "Also show the braille cells and the spoken text on screen."),
        OptionSpec("--json", nil, "Print the result as one JSON object."),
        OptionSpec("--diagnose", nil, "Print what a11y-demo finds, to paste into a bug report: speech-dispatcher, BRLTTY, the screen reader and the voice that gives, the terminal, the language and the preferences file (one JSON object with --json); runs no control, exits 0."),
    ]

    package static let visual: [OptionSpec] = [
        OptionSpec("--theme", "theme", "Colours: default or high-contrast.", default: "default"),
        OptionSpec("--handle-glyph", "char", "The character drawn for a handle.", default: N_("a space")),
        OptionSpec("--labels-below", nil, "Put the value labels below the track."),
        OptionSpec("--direction", "direction", "ltr or rtl: where the minimum of a horizontal track is drawn; in rtl the arrow keys move the handle the way they point (Right lowers the value). Braille stays left to right.", default: "ltr"),
        OptionSpec("--line-thickness", "rows", "Rows of the track, 1 to 3.", default: "1"),
        OptionSpec("--focused-handle-width", "columns", "Columns of the focused handle, 1 to 3.", default: "2"),
        OptionSpec("--tint-color", "sgr", "SGR background of the track outside the selection.", default: "100"),
        OptionSpec("--between-color", "sgr", "SGR background of the selection between the handles.", default: "44"),
        OptionSpec("--handle-color", "sgr", "SGR background of the handles.", default: "47"),
    ]

    package static let help = OptionSpec("--help", nil, "Show help information.")
    package static let helpShort = "-h"
    package static let version = OptionSpec("--version", nil, "Show the version.")

    /// The options allowed after `subcommand` (nil: before any subcommand, or the showcase).
    package static func options(for subcommand: DemoSubcommand?) -> [OptionSpec] {
        switch subcommand {
        case nil: return common + scripting + visual
        case .range: return range + common + scripting + visual
        case .stepper: return stepper + common + scripting + visual
        }
    }

    /// The option named `name` allowed after `subcommand`.
    package static func lookup(_ name: String, in subcommand: DemoSubcommand?) -> OptionSpec? {
        options(for: subcommand).first { $0.name == name }
    }

    /// The subcommands whose own tables hold `name`.
    package static func owners(of name: String) -> [DemoSubcommand] {
        DemoSubcommand.allCases.filter { lookup(name, in: $0) != nil && lookup(name, in: nil) == nil }
    }

    /// Any spec named `name`, for synopses.
    package static func anySpec(named name: String) -> OptionSpec? {
        (range + stepper + common + scripting + visual + dialog).first { $0.name == name }
    }

    /// "--min <n>" for "--min"; the name itself when unknown.
    package static func synopsis(of name: String) -> String {
        anySpec(named: name)?.synopsis ?? name
    }
}

// MARK: Scripts, dialog compatibility (live values, time limit, dialog's rangebox)
extension OptionTable {
    /// Options for scripts, before or after the subcommand.
    package static let scripting: [OptionSpec] = [
        OptionSpec("--print-partial", nil, "Print each value change as a result line on stdout while the control runs (one JSON object per line with --json)."),
        OptionSpec("--timeout", "seconds", "End a control left untouched this long (counted again from each key): exit 124, nothing on stdout.", default: N_("none")),
    ]

    /// dialog's options, accepted only with `--rangebox` (`DialogCommandLine`).
    package static let dialog: [OptionSpec] = [
        OptionSpec("--rangebox", "text", "dialog's rangebox: the value on stderr, exit 0 on Enter, 1 on q, 255 on Escape.",
                   moreValueNames: ["height", "width", "min", "max", "default"]),
        OptionSpec("--title", "title", "With --rangebox: the title, said and shown before the text."),
        OptionSpec("--backtitle", "text", "With --rangebox: accepted and ignored, as a screen reader has no backdrop."),
        OptionSpec("--stdout", nil, "With --rangebox: write the value on stdout instead of stderr."),
        OptionSpec("--stderr", nil, "With --rangebox: write the value on stderr (the default)."),
        OptionSpec("--output-fd", "fd", "With --rangebox: write the value on this open file descriptor."),
    ]

    /// The words an enumerated option takes (the parser reads the same lists), for completions.
    package static func choices(for name: String) -> [String]? {
        switch name {
        case "--speech", "--braille": return DeviceMode.allCases.map(\.rawValue)
        case "--voice": return CommonOptions.voiceNames.map(\.0)
        case "--verbosity": return Verbosity.allCases.map(\.rawValue)
        case "--screen-reader": return ScreenReaderMode.allCases.map(\.rawValue)
        case "--screen-reader-speech": return readerSpeechChoices.map(\.0)
        case "--theme": return themes.map(\.0)
        case "--mouse", "--tones": return onOff.map(\.0)
        case "--direction": return TrackLayout.Direction.allCases.map(\.rawValue)
        default: return nil
        }
    }

    /// `--screen-reader-speech`'s words: told through the reader's socket or not.
    package static let readerSpeechChoices = [("line", false), ("socket", true)]

    /// The words of an on/off option.
    package static let onOff = [("on", true), ("off", false)]

    /// `--theme`'s words: high contrast or not.
    package static let themes = [("default", false), ("high-contrast", true)]

    /// Whether the option's value is a file (completions offer file names).
    package static func takesFile(_ name: String) -> Bool { ["--keymap", "--format-plugin"].contains(name) }
}
