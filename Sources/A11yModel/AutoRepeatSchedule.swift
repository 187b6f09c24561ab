/// When a held key repeats: first after `initialDelay`, then every `interval`, optionally faster
/// and faster (UIStepper and PAStepper accelerate; RPVerticalStepper repeats at a constant rate).
///
/// A pure description; the Input layer's timer state machine reads it.
public struct AutoRepeatSchedule: Sendable, Equatable {
    /// Speeding up while a key stays held.
    public struct Acceleration: Sendable, Equatable {
        /// The interval is multiplied by `factor` after every `every` repeats…
        public var every: Int
        /// …by this factor (0 < factor <= 1)…
        public var factor: Double
        /// …but never falls below this many seconds.
        public var minimumInterval: Double

        /// An acceleration that multiplies the interval by `factor` after every `every` repeats,
        /// down to `minimumInterval` seconds; the defaults are those of `standard`. `validate()`
        /// of the schedule checks the values.
        public init(every: Int = 5, factor: Double = 0.5, minimumInterval: Double = 0.05) {
            self.every = every
            self.factor = factor
            self.minimumInterval = minimumInterval
        }

        /// Twice as fast after every 5 repeats, down to 50 ms (the initializer's defaults).
        public static let standard = Acceleration()
    }

    /// Seconds from the key press to the first repeat. Default 0.5 (UIStepper's feel).
    public var initialDelay: Double
    /// Seconds between repeats. Default 0.5 (RPVerticalStepper `autoRepeatInterval`).
    public var interval: Double
    /// How the repeats speed up while the key stays held; nil repeats at a constant rate
    /// (RPVerticalStepper).
    public var acceleration: Acceleration?

    /// A schedule whose first repeat comes `initialDelay` seconds after the press and the next ones
    /// every `interval` seconds, sped up by `acceleration` (nil: a constant rate).
    ///
    /// Nothing is checked here: `validate()`, or the `Stepper` whose configuration holds the
    /// schedule, throws for a time that cannot be used.
    public init(initialDelay: Double = 0.5, interval: Double = 0.5, acceleration: Acceleration? = nil) {
        self.initialDelay = initialDelay
        self.interval = interval
        self.acceleration = acceleration
    }

    /// Seconds to wait before repeat number `n` (1 is the first repeat, after the press).
    ///
    /// The one definition of the timing: the Input layer's `AutoRepeat` state machine asks this
    /// function for the wait before every repeat it schedules. Repeat 1 waits `initialDelay`;
    /// repeats 2 to `every + 1` wait `interval`; then each run of `every` repeats waits `factor`
    /// times the run before it, never less than `minimumInterval` (nor less than `interval` when
    /// that is already smaller).
    package func delay(beforeRepeat n: Int) -> Double {
        if n <= 1 { return initialDelay }
        guard let a = acceleration, a.every > 0, a.factor < 1 else { return interval }
        var d = interval
        var k = (n - 2) / a.every
        while k > 0 && d > a.minimumInterval { d *= a.factor; k -= 1 }
        return max(d, min(a.minimumInterval, interval))
    }

    /// Checks that the schedule can run: a finite `initialDelay` of 0 or more, a finite
    /// `interval` above 0, and with an acceleration, `every` at least 1, `factor` in
    /// 0 < factor <= 1 and a finite `minimumInterval` above 0.
    ///
    /// - Throws: A `ConfigurationError` naming the first bad value.
    public func validate() throws(ConfigurationError) {
        guard initialDelay.isFinite, initialDelay >= 0 else {
            throw ConfigurationError(property: "autoRepeatInitialDelay", problem: "must be a finite number of seconds >= 0 (got \(initialDelay.shortText))")
        }
        guard interval.isFinite, interval > 0 else {
            throw ConfigurationError(property: "autoRepeatInterval", problem: "must be a finite number of seconds > 0 (got \(interval.shortText))")
        }
        if let a = acceleration {
            guard a.every >= 1 else {
                throw ConfigurationError(property: "autoRepeatAcceleration.every", problem: "must be at least 1 (got \(a.every))")
            }
            guard a.factor.isFinite, a.factor > 0, a.factor <= 1 else {
                throw ConfigurationError(property: "autoRepeatAcceleration.factor", problem: "must be in 0 < factor <= 1 (got \(a.factor.shortText))")
            }
            guard a.minimumInterval.isFinite, a.minimumInterval > 0 else {
                throw ConfigurationError(property: "autoRepeatAcceleration.minimumInterval", problem: "must be a finite number of seconds > 0 (got \(a.minimumInterval.shortText))")
            }
        }
    }
}
