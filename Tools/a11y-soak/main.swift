import A11yControls
import A11yTestSupport
import Foundation
import VirtualDisplayClient

// a11y-soak: hours of abuse for a11y-demo (`make soak`, docs/reliability.md, "Soak").
//
//   SOAK_SECONDS=600 SOAK_SEED=N a11y-soak     (with the servers' environment sourced)
//
// Runs `a11y-demo range` in a terminal against the real servers for SOAK_SECONDS with seeded
// actions (the seed is printed; SOAK_SEED replays it), then Enter, and checks: the result equals
// the model, RSS growth after warm-up <= 1 MB, descriptors and threads back to their counts at
// the start, the terminal's settings identical, nothing spoken after the result, every loss and
// return told (also a server that froze: 'not answering', then 'back'). Exit status 0 when every
// check held.

let environment = ProcessInfo.processInfo.environment
let seconds = Int(environment["SOAK_SECONDS"] ?? "") ?? 600
let seed = UInt64(environment["SOAK_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64(Int64.max))
let demo = environment["A11Y_DEMO"] ?? PackageRoot.url.appendingPathComponent(".build/debug/a11y-demo").path
print("soak: \(seconds) s, seed \(seed) (replay: SOAK_SEED=\(seed)), demo \(demo)")

func say(_ text: String) { print("soak: \(text)"); fflush(nil) }

let run: SoakRun
do {
    run = try SoakRun(demo: demo, seed: seed)
} catch {
    print("soak: cannot start: \(error)")
    exit(2)  // the pane, if made, went away with its deinit
}

/// Counts at a quiet moment: the worker threads of libdispatch end about 5 s after their last work.
@MainActor func quietSample() -> ProcessSample? {
    Polling.sleep(for: .seconds(6))
    run.sample()
    return run.report.samples.last
}

// Descriptors and threads are compared with their counts after one speech-dispatcher restart
// (both servers connected, the control shown): the first reconnection timer makes libdispatch
// start its timer thread with an epoll, an eventfd and a timerfd, kept for the process's life
// (three descriptors and a thread more, then steady). RSS is compared with its value after
// warm-up.
do { try run.killSpeech() } catch { run.report.fail("the warm-up restart of speech-dispatcher failed: \(error)") }
let initial = quietSample()
say("at the start: \(initial.map(String.init(describing:)) ?? "no sample")")
let clock = ContinuousClock()
let end = clock.now + .seconds(seconds)
let warmUp = clock.now + .seconds(max(5, seconds / 10))
var baseline: ProcessSample?
var nextSample = clock.now
var actions = 0
do {
    while clock.now < end {
        if baseline == nil, clock.now >= warmUp {
            baseline = quietSample()
            say("after warm-up: \(baseline.map(String.init(describing:)) ?? "no sample")")
        }
        if clock.now >= nextSample {
            run.sample()
            nextSample = clock.now + .seconds(max(1, seconds / 20))
        }
        actions += 1
        switch Int.random(in: 0..<100, using: &run.random) {
        case 0..<30: try run.tap(["Right", "Left", "Up", "Down"][actions % 4], [.increment, .decrement, .increment, .decrement][actions % 4])
        case 30..<34: try run.tap("PageUp", .pageIncrement)
        case 34..<38: try run.tap("PageDown", .pageDecrement)
        case 38..<40: try run.tap("Home", .toLowest)
        case 40..<42: try run.tap("End", .toHighest)
        case 42..<48: try run.tap("Tab", .focusNext)
        case 48..<52: try run.typedNumber()
        case 52..<58: try run.brailleKey(up: true)
        case 58..<62: try run.brailleKey(up: false)
        case 62..<65: try run.route()
        case 65..<70: try run.hold()
        case 70..<75: try run.burst()
        case 75..<80: try run.windowChange()
        case 80..<83: try run.suspendAndContinue()
        case 83..<86: try run.killSpeech()
        case 86..<89: try run.killBraille()
        case 89..<91: try run.killBraille(cells: run.display.cells == 40 ? 20 : 40)
        case 91..<94: try run.slowSynthesizer()
        case 94..<97: try run.freeze("braille")
        default: try run.freeze("speech")
        }
    }
    // The display at its usual width again, for whatever runs next.
    if run.display.cells != 40 { try run.killBraille(cells: 40) }
} catch {
    run.report.fail("the soak's own step failed: \(error)")
}

// The end: the servers as they were, counts back at a quiet moment, then Enter and the result.
ServerControl.thaw("braille")
ServerControl.thaw("speech")
try? Servers.setCaptureDelay(nil)
let last = quietSample()
let lines = run.spoken.lines.count
run.pace()
try? run.pane.send(["Enter"])
let status = run.pane.waitForExit(timeout: Polling.hang)
let stdout = run.pane.file("stdout")
let want = "\(SoakRun.number(run.model.selectedMinimum)) \(SoakRun.number(run.model.selectedMaximum))"
if status != 0 || stdout != want { run.report.fail("result: status \(status.map(String.init) ?? "none"), stdout '\(stdout)', model '\(want)'") }
let (before, after) = (run.pane.file("before"), run.pane.file("after"))
if before.isEmpty || before != after { run.report.fail("terminal settings: before '\(before)', after '\(after)'") }
// After the last key only the result is said (it names both values), nothing stale.
let afterEnter = run.spoken.waitForLines(timeout: Polling.hang) { $0.count > lines }.dropFirst(lines)
if afterEnter.count != 1 || !(afterEnter.first ?? "").contains(want.split(separator: " ")[1]) {
    run.report.fail("spoken after Enter: \(Array(afterEnter))")
}

let report = run.report
let samples = report.samples
say("keys \(report.keys), braille keys \(report.brailleKeys), holds \(report.holds), bursts \(report.bursts), typed numbers \(report.typed), signals \(report.signals), actions \(actions)")
say("faults \(report.faults.values.reduce(0, +)): " + report.faults.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
say("recoveries \(report.recoveries)")
say("RSS curve (KiB): " + samples.map { "\($0.time.components.seconds)s:\($0.rssKiB)" }.joined(separator: " "))
if let baseline, let initial, let last {
    let growth = last.rssKiB - baseline.rssKiB
    say("RSS after warm-up \(baseline.rssKiB) KiB, at the end \(last.rssKiB) KiB (growth \(growth) KiB); descriptors \(initial.descriptors) -> \(last.descriptors); threads \(initial.threads) -> \(last.threads) (start -> end)")
    if growth > 1024 { run.report.fail("RSS grew \(growth) KiB after warm-up") }
    if last.descriptors != initial.descriptors { run.report.fail("descriptors \(initial.descriptors) -> \(last.descriptors)") }
    if last.threads != initial.threads { run.report.fail("threads \(initial.threads) -> \(last.threads)") }
}
say("result '\(stdout)' (model '\(want)'), terminal settings \(before == after ? "identical" : "changed")")
let failures = run.report.failures
// The seed again at the end, where a log cut to its last lines still shows it.
say(failures.isEmpty ? "PASSED" : "FAILED (\(failures.count) checks; replay: SOAK_SEED=\(seed)): " + failures.prefix(5).joined(separator: "; "))
_ = try? run.pane.tmux(["kill-server"])  // exit() skips the pane's deinit
exit(failures.isEmpty ? 0 : 1)
