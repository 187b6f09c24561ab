import Glibc
import Testing
import VirtualDisplayClient

/// The one wait of the tests: a condition with a deadline. A waiter that stalls past the deadline
/// (a loaded machine, the sanitized run) must still see what happened meanwhile, or the test fails
/// on time alone.
struct PollingTests {
    @Test func aWaiterStalledPastTheDeadlineAsksOnceMore() {
        var calls = 0
        let value = Polling.until(timeout: .milliseconds(20)) { () -> Int? in
            calls += 1
            if calls == 1 {
                Polling.sleep(for: .milliseconds(60))   // the stall: the deadline passes meanwhile
                return nil
            }
            return 7
        }
        #expect(value == 7 && calls == 2)
    }

    /// The one deadline of a wait for what must happen is for a hang: 30 s times
    /// A11Y_TEST_DEADLINE_SCALE (1 when unset).
    @Test func theHangDeadlineIsThirtySecondsTimesTheScale() {
        #expect(Polling.deadlineScale > 0)
        #expect(Polling.hang == .seconds(30) * Polling.deadlineScale)
        if getenv("A11Y_TEST_DEADLINE_SCALE") == nil { #expect(Polling.hang == .seconds(30)) }
    }

    @Test func aConditionThatNeverHoldsIsNilAtTheDeadline() {
        let clock = ContinuousClock()
        var calls = 0
        let start = clock.now
        let value = Polling.until(timeout: .milliseconds(30), every: .milliseconds(5)) { () -> Int? in
            calls += 1
            return nil
        }
        #expect(value == nil && calls >= 2)
        #expect(clock.now - start >= .milliseconds(30))
    }
}
