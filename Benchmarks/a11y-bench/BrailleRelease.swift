import A11yControls
import A11yTestSupport
import Foundation
import VirtualDisplayClient

/// End of a control -> the braille display given back: how long after Enter (accepted) or a
/// SIGTERM the display shows what it showed before the control again.
///
/// What was under the control is a BrlAPI client of the bench's own, in tty mode before the demo
/// starts, whose line BRLTTY shows again once the demo has let go. It writes that line again
/// every 2 ms after the end: each write makes BRLTTY look who holds the display (BRLTTY 6.9 also
/// does so when a client leaves, 6.5 and 6.7 only at their next update), so the figure is the
/// release itself to within those 2 ms, on every BRLTTY, where BRLTTY's own screen would come
/// back only at its core's next update (at once with a polled screen, never on its own with the
/// private servers' `-x no`: `BrailleReleaseTests` plays the polled screen instead).
struct ReleaseFigures {
    var accepted: [Double] = []
    var terminated: [Double] = []
    var missed = 0
}

func measureEndToBRLTTY(_ setup: DemoSetup, rounds: Int) throws -> ReleaseFigures {
    let display = try SharedVirtualDisplay.get()
    let under = try BrailleDisplay.connectForTest(display)
    defer { under.close() }
    var result = ReleaseFigures()
    for round in 0..<(rounds * 2) {
        // Another line each round: the display hears of changes only.
        let line = "under the control \(round)"
        var mark = display.frameCount
        try under.write(text: line)
        guard display.waitForFrame(after: mark, timeout: .seconds(2), every: pollInterval, { $0.text.hasPrefix(line) }) != nil else {
            result.missed += 1
            continue
        }
        let run = try startDemo(setup)
        guard run.braille != nil else {
            run.demo.stop()
            result.missed += 1
            continue
        }
        sleepMs(200)
        mark = display.frameCount
        let accepted = round % 2 == 0
        let ended: ContinuousClock.Instant
        if accepted {
            ended = run.demo.type([0x0D])
        } else {
            ended = .now
            kill(run.demo.pid, SIGTERM)
        }
        let deadline = ended + .seconds(5)
        var back: VirtualDisplayFrame?
        while back == nil, ContinuousClock.now < deadline {
            try under.write(text: line)
            back = display.firstFrame(after: mark) { $0.text.hasPrefix(line) }
            if back == nil { usleep(2000) }
        }
        if let back {
            if accepted { result.accepted.append((back.time - ended).ms) } else { result.terminated.append((back.time - ended).ms) }
        } else {
            result.missed += 1
        }
        run.demo.stop()
    }
    return result
}
