import A11yControls
import Glibc

/// Real-time jitter of the auto-repeat timer: the real `AutoRepeat` state machine on the real
/// monotonic clock, driven by a poll()-based loop as the session's event loop does (sleep in
/// poll() until `nextDeadline`, then `tick(at: now)`). A key is pressed and held for `ticks`
/// repeat steps at `interval`; each step's deviation is (time the loop performed it) minus (time
/// it was scheduled). Drift is the last step's actual time minus press + ticks * interval.
func runAutoRepeatJitterBenchmark(ticks: Int = 100, interval: Duration = .milliseconds(50)) -> String {
    let clock = ContinuousClock()
    let origin = clock.now
    func now() -> Duration { clock.now - origin }

    var autoRepeat = AutoRepeat(configuration: .init(initialDelay: interval, interval: interval), detection: .releaseEvents)
    // An idle descriptor to poll, as the loop polls the terminal.
    guard let ends = Pipe.make(blocking: true) else { return "autorepeat-jitter: pipe failed" }
    let fds = [ends.read, ends.write]
    defer { close(fds[0]); close(fds[1]) }

    let pressedAt = now()
    _ = autoRepeat.press(.increment, at: pressedAt)
    var deviations: [Duration] = []
    var lastActual = pressedAt
    var wakeups = 0
    while deviations.count < ticks {
        guard let deadline = autoRepeat.nextDeadline else { break }
        let remaining = deadline - now()
        if remaining > .zero {
            // poll() takes milliseconds: round up, so the loop never wakes before the deadline.
            let (seconds, attoseconds) = remaining.components
            let ms = Int32(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            var pfd = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, ms)
            wakeups += 1
        }
        let t = now()
        for event in autoRepeat.tick(at: t) {
            if case .step(_, let scheduled) = event {
                deviations.append(t - scheduled)
                lastActual = t
            }
        }
    }
    _ = autoRepeat.release(.increment, at: now())

    let sorted = deviations.sorted()
    func percentile(_ p: Double) -> Duration {
        guard !sorted.isEmpty else { return .zero }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded(.up)))
        return sorted[index]
    }
    func msText(_ d: Duration) -> String {
        let (s, a) = d.components
        let micro = s * 1_000_000 + a / 1_000_000_000_000
        let whole = micro / 1000
        let frac = abs(micro % 1000)
        return "\(micro < 0 && whole == 0 ? "-" : "")\(whole).\(String(repeating: "0", count: 3 - String(frac).count))\(frac) ms"
    }
    let drift = lastActual - (pressedAt + interval * deviations.count)
    return """
        autorepeat-jitter: \(deviations.count) ticks at \(msText(interval)) (poll()-based loop, ContinuousClock)
          median deviation from schedule: \(msText(percentile(0.5)))
          p99 deviation:                  \(msText(percentile(0.99)))
          max deviation:                  \(msText(sorted.last ?? .zero))
          min deviation:                  \(msText(sorted.first ?? .zero))
          total drift after \(deviations.count) ticks:   \(msText(drift))
          wake-ups: \(wakeups)
        """
}
