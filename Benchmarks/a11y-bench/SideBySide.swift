import A11yTestSupport
import Foundation
import VirtualDisplayClient

// Side by side, in one run: a11y-demo, a comparison program when one is given (`--peer`, a Python
// slider: `BENCH_PEER` of scripts/bench.sh) and the C floors (scripts/bench/floor_key.c), each started in the same pty harness against the same
// servers and driven with the same keys, in alternating rounds. Only figures of the same run are
// compared.

/// A program the side-by-side rounds drive.
struct Subject {
    var name: String
    var command: [String]
    /// What its braille line starts with once it shows `value` (for the lower handle).
    var brailleText: (Int) -> String
    /// What its first braille line starts with (nil: it writes none).
    var firstBraille: String?
    /// Whether it draws on the terminal (the floors do not).
    var draws: Bool
    /// Whether it speaks.
    var speaks: Bool
    /// Whether it writes braille on every key.
    var brailles: Bool
    /// False: only its start is measured (no keys).
    var takesKeys = true
    /// It takes 1/`keysDivisor` of the keys of a round (the same first keys, the same pace).
    var keysDivisor = 1
}

/// What one round of one subject measured.
struct Round {
    var braille: [Double] = []
    var speech: [Double] = []
    var redraw: [Double] = []
    var firstBraille: Double?
    var peakRSSKB: Int?
    var missed = 0
}

/// All the rounds of every subject, by name.
struct SideBySideResult {
    var rounds: [String: [Round]] = [:]

    func values(_ name: String, _ path: KeyPath<Round, [Double]>) -> [Double] {
        rounds[name, default: []].flatMap { $0[keyPath: path] }
    }

    func firstBraille(_ name: String) -> [Double] { rounds[name, default: []].compactMap(\.firstBraille) }

    func peakRSS(_ name: String) -> Double? {
        rounds[name, default: []].compactMap(\.peakRSSKB).max().map { Double($0) / 1024 }
    }
}

/// Runs `rounds` rounds; in each, every subject in turn: start, `keys` keys (Right and Left
/// alternately, `spacing` ms apart on average (`keyJitter`), each timed to the braille line, the spoken line and the
/// first terminal output), then its peak memory, then quit. Then `startRounds` rounds that only
/// start each subject that writes a first braille line, time it and quit: a start-up median of
/// a few starts is a matter of luck, so the starts are many and cheap (no keys).
@MainActor func runSideBySide(_ subjects: [Subject], rounds: Int, keys: Int, spacing: Double, startRounds: Int = 0) throws -> SideBySideResult {
    var result = SideBySideResult()
    for round in 1...rounds {
        for subject in subjects {
            progress("side by side: round \(round)/\(rounds), \(subject.name)")
            result.rounds[subject.name, default: []].append(try measureRound(subject, keys: keys, spacing: spacing))
        }
    }
    if startRounds > 0 { progress("side by side: \(startRounds) rounds of starts") }
    for _ in 0..<startRounds {
        for subject in subjects where subject.firstBraille != nil {
            result.rounds[subject.name, default: []].append(try measureRound(subject, keys: 0, spacing: spacing, startOnly: true))
        }
    }
    return result
}

/// -20 to +19 ms on the time between keys, the same sequence for every program (the mean stays
/// `spacing`): a program's own timer that fires a fixed time after each key (a11y-demo asks
/// BRLTTY whether it still answers 100 ms after a frame) would otherwise come at the same moment
/// before every next key and keep the machine warm for it, which flatters the figure.
func keyJitter(_ index: Int) -> Double {
    Double((index &* 7919 &+ 13) % 40 - 20)
}

/// One start of `subject`, then `keys` keys (none with `startOnly`: no wait after the first
/// line and no peak memory either).
private func measureRound(_ subject: Subject, keys: Int, spacing: Double, startOnly: Bool = false) throws -> Round {
    let display = try SharedVirtualDisplay.get()
    let capture = try sharedCapture()
    var round = Round()
    let frameIndex = display.frameCount
    let program = try PtyDemo(executable: subject.command[0], arguments: Array(subject.command.dropFirst()))
    defer { program.stop() }
    if let first = subject.firstBraille,
       let frame = display.waitForFrame(after: frameIndex, timeout: .seconds(5), every: pollInterval, { $0.text.hasPrefix(first) }) {
        round.firstBraille = (frame.time - program.spawnedAt).ms
    }
    if startOnly || !subject.takesKeys { return round }
    sleepMs(300)  // the introduction is spoken and the first frame drawn before the first key
    var value = 10
    for index in 0..<(keys / subject.keysDivisor) {
        let right = index % 2 == 0
        value += right ? 1 : -1
        let frames = display.frameCount, lines = capture.count
        let start = program.type(right ? Keys.right : Keys.left)
        if subject.brailles {
            let expected = subject.brailleText(value)
            if let frame = display.waitForFrame(after: frames, timeout: .seconds(2), every: pollInterval, { $0.text.hasPrefix(expected) }) {
                round.braille.append((frame.time - start).ms)
            } else { round.missed += 1 }
        }
        if subject.speaks {
            if let line = capture.waitForLine(from: lines, timeout: .seconds(2), every: pollInterval, { $0 == "\(value)" }) {
                round.speech.append((line.time - start).ms)
            } else { round.missed += 1 }
        }
        if subject.draws, let drawn = program.firstOutput(after: start) { round.redraw.append((drawn - start).ms) }
        sleepMs(spacing + keyJitter(index))
    }
    round.peakRSSKB = highWaterMark(program.pid)
    return round
}

/// The side-by-side figures: ours, the peer, the floor, the ratios and the target of each.
///
/// Braille and redraw are held to `sameWorkFloor`: a C program that gives every key to the
/// screen, braille and speech, as a11y-demo does, so the target is what the machine's own cost of
/// that work leaves (`sameWorkAllowance` x its median). The one-output floors stay in the report.
func sideBySideFigures(_ result: SideBySideResult, ours: String, peer: String, brailleFloor: String, speechFloor: String,
                       redrawFloor: String, startFloor: String, sameWorkFloor: String) -> [Figure] {
    func stats(_ name: String, _ path: KeyPath<Round, [Double]>) -> Stats { Stats(result.values(name, path)) }
    let braille = (ours: stats(ours, \.braille), peer: stats(peer, \.braille), floor: stats(brailleFloor, \.braille))
    let sameWork = (braille: stats(sameWorkFloor, \.braille), redraw: stats(sameWorkFloor, \.redraw))
    let allowance = sameWorkAllowance
    let speech = (ours: stats(ours, \.speech), peer: stats(peer, \.speech), floor: stats(speechFloor, \.speech))
    let redraw = (ours: stats(ours, \.redraw), peer: stats(peer, \.redraw), floor: stats(redrawFloor, \.redraw))
    let start = (ours: Stats(result.firstBraille(ours)), peer: Stats(result.firstBraille(peer)), floor: Stats(result.firstBraille(startFloor)))
    let rss = (ours: result.peakRSS(ours), peer: result.peakRSS(peer), floor: result.peakRSS(brailleFloor))
    let n = { (s: Stats) in "n=\(s.count)" }
    /// Below the comparison program, or true when the run had none.
    func belowPeer(_ ours: Stats, _ peer: Stats) -> Bool { peer.count == 0 || ours.median < peer.median }
    /// Each keyed round's median, in order: a difference between two programs smaller than the
    /// spread of one program's rounds is the machine's, not theirs.
    func rounds(_ name: String, _ path: KeyPath<Round, [Double]>) -> String {
        result.rounds[name, default: []].map { $0[keyPath: path] }.filter { !$0.isEmpty }.map { number(Stats($0).median) }.joined(separator: "/")
    }
    return [
        Figure(key: "side_key_to_braille_median_ms", label: "A. key -> braille cells, median", value: braille.ours.median, unit: "ms",
               detail: "\(n(braille.ours)); p99 ours \(number(braille.ours.p99)), peer \(number(braille.peer.p99)), floor \(number(braille.floor.p99)); "
                 + "same-work floor \(number(sameWork.braille.median)) (\(n(sameWork.braille))); "
                 + "medians of the rounds: ours \(rounds(ours, \.braille)), floor \(rounds(brailleFloor, \.braille)), "
                 + "same-work floor \(rounds(sameWorkFloor, \.braille))",
               target: "<= \(number(allowance)) x same-work floor (\(number(allowance * sameWork.braille.median)) ms) and below the peer",
               meets: braille.ours.median <= allowance * sameWork.braille.median && belowPeer(braille.ours, braille.peer),
               peer: braille.peer.median, floor: braille.floor.median),
        Figure(key: "side_key_to_braille_p99_ms", label: "A. key -> braille cells, p99", value: braille.ours.p99, unit: "ms",
               detail: "floor p99 + 0.2 ms = \(number(braille.floor.p99 + 0.2))", target: "<= floor p99 + 0.2 ms",
               meets: braille.ours.p99 <= braille.floor.p99 + 0.2, peer: braille.peer.p99, floor: braille.floor.p99),
        Figure(key: "side_key_to_speech_median_ms", label: "B. key -> speech line captured, median", value: speech.ours.median, unit: "ms",
               detail: "\(n(speech.ours)); p99 ours \(number(speech.ours.p99)), peer \(number(speech.peer.p99)), floor \(number(speech.floor.p99)); "
                 + "medians of the rounds: ours \(rounds(ours, \.speech)), floor \(rounds(speechFloor, \.speech))",
               target: "<= floor + 0.15 ms and below the peer",
               meets: speech.ours.median <= speech.floor.median + 0.15 && belowPeer(speech.ours, speech.peer),
               peer: speech.peer.median, floor: speech.floor.median),
        Figure(key: "side_key_to_redraw_median_ms", label: "C. key -> terminal redraw, median", value: redraw.ours.median, unit: "ms",
               detail: "\(n(redraw.ours)); first output on the pty after the key; floor: a C program that only writes the value; "
                 + "same-work floor \(number(sameWork.redraw.median)) (\(n(sameWork.redraw))); "
                 + "medians of the rounds: ours \(rounds(ours, \.redraw)), peer \(rounds(peer, \.redraw)), "
                 + "same-work floor \(rounds(sameWorkFloor, \.redraw))",
               target: "<= \(number(allowance)) x same-work floor (\(number(allowance * sameWork.redraw.median)) ms) and below the peer",
               meets: redraw.ours.median <= allowance * sameWork.redraw.median && belowPeer(redraw.ours, redraw.peer),
               peer: redraw.peer.median, floor: redraw.floor.median),
        Figure(key: "side_exec_to_first_braille_ms", label: "D. exec -> first braille line, median", value: start.ours.median, unit: "ms",
               detail: "\(n(start.ours)); floor: a C program that connects to both servers and writes one line",
               target: "<= 1.5 x floor", meets: start.ours.median <= 1.5 * start.floor.median,
               peer: start.peer.median, floor: start.floor.median),
        Figure(key: "side_peak_rss_mb", label: "E. peak RSS (VmHWM after the keys)", value: rss.ours, unit: "MB",
               detail: "floor: the C braille floor", target: "<= 10 MB", meets: (rss.ours ?? .infinity) <= 10,
               peer: rss.peer, floor: rss.floor),
    ]
}

/// How far above the same-work floor's median a11y-demo's braille and redraw medians may be.
let sameWorkAllowance = 1.10

/// The floor that does a11y-demo's work on a key, in a11y-demo's order (`floor_key`'s argument).
let sameWorkOrder = "redraw+braille+speech"

/// The floors of several outputs at once (`--floors`) beside the floor of each output alone and
/// beside `ours`: how much of each gap to the one-output floor is the machine's, doing the
/// outputs together on its cores, and how much is the program's own.
func outputFloorsSummary(_ result: SideBySideResult, floors: [String], ours: [String]) -> String {
    let outputs: [(String, KeyPath<Round, [Double]>, String)] = [("braille", \.braille, "floor-braille"), ("redraw", \.redraw, "floor-redraw"),
                                                                  ("speech", \.speech, "floor-speech")]
    func figure(_ name: String, _ path: KeyPath<Round, [Double]>) -> String? {
        let stats = Stats(result.values(name, path))
        return stats.count == 0 ? nil : "\(name) \(number(stats.median)) (p99 \(number(stats.p99)), n=\(stats.count))"
    }
    return outputs.map { label, path, alone in
        "key -> \(label), median: " + ([alone] + floors + ours).compactMap { figure($0, path) }.joined(separator: ", ")
    }.joined(separator: "\n")
}
