import A11yTestSupport
import Foundation
import Testing

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

    /// Runs the demo, types `keys` one by one (each waited for: the screen changes), and returns
    /// the screen before the first key and after each.
    static func screens(_ arguments: [String], keys: [String], environment: [String: String], unsetting: [String] = unset)
        throws -> (start: DiffReaderReplay.Screen, steps: [(key: String, screen: DiffReaderReplay.Screen)], demo: DemoInTmux) {
        let demo = try DemoInTmux(arguments, environment: environment, unsetting: unsetting)
        func capture() -> DiffReaderReplay.Screen {
            let cursor = demo.cursor ?? (0, 0)
            return DiffReaderReplay.Screen(text: demo.screen, cursor: (cursor.column, cursor.row))
        }
        var text = demo.waitForScreen { $0.contains("Press ? for help") && $0.contains("help.") }
        let start = capture()
        var steps: [(key: String, screen: DiffReaderReplay.Screen)] = []
        for key in keys {
            try demo.send(key)
            if key == "Enter" { _ = demo.waitForExit() }
            let before = text
            text = demo.waitForScreen { $0 != before }
            #expect(text != before, "nothing changed after \(key)")
            demo.restartPace()
            steps.append((key, capture()))
        }
        return (start, steps, demo)
    }

    /// Every key heard as its words, once, whole: one line of new text holding `value` as a whole
    /// word, and besides it only the reader's own one-character echo (or a blank line's).
    static func check(_ heard: [DiffReaderReplay.Heard], values: [String], _ label: String) {
        #expect(heard.count == values.count)
        for (one, value) in zip(heard, values) {
            #expect(one.text.count == 1, "\(label) \(one)")
            let words = (one.text.first ?? "").split(whereSeparator: { !$0.isNumber && $0 != "." })
            #expect(words.contains(Substring(value)), "\(label) \(one): \(value) not heard whole")
            #expect((one.text.first ?? "").count >= 3, "\(label) \(one)")
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
}
