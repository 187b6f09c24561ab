import Testing
import A11yControls
import A11yOptions

@Suite("Bad configurations are rejected, naming the property")
struct ConfigurationErrorTests {
    static let sliderCases: [(String, @Sendable (inout RangeSliderConfiguration) -> Void)] = [
        ("maxValue", { $0.minValue = 10; $0.maxValue = 5 }),
        ("maxValue", { $0.minValue = 5; $0.maxValue = 5 }),
        ("minValue", { $0.minValue = .nan }),
        ("minValue", { $0.minValue = -.infinity }),
        ("maxValue", { $0.maxValue = .infinity }),
        ("maxValue", { $0.minValue = -1e308; $0.maxValue = 1e308 }),
        ("step", { $0.enableStep = true; $0.step = 0 }),
        ("step", { $0.enableStep = true; $0.step = -1 }),
        ("step", { $0.enableStep = true; $0.step = .nan }),
        ("step", { $0.enableStep = true; $0.step = 101 }),
        ("step", { $0.enableStep = true; $0.maxValue = 1e9; $0.step = 1e-6 }),
        ("minDistance", { $0.minDistance = 101 }),
        ("minDistance", { $0.minDistance = .nan }),
        ("maxDistance", { $0.maxDistance = .nan }),
        ("maxDistance", { $0.minDistance = 20; $0.maxDistance = 10 }),
        ("maxDistance", { $0.enableStep = true; $0.step = 10; $0.minDistance = 1; $0.maxDistance = 9 }),
        ("pageSteps", { $0.pageSteps = 0 }),
        ("displayFractionDigits", { $0.displayFractionDigits = 12 }),
    ]

    @Test(arguments: 0..<sliderCases.count)
    func sliderRejects(_ index: Int) {
        let (property, change) = Self.sliderCases[index]
        var c = RangeSliderConfiguration()
        change(&c)
        #expect { try RangeSlider(configuration: c) } throws: { error in
            guard let e = error as? ConfigurationError else { return false }
            return e.property == property && e.description.hasPrefix("Invalid '\(property)': ")
        }
    }

    @Test func stepIsOnlyCheckedWhenEnabledAndDisableRangeIgnoresDistances() throws {
        var c = RangeSliderConfiguration()
        c.step = -3
        _ = try RangeSlider(configuration: c)
        c.disableRange = true
        c.minDistance = 1000
        _ = try RangeSlider(configuration: c)
    }

    @Test func distancesThatFitAGridWithAnOffGridMaximumAreAccepted() throws {
        // Grid 0, 10, …, 90 plus 95: distance 5 exists only between 90 and 95.
        var c = RangeSliderConfiguration()
        c.maxValue = 95; c.enableStep = true; c.step = 10; c.minDistance = 3; c.maxDistance = 7
        let s = try RangeSlider(configuration: c)
        #expect(s.selectedMinimum == 90 && s.selectedMaximum == 95)
    }

    static let stepperCases: [(String, @Sendable (inout StepperConfiguration) -> Void)] = [
        ("maximumValue", { $0.minimumValue = 5; $0.maximumValue = 1 }),
        ("minimumValue", { $0.minimumValue = .nan }),
        ("maximumValue", { $0.maximumValue = .infinity }),
        ("stepValue", { $0.stepValue = 0 }),
        ("stepValue", { $0.stepValue = 1000 }),
        ("stepValue", { $0.stepValue = .infinity }),
        ("stepValue", { $0.maximumValue = 1e9; $0.stepValue = 1e-6 }),
        ("autoRepeatInterval", { $0.autoRepeatInterval = 0 }),
        ("autoRepeatInitialDelay", { $0.autoRepeatSchedule.initialDelay = -1 }),
        ("autoRepeatAcceleration.factor", { $0.autoRepeatSchedule.acceleration = .init(factor: 2) }),
        ("autoRepeatAcceleration.every", { $0.autoRepeatSchedule.acceleration = .init(every: 0) }),
        ("autoRepeatAcceleration.minimumInterval", { $0.autoRepeatSchedule.acceleration = .init(minimumInterval: 0) }),
        ("pageSteps", { $0.pageSteps = -2 }),
        ("displayFractionDigits", { $0.displayFractionDigits = -1 }),
    ]

    @Test(arguments: 0..<stepperCases.count)
    func stepperRejects(_ index: Int) {
        let (property, change) = Self.stepperCases[index]
        var c = StepperConfiguration()
        change(&c)
        #expect { try Stepper(configuration: c) } throws: { error in
            (error as? ConfigurationError)?.property == property
        }
    }
}
