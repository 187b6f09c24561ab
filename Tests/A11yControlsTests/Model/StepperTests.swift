import Testing
import A11yControls
import A11yOptions

@Suite("Stepper: RPVerticalStepper defaults, UIStepper additions")
struct StepperTests {
    @Test func defaultsMatchRPVerticalStepper() throws {
        let s = try Stepper()
        #expect(s.value == 1)
        #expect(s.configuration.minimumValue == 1)
        #expect(s.configuration.maximumValue == 99)
        #expect(s.configuration.stepValue == 1)
        #expect(s.configuration.autoRepeat == true)
        #expect(s.configuration.autoRepeatInterval == 0.5)
        #expect(s.configuration.wraps == false)
        #expect(s.configuration.continuous == true)
        #expect(s.configuration.autoRepeatSchedule == AutoRepeatSchedule(initialDelay: 0.5, interval: 0.5, acceleration: nil))
        #expect(s.handles == [.upper])
        #expect(s.fractionDigits == 0)
        #expect(s.label(of: .upper) == "value" && s.hint(of: .upper) == "")
    }

    @Test func incrementAndDecrementAreDisabledAtTheLimits() throws {
        var s = try Stepper()
        #expect(!s.canDecrement && s.canIncrement)
        #expect(s.apply(.decrement) == Change(command: .decrement, handle: .upper, oldValue: 1, newValue: 1,
                                               outcome: .blocked(.minimum), previousFocus: .upper))
        #expect(s.apply(.increment).outcome == .moved)
        _ = s.apply(.setValue(98))
        #expect(s.apply(.increment).outcome == .reachedLimit(.maximum))
        #expect(!s.canIncrement)
        #expect(s.apply(.increment).outcome == .blocked(.maximum))
    }

    @Test func aStepThatWouldOvershootLandsOnTheLimit() throws {
        var c = StepperConfiguration()
        c.minimumValue = 0; c.maximumValue = 10; c.stepValue = 3
        var s = try Stepper(configuration: c, value: 9)
        #expect(s.apply(.increment) == Change(command: .increment, handle: .upper, oldValue: 9, newValue: 10,
                                               outcome: .reachedLimit(.maximum), previousFocus: .upper))
        #expect(s.apply(.decrement).newValue == 9)   // back onto the grid 0, 3, 6, 9
    }

    @Test func wrapsGoesToTheOppositeEnd() throws {
        var c = StepperConfiguration()
        c.wraps = true
        var s = try Stepper(configuration: c, value: 99)
        #expect(s.canIncrement)
        #expect(s.apply(.increment) == Change(command: .increment, handle: .upper, oldValue: 99, newValue: 1,
                                               outcome: .wrapped(to: .minimum), previousFocus: .upper))
        #expect(s.apply(.decrement).outcome == .wrapped(to: .maximum))
        #expect(s.value == 99)
    }

    @Test func decimalStepsNeverShowFloatingPointNoise() throws {
        var c = StepperConfiguration()
        c.minimumValue = 0; c.maximumValue = 1; c.stepValue = 0.1
        var s = try Stepper(configuration: c, value: 0)
        var texts: [String] = []
        for _ in 0..<10 { texts.append(s.apply(.increment).newValue.description) }
        #expect(texts == ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"])
        for _ in 0..<10 { _ = s.apply(.decrement) }
        #expect(s.value == 0)
        #expect(s.fractionDigits == 1)
    }

    @Test func homeEndPageSetAndFocus() throws {
        var s = try Stepper()
        #expect(s.apply(.pageIncrement).newValue == 11)
        #expect(s.apply(.toHighest).outcome == .reachedLimit(.maximum))
        #expect(s.apply(.toLowest).newValue == 1)
        #expect(s.apply(.setValue(50.4)).newValue == 50)
        #expect(s.apply(.setValue(500)).outcome == .reachedLimit(.maximum))
        #expect(s.apply(.setFraction(0)).newValue == 1)
        #expect(s.apply(.focusNext).outcome == .unchanged(.noOtherHandle))
        #expect(s.apply(.setValue(.nan)).outcome == .unchanged(.invalidValue))
        #expect(s.apply(.beginInteraction).outcome == .interaction(began: true))
    }

    @Test func autoRepeatScheduleWithAcceleration() {
        let plain = AutoRepeatSchedule()
        #expect(plain.delay(beforeRepeat: 1) == 0.5)
        #expect(plain.delay(beforeRepeat: 100) == 0.5)
        let fast = AutoRepeatSchedule(initialDelay: 0.4, interval: 0.2, acceleration: .standard)
        #expect(fast.delay(beforeRepeat: 1) == 0.4)
        #expect(fast.delay(beforeRepeat: 2) == 0.2)
        #expect(fast.delay(beforeRepeat: 6) == 0.2)
        #expect(fast.delay(beforeRepeat: 7) == 0.1)
        #expect(fast.delay(beforeRepeat: 12) == 0.05)
        #expect(fast.delay(beforeRepeat: 1000) == 0.05)
    }

    @Test func aFineGridUnderACoarseDisplayJumpsToTheNextShownValue() throws {
        // 10 million grid points per displayed unit: a key must not walk them one by one.
        var c = StepperConfiguration()
        c.minimumValue = 0; c.maximumValue = 1000; c.stepValue = 0.0000001; c.displayFractionDigits = 0
        var s = try Stepper(configuration: c, value: 10)
        #expect(s.apply(.increment).newValue == 10.5)     // shown "11"
        #expect(s.apply(.increment).newValue == 11.5)     // shown "12"
        #expect(s.apply(.decrement).newValue.description == "11.4999999")   // shown "11"
        var d = StepperConfiguration()
        d.minimumValue = -10; d.maximumValue = 10; d.stepValue = 0.0000001; d.displayFractionDigits = 0
        var n = try Stepper(configuration: d, value: -2)
        #expect(n.apply(.increment).newValue.description == "-1.4999999")  // shown "-1" (-1.5 shows "-2")
    }
}
