import Testing
import Synchronization
import A11yControls

/// A presentation brought up to date in place (`update`, on every key) must be the one made
/// afresh from the same model, and must format only the values that changed.
@Suite struct PresentedControlTests {
    /// A decimal formatter that counts the values it formats.
    final class CountingFormatter: ValueFormatter {
        let base = DecimalFormatter(fractionDigits: nil)
        let count = Mutex(0)
        func visualText(for value: Double, in context: FormatContext) -> String { base.visualText(for: value, in: context) }
        func format(_ value: Double, in context: FormatContext) -> FormattedValue {
            count.withLock { $0 += 1 }
            return base.format(value, in: context)
        }
        var formatted: Int { count.withLock { $0 } }
    }

    static let commands: [Command] = [.increment, .decrement, .pageIncrement, .pageDecrement, .toLowest, .toHighest,
                                      .focusNext, .focusPrevious, .focus(.lower), .focus(.upper),
                                      .setFraction(0.5), .beginInteraction, .endInteraction]

    static func randomCommand(_ random: inout SeededGenerator) -> Command {
        random.chance(0.2) ? .setValue(Double.random(in: -20...120, using: &random).rounded(), handle: random.pick([nil, .lower, .upper]))
                           : random.pick(commands)
    }

    /// 40 random commands on `control`, its presentation brought up to date after each: each
    /// time it must be the presentation made afresh. False at the first that is not.
    func updatesMatchFreshPresentations<C: Control>(_ control: C, random: inout SeededGenerator, seed: UInt64,
                                                    present: (C) -> PresentedControl,
                                                    update: (inout PresentedControl, C) -> Void) -> Bool {
        var control = control
        var presented = present(control)
        for step in 0..<40 {
            _ = control.apply(Self.randomCommand(&random))
            update(&presented, control)
            let fresh = present(control)
            #expect(presented == fresh, "seed \(seed), step \(step), \(control)")
            if presented != fresh { return false }
        }
        return true
    }

    @Test func aSliderUpdatedInPlaceIsTheSliderPresentedAfresh() throws {
        let seed = SeededGenerator.seedFromEnvironment()
        var random = SeededGenerator(seed: seed)
        let formatter = DecimalFormatter(fractionDigits: nil)
        for _ in 0..<SeededGenerator.count("A11Y_PROPERTY_RUNS", default: 60) {
            var configuration = RangeSliderConfiguration()
            configuration.minDistance = random.pick([-1, 0, 5, 20])
            configuration.maxDistance = random.pick([-1, 30, 60])
            configuration.disableRange = random.chance(0.3)
            configuration.hideLabels = random.chance(0.2)
            configuration.enableStep = random.chance(0.5)
            configuration.step = random.pick([1, 2.5, 5])
            let label = random.pick(["", "Price"])
            guard updatesMatchFreshPresentations(try RangeSlider(configuration: configuration), random: &random, seed: seed,
                                                 present: { PresentedControl($0, label: label, formatter: formatter, locale: .posix) },
                                                 update: { $0.update($1, label: label, formatter: formatter, locale: .posix) })
            else { return }
        }
    }

    @Test func aStepperUpdatedInPlaceIsTheStepperPresentedAfresh() throws {
        let seed = SeededGenerator.seedFromEnvironment()
        var random = SeededGenerator(seed: seed)
        let formatter = DecimalFormatter(fractionDigits: nil)
        for _ in 0..<SeededGenerator.count("A11Y_PROPERTY_RUNS", default: 60) {
            var configuration = StepperConfiguration()
            configuration.minimumValue = random.pick([-10, 0, 1])
            configuration.maximumValue = random.pick([5, 20, 99])
            configuration.stepValue = random.pick([1, 2, 0.5])
            configuration.wraps = random.chance(0.3)
            let label = random.pick(["", "Guests"])
            guard updatesMatchFreshPresentations(try Stepper(configuration: configuration, value: configuration.minimumValue),
                                                 random: &random, seed: seed,
                                                 present: { PresentedControl($0, label: label, formatter: formatter, locale: .posix) },
                                                 update: { $0.update($1, label: label, formatter: formatter, locale: .posix) })
            else { return }
        }
    }

    @Test func aKeyFormatsOnlyTheValueThatMoved() throws {
        let formatter = CountingFormatter()
        var slider = try RangeSlider()
        var presented = PresentedControl(slider, label: "Price", formatter: formatter, locale: .posix)
        // The track's ends and the two handles (the allowed ranges' ends are among them).
        #expect(formatter.formatted == 4)
        _ = slider.apply(.increment)
        presented.update(slider, label: "Price", formatter: formatter, locale: .posix)
        #expect(formatter.formatted == 5)
        #expect(presented.handles[0].text.visual == "11" && presented.handles[1].allowedLower.visual == "11")
        // Focus moves, no value does: nothing is formatted.
        _ = slider.apply(.focusNext)
        presented.update(slider, label: "Price", formatter: formatter, locale: .posix)
        #expect(formatter.formatted == 5)
        #expect(presented.focused == .upper && presented.canIncrease && presented.canDecrease)
    }

    @Test func aChangeOfLocaleFormatsEveryValueAgain() throws {
        let formatter = CountingFormatter()
        let slider = try RangeSlider(configuration: { var c = RangeSliderConfiguration(); c.maxValue = 1; c.displayFractionDigits = 1; return c }(),
                                     selectedMinimum: 0.2, selectedMaximum: 0.8)
        var presented = PresentedControl(slider, label: "", formatter: formatter, locale: .posix)
        let german = NumberLocale(identifier: "de_DE", decimalSeparator: ",", groupingSeparator: ".", currencySymbolFirst: false)
        presented.update(slider, label: "", formatter: formatter, locale: german)
        #expect(presented == PresentedControl(slider, label: "", formatter: formatter, locale: german))
        #expect(presented.handles.map(\.text.visual) == ["0,2", "0,8"])
    }
}
