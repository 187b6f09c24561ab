import Testing
@testable import A11yControls
@testable import A11yDevices
@testable import A11yFormatting
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
@testable import A11yOptions
import A11yTestSupport

private enum Input {
    case press(Command)
    case osRepeat(Command)
    case release(Command)
    case limit
}

/// Drives the state machine as the event loop does, on a virtual clock: inputs at their times,
/// and `tick` at every `nextDeadline` in between, up to `end`.
private func run(_ autoRepeat: inout AutoRepeat, _ inputs: [(Duration, Input)], until end: Duration) -> [AutoRepeat.Event] {
    var events: [AutoRepeat.Event] = []
    var i = 0
    var guardCount = 0
    while guardCount < 100_000 {
        guardCount += 1
        let nextInput = i < inputs.count ? inputs[i].0 : nil
        let deadline = autoRepeat.nextDeadline
        if let d = deadline, d <= end, nextInput.map({ d <= $0 }) ?? true {
            events += autoRepeat.tick(at: d)
            continue
        }
        guard let t = nextInput, t <= end else { break }
        switch inputs[i].1 {
        case .press(let c): events += autoRepeat.press(c, at: t)
        case .osRepeat(let c): events += autoRepeat.osRepeat(c, at: t)
        case .release(let c): events += autoRepeat.release(c, at: t)
        case .limit: events += autoRepeat.reachedLimit(at: t)
        }
        i += 1
    }
    return events
}

private func stepTimes(_ events: [AutoRepeat.Event]) -> [Duration] {
    events.compactMap { if case .step(_, let t) = $0 { return t } else { return nil } }
}

private func ends(_ events: [AutoRepeat.Event]) -> [AutoRepeat.EndReason] {
    events.compactMap { if case .holdEnded(_, _, let r) = $0 { return r } else { return nil } }
}

private func begins(_ events: [AutoRepeat.Event]) -> Int {
    events.filter { if case .holdBegan = $0 { return true } else { return false } }.count
}

@Suite("AutoRepeat on a virtual clock")
struct AutoRepeatTests {
    let fast = AutoRepeat.Configuration(initialDelay: ms(500), interval: ms(100))

    @Test("kitty: a 1 s hold at 100 ms after a 500 ms delay is exactly 7 steps")
    func constantRate() {
        var ar = AutoRepeat(configuration: fast, detection: .releaseEvents)
        let events = run(&ar, [(ms(0), .press(.increment)), (ms(1000), .release(.increment))], until: ms(5000))
        #expect(stepTimes(events) == [0, 500, 600, 700, 800, 900, 1000].map(ms))
        #expect(begins(events) == 1)
        #expect(ends(events) == [.released])
        #expect(ar.nextDeadline == nil)
    }

    @Test("kitty: a hold shorter than the initial delay is one step and no hold")
    func shortPress() {
        var ar = AutoRepeat(configuration: fast, detection: .releaseEvents)
        let events = run(&ar, [(ms(0), .press(.increment)), (ms(450), .release(.increment))], until: ms(5000))
        #expect(stepTimes(events) == [ms(0)])
        #expect(begins(events) == 0)
        #expect(ends(events).isEmpty)
    }

    @Test("the stepper's defaults (0.5 s): a 2 s hold is 5 steps")
    func stepperDefaults() {
        var ar = AutoRepeat(detection: .releaseEvents)
        let events = run(&ar, [(ms(0), .press(.decrement)), (ms(2000), .release(.decrement))], until: ms(9000))
        #expect(stepTimes(events) == [0, 500, 1000, 1500, 2000].map(ms))
    }

    @Test("acceleration: the interval halves after every 2 repeats, down to 25 ms")
    func acceleration() {
        let config = AutoRepeat.Configuration(initialDelay: ms(500), interval: ms(100),
                                              acceleration: .init(every: 2, factor: 0.5, minimumInterval: 0.025))
        var ar = AutoRepeat(configuration: config, detection: .releaseEvents)
        let events = run(&ar, [(ms(0), .press(.pageIncrement)), (ms(1000), .release(.pageIncrement))], until: ms(5000))
        // The press; repeat 1 after 500 ms; repeats 2-3 100 ms apart, 4-5 50 ms, then 25 ms.
        let expected = [0, 500, 600, 700, 750, 800] + stride(from: 825, through: 1000, by: 25)
        #expect(stepTimes(events) == expected.map(ms))
    }

    /// The step times of a `duration` hold (kitty protocol) under `configuration`.
    private func heldSteps(_ configuration: AutoRepeat.Configuration, for duration: Duration) -> [Duration] {
        var ar = AutoRepeat(configuration: configuration, detection: .releaseEvents)
        return stepTimes(run(&ar, [(.zero, .press(.increment)), (duration, .release(.increment))], until: duration + .seconds(5)))
    }

    @Test("the state machine waits what AutoRepeatSchedule.delay(beforeRepeat:) says, repeat by repeat")
    func followsTheSchedule() {
        let schedules = [
            AutoRepeatSchedule(initialDelay: 0.4, interval: 0.2, acceleration: .standard),
            AutoRepeatSchedule(initialDelay: 0, interval: 0.3, acceleration: .init(every: 1, factor: 0.9, minimumInterval: 0.07)),
            AutoRepeatSchedule(initialDelay: 0.5, interval: 0.5),
        ]
        for schedule in schedules {
            let steps = heldSteps(AutoRepeat.Configuration(schedule: schedule), for: .seconds(6))
            var expected: [Duration] = [.zero]
            var t = Duration.zero
            var n = 1
            while true {
                t += Duration(seconds: schedule.delay(beforeRepeat: n))
                if t > .seconds(6) { break }
                expected.append(t)
                n += 1
            }
            #expect(steps == expected, "\(schedule)")
        }
    }

    @Test("a stepper with the documented .standard acceleration: halved after every 5 repeats, down to 50 ms")
    func stepperStandardAccelerationAsTheSessionRunsIt() throws {
        var configuration = StepperConfiguration()
        configuration.autoRepeatSchedule.acceleration = .standard
        // The configuration the session's engine builds its AutoRepeat from.
        let panel = try ControlPanel(stepper: Stepper(configuration: configuration))
        let steps = heldSteps(panel.repeatConfiguration, for: .seconds(6))
        var expected: [Double] = [0, 500]                       // the press; repeat 1 after 0.5 s
        expected += [1000, 1500, 2000, 2500, 3000]              // repeats 2-6: every 0.5 s
        expected += [3250, 3500, 3750, 4000, 4250]              // repeats 7-11: 0.25 s
        expected += [4375, 4500, 4625, 4750, 4875]              // repeats 12-16: 0.125 s
        expected += [4937.5, 5000, 5062.5, 5125, 5187.5]        // repeats 17-21: 62.5 ms
        expected += Array(stride(from: 5237.5, through: 6000, by: 50))  // then the 50 ms floor
        #expect(steps == expected.map { .microseconds(Int($0 * 1000)) })
    }

    @Test("legacy terminal: the OS's first repeat is repeat 1; the schedule governs from repeat 2")
    func legacyAcceleration() {
        let config = AutoRepeat.Configuration(initialDelay: ms(500), interval: ms(200),
                                              acceleration: .init(every: 2, factor: 0.5, minimumInterval: 0.05))
        var ar = AutoRepeat(configuration: config, detection: .repeatedPresses)
        let events = run(&ar, osPresses(.increment, delay: 500, period: 33, until: 1500), until: ms(5000))
        // Repeats 2-3 200 ms apart (700, 900), 4-5 100 ms (1000, 1100), then 50 ms; the last
        // OS repeat at 1490 ms ends the hold at 1490 + 2 x 33 ms.
        #expect(stepTimes(events) == [0, 500, 700, 900, 1000, 1100, 1150, 1200, 1250, 1300, 1350, 1400, 1450, 1500, 1550].map(ms))
    }

    @Test("a limit stops the repeat at once")
    func limit() {
        var ar = AutoRepeat(configuration: fast, detection: .releaseEvents)
        let events = run(&ar, [(ms(0), .press(.increment)), (ms(700), .limit), (ms(1500), .release(.increment))], until: ms(5000))
        #expect(stepTimes(events) == [0, 500, 600, 700].map(ms))
        #expect(ends(events) == [.limit])
        #expect(ar.nextDeadline == nil)
        #expect(ar.heldCommand == nil)
    }

    @Test("a release between steps stops the repeat; nothing after it")
    func release() {
        var ar = AutoRepeat(configuration: fast, detection: .releaseEvents)
        let events = run(&ar, [(ms(0), .press(.increment)), (ms(750), .release(.increment))], until: ms(5000))
        #expect(stepTimes(events) == [0, 500, 600, 700].map(ms))
        #expect(ends(events) == [.released])
        #expect(ar.tick(at: ms(10_000)).isEmpty)
    }

    @Test("kitty repeat events do not set the rate")
    func kittyRepeatsIgnored() {
        var ar = AutoRepeat(configuration: fast, detection: .releaseEvents)
        var inputs: [(Duration, Input)] = [(ms(0), .press(.increment))]
        for t in stride(from: 300, to: 1000, by: 20) { inputs.append((ms(t), .osRepeat(.increment))) }
        inputs.append((ms(1000), .release(.increment)))
        let events = run(&ar, inputs, until: ms(5000))
        #expect(stepTimes(events).count == 7)
    }

    @Test("pressing another key ends the hold")
    func otherKey() {
        var ar = AutoRepeat(configuration: fast, detection: .releaseEvents)
        let events = run(&ar, [(ms(0), .press(.increment)), (ms(650), .press(.decrement)), (ms(700), .release(.decrement))], until: ms(5000))
        #expect(events.filter { if case .step(.increment, _) = $0 { true } else { false } }.count == 3)
        #expect(events.filter { if case .step(.decrement, _) = $0 { true } else { false } }.count == 1)
        #expect(ends(events) == [.released])
    }

    /// OS repeats: first after `delay`, then every `period`, while the key is down until `end`.
    private func osPresses(_ command: Command, delay: Int, period: Int, until end: Int) -> [(Duration, Input)] {
        var inputs: [(Duration, Input)] = [(ms(0), .press(command))]
        var t = delay
        while t <= end {
            inputs.append((ms(t), .press(command)))
            t += period
        }
        return inputs
    }

    @Test("legacy terminal: the control's interval governs, the hold ends when repeats stop")
    func legacyHold() {
        let config = AutoRepeat.Configuration(initialDelay: ms(500), interval: ms(200))
        var ar = AutoRepeat(configuration: config, detection: .repeatedPresses)
        let events = run(&ar, osPresses(.increment, delay: 500, period: 33, until: 2000), until: ms(5000))
        // The press, the OS's first repeat, then every 200 ms from it while repeats arrive
        // (last at 1985 ms, hold over at 1985 + 2 x 33 ms).
        #expect(stepTimes(events) == [0, 500, 700, 900, 1100, 1300, 1500, 1700, 1900].map(ms))
        #expect(begins(events) == 1)
        #expect(ends(events) == [.repeatsStopped])
        #expect(events.last == .holdEnded(.increment, at: ms(2051), reason: .repeatsStopped))
        #expect(ar.nextDeadline == nil)
    }

    @Test("legacy terminal: the OS repeat rate does not change the step count")
    func legacyRateIndependent() {
        let config = AutoRepeat.Configuration(initialDelay: ms(500), interval: ms(200))
        var slow = AutoRepeat(configuration: config, detection: .repeatedPresses)
        var quick = AutoRepeat(configuration: config, detection: .repeatedPresses)
        let a = stepTimes(run(&slow, osPresses(.increment, delay: 500, period: 50, until: 2000), until: ms(5000)))
        let b = stepTimes(run(&quick, osPresses(.increment, delay: 500, period: 10, until: 2000), until: ms(5000)))
        #expect(a == b)
        #expect(a.count == 9)
    }

    @Test("legacy terminal: separate taps are one step each and never a hold")
    func legacyTaps() {
        var ar = AutoRepeat(configuration: fast, detection: .repeatedPresses)
        let events = run(&ar, [(ms(0), .press(.increment)), (ms(300), .press(.increment)), (ms(600), .press(.increment))], until: ms(5000))
        #expect(stepTimes(events) == [0, 300, 600].map(ms))
        #expect(begins(events) == 0)
        #expect(ar.nextDeadline == nil)
    }

    /// Presses of `command` at these times.
    private func presses(_ command: Command, at times: [Int]) -> [(Duration, Input)] {
        times.map { (ms($0), .press(command)) }
    }

    @Test("legacy terminal: quick taps at any even pace are one step each, never a hold",
          arguments: [70, 80, 100, 110, 120, 150, 200, 250, 300])
    func legacyQuickTaps(spacing: Int) {
        let config = AutoRepeat.Configuration(initialDelay: ms(500), interval: ms(100))
        for count in 1...8 {
            var ar = AutoRepeat(configuration: config, detection: .repeatedPresses)
            let times = (0..<count).map { $0 * spacing }
            let events = run(&ar, presses(.increment, at: times), until: ms(10_000))
            #expect(stepTimes(events) == times.map(ms), "\(count) taps \(spacing) ms apart")
            #expect(begins(events) == 0)
            #expect(ar.nextDeadline == nil)
        }
    }

    @Test("legacy terminal: a tap, a pause, then two quick taps are three steps; the last waits at most the repeat period")
    func legacyPauseThenQuickTaps() {
        var ar = AutoRepeat(configuration: fast, detection: .repeatedPresses)
        _ = ar.press(.increment, at: ms(0))
        _ = ar.press(.increment, at: ms(500))
        // The press 100 ms after a possible first repeat may be the OS's second: it waits.
        #expect(stepTimes(ar.press(.increment, at: ms(600))).isEmpty)
        #expect(ar.nextDeadline == ms(720))
        #expect(stepTimes(ar.tick(at: ms(719))).isEmpty)
        let late = ar.tick(at: ms(720))
        #expect(stepTimes(late) == [ms(600)])
        #expect(begins(late) == 0)
        #expect(ar.nextDeadline == nil)
        // Another key, or the same key too late for a repeat, also gives the waiting press its step.
        var other = AutoRepeat(configuration: fast, detection: .repeatedPresses)
        let events = run(&other, [(ms(0), .press(.increment)), (ms(400), .press(.increment)), (ms(480), .press(.increment)),
                                  (ms(530), .press(.decrement))], until: ms(5000))
        #expect(events.filter { if case .step(.increment, _) = $0 { true } else { false } }.count == 3)
        #expect(events.filter { if case .step(.decrement, _) = $0 { true } else { false } }.count == 1)
        #expect(begins(events) == 0)
    }

    @Test("legacy terminal: a held key repeats on the control's interval whatever the keyboard's delay and rate",
          arguments: [200, 250, 500, 660, 1000], [10, 33, 40, 92, 110])
    func legacyHoldAtEveryKeyboardSetting(delay: Int, period: Int) {
        let config = AutoRepeat.Configuration(initialDelay: ms(500), interval: ms(200))
        var ar = AutoRepeat(configuration: config, detection: .repeatedPresses)
        let inputs = osPresses(.increment, delay: delay, period: period, until: delay + 1500)
        let lastRepeat = inputs.last!.0
        let events = run(&ar, inputs, until: ms(10_000))
        let steps = stepTimes(events)
        // The press, the OS's first repeat, then every 200 ms from it until the repeats stop.
        #expect(Array(steps.prefix(2)) == [ms(0), ms(delay)])
        #expect(zip(steps.dropFirst(1), steps.dropFirst(2)).allSatisfy { $1 - $0 == ms(200) })
        #expect(steps.count >= 8)
        #expect(steps.last! <= lastRepeat + ms(period) * 2)
        #expect(begins(events) == 1)
        #expect(ends(events) == [.repeatsStopped])
    }

    @Test("legacy terminal: random human taps (70 to 300 ms apart) are one step each unless they beat like a held key")
    func legacyRandomTaps() {
        var generator = SeededGenerator(seed: 0x7A95)
        var checked = 0
        for _ in 0..<2000 {
            let gaps = (0..<Int.random(in: 1...12, using: &generator)).map { _ in Int.random(in: 70...300, using: &generator) }
            // A keyboard's rhythm: a first repeat after 200 ms to 1 s, then two repeats within 120 ms.
            let beatsLikeAHold = gaps.indices.dropLast(2).contains { i in
                (200...1000).contains(gaps[i]) && gaps[i + 1] <= 120 && gaps[i + 2] <= 120
            }
            if beatsLikeAHold { continue }
            checked += 1
            let times = gaps.reduce(into: [0]) { $0.append($0.last! + $1) }
            var ar = AutoRepeat(configuration: fast, detection: .repeatedPresses)
            let events = run(&ar, presses(.increment, at: times), until: ms(60_000))
            #expect(stepTimes(events).count == times.count, "taps at \(times)")
            #expect(begins(events) == 0, "taps at \(times)")
        }
        #expect(checked > 1000)
    }

    @Test("legacy terminal: a limit ends the hold although repeats go on")
    func legacyLimit() {
        let config = AutoRepeat.Configuration(initialDelay: ms(500), interval: ms(200))
        var ar = AutoRepeat(configuration: config, detection: .repeatedPresses)
        var inputs = osPresses(.increment, delay: 500, period: 33, until: 2000)
        inputs.append((ms(1000), .limit))
        inputs.sort { $0.0 < $1.0 }
        let events = run(&ar, inputs, until: ms(5000))
        #expect(stepTimes(events).filter { $0 <= ms(1000) } == [0, 500, 700, 900].map(ms))
        #expect(ends(events).first == .limit)
    }

    @Test("legacy terminal: a burst of presses (one read, tmux send-keys) is one step each")
    func legacyBurst() {
        var ar = AutoRepeat(configuration: fast, detection: .repeatedPresses)
        let events = run(&ar, [(ms(0), .press(.increment)), (ms(0), .press(.increment)), (ms(1), .press(.increment))], until: ms(5000))
        #expect(stepTimes(events) == [0, 0, 1].map(ms))
        #expect(begins(events) == 0)
    }

    @Test("scripted input: every press is one step, nothing repeats")
    func scripted() {
        var ar = AutoRepeat(configuration: fast, detection: .none)
        let events = run(&ar, [(ms(0), .press(.increment)), (ms(0), .press(.increment)), (ms(1), .press(.increment))], until: ms(5000))
        #expect(stepTimes(events).count == 3)
        #expect(ar.nextDeadline == nil)
    }

    @Test("a loop that wakes late catches up on the schedule without drift")
    func lateLoop() {
        var ar = AutoRepeat(configuration: fast, detection: .releaseEvents)
        _ = ar.press(.increment, at: ms(0))
        let late = ar.tick(at: ms(830))
        #expect(stepTimes(late) == [500, 600, 700, 800].map(ms))
        #expect(ar.nextDeadline == ms(900))
    }
}
