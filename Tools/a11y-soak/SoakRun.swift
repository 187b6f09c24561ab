import A11yControls
import A11yInputChecks
import A11yTestSupport
import Foundation
import VirtualDisplayClient

// The soak's run: a11y-demo `range` in a tmux terminal against the real servers, driven by seeded
// actions; every deterministic key is checked against the model (A11yModel's RangeSlider fed the
// same commands) on the screen; holds, bursts and routing keys, whose step count depends on
// timing, are checked for direction and bounds and the model then takes the values shown.

/// a11y-demo in a tmux pane whose shell records `stty -g` before and after it.
final class SoakPane: TmuxPane {
    init(demo: String) throws {
        try super.init(prefix: "a11y-soak", session: "soak", defaultTimeout: Polling.hang)
        let q = Self.quote
        try start("stty -g >\(q(path("before"))); \(q(demo)) range >\(q(path("stdout"))) 2>\(q(path("stderr"))); "
                  + "echo $? >\(q(path("status.tmp"))); stty -g >\(q(path("after"))); mv \(q(path("status.tmp"))) \(q(path("status")))")
    }

    func send(_ keys: [String]) throws { try tmux(["send-keys", "-t", session] + keys) }

    /// The values on the screen's first line ("range: L to U").
    var shown: (Double, Double)? {
        guard let line = screen.split(separator: "\n").first(where: { $0.hasPrefix("range: ") }) else { return nil }
        let parts = line.dropFirst("range: ".count).components(separatedBy: " to ")
        guard parts.count == 2, let low = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let high = Double(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        return (low, high)
    }
}

struct SoakReport {
    var keys = 0, brailleKeys = 0, holds = 0, bursts = 0, typed = 0, signals = 0
    var faults: [String: Int] = [:]
    var recoveries = 0
    var failures: [String] = []
    var samples: [ProcessSample] = []

    mutating func fail(_ text: String) {
        failures.append(text)
        FileHandle.standardError.write(Data("a11y-soak: FAILED: \(text)\n".utf8))
    }
}

final class SoakRun {
    let pane: SoakPane
    let display: VirtualBrailleDisplay
    let spoken: CaptureFile
    var model: RangeSlider
    var random: SplitMix64
    var report = SoakReport()
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    var lastKey = ContinuousClock.now

    init(demo: String, seed: UInt64) throws {
        display = try SharedVirtualDisplay.get()
        spoken = try CaptureFile()
        model = try RangeSlider()
        random = SplitMix64(seed: seed)
        start = clock.now
        pane = try SoakPane(demo: demo)
        guard pane.waitForScreen({ $0.contains("range: 10 to 90") }).contains("range: 10 to 90") else {
            throw FixtureError("the demo did not start: \(pane.screen)\nstderr: \(pane.file("stderr"))")
        }
        // The display shows the control: the demo holds it (braille keys reach the demo, not BRLTTY).
        guard display.waitForFrame(timeout: Polling.hang, { $0.text.hasPrefix("range") }) != nil else {
            throw FixtureError("the demo never showed its line on the braille display; stderr: \(pane.file("stderr"))")
        }
    }

    var pid: Int32? { pane.pid }
    var expected: String { "range: \(Self.number(model.selectedMinimum)) to \(Self.number(model.selectedMaximum))" }
    static func number(_ value: Double) -> String { value.rounded() == value ? String(Int(value)) : String(value) }

    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// Waits so that the next key is a tap (not a held key's repeat).
    func pace(_ gap: Duration = .milliseconds(160)) {
        Polling.sleep(for: gap - (clock.now - lastKey))
    }

    /// The screen shows the model's values (a deadline, not a speed check).
    func expectScreen(_ context: String) {
        let want = expected
        let screen = pane.waitForScreen(timeout: Polling.hang) { $0.contains(want) }
        guard !screen.contains(want) else { return }
        report.fail("\(context): expected '\(want)', screen: \(screen.split(separator: "\n").first ?? "")")
        resync()
    }

    /// The model takes the values shown (after a failed check, so that one fault is reported
    /// once, not at every later key).
    func resync() {
        guard let (low, high) = pane.shown else { return }
        _ = model.apply(.setValue(low, handle: .lower))
        _ = model.apply(.setValue(high, handle: .upper))
        _ = model.apply(.setValue(high, handle: .upper))
        _ = model.apply(.setValue(low, handle: .lower))
    }

    // MARK: Keys

    func tap(_ key: String, _ command: Command) throws {
        pace()
        try pane.send([key])
        lastKey = clock.now
        report.keys += 1
        _ = model.apply(command)
        expectScreen("after \(key)")
    }

    /// The way (up or not) that the focused handle can move, `up` when both can; a handle pinned
    /// by the other one at a bound (both at 100, the upper focused) cannot move either way, so
    /// the focus goes to the other handle first (a tap of Tab).
    func movingDirection(preferring up: Bool) throws -> Bool {
        if case let range = model.allowedRange(for: model.focusedHandle), range.lower >= range.upper {
            try tap("Tab", .focusNext)
        }
        let handle = model.focusedHandle, range = model.allowedRange(for: handle)
        if model.value(of: handle) >= range.upper { return false }
        if model.value(of: handle) <= range.lower { return true }
        return up
    }

    /// A braille key (LNUP or LNDN) that moves the value. One that changed nothing would show
    /// nothing, so the screen could not tell whether BRLTTY had passed it on yet: an LNUP at a
    /// limit, still in BRLTTY's queue when the next fault stops BRLTTY, is handed over after its
    /// SIGCONT, long after the model took it.
    func brailleKey(up: Bool) throws {
        let (name, command): (String, Command) = try movingDirection(preferring: up) ? ("LNUP", .increment) : ("LNDN", .decrement)
        pace()
        try display.press(name)
        lastKey = clock.now
        report.brailleKeys += 1
        _ = model.apply(command)
        expectScreen("after braille \(name)")
    }

    func typedNumber() throws {
        let range = model.allowedRange(for: model.focusedHandle)
        let value = Double(Int.random(in: Int(range.lower)...Int(range.upper), using: &random))
        pace()
        try pane.send(["-l", Self.number(value)])
        try pane.send(["Enter"])
        lastKey = clock.now
        report.typed += 1
        _ = model.apply(.setValue(value))
        expectScreen("after typing \(Self.number(value))")
    }

    /// Keys whose count of steps depends on timing: the values move the right way, stay in
    /// bounds and in order; the model takes them once the screen is still.
    func untimed(_ name: String, up: Bool?, send: () throws -> Void) throws {
        let before = (model.selectedMinimum, model.selectedMaximum)
        try send()
        lastKey = clock.now
        var last = ""
        var stableSince = clock.now
        _ = Polling.until(timeout: Polling.hang, every: .milliseconds(50)) {
            let line = pane.screen.split(separator: "\n").first.map(String.init) ?? ""
            if line != last { last = line; stableSince = clock.now }
            return clock.now - stableSince > .milliseconds(800)
        }
        guard let (low, high) = pane.shown else { return report.fail("\(name): no values on the screen") }
        let moved = model.focusedHandle == .lower ? low - before.0 : high - before.1
        let wrongWay = up.map { $0 ? moved < 0 : moved > 0 } ?? false
        if low > high || low < model.bounds.lowerBound || high > model.bounds.upperBound || wrongWay {
            report.fail("\(name): \(before) -> (\(low), \(high)), focused \(model.focusedHandle)")
        }
        resync()
    }

    func hold() throws {
        let up = chance(50)
        let end = clock.now + .milliseconds(Int.random(in: 300...1500, using: &random))
        report.holds += 1
        try untimed("hold", up: up) {
            // As a keyboard repeats a held key: the press, the first repeat after its delay, then
            // one every 33 ms.
            var presses = 0
            while clock.now < end {
                let gap: Duration = presses == 1 ? .milliseconds(500) : .milliseconds(33)
                Polling.sleep(for: gap - (clock.now - lastKey))
                try pane.send([up ? "Right" : "Left"])
                lastKey = clock.now
                presses += 1
                report.keys += 1
            }
        }
    }

    func burst() throws {
        let up = chance(50)
        let count = Int.random(in: 2...12, using: &random)
        report.bursts += 1
        report.keys += count
        pace()
        try untimed("burst", up: up) { try pane.send(Array(repeating: up ? "Right" : "Left", count: count)) }
    }

    /// A routing key over the track (between the two values the line shows): it moves the
    /// focused handle there. (Over a value it would move the focus instead, which the screen
    /// does not show: those cells are left alone.)
    func route() throws {
        guard let text = display.lastFrame()?.text else { return }
        let characters = Array(text)
        let digits = characters.indices.filter { characters[$0].isNumber }
        guard let first = digits.first, let last = digits.last else { return }
        let endOfFirst = (first..<characters.count).first { !characters[$0].isNumber } ?? first
        let startOfLast = (0...last).last { !characters[$0].isNumber }.map { $0 + 1 } ?? last
        // A line with one number (panned, or a notice) has no track between two: nothing to route.
        let (lower, upper) = (endOfFirst + 2, startOfLast - 1)
        guard upper - lower > 2 else { return }
        let cell = Int.random(in: lower..<upper, using: &random)
        pace()
        report.brailleKeys += 1
        try untimed("ROUTE \(cell)", up: nil) { try display.press("ROUTE \(cell)") }
    }

    func sample() {
        guard let pid, let sample = ProcessSample(pid: pid, at: clock.now - start) else { return }
        report.samples.append(sample)
    }
}
