import A11yControls
// The sections of `a11y-demo --diagnose`, made from what the probes found: what each server
// said, the screen reader and how the words reach the user with it (as a session would choose it), the terminal,
// the language of the words, speech and numbers, and the preferences file.
extension DiagnosisReport {
    /// The report for `diagnosis`, with `options` as parsed (the preferences file's settings
    /// included when it could be read), `preferences` as loaded (or why not) and `environment`.
    package init(diagnosis: SystemDiagnosis, options: CommonOptions, preferences: Result<Preferences, CLIError>,
                environment: [String: String], version: String = ParsedCommandLine.versionText) {
        self.init(sections: [
            Section("program", [Entry("version", .text(version))]),
            Self.speech(diagnosis.speech, mode: options.speech),
            Self.braille(diagnosis.braille, mode: options.braille),
            Self.screenReader(found: diagnosis.screenReader, findings: diagnosis.screenReaderFindings, mode: options.screenReader,
                              delivery: options.sessionOptions().wordDelivery(for:), throughOrca: options.sessionOptions().speaksThroughOrca(with:),
                              remote: { options.sessionOptions().remoteReason(for: $0, environment: environment) },
                              remoteSpeech: options.sessionOptions().remoteSpeech(environment: environment)),
            Self.terminal(diagnosis.terminal, options: options, environment: environment),
            Self.language(options: options, environment: environment),
            Self.preferences(preferences, environment: environment),
        ])
    }

    /// The text, or `missing` when it is nil or empty.
    private static func text(_ text: String?, missing: String = "unknown") -> Value {
        text.map { $0.isEmpty ? .missing(missing) : .text($0) } ?? .missing(missing)
    }

    /// The server's problem: "not reachable: …" (its own words) when it did not answer.
    private static func problem(reachable: Bool, _ problem: String?, also notes: [String] = []) -> Value {
        if !reachable { return .text("not reachable: " + (problem ?? "unknown reason")) }
        return notes.isEmpty ? .missing("none") : .text(notes.joined(separator: "; "))
    }

    static func speech(_ facts: SpeechServerFacts, mode: DeviceMode) -> Section {
        let reachable = facts.isReachable
        let unknown = reachable ? "unknown (the server did not say)" : "unknown"
        return Section("speech", [
            Entry("setting", .text(mode.rawValue)),
            Entry("address", text(facts.address)),
            Entry("address from", .text(facts.addressSource == .environment ? "SPEECHD_ADDRESS" : "libspeechd's default")),
            Entry("reachable", .flag(reachable)),
            Entry("problem", problem(reachable: reachable, facts.problem)),
            Entry("module", text(facts.outputModule, missing: unknown)),
            // The language a new client speaks; the control then asks for its own (the
            // language section's "speech").
            Entry("default language", text(facts.language, missing: unknown)),
        ])
    }

    static func braille(_ facts: BrailleServerFacts, mode: DeviceMode) -> Section {
        let reachable = facts.isReachable
        var notes: [String] = []
        // BRLTTY without a display (its driver waiting for one) reports a cell size of 0 and,
        // until a display first came, a size of 0x0.
        if let size = facts.size, size.width == 0 {
            notes.append("BRLTTY has no display (its size is 0x0)")
        } else if facts.preferences?.deviceCellSize == 0 {
            notes.append("BRLTTY has no display (its cell size is 0)")
        }
        if !facts.unanswered.isEmpty { notes.append("BRLTTY did not answer " + facts.unanswered.joined(separator: ", ")) }
        let unknown = reachable ? "unknown (BRLTTY did not say)" : "unknown"
        let preferences = facts.preferences
        let driver: String? = switch (facts.driverName, facts.driverCode) {
        case let (name?, code?) where !name.isEmpty && !code.isEmpty: "\(name) (\(code))"
        case let (name?, _) where !name.isEmpty: name
        case let (_, code?): code
        default: nil
        }
        let literaryTable = preferences.map(\.literaryBrailleTable)
        return Section("braille", [
            Entry("setting", .text(mode.rawValue)),
            Entry("address", .text(facts.address)),
            Entry("address from", .text(facts.addressFromEnvironment ? "BRLAPI_HOST" : "BrlAPI's default")),
            Entry("reachable", .flag(reachable)),
            Entry("problem", problem(reachable: reachable, facts.problem, also: notes)),
            Entry("driver", text(driver, missing: unknown)),
            Entry("display size", facts.size.map { .size(width: $0.width, height: $0.height) } ?? .missing(unknown)),
            Entry("display cell size", preferences.map { .number($0.deviceCellSize) } ?? .missing(unknown)),
            Entry("computer braille cell size", preferences.map { .number($0.computerBrailleCellSize) } ?? .missing(unknown)),
            Entry("dots per cell used", preferences.map { .number($0.dotsPerCell) } ?? .missing(unknown)),
            Entry("text table", text(facts.textTable, missing: unknown)),
            Entry("literary braille", preferences.map { .flag($0.literaryBraille) } ?? .missing(unknown)),
            Entry("literary table", literaryTable == "none" ? .missing("none") : text(literaryTable, missing: reachable ? "none" : unknown)),
        ])
    }

    static func screenReader(found: ScreenReader?, findings: [String], mode: ScreenReaderMode,
                             delivery: (ScreenReader?) -> WordDelivery, throughOrca: (ScreenReader?) -> Bool = { _ in false },
                             remote: (ScreenReader?) -> String? = { _ in nil }, remoteSpeech: DeviceMode = .auto) -> Section {
        // As the session chooses: the reader the mode stands for, and how the options deliver the words.
        let inUse = mode.reader { found }
        return Section("screen reader", [
            Entry("setting", .text(mode.rawValue)),
            Entry("found", found.map { .text("\($0.name.rawValue): \($0.evidence)") } ?? .missing("none")),
            Entry("checked", .list(findings)),
            Entry("in use", inUse.map { .text("\($0.name.rawValue): \($0.evidence)") } ?? .missing("none")),
            Entry("mode", .text(inUse?.orcaService.flatMap { throughOrca(inUse) ? words(throughOrca: $0) : nil } ?? words(for: delivery(inUse)))),
        ] + (remote(inUse).map { reason in
            [Entry("why", .text(reason + (remoteSpeech == .off ? "; this machine's speech is off (set SPEECHD_ADDRESS or --speech on for it)" : "")))]
        } ?? []))
    }

    /// How the control's words reach the user with `delivery`, in a user's words.
    static func words(for delivery: WordDelivery) -> String {
        switch delivery {
        case .speech: "the control speaks"
        case .screenLine: "the words go to the screen line for the reader"
        case .speechWithStillCursor: "the control speaks and keeps the cursor still"
        case .throughReader: "the reader is told the words through its remote socket and speaks them"
        case .addedLines: "each key's words are added as new lines, for a screen reader on another machine that reads added text"
        }
    }

    /// How the words reach the user when Orca's service speaks them (Orca 49 and later).
    static func words(throughOrca service: OrcaService) -> String {
        let interrupt = service.shape == .orca1 ? "SpeechManager.InterruptSpeech" : "its speech module's InterruptSpeech command"
        return "Orca speaks the words, told over D-Bus (\(service.busName).\(service.speakMethod), \(interrupt) before a newer value); "
            + "the cursor stays still; the control's own voice if Orca stops answering"
    }

    static func terminal(_ facts: TerminalFacts, options: CommonOptions, environment: [String: String]) -> Section {
        let colours: String
        if options.dumbTerminal {
            colours = "off: TERM=dumb (no escape sequences)"
        } else if !(environment["NO_COLOR"] ?? "").isEmpty {
            colours = "off: NO_COLOR is set"
        } else if options.noColor {
            colours = "off: --no-color"
        } else {
            colours = "on"
        }
        let kitty: String = switch facts.kittyKeyboard {
        case .supported: "yes"
        case .unsupported: "no (the terminal answered without it)"
        case .noAnswer(let timeout): "unknown: no answer within \(timeout)"
        case .notAsked(let reason): "not asked: \(reason)"
        }
        return Section("terminal", [
            Entry("TERM", text(environment["TERM"], missing: "unset")),
            Entry("COLORTERM", text(environment["COLORTERM"], missing: "unset")),
            Entry("stdin is a terminal", .flag(facts.standardInputIsTerminal)),
            Entry("stdout is a terminal", .flag(facts.standardOutputIsTerminal)),
            Entry("device", .text(facts.path)),
            Entry("problem", facts.problem.map { .text("cannot open it: \($0)") } ?? .missing("none")),
            Entry("size", facts.size.map { .size(width: $0.columns, height: $0.rows) } ?? .missing("unknown")),
            Entry("colours", .text(colours)),
            Entry("theme", .text(options.visual.highContrast ? "high-contrast" : "default")),
            Entry("kitty keyboard", .text(kitty)),
        ])
    }

    static func language(options: CommonOptions, environment: [String: String]) -> Section {
        // As the session chooses: --language, else the locale (LC_ALL, LC_MESSAGES, LANG).
        let source = ["LC_ALL", "LC_MESSAGES", "LANG"].first { !(environment[$0] ?? "").isEmpty }
        let asked = options.language ?? Messages.localeLanguage(in: environment)
        // The catalog the session reads (the locale's full name first: "pt_BR", then "pt").
        let words = MessageCatalogs.messages(asked: options.language, environment: environment, report: { _ in }).language
        let numbers = options.language.map(NumberLocale.init(named:)) ?? NumberLocale(environment: environment)
        let from: Value
        if options.language != nil {
            from = .text("--language")
        } else if let source {
            from = .text("\(source)=\(environment[source] ?? "")")
        } else {
            from = .missing("none (LC_ALL, LC_MESSAGES and LANG are unset)")
        }
        return Section("language", [
            Entry("asked for", text(asked, missing: "none")),
            Entry("from", from),
            Entry("words", .text(words)),
            Entry("speech", .text(options.language ?? words)),
            Entry("decimal separator", .text(numbers.decimalSeparator)),
        ])
    }

    static func preferences(_ preferences: Result<Preferences, CLIError>, environment: [String: String]) -> Section {
        let location = Preferences.location(environment: environment)
        let status: String
        var settings: [String] = []
        switch preferences {
        case .failure(let error):
            status = "not used: \(error.problem)"
        case .success(let found) where found.file == nil:
            status = location == nil ? "none (no HOME, XDG_CONFIG_HOME or A11Y_CONTROLS_CONFIG)" : "not found (none is needed)"
        case .success(let found):
            status = "read"
            settings = found.settings.map { String($0.option.dropFirst(2)) + ($0.value.map { " = " + $0 } ?? " = yes") }
        }
        return Section("preferences", [
            Entry("file", text(location?.path, missing: "none")),
            Entry("status", .text(status)),
            Entry("settings", .list(settings)),
        ])
    }
}
