import A11yModel
import A11yVocabulary
/// The timing of a held key: one step when pressed, then, after an initial delay, one step per
/// interval (optionally accelerating) until the key is released or the value reaches a limit.
///
/// A pure state machine over an injected clock: every time is a `Duration` since any fixed
/// origin (the session uses `ContinuousClock.now - start`; tests use plain numbers). The event
/// loop calls `tick(at:)` whenever it wakes and sleeps until `nextDeadline`.
///
/// Two ways of knowing that a key is still held:
/// - `.releaseEvents` (kitty keyboard protocol): the terminal reports the release. Repeat events
///   are ignored: the control's own interval sets the rate.
/// - `.repeatedPresses` (every other terminal): the terminal only sends the operating system's
///   repeated presses, so a hold is recognised by their rhythm: a keyboard repeats a held key
///   only after its own delay (`Configuration.osRepeatDelays`, 200 ms to 1 s), then evenly and
///   quickly (closer than `maximumOSRepeatPeriod`, but not closer than `minimumOSRepeatPeriod`:
///   that is a burst of separate presses). A key counts as held at the third press of that
///   rhythm: the press, its first repeat after the delay, then two quick repeats. Every other
///   press is a tap, one step each, at any human pace. The quick press that may be the second
///   repeat waits for the next one (at most `maximumOSRepeatPeriod`): when none comes, it is a
///   tap and takes its step then. The operating system's first repeat is a step; after that
///   the control's interval governs, however fast the OS repeats. The hold ends when presses
///   stop arriving for longer than `releaseFactor` times the observed repeat period.
/// - `.none` (scripted input): every press is one step and nothing repeats.
public struct AutoRepeat: Sendable {
    /// How a hold is detected.
    public enum HoldDetection: Sendable, Equatable {
        /// The terminal reports releases (kitty keyboard protocol): a key is held from its press
        /// to its release, and repeats come on the control's schedule.
        case releaseEvents
        /// The terminal sends only the operating system's repeated presses: a hold is recognized
        /// from their spacing and ends when they stop.
        case repeatedPresses
        /// Nothing is held (scripted input): every press is one step and nothing repeats.
        case none
    }

    /// The timing of held keys: the repeat schedule, and the thresholds that tell the operating
    /// system's repeats of a held key from separate taps and from bursts.
    public struct Configuration: Sendable, Equatable {
        /// When the repeat steps come: `AutoRepeatSchedule.delay(beforeRepeat:)` gives the wait
        /// before each one (the model's schedule, so the tested timing is the timing that runs).
        public var schedule: AutoRepeatSchedule
        /// Presses closer than this can be the OS repeating a held key. Default 120 ms (the Linux
        /// console's default rate is 10.9 per second, X's 25 per second).
        public var maximumOSRepeatPeriod: Duration
        /// The delays after which a keyboard starts repeating a held key: a press this long
        /// after the one before can be the first repeat; a quicker one is a tap. Default 200 ms
        /// to 1 s (the console's and X's settings start at 250 ms; desktops default to 500 to
        /// 660 ms; the console allows up to 1 s).
        public var osRepeatDelays: ClosedRange<Duration> = .milliseconds(200) ... .seconds(1)
        /// Presses closer than this are a burst (keys pasted, or several keys in one read, as
        /// `tmux send-keys` sends them), not a held key: each is a step. Default 8 ms (no
        /// keyboard repeats faster than 125 per second).
        public var minimumOSRepeatPeriod: Duration
        /// The hold ends when no press came for this many observed OS repeat periods. Default 2.
        public var releaseFactor: Double
        /// Never end a hold sooner than this after the last press (terminal and SSH jitter).
        /// Default 60 ms.
        public var minimumReleaseWait: Duration

        /// A configuration that repeats on `schedule` (a stepper's `autoRepeatSchedule`). A
        /// `releaseFactor` below 1 is taken as 1.
        public init(schedule: AutoRepeatSchedule, maximumOSRepeatPeriod: Duration = .milliseconds(120),
                    minimumOSRepeatPeriod: Duration = .milliseconds(8), releaseFactor: Double = 2,
                    minimumReleaseWait: Duration = .milliseconds(60)) {
            self.schedule = schedule
            self.maximumOSRepeatPeriod = maximumOSRepeatPeriod
            self.minimumOSRepeatPeriod = minimumOSRepeatPeriod
            self.releaseFactor = max(1, releaseFactor)
            self.minimumReleaseWait = minimumReleaseWait
        }

        /// The same with the schedule's times as durations: the first repeat `initialDelay` after
        /// the press (default 0.5 s, kitty protocol), then every `interval` (default 0.5 s,
        /// RPVerticalStepper), sped up by `acceleration` (nil: a constant rate).
        public init(initialDelay: Duration = .milliseconds(500), interval: Duration = .milliseconds(500),
                    acceleration: AutoRepeatSchedule.Acceleration? = nil, maximumOSRepeatPeriod: Duration = .milliseconds(120),
                    minimumOSRepeatPeriod: Duration = .milliseconds(8), releaseFactor: Double = 2, minimumReleaseWait: Duration = .milliseconds(60)) {
            self.init(schedule: AutoRepeatSchedule(initialDelay: initialDelay.seconds, interval: interval.seconds, acceleration: acceleration),
                      maximumOSRepeatPeriod: maximumOSRepeatPeriod, minimumOSRepeatPeriod: minimumOSRepeatPeriod,
                      releaseFactor: releaseFactor, minimumReleaseWait: minimumReleaseWait)
        }

        /// The wait before repeat `n` (1: the first repeat after the press), from the schedule;
        /// never under a millisecond after the first, so a hold cannot spin.
        func delay(beforeRepeat n: Int) -> Duration {
            let wait = Duration(seconds: schedule.delay(beforeRepeat: n))
            return n <= 1 ? max(wait, .zero) : max(wait, .milliseconds(1))
        }
    }

    /// Why a hold ended.
    package enum EndReason: Sendable, Equatable {
        /// The key was released (kitty), or another key was pressed.
        case released
        /// The OS repeats stopped arriving.
        case repeatsStopped
        /// The session said the value reached a limit.
        case limit
    }

    /// What the session should do.
    package enum Event: Sendable, Equatable {
        /// Perform the held command once. `scheduled` is when the step was due.
        case step(Command, scheduled: Duration)
        /// The key is known to be held (send `Command.beginInteraction`).
        case holdBegan(Command, at: Duration)
        /// The hold is over (send `Command.endInteraction` and speak the final value).
        case holdEnded(Command, at: Duration, reason: EndReason)
    }

    private struct Hold: Sendable {
        var command: Command
        var pressedAt: Duration
        var lastSignal: Duration
        /// Whether the key is known to be held (and `holdBegan` was sent).
        var confirmed: Bool
        var nextStep: Duration?
        /// Repeat steps taken so far (on legacy terminals the OS's first repeat counts as one).
        var repeatSteps: Int
        var observedPeriod: Duration?
        /// Legacy terminals: the press that began this hold came a keyboard's repeat delay after
        /// the press before it, so it may be the OS's first repeat.
        var mayBeFirstRepeat = false
        /// Legacy terminals: a quick press after a possible first repeat, whose step waits to
        /// see whether the OS repeats on (a hold: no step) or not (a tap: its step).
        var waitingPress: Duration?
    }

    package let configuration: Configuration
    package let detection: HoldDetection
    private var hold: Hold?
    /// Legacy terminals: the last press, held or not, to tell a first repeat from a tap.
    private var lastPress: (command: Command, time: Duration)?

    package init(configuration: Configuration = Configuration(), detection: HoldDetection) {
        self.configuration = configuration
        self.detection = detection
    }

    /// The command being held, if any.
    package var heldCommand: Command? { hold?.command }

    /// Whether a hold is confirmed (repeat steps are running).
    package var isHolding: Bool { hold?.confirmed ?? false }

    /// Whether what a press of `command` does now depends on exactly when it comes: on a
    /// terminal that sends no key releases, a press of the key being held is the operating
    /// system repeating it, a burst or a new tap, by its distance from the last one.
    package func pressDependsOnTime(_ command: Command) -> Bool {
        detection == .repeatedPresses && hold?.command == command
    }

    /// When the loop must wake next (a step, or the end of a hold); nil when idle.
    package var nextDeadline: Duration? {
        guard let hold else { return nil }
        switch detection {
        case .none:
            return nil
        case .releaseEvents:
            return hold.nextStep
        case .repeatedPresses:
            let end = releaseDeadline(hold)
            guard let step = hold.nextStep else { return end }
            return min(step, end)
        }
    }

    private func releaseDeadline(_ hold: Hold) -> Duration {
        if let period = hold.observedPeriod {
            return hold.lastSignal + max(period * configuration.releaseFactor, configuration.minimumReleaseWait)
        }
        // Not yet a hold: a second press within this window would be an OS repeat.
        if !hold.confirmed { return hold.lastSignal + configuration.maximumOSRepeatPeriod }
        return hold.lastSignal + max(configuration.maximumOSRepeatPeriod, configuration.minimumReleaseWait)
    }

    /// A key that repeats `command` went down (or, on legacy terminals, arrived again).
    package mutating func press(_ command: Command, at time: Duration) -> [Event] {
        var events = tick(at: time)
        let previous = lastPress
        if detection == .repeatedPresses { lastPress = (command, time) }
        if var current = hold, current.command == command, detection == .repeatedPresses {
            let gap = time - current.lastSignal
            current.lastSignal = time
            if gap < configuration.minimumOSRepeatPeriod && !current.confirmed {
                // A burst of presses: each one counts.
                hold = current
                events.append(.step(command, scheduled: time))
                return events
            }
            // Quick presses are the OS's repeats only after a keyboard's delay: quick taps
            // from the start are taps.
            if gap <= configuration.maximumOSRepeatPeriod,
               current.confirmed || current.waitingPress != nil || current.mayBeFirstRepeat {
                if !current.confirmed && current.waitingPress == nil {
                    // Perhaps the OS's second repeat: its step waits for the next press.
                    current.waitingPress = time
                    hold = current
                    return events
                }
                if !current.confirmed {
                    // The OS repeats a held key: the hold started with the press that came
                    // after the keyboard's delay, and the waiting press was a repeat (no step).
                    current.confirmed = true
                    current.waitingPress = nil
                    current.observedPeriod = gap
                    // The press that began the hold was the OS's first repeat (after the
                    // keyboard's own delay): repeat 1. The schedule governs from repeat 2.
                    current.repeatSteps = 1
                    current.nextStep = current.pressedAt + configuration.delay(beforeRepeat: 2)
                    events.append(.holdBegan(command, at: time))
                    hold = current
                    events += tick(at: time)
                    return events
                }
                // Keep a running estimate of the OS period (the largest recent gap, decaying).
                if let period = current.observedPeriod {
                    current.observedPeriod = max(gap, (period * 3 + gap) / 4)
                } else {
                    current.observedPeriod = gap
                }
                hold = current
                return events
            }
            // A tap: too far apart for an OS repeat, or too soon after a press for its first
            // repeat (after the step of a press that waited).
            events += end(at: time, reason: .repeatsStopped)
        } else if hold?.command == command, detection == .releaseEvents {
            // A second press without a release (a lost release): restart.
            events += end(at: time, reason: .released)
        } else if hold != nil {
            events += end(at: time, reason: .released)
        }
        events.append(.step(command, scheduled: time))
        switch detection {
        case .none:
            hold = nil
        case .releaseEvents:
            hold = Hold(command: command, pressedAt: time, lastSignal: time, confirmed: false,
                        nextStep: time + configuration.delay(beforeRepeat: 1), repeatSteps: 0, observedPeriod: nil)
        case .repeatedPresses:
            let sincePrevious = previous.flatMap { $0.command == command ? time - $0.time : nil }
            hold = Hold(command: command, pressedAt: time, lastSignal: time, confirmed: false,
                        nextStep: nil, repeatSteps: 0, observedPeriod: nil,
                        mayBeFirstRepeat: sincePrevious.map(configuration.osRepeatDelays.contains) ?? false)
        }
        return events
    }

    /// A kitty protocol repeat event: the key is still down (the rate is ours, not the OS's).
    package mutating func osRepeat(_ command: Command, at time: Duration) -> [Event] {
        switch detection {
        case .repeatedPresses:
            return press(command, at: time)
        case .releaseEvents:
            if hold?.command == command { hold?.lastSignal = time }
            return tick(at: time)
        case .none:
            return []
        }
    }

    /// The key was released (kitty protocol). Steps due by `time` are still taken.
    package mutating func release(_ command: Command, at time: Duration) -> [Event] {
        guard hold?.command == command else { return tick(at: time) }
        var events = tick(at: time)
        events += end(at: time, reason: .released)
        return events
    }

    /// The value reached a limit: stop repeating (the key must be pressed again).
    package mutating func reachedLimit(at time: Duration) -> [Event] {
        end(at: time, reason: .limit)
    }

    /// Any other input (a different key, focus change): ends a hold.
    package mutating func cancel(at time: Duration) -> [Event] {
        end(at: time, reason: .released)
    }

    private mutating func end(at time: Duration, reason: EndReason) -> [Event] {
        guard let current = hold else { return [] }
        hold = nil
        if current.confirmed { return [.holdEnded(current.command, at: time, reason: reason)] }
        // A press that waited to see whether the OS repeats on was a tap: its step now.
        return current.waitingPress.map { [.step(current.command, scheduled: $0)] } ?? []
    }

    /// Takes the steps due by `time`, and ends a hold whose OS repeats stopped.
    package mutating func tick(at time: Duration) -> [Event] {
        guard var current = hold else { return [] }
        var events: [Event] = []
        var taken = 0
        while let due = current.nextStep, due <= time {
            if detection == .repeatedPresses, due >= releaseDeadline(current) { break }
            if !current.confirmed {
                current.confirmed = true
                events.append(.holdBegan(current.command, at: due))
            }
            events.append(.step(current.command, scheduled: due))
            taken += 1
            current.repeatSteps += 1
            let wait = configuration.delay(beforeRepeat: current.repeatSteps + 1)
            current.nextStep = due + wait
            if taken >= 1000 {
                // Far behind (the process was stopped): resynchronise instead of a burst.
                current.nextStep = time + wait
                break
            }
        }
        if detection == .repeatedPresses, time >= releaseDeadline(current) {
            hold = current
            events += end(at: releaseDeadline(current), reason: .repeatsStopped)
            return events
        }
        hold = current
        return events
    }
}

extension Duration {
    /// Seconds as a `Double` (the model's unit for times).
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// `seconds`, rounded to the nanosecond (so 0.1 s is exactly 100 ms, not 100 ms and a few
    /// attoseconds); not finite or negative is zero.
    init(seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { self = .zero; return }
        self = .nanoseconds(Int64(min((seconds * 1e9).rounded(), Double(Int64.max / 2))))
    }
}
