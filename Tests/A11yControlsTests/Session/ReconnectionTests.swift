import Testing
@testable import A11ySession

@Suite struct ReconnectionTests {
    @Test func firstAttemptAQuarterSecondAfterTheLossThenHalfASecondThenEveryInterval() {
        var reconnection = Reconnection(retryInterval: .seconds(1))
        #expect(reconnection.nextAttempt == nil)
        let news = reconnection.lost(at: .seconds(10))
        #expect(news)
        var attempts: [Duration] = []
        for _ in 0..<5 {
            let due = reconnection.nextAttempt!
            attempts.append(due)
            reconnection.attemptFailed(at: due)
        }
        #expect(attempts == [.milliseconds(10_250), .milliseconds(10_750), .milliseconds(11_750),
                             .milliseconds(12_750), .milliseconds(13_750)])
    }

    @Test func aLongIntervalIsReachedByDoubling() {
        var reconnection = Reconnection(retryInterval: .seconds(30))
        reconnection.lost(at: .zero)
        var waits: [Duration] = []
        var last = Duration.zero
        for _ in 0..<10 {
            let due = reconnection.nextAttempt!
            waits.append(due - last)
            last = due
            reconnection.attemptFailed(at: due)
        }
        #expect(waits == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4),
                          .seconds(8), .seconds(16), .seconds(30), .seconds(30), .seconds(30)])
    }

    @Test func aLossIsNewsOnceUntilTheConnectionIsBack() {
        var reconnection = Reconnection()
        let first = reconnection.lost(at: .zero)
        let second = reconnection.lost(at: .seconds(1))
        #expect(first && !second)
        #expect(reconnection.isLost)
        reconnection.back()
        #expect(!reconnection.isLost && reconnection.nextAttempt == nil)
        let again = reconnection.lost(at: .seconds(5))
        #expect(again)
    }

    @Test func aNewLossStartsTheBackOffAgain() {
        var reconnection = Reconnection()
        reconnection.lost(at: .zero)
        reconnection.attemptFailed(at: .milliseconds(250))
        reconnection.attemptFailed(at: .milliseconds(750))
        reconnection.back()
        reconnection.lost(at: .seconds(20))
        #expect(reconnection.nextAttempt == .milliseconds(20_250))
    }

    @Test func dueOnlyFromTheAttemptTime() {
        var reconnection = Reconnection()
        #expect(!reconnection.isDue(at: .seconds(100)))
        reconnection.lost(at: .seconds(1))
        #expect(!reconnection.isDue(at: .milliseconds(1_249)))
        #expect(reconnection.isDue(at: .milliseconds(1_250)))
    }

    /// An attempt made at once for a reason of its own (a display of another width) is no loss:
    /// if it fails, the loss that follows is news.
    @Test func anAttemptAtOnceIsNoLoss() {
        var reconnection = Reconnection()
        reconnection.retryNow(at: .seconds(2))
        #expect(reconnection.isDue(at: .seconds(2)) && !reconnection.isLost)
        let news = reconnection.lost(at: .seconds(2))
        #expect(news)
        #expect(reconnection.nextAttempt == .milliseconds(2_250))
    }
}
