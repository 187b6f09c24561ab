import A11yTestSupport
import Foundation
import Testing
import VirtualDisplayClient

/// A screen reader on another machine (NVDA, JAWS, Narrator, VoiceOver over ssh or WSL) hears what
/// the terminal's text gains: a11y-demo's real screens in tmux, key by key, judged by
/// `DiffReaderReplay` (NVDA's rules, both ways of comparing), with no speech-dispatcher and no
/// BRLTTY reachable, as over ssh.
@Suite(.serialized)
struct DemoRemoteReaderTests {
    /// Over ssh, with nothing of this machine's servers and no local screen reader.
    static func overSSH(term: String) -> [String: String] {
        ["SSH_CONNECTION": "192.0.2.1 50000 192.0.2.2 22", "TERM": term, "BRLAPI_HOST": "127.0.0.1:250",
         "ACCESSIBLE": "", "A11Y_FENRIR_SOCKET": "/nonexistent", "A11Y_SPEAKUP_PATH": "/nonexistent",
         "A11Y_PROC_ROOT": "/nonexistent", "DISPLAY": "", "WAYLAND_DISPLAY": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"]
    }
    static let unset = ["SPEECHD_ADDRESS", "BRLAPI_AUTH", "A11Y_BRLAPI_LOCAL_HOST"]

    /// What `demo`'s pane shows now, with its cursor, as the replay takes a screen.
    static func screen(of demo: DemoInTmux) -> DiffReaderReplay.Screen {
        let cursor = demo.cursor ?? (0, 0)
        return DiffReaderReplay.Screen(text: demo.screen, cursor: (cursor.column, cursor.row))
    }

    /// Runs the demo, types `keys` one by one (each waited for: the screen changes), and returns
    /// the screen before the first key and after each.
    static func screens(_ arguments: [String], keys: [String], environment: [String: String], unsetting: [String] = unset,
                        everyKeyChanges: Bool = true, rows: Int = 30, columns: Int = 100)
        throws -> (start: DiffReaderReplay.Screen, steps: [(key: String, screen: DiffReaderReplay.Screen)], demo: DemoInTmux) {
        let demo = try DemoInTmux(arguments, columns: columns, rows: rows, environment: environment, unsetting: unsetting)
        func capture() -> DiffReaderReplay.Screen { Self.screen(of: demo) }
        var text = demo.waitForScreen { $0.contains("Press ? for help") && $0.contains("help.") }
        let start = capture()
        var steps: [(key: String, screen: DiffReaderReplay.Screen)] = []
        for key in keys {
            try demo.send(key)
            if key == "Enter" { _ = demo.waitForExit() }
            // The key's effect: the text changed (or, where a mode writes no words, the cursor moved).
            let before = text, cursor = demo.cursor
            text = demo.waitForScreen { $0 != before || demo.cursor.map { $0 != cursor ?? (-1, -1) } == true }
            #expect(!everyKeyChanges || text != before || demo.cursor.map { $0 != cursor ?? (-1, -1) } == true, "nothing changed after \(key)")
            demo.restartPace()
            steps.append((key, capture()))
        }
        return (start, steps, demo)
    }

    /// Every key heard as its words, once, whole: new text holding `value` as a whole word (on
    /// one line, or on two when the words are longer than the 40 columns they wrap at, read one
    /// after the other), and besides it only the reader's own one-character echo (or a blank
    /// line's).
    static func check(_ heard: [DiffReaderReplay.Heard], values: [String], _ label: String) {
        #expect(heard.count == values.count)
        for (one, value) in zip(heard, values) {
            let text = one.text.joined(separator: " ")
            #expect((1...2).contains(one.text.count), "\(label) \(one)")
            let words = text.split(whereSeparator: { !$0.isNumber && $0 != "." })
            #expect(words.contains(Substring(value)), "\(label) \(one): \(value) not heard whole")
            #expect(one.text.allSatisfy { $0.count >= 3 }, "\(label) \(one)")
            #expect(one.echo.allSatisfy { $0.count <= 1 }, "\(label) \(one): echo longer than a character")
        }
    }

    static let rangeKeys = ["Right", "Right", "Right", "Tab", "Left", "Home", "End", "Enter"]
    static let rangeValues = ["11", "12", "13", "90", "89", "13", "100", "100"]
    static let stepperKeys = ["+", "+", "-", "PageUp", "Home", "End", "Enter"]

    @Test(arguments: ["xterm-256color", "dumb"])
    func rangeIsHeardKeyByKey(term: String) throws {
        let run = try Self.screens(["range", "--label", "price"], keys: Self.rangeKeys, environment: Self.overSSH(term: term))
        #expect(run.demo.stdout == "13 100\n")
        // A quiet start: BRLTTY's absence in one short line (written before the first frame),
        // speech-dispatcher not tried at all.
        let stderr = run.demo.stderr.split(separator: "\n")
        #expect(stderr.count <= 1 && stderr.allSatisfy { $0.count < 100 && !$0.contains("speech") }, "\(stderr)")
        for algorithm in DiffReaderReplay.Algorithm.allCases {
            let heard = DiffReaderReplay(algorithm: algorithm).replay(from: run.start, run.steps)
            print("range \(term) \(algorithm):\n" + heard.map(\.description).joined(separator: "\n"))
            Self.check(heard, values: Self.rangeValues, "range \(term) \(algorithm)")
        }
    }

    @Test(arguments: ["xterm-256color", "dumb"])
    func stepperIsHeardKeyByKey(term: String) throws {
        let run = try Self.screens(["stepper", "--label", "Copies"], keys: Self.stepperKeys, environment: Self.overSSH(term: term))
        for algorithm in DiffReaderReplay.Algorithm.allCases {
            let heard = DiffReaderReplay(algorithm: algorithm).replay(from: run.start, run.steps)
            print("stepper \(term) \(algorithm):\n" + heard.map(\.description).joined(separator: "\n"))
            Self.check(heard, values: Self.stepperValues, "stepper \(term) \(algorithm)")
        }
    }

    /// The stepper's values key by key (it starts at 1, from 1 to 99, page 10).
    static let stepperValues = ["2", "3", "2", "12", "1", "99", "99"]

    /// Inside WSL, and by hand with `--screen-reader remote`: the same presentation.
    @Test(arguments: [["WSL_DISTRO_NAME": "Debian"], ["WSL_INTEROP": "/run/WSL/1_interop"], [:]])
    func chosenInWSLAndByHand(variables: [String: String]) throws {
        var environment = Self.overSSH(term: "xterm-256color").merging(variables) { $1 }
        environment["SSH_CONNECTION"] = nil
        let byHand = variables.isEmpty ? ["--screen-reader", "remote"] : []
        let run = try Self.screens(["stepper", "--label", "Copies"] + byHand, keys: ["+", "Enter"], environment: environment,
                                   unsetting: Self.unset + ["SSH_CONNECTION"])
        let heard = DiffReaderReplay().replay(from: run.start, run.steps)
        #expect(heard.map(\.text) == [["Copies, 2"], ["2, accepted"]], "\(heard)")
    }

    /// The preferences file's `screen-reader = remote`, with no ssh and no WSL: the same presentation.
    @Test func chosenByThePreferencesFile() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-remote-config-\(UUID().uuidString.prefix(8))")
        try "screen-reader = remote\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        var environment = Self.overSSH(term: "xterm-256color")
        environment["SSH_CONNECTION"] = nil
        environment["A11Y_CONTROLS_CONFIG"] = config.path
        let run = try Self.screens(["stepper", "--label", "Copies"], keys: ["+", "Enter"], environment: environment,
                                   unsetting: Self.unset + ["SSH_CONNECTION"])
        let heard = DiffReaderReplay().replay(from: run.start, run.steps)
        #expect(heard.map(\.text) == [["Copies, 2"], ["2, accepted"]], "\(heard)")
    }

    /// The quiet start on the terminal itself (stderr not redirected, as a user runs it over ssh):
    /// the missing BRLTTY said in one short line above the control, never inside its drawing;
    /// the control whole below it, and the first key heard whole, once.
    @Test func theQuietStartsLineStaysAboveTheControl() throws {
        let demo = try DemoInTmux(["range", "--label", "price"], environment: Self.overSSH(term: "xterm-256color"),
                                  unsetting: Self.unset, wrapper: ["sh", "-c", "exec \"$@\" 2>/dev/tty", "sh"])
        var text = demo.waitForScreen { $0.contains("Press ? for help") && $0.contains("cancel.") }
        let start = Self.screen(of: demo)
        let lines = start.lines.filter { !$0.isEmpty }
        let notices = lines.filter { $0.contains("BRLTTY") || $0.contains("braille") || $0.contains("speech") }
        #expect(notices.count == 1 && notices.allSatisfy { $0.count < 100 }, "\(start.lines)")
        // The notice first, then the start's words, the rule, the label, the hint: nothing mixed in.
        #expect(lines.first == notices.first, "\(start.lines)")
        #expect(lines.dropFirst().first?.hasPrefix("price, range slider") == true, "\(start.lines)")
        #expect(lines.contains("price") && lines.contains { $0.hasPrefix("Press ? for help") }, "\(start.lines)")
        let before = text
        try demo.send("Right")
        text = demo.waitForScreen { $0 != before && $0.contains("lower, 11") }
        let heard = DiffReaderReplay().replay(from: start, [("Right", Self.screen(of: demo))])
        #expect(heard.map(\.text) == [["lower, 11"]], "\(heard)")
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }

    /// Speech asked for (`--speech on`) with no speech-dispatcher: still an error (status 3).
    @Test func speechAskedForAndMissingIsAnError() throws {
        var environment = Self.overSSH(term: "xterm-256color")
        environment["SPEECHD_ADDRESS"] = "unix_socket:/nonexistent/speechd.sock"
        let demo = try DemoInTmux(["stepper", "--speech", "on"], environment: environment, unsetting: ["BRLAPI_AUTH"])
        #expect(demo.waitForExit() == 3)
        #expect(demo.stderr.contains("speech is required"), "\(demo.stderr)")
    }

    /// The same judge on today's other modes, recorded: the words line rewritten in place
    /// (`--screen-reader on`, for Fenrir and speakup) and the control speaking with the cursor on
    /// the handle (`off`), or still (`orca`). What a reader of added text hears there is
    /// printed; the assertion is only that those modes are unchanged by this presentation and
    /// that they lose whole values which the added lines keep.
    @Test(arguments: ["on", "off", "orca"])
    func todaysModesAsAReaderOfAddedTextHearsThem(mode: String) throws {
        var environment = Self.overSSH(term: "xterm-256color")
        environment["SSH_CONNECTION"] = nil
        let run = try Self.screens(["range", "--label", "price", "--screen-reader", mode, "--speech", "off", "--braille", "off"],
                                   keys: Self.rangeKeys, environment: environment, unsetting: Self.unset + ["SSH_CONNECTION"],
                                   everyKeyChanges: false)
        #expect(run.demo.stdout == "13 100\n")
        for algorithm in DiffReaderReplay.Algorithm.allCases {
            let heard = DiffReaderReplay(algorithm: algorithm).replay(from: run.start, run.steps)
            print("--screen-reader \(mode) \(algorithm):\n" + heard.map(\.description).joined(separator: "\n"))
            let whole = zip(heard, Self.rangeValues).filter { one, value in
                one.text.count == 1 && one.text[0].split(whereSeparator: { !$0.isNumber }).contains(Substring(value))
            }.count
            print("--screen-reader \(mode) \(algorithm): \(whole) of \(heard.count) keys heard as their value alone")
            if mode == "on", algorithm == .diffMatchPatch {
                // "11" → "12" in place: the comparison finds "2", dropped as typing.
                #expect(heard[1].text.isEmpty, "\(heard[1])")
            }
        }
    }

    /// Help, where-am-I, a refused key and the same refusal again: each heard whole, once.
    @Test(arguments: DiffReaderReplay.Algorithm.allCases)
    func helpWhereAmIAndRefusedKeysAreHeard(algorithm: DiffReaderReplay.Algorithm) throws {
        let run = try Self.screens(["range", "--label", "price"], keys: ["?", "Space", "End", "Right", "Right", "Escape"],
                                   environment: Self.overSSH(term: "xterm-256color"))
        let heard = DiffReaderReplay(algorithm: algorithm).replay(from: run.start, run.steps)
        print(heard.map(\.description).joined(separator: "\n"))
        // Help: the keys, on as many lines as the width needs, all of them new.
        #expect(heard[0].text.joined(separator: " ") == "Arrows move the focused handle, Tab switches handles, Page Up and "
                + "Page Down move by 10 steps, Home and End go as far as the handle may, type digits to enter a value, Space says "
                + "where things stand, Enter accepts, Escape cancels.", "\(heard[0])")
        #expect(heard[1].text.joined(separator: " ").hasPrefix("price, range slider, 10 to 90, of 0 to 100."), "\(heard[1])")
        #expect(heard[2].text == ["lower, 90, meets upper"], "\(heard[2])")
        #expect(heard[3].text == ["lower, 90, blocked by upper"], "\(heard[3])")
        #expect(heard[4].text == ["lower, 90, blocked by upper"], "\(heard[4])")
        #expect(heard[5].text == ["cancelled"], "\(heard[5])")
        #expect(heard.allSatisfy { $0.echo.allSatisfy { $0.count <= 1 } })
    }

    /// `--diagnose` over ssh says which presentation and why, and that this machine's speech is off.
    @Test func diagnoseSaysWhy() throws {
        var environment = ProcessInfo.processInfo.environment.merging(Self.overSSH(term: "xterm-256color")) { $1 }
        for name in Self.unset { environment[name] = nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-remote-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let child = try ChildProcess([try DemoInTmux.binary, "--diagnose"], environment: environment,
                                     streams: .files(output: directory.path + "/stdout", error: directory.path + "/stderr"), newSession: true)
        guard try child.waitForExit(timeout: .seconds(20)) != nil else {
            child.killAndReap()
            throw FixtureError("a11y-demo --diagnose still runs after 20 s")
        }
        let lines = ((try? String(contentsOf: directory.appendingPathComponent("stdout"), encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("screen reader: mode: each key's words are added as new lines") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("screen reader: why: over ssh (SSH_CONNECTION), no screen reader on this machine; this machine's speech is off") },
                "\(lines)")
    }

    /// A screen full of words: the terminal scrolls, its top line leaves as each key's words
    /// come in, and the words are still heard whole and once (a 24-row terminal; on a very short
    /// one, shifting every similar line by a character can cost a comparison less: docs).
    @Test(arguments: ["xterm-256color", "dumb"])
    func aScreenFullOfWordsScrollsAndStillSaysEachWhole(term: String) throws {
        let keys = Array(repeating: "+", count: 30)
        let run = try Self.screens(["stepper", "--label", "Copies"], keys: keys, environment: Self.overSSH(term: term), rows: 24)
        let heard = DiffReaderReplay().replay(from: run.start, run.steps)
        #expect(run.steps.last.map { $0.screen.lines.first?.hasPrefix("Copies, ") == true } == true, "the words fill the screen")
        #expect(heard.map(\.text) == (2...31).map { ["Copies, \($0)"] }, "\(heard.map(\.description).joined(separator: "\n"))")
    }

    /// The window resized between keys and while a key's words are written (100, 70, 90 columns):
    /// nothing is read from the resize itself, and each key's words are still heard whole, once.
    /// (The words and the controls are at most 40 columns wide, so no line above the cursor is
    /// rewrapped: `aWindowMadeNarrowAndWideAgain` goes down to 40; narrower is in the docs.)
    @Test func aResizedWindowStillGivesWholeWordsOnce() throws {
        let demo = try DemoInTmux(["range", "--label", "price"], environment: Self.overSSH(term: "xterm-256color"),
                                  unsetting: Self.unset)
        func capture() -> DiffReaderReplay.Screen { Self.screen(of: demo) }
        var text = demo.waitForScreen { $0.contains("Press ? for help") && $0.contains("help.") }
        let start = capture()
        var steps: [(key: String, screen: DiffReaderReplay.Screen)] = []
        func step(_ key: String, _ action: () throws -> Void, expecting expected: String?) throws {
            try action()
            let before = text
            text = demo.waitForScreen { expected.map($0.contains) ?? ($0 != before) }
            demo.restartPace()
            steps.append((key, capture()))
        }
        try step("Right", { try demo.send("Right") }, expecting: "lower, 11")
        try step("resize", { _ = try demo.tmux(["resize-window", "-t", demo.session, "-x", "70"]) }, expecting: nil)
        try step("Right", { try demo.send("Right") }, expecting: "lower, 12")
        // A key and a resize at once.
        try step("Right", {
            try demo.send("Right")
            _ = try demo.tmux(["resize-window", "-t", demo.session, "-x", "90"])
        }, expecting: "lower, 13")
        try step("Right", { try demo.send("Right") }, expecting: "lower, 14")
        for algorithm in DiffReaderReplay.Algorithm.allCases {
            let heard = DiffReaderReplay(algorithm: algorithm).replay(from: start, steps)
            print("resize \(algorithm):\n" + heard.map(\.description).joined(separator: "\n"))
            let texts = heard.map(\.text).filter { !$0.isEmpty }
            #expect(texts == [["lower, 11"], ["lower, 12"], ["lower, 13"], ["lower, 14"]], "\(heard)")
        }
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }

    /// The words of the range script as a reader hears them, whatever the width from 40 columns:
    /// the words are wrapped at 40 columns at most, Tab's onto two lines there.
    static let rangeWords = ["lower, 11", "lower, 12", "lower, 13", "upper, horizontal slider, 90, from 13 to 100", "upper, 89",
                             "upper, 13, meets lower", "upper, 100, end of track", "13 to 100, accepted"]

    /// A terminal of 40 columns from the start: the words wrap at its width, never cut (Tab's on
    /// two lines, read one after the other), the hint too; each key heard whole, once, by both
    /// comparisons, xterm and dumb.
    @Test(arguments: ["xterm-256color", "dumb"])
    func aNarrowTerminalStillGivesWholeWordsOnce(term: String) throws {
        let run = try Self.screens(["range", "--label", "price"], keys: Self.rangeKeys, environment: Self.overSSH(term: term), columns: 40)
        #expect(run.demo.stdout == "13 100\n")
        #expect(run.start.lines.allSatisfy { $0.count < 40 }, "\(run.start.lines)")
        #expect(run.start.text.contains("Escape to cancel."), "the hint whole: \(run.start.text)")
        for algorithm in DiffReaderReplay.Algorithm.allCases {
            let heard = DiffReaderReplay(algorithm: algorithm).replay(from: run.start, run.steps)
            print("40 columns \(term) \(algorithm):\n" + heard.map(\.description).joined(separator: "\n"))
            #expect(heard.map { $0.text.joined(separator: " ") } == Self.rangeWords, "\(heard)")
            #expect(heard.allSatisfy { $0.echo.allSatisfy { $0.count <= 1 } })
        }
    }

    /// A window made narrow (100 to 40 columns) after words of two lines, and wide again (80),
    /// between keys and while a key's words are written: nothing is read from the resizes, no
    /// words are left twice or cut, and each key is heard whole, once. Then narrower than the
    /// frame's lines (30 columns: the terminal rewraps them): the frame starts again below the
    /// old one, its last words as blank lines, so the reader hears the control again (its
    /// label and hint), never the last words a second time or cut; and wide again.
    @Test func aWindowMadeNarrowAndWideAgain() throws {
        let demo = try DemoInTmux(["range", "--label", "price"], environment: Self.overSSH(term: "xterm-256color"),
                                  unsetting: Self.unset)
        var text = demo.waitForScreen { $0.contains("Press ? for help") && $0.contains("help.") }
        let start = Self.screen(of: demo)
        var steps: [(key: String, screen: DiffReaderReplay.Screen)] = []
        func step(_ key: String, _ action: () throws -> Void, until condition: @escaping (String) -> Bool) throws {
            try action()
            text = demo.waitForScreen(condition)
            #expect(condition(text), "after \(key): \(text)")
            demo.restartPace()
            steps.append((key, Self.screen(of: demo)))
        }
        func step(_ key: String, _ action: () throws -> Void, expecting expected: String) throws {
            try step(key, action, until: { $0.contains(expected) })
        }
        func resize(_ columns: Int) throws {
            _ = try demo.tmux(["resize-window", "-t", demo.session, "-x", "\(columns)"])
            // tmux has the new width once the pane says so; the demo redraws on SIGWINCH.
            _ = Polling.until(timeout: .seconds(5)) { (try? demo.tmux(["display-message", "-p", "-t", demo.session, "#{pane_width}"]))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == "\(columns)" ? true : nil }
        }
        try step("Right", { try demo.send("Right") }, expecting: "lower, 11")
        try step("Tab", { try demo.send("Tab") }, expecting: "to 100")
        // The screen as soon as tmux has the new width (nothing more to wait for); what the demo
        // draws for the resize after that is read with the next key, whose words alone are heard.
        try step("resize", { try resize(40) }, until: { _ in true })
        try step("Left", { try demo.send("Left") }, expecting: "upper, 89")
        try step("Left", {
            try demo.send("Left")
            try resize(80)
        }, expecting: "upper, 88")
        try step("Left", { try demo.send("Left") }, expecting: "upper, 87")
        try step("resize", { try resize(40) }, until: { _ in true })
        try step("End", { try demo.send("End") }, expecting: "end of track")
        // Narrower than the frame: the control drawn again below (a second label on screen).
        try step("resize", { try resize(30) }, until: { $0.components(separatedBy: "────────────").count == 3 })
        try step("Left", { try demo.send("Left") }, expecting: "upper, 99")
        try step("resize", { try resize(80) }, until: { _ in true })
        try step("Left", { try demo.send("Left") }, expecting: "upper, 98")
        for algorithm in DiffReaderReplay.Algorithm.allCases {
            let heard = DiffReaderReplay(algorithm: algorithm).replay(from: start, steps)
            print("narrow and wide \(algorithm):\n" + heard.map(\.description).joined(separator: "\n"))
            let said = heard.map { $0.text.joined(separator: " ") }
            #expect(Array(said.prefix(8)) == ["lower, 11", "upper, horizontal slider, 90, from 11 to 100", "",
                                              "upper, 89", "upper, 88", "upper, 87", "", "upper, 100, end of track"], "\(heard)")
            // At 30 columns the terminal itself rewraps the lines above, which a comparison by
            // lines reads as pieces ("from 11"), and which makes Diff Match Patch read every line
            // after the first one rewrapped (the whole screen, as it does for any such resize);
            // what the demo adds is the control again, never the last words a second time.
            #expect(said[8].contains("price"), "\(heard[8])")
            if algorithm == .difflib { #expect(!said[8].contains("end of track"), "\(heard[8])") }
            #expect(said[9] == "upper, 99" && said[11] == "upper, 98", "\(heard)")
        }
        // Nothing left twice: each key's words once on screen.
        let screen = demo.screen
        for words in ["upper, 89", "upper, 88", "upper, 87", "upper, 100, end of track", "upper, 99", "upper, 98"] {
            #expect(screen.components(separatedBy: words).count == 2, "\(words): \(screen)")
        }
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }

    /// Under TERM=dumb (nothing is rewritten: each key's words printed below the rest) a window
    /// made narrow (30 columns) and wide again prints nothing: no frame printed again with the
    /// last words in it; each key's words once, whole.
    @Test func aResizeUnderTermDumbPrintsNothing() throws {
        let demo = try DemoInTmux(["range", "--label", "price"], environment: Self.overSSH(term: "dumb"), unsetting: Self.unset)
        var text = demo.waitForScreen { $0.contains("Press ? for help") && $0.contains("cancel.") }
        let start = Self.screen(of: demo)
        var steps: [(key: String, screen: DiffReaderReplay.Screen)] = []
        for (key, columns, expected) in [("Right", 0, "lower, 11"), ("resize", 30, ""), ("Right", 0, "lower, 12"), ("resize", 80, ""),
                                         ("Right", 0, "lower, 13")] {
            if columns > 0 {
                _ = try demo.tmux(["resize-window", "-t", demo.session, "-x", "\(columns)"])
                _ = Polling.until(timeout: .seconds(5)) { (try? demo.tmux(["display-message", "-p", "-t", demo.session, "#{pane_width}"]))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "\(columns)" ? true : nil }
            } else {
                try demo.send(key)
                text = demo.waitForScreen { $0.contains(expected) }
                demo.restartPace()
            }
            steps.append((key, Self.screen(of: demo)))
        }
        let heard = DiffReaderReplay(algorithm: .difflib).replay(from: start, steps)
        print("dumb, resized:\n" + heard.map(\.description).joined(separator: "\n"))
        #expect(heard[0].text == ["lower, 11"] && heard[2].text == ["lower, 12"] && heard[4].text == ["lower, 13"], "\(heard)")
        for words in ["lower, 11", "lower, 12", "lower, 13", "Escape to cancel."] {
            #expect(text.components(separatedBy: words).count == 2, "\(words): \(text)")
        }
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1)
    }
}
