import Testing
import A11yControls
import A11yOptions

@Suite("RangeSlider: TTRangeSlider defaults and rules")
struct RangeSliderTests {
    @Test func defaultsMatchTTRangeSlider() throws {
        let s = try RangeSlider()
        let c = s.configuration
        #expect(c.minValue == 0)
        #expect(c.maxValue == 100)
        #expect(s.selectedMinimum == 10)
        #expect(s.selectedMaximum == 90)
        #expect(c.minDistance == -1 && !c.hasMinDistance)
        #expect(c.maxDistance == -1 && !c.hasMaxDistance)
        #expect(c.enableStep == false)
        #expect(c.step == 0.1)
        #expect(c.disableRange == false)
        #expect(c.hideLabels == false)
        #expect(c.pageSteps == 10)
        #expect(c.lowerHandleLabel == "lower" && c.upperHandleLabel == "upper")
        #expect(c.lowerHandleHint == "" && c.upperHandleHint == "")
        #expect(s.focusedHandle == .lower)
        #expect(s.handles == [.lower, .upper])
        #expect(s.fractionDigits == 0)
        #expect(s.keyboardStep == 1)
    }

    @Test func labelsAndHintsAreConfigurable() throws {
        var c = RangeSliderConfiguration()
        c.lowerHandleLabel = "from"; c.upperHandleLabel = "to"
        c.lowerHandleHint = "earliest"; c.upperHandleHint = "latest"
        let s = try RangeSlider(configuration: c)
        #expect(s.configuration.label(of: .lower) == "from")
        #expect(s.configuration.label(of: .upper) == "to")
        #expect(s.configuration.hint(of: .lower) == "earliest")
        #expect(s.configuration.hint(of: .upper) == "latest")
        #expect(s.label(of: .lower) == "from" && s.hint(of: .upper) == "latest")
    }

    @Test func incrementAndDecrementMoveByOnePercent() throws {
        var s = try RangeSlider()
        let up = s.apply(.increment)
        #expect(up == Change(command: .increment, handle: .lower, oldValue: 10, newValue: 11, outcome: .moved, previousFocus: .lower))
        let down = s.apply(.decrement)
        #expect(down.newValue == 10 && down.outcome == .moved)
    }

    @Test func pageMovesTenSteps() throws {
        var s = try RangeSlider()
        #expect(s.apply(.pageIncrement).newValue == 20)
        #expect(s.apply(.pageDecrement).newValue == 10)
        #expect(s.apply(.pageDecrement) == Change(command: .pageDecrement, handle: .lower, oldValue: 10, newValue: 0,
                                                   outcome: .reachedLimit(.minimum), previousFocus: .lower))
        #expect(s.apply(.decrement).outcome == .blocked(.minimum))
        #expect(s.selectedMinimum == 0)
    }

    @Test func homeAndEndGoToTheCurrentAllowedLimit() throws {
        var s = try RangeSlider()
        #expect(s.apply(.toHighest) == Change(command: .toHighest, handle: .lower, oldValue: 10, newValue: 90,
                                               outcome: .reachedLimit(.otherHandle), previousFocus: .lower))
        #expect(s.apply(.toHighest).outcome == .blocked(.otherHandle))
        #expect(s.apply(.increment).outcome == .blocked(.otherHandle))
        _ = s.apply(.focusNext)
        #expect(s.apply(.toLowest).outcome == .blocked(.otherHandle))
        #expect(s.apply(.toHighest).outcome == .reachedLimit(.maximum))
        #expect(s.selectedMaximum == 100)
    }

    @Test func homeAndEndRespectDistances() throws {
        var c = RangeSliderConfiguration()
        c.minDistance = 5; c.maxDistance = 30
        var s = try RangeSlider(configuration: c, selectedMinimum: 40, selectedMaximum: 60)
        #expect(s.apply(.toHighest) == Change(command: .toHighest, handle: .lower, oldValue: 40, newValue: 55,
                                               outcome: .reachedLimit(.minimumDistance), previousFocus: .lower))
        #expect(s.apply(.toLowest).newValue == 30)
        #expect(s.apply(.toLowest).outcome == .blocked(.maximumDistance))
        #expect(s.apply(.decrement).outcome == .blocked(.maximumDistance))
        _ = s.apply(.focus(.upper))
        #expect(s.apply(.toHighest).newValue == 60)   // 30 + 30
        #expect(s.apply(.increment).outcome == .blocked(.maximumDistance))
        #expect(s.apply(.toLowest).newValue == 35)    // 30 + 5
        #expect(s.apply(.decrement).outcome == .blocked(.minimumDistance))
    }

    @Test func handlesMayMeetButNeverCross() throws {
        var s = try RangeSlider(selectedMinimum: 49, selectedMaximum: 50)
        #expect(s.apply(.increment) == Change(command: .increment, handle: .lower, oldValue: 49, newValue: 50,
                                               outcome: .reachedLimit(.otherHandle), previousFocus: .lower))
        #expect(s.apply(.increment).outcome == .blocked(.otherHandle))
        #expect(s.selectedMinimum == 50 && s.selectedMaximum == 50)
        let set = s.apply(.setValue(80, handle: .lower))
        #expect(set.newValue == 50 && set.outcome == .blocked(.otherHandle))
    }

    @Test func focusCommands() throws {
        var s = try RangeSlider()
        let next = s.apply(.focusNext)
        #expect(next.outcome == .focusMoved && next.handle == .upper && next.previousFocus == .lower && next.newValue == 90)
        #expect(s.apply(.focusPrevious).handle == .lower)
        #expect(s.apply(.focus(.lower)).outcome == .unchanged(.alreadyFocused))
        #expect(s.apply(.focus(.upper)).outcome == .focusMoved)
    }

    @Test func disableRangeHasOneHandleWhoseValueIsSelectedMaximum() throws {
        var c = RangeSliderConfiguration()
        c.disableRange = true
        var s = try RangeSlider(configuration: c)
        #expect(s.handles == [.upper])
        #expect(s.focusedHandle == .upper)
        #expect(s.selectedMaximum == 90)
        #expect(s.apply(.focusNext).outcome == .unchanged(.noOtherHandle))
        #expect(s.apply(.focus(.lower)).outcome == .unchanged(.noOtherHandle))
        #expect(s.apply(.setValue(3, handle: .lower)).outcome == .unchanged(.noOtherHandle))
        #expect(s.apply(.toLowest).newValue == 0)   // no other handle in the way
        #expect(s.apply(.toHighest).outcome == .reachedLimit(.maximum))
    }

    @Test func enableStepSnapsFromMinValueNotZero() throws {
        var c = RangeSliderConfiguration()
        c.minValue = 3; c.maxValue = 50; c.enableStep = true; c.step = 5
        var s = try RangeSlider(configuration: c, selectedMinimum: 10, selectedMaximum: 40)
        #expect(s.selectedMinimum == 8)    // 3 + 5k nearest 10
        #expect(s.selectedMaximum == 38)   // 3 + 5k nearest 40 (38 and 43: 38 is nearer)
        #expect(s.apply(.increment).newValue == 13)
        _ = s.apply(.focusNext)
        #expect(s.apply(.toHighest).newValue == 50)  // the maximum is allowed even off the grid
        #expect(s.apply(.decrement).newValue == 48)
        #expect(s.apply(.setValue(24)).newValue == 23)
    }

    @Test func decimalStepsAreExact() throws {
        var c = RangeSliderConfiguration()
        c.minValue = 0; c.maxValue = 1; c.enableStep = true; c.step = 0.1
        var s = try RangeSlider(configuration: c, selectedMinimum: 0, selectedMaximum: 1)
        var seen: [Double] = [s.selectedMinimum]
        for _ in 0..<10 { seen.append(s.apply(.increment).newValue) }
        #expect(seen.map(\.description) == ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"])
        #expect(s.fractionDigits == 1)
    }

    /// `looksSame` (which skips writing out two different whole numbers) answers as the digits do.
    @Test func looksSameAgreesWithTheDisplayedDigits() throws {
        let values: [Double] = [0, -0.0, 1, -1, 2, 1.004, 1.0004, 0.999, 1e15, 1e15 + 1, 1e16, -1e16, 12.5, 12.49, .nan, .infinity]
        for digits in [0, 1, 2, 5] {
            var c = RangeSliderConfiguration()
            c.minValue = -2e16; c.maxValue = 2e16; c.displayFractionDigits = digits
            let s = try RangeSlider(configuration: c, selectedMinimum: 0, selectedMaximum: 1)
            for a in values {
                for b in values {
                    #expect(s.looksSame(a, b) == (s.displayKey(a) == s.displayKey(b)), "\(a) \(b) at \(digits) places")
                }
            }
        }
    }

    @Test func programmaticSetsAreSnappedAndClamped() throws {
        var s = try RangeSlider()
        #expect(s.apply(.setValue(-50, handle: .lower)) == Change(command: .setValue(-50, handle: .lower), handle: .lower,
            oldValue: 10, newValue: 0, outcome: .reachedLimit(.minimum), previousFocus: .lower))
        #expect(s.apply(.setValue(.infinity, handle: .upper)).newValue == 100)
        #expect(s.apply(.setValue(.nan)).outcome == .unchanged(.invalidValue))
        #expect(s.apply(.setValue(0)).outcome == .unchanged(.alreadyThere))
        #expect(s.apply(.setValue(42.5)).newValue == 42.5)   // no steps: any value
    }

    @Test func setFractionForRoutingKeys() throws {
        var s = try RangeSlider()
        #expect(s.apply(.setFraction(0.25)).newValue == 25)
        #expect(s.apply(.setFraction(2)).newValue == 90)       // clamped by the other handle
        #expect(s.apply(.setFraction(.nan)).outcome == .unchanged(.invalidValue))
    }

    @Test func interactionBeginsAndEnds() throws {
        var s = try RangeSlider()
        #expect(s.apply(.beginInteraction).outcome == .interaction(began: true))
        #expect(s.isInteracting)
        #expect(s.apply(.beginInteraction).outcome == .unchanged(.interactionUnchanged))
        #expect(s.apply(.endInteraction).outcome == .interaction(began: false))
        #expect(s.apply(.endInteraction).outcome == .unchanged(.interactionUnchanged))
    }

    @Test func everyKeyboardStepChangesTheDisplayedValue() throws {
        // 1% of 0...150 is 1.5, shown with 0 digits: each step must still change the text.
        var c = RangeSliderConfiguration()
        c.maxValue = 150
        var s = try RangeSlider(configuration: c, selectedMinimum: 10.4, selectedMaximum: 150)
        var shown = s.displayKey(s.selectedMinimum)
        for _ in 0..<200 {
            let change = s.apply(.increment)
            if case .blocked = change.outcome { break }
            let now = s.displayKey(change.newValue)
            #expect(now != shown)
            shown = now
        }
        // A 0.5 step shown with 0 digits skips to the next different text.
        c = RangeSliderConfiguration()
        c.enableStep = true; c.step = 0.5; c.displayFractionDigits = 0
        s = try RangeSlider(configuration: c, selectedMinimum: 0.5, selectedMaximum: 100)
        let change = s.apply(.increment)   // 0.5 shows "1"; 1.0 shows "1"; 1.5 shows "2"
        #expect(change.newValue == 1.5)
    }

    @Test func blockedNearALimitWithinTheDisplayResolution() throws {
        var c = RangeSliderConfiguration()
        c.maxValue = 100.3
        var s = try RangeSlider(configuration: c, selectedMinimum: 0, selectedMaximum: 100)
        _ = s.apply(.focusNext)
        let change = s.apply(.increment)     // 100.3 still shows "100"
        #expect(change.outcome == .blocked(.maximum))
        #expect(s.selectedMaximum == 100.3)
    }

    @Test func configureMovesHandlesAsLittleAsNeeded() throws {
        var s = try RangeSlider()
        try s.configure { $0.maxValue = 50 }
        #expect(s.selectedMaximum == 50 && s.selectedMinimum == 10)
        try s.configure { $0.minDistance = 45 }
        #expect(s.selectedMaximum - s.selectedMinimum >= 45)
        #expect(throws: ConfigurationError.self) { try s.configure { $0.step = 0; $0.enableStep = true } }
        #expect(s.configuration.enableStep == false)   // unchanged after an error
    }

    @Test func nonStepPrecisionFollowsTheRange() throws {
        var c = RangeSliderConfiguration()
        c.maxValue = 1
        var s = try RangeSlider(configuration: c, selectedMinimum: 0, selectedMaximum: 1)
        #expect(s.fractionDigits == 2)
        #expect(s.keyboardStep == 0.01)
        var v: [String] = []
        for _ in 0..<3 { v.append(s.apply(.increment).newValue.description) }
        #expect(v == ["0.01", "0.02", "0.03"])
    }
}
