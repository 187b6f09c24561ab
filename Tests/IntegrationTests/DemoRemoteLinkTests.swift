import A11yTestSupport
import Foundation
import Glibc
import Testing
import VirtualDisplayClient

/// a11y-demo reached as over ssh through a poor connection, heard by a screen reader on the other
/// machine that compares the terminal's text (`DiffReaderReplay`, NVDA's rules): the demo runs on
/// a pseudo-terminal of its own and `scripts/readers/slow-link.py` stands between it and the tmux
/// pane (the user's terminal), as sshd and the ssh client do, cutting what the demo writes into
/// small pieces and, when asked, keeping the terminal from answering any query. No
/// speech-dispatcher and no BRLTTY are reachable, as over ssh.
@Suite(.serialized)
struct DemoRemoteLinkTests {
    static var linkScript: String { PackageRoot.url.appendingPathComponent("scripts/readers/slow-link.py").path }

    /// What the link's last title said: pieces written, bytes held, inside a synchronized update.
    struct LinkState: Equatable {
        var pieces: Int
        var held: Int
        var synchronized: Bool
    }

    static func link(_ demo: DemoInTmux) -> LinkState? {
        guard let title = try? demo.tmux(["display-message", "-p", "-t", demo.session, "#{pane_title}"]) else { return nil }
        let parts = title.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard parts.count == 4, parts[0] == "slow-link", let pieces = Int(parts[1]), let held = Int(parts[2]) else { return nil }
        return LinkState(pieces: pieces, held: held, synchronized: parts[3] == "1")
    }

    /// The demo over the link: `link` are slow-link.py's options.
    static func demo(_ arguments: [String], term: String, link: [String], columns: Int = 100) throws -> DemoInTmux {
        try DemoInTmux(arguments, columns: columns, environment: DemoRemoteReaderTests.overSSH(term: term),
                       unsetting: DemoRemoteReaderTests.unset, wrapper: ["python3", linkScript] + link + ["--"])
    }

    /// Waits, under a deadline for hangs, until the control has started over the link: its hint
    /// on screen and every byte of it delivered. Prints how long that took.
    static func waitForStart(_ demo: DemoInTmux, deadline: Duration = .seconds(30)) -> String {
        let began = ContinuousClock.now
        let text = demo.waitForScreen(timeout: deadline) { text in
            text.contains("Press ? for help") && text.contains("help.") && link(demo)?.held == 0
        }
        print("started over the slow link after \((ContinuousClock.now - began).milliseconds) ms")
        return text
    }

    /// A terminal that answers no query (no device attributes, no cursor position, no keyboard
    /// protocol) over a slow link (what the demo writes arrives in pieces of 1 to 7 bytes, 15 ms
    /// apart, cut anywhere): the control starts without waiting for an answer, shows itself, and
    /// each key of the range and the stepper scripts is heard as its value, whole and once.
    @Test(arguments: zip(["range", "range", "stepper"], ["xterm-256color", "dumb", "xterm-256color"]))
    func aTerminalThatAnswersNoQueryOverASlowLink(control: String, term: String) throws {
        let range = control == "range"
        let label = range ? "price" : "Copies"
        let droppedFile = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-dropped-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: droppedFile) }
        let demo = try Self.demo([control, "--label", label], term: term,
                                 link: ["--no-answers", "--chunk", "7", "--delay-ms", "15", "--seed", "7", "--dropped", droppedFile])
        var text = Self.waitForStart(demo)
        #expect(text.contains("Press ? for help") && text.contains("help."), "the control did not start: \(text)")
        #expect(text.contains(label), "\(text)")
        let start = DemoRemoteReaderTests.screen(of: demo)
        // It presents itself: a reader that read the blank terminal hears the start's words whole.
        let started = DiffReaderReplay().replay(from: DiffReaderReplay.Screen(lines: []), [("start", start)])
        let presented = range ? "price, range slider, 10 to 90, of 0 to 100." : "Copies, spin button, 1, from 1 to 99."
        #expect(started.first?.text.joined(separator: " ").contains(presented) == true, "\(started)")
        var steps: [(key: String, screen: DiffReaderReplay.Screen)] = []
        for key in range ? DemoRemoteReaderTests.rangeKeys : DemoRemoteReaderTests.stepperKeys {
            let before = text, pieces = Self.link(demo)?.pieces ?? 0
            try demo.send(key)
            if key == "Enter" { #expect(demo.waitForExit(timeout: .seconds(30)) == 0, "no exit after Enter over the slow link") }
            // The key's frame delivered: the text changed, and the link has written since and holds nothing.
            text = demo.waitForScreen(timeout: .seconds(30)) { text in
                text != before && Self.link(demo).map { $0.pieces > pieces && $0.held == 0 } == true
            }
            demo.restartPace()
            steps.append((key, DemoRemoteReaderTests.screen(of: demo)))
        }
        #expect(demo.stdout == (range ? "13 100\n" : "99\n"))
        // The demo asked (the keyboard protocol and the device attributes after it) and no answer came.
        let dropped = (try? String(contentsOfFile: droppedFile, encoding: .utf8)) ?? ""
        print("queries the terminal did not answer: \(dropped.debugDescription)")
        #expect(dropped.contains("[?u"), "\(dropped)")
        let stderr = demo.stderr.split(separator: "\n")
        #expect(stderr.count <= 1 && stderr.allSatisfy { $0.count < 100 && !$0.contains("speech") }, "\(stderr)")
        for algorithm in DiffReaderReplay.Algorithm.allCases {
            let heard = DiffReaderReplay(algorithm: algorithm).replay(from: start, steps)
            print("no answers, slow link, \(control) \(term) \(algorithm):\n" + heard.map(\.description).joined(separator: "\n"))
            DemoRemoteReaderTests.check(heard, values: range ? DemoRemoteReaderTests.rangeValues : DemoRemoteReaderTests.stepperValues,
                                        "no answers \(control) \(term) \(algorithm)")
        }
    }

    /// Output cut mid-frame: each key's frame reaches the terminal in pieces of 1 to 5 bytes, and
    /// the reader reads the terminal's text after every piece (the test steps the link piece by
    /// piece and takes the screen after each: every point where a slow connection can leave the
    /// text). A terminal that holds its drawing during a synchronized update (mode 2026, which
    /// the added words are written in) shows the old text until the update ends: there each key
    /// is heard once, as its whole words, and nothing else. A terminal that ignores mode 2026
    /// (`holds: false`) shows the words as far as they came: what the reader hears then is
    /// printed, and asserted to be only pieces of the key's words (docs: a terminal that draws
    /// the words before they have all come can be heard saying part of them). The range's script
    /// both ways, the stepper's where the terminal holds.
    @Test(arguments: zip(["range", "range", "stepper"], [true, false, true]))
    func outputCutMidFrameStillGivesWholeWordsOnce(control controlName: String, holds: Bool) throws {
        let range = controlName == "range"
        let keys = range ? DemoRemoteReaderTests.rangeKeys : DemoRemoteReaderTests.stepperKeys
        let values = range ? DemoRemoteReaderTests.rangeValues : DemoRemoteReaderTests.stepperValues
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-link-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("control").path
        guard mkfifo(fifo, 0o600) == 0 else { throw FixtureError("mkfifo \(fifo): \(String(cString: strerror(errno)))") }
        let demo = try Self.demo([controlName, "--label", range ? "price" : "Copies"], term: "xterm-256color",
                                 link: ["--no-answers", "--chunk", "5", "--delay-ms", "0", "--seed", "11", "--control", fifo])
        var text = Self.waitForStart(demo)
        #expect(text.contains("help."), "the control did not start: \(text)")
        // Read-write: a reader always there (this one), so a write after the link ended is no SIGPIPE.
        let control = open(fifo, O_RDWR | O_NONBLOCK)
        guard control >= 0 else { throw FixtureError("open \(fifo): \(String(cString: strerror(errno)))") }
        defer { close(control) }
        func tell(_ command: String) { _ = command.utf8CString.withUnsafeBufferPointer { write(control, $0.baseAddress, 1) } }
        tell("s")
        let start = DemoRemoteReaderTests.screen(of: demo)
        // Each key, then every piece after it: the screen as the reader would read it.
        var steps: [(key: String, screen: DiffReaderReplay.Screen)] = []
        var owner: [Int] = []
        var readings = 0, withheld = 0
        for (index, key) in keys.enumerated() {
            let before = text
            var pieces = Self.link(demo)?.pieces ?? 0
            try demo.send(key)
            var first = true
            while true {
                tell("n")
                let state = Polling.until(timeout: .seconds(20), every: .milliseconds(5)) { () -> LinkState? in
                    Self.link(demo).flatMap { $0.pieces > pieces ? $0 : nil }
                }
                guard let state else {
                    Issue.record("\(key): the link wrote no piece within 20 s (\(Self.link(demo).map { "\($0)" } ?? "no title"))")
                    return
                }
                pieces = state.pieces
                text = demo.screen
                // A terminal holding its drawing shows nothing new inside the update.
                if !(holds && state.synchronized) {
                    steps.append((first ? key : "(piece)", DemoRemoteReaderTests.screen(of: demo)))
                    owner.append(index)
                    first = false
                    readings += 1
                } else {
                    withheld += 1
                }
                if state.held == 0, !state.synchronized, text != before { break }
            }
            demo.restartPace()
        }
        // What the demo writes as it ends (the terminal restored) may come after Enter's words:
        // the link runs freely again, so it delivers that and ends.
        tell("r")
        #expect(demo.waitForExit(timeout: .seconds(30)) == 0)
        #expect(demo.stdout == (range ? "13 100\n" : "99\n"))
        print("\(readings) readings of the screen for \(keys.count) keys, \(withheld) pieces inside updates")
        // The words came in synchronized updates, cut by the link: a holding terminal had pieces to hold.
        #expect(!holds || withheld > 0)
        for algorithm in DiffReaderReplay.Algorithm.allCases {
            let heard = DiffReaderReplay(algorithm: algorithm).replay(from: start, steps)
            print("cut mid-frame, \(controlName), holds \(holds), \(algorithm):\n" + heard.map(\.description).joined(separator: "\n"))
            // What each key made the reader say, over all the readings after it.
            var perKey = Array(repeating: [String](), count: keys.count)
            var echoes = Array(repeating: [String](), count: keys.count)
            for (one, index) in zip(heard, owner) {
                perKey[index] += one.text
                echoes[index] += one.echo
            }
            let byKey = zip(keys, zip(echoes, perKey)).map { key, pair in
                DiffReaderReplay.Heard(key: key, echo: pair.0, text: pair.1)
            }
            if holds {
                DemoRemoteReaderTests.check(byKey, values: values, "cut mid-frame \(controlName) \(algorithm)")
            } else {
                // Read once each key's frame has all come, the same screens give every key whole once;
                // read after every piece, the reader says pieces of those words and nothing else
                // (never the controls' text).
                let last = owner.indices.filter { $0 == owner.count - 1 || owner[$0 + 1] != owner[$0] }
                let settled = DiffReaderReplay(algorithm: algorithm).replay(from: start, last.map { (keys[owner[$0]], steps[$0].screen) })
                DemoRemoteReaderTests.check(settled, values: values, "read once settled \(algorithm)")
                for (one, words) in zip(byKey, settled) {
                    let whole = words.text.joined(separator: " ")
                    #expect(one.text.allSatisfy { whole.contains($0) }, "\(one): not a piece of \(whole)")
                }
                let whole = zip(byKey, values).filter { one, value in
                    one.text.count == 1 && one.text[0].split(whereSeparator: { !$0.isNumber }).contains(Substring(value))
                }.count
                print("a terminal that draws every piece, \(algorithm): \(whole) of \(byKey.count) keys heard whole once")
            }
        }
    }
}
