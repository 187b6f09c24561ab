import Testing
import A11yControls
import A11yOptions

final class RecordingSliderDelegate: RangeSliderDelegate {
    var events: [String] = []
    func rangeSlider(_ controller: RangeSliderController, didChangeSelectedMinimum minimum: Double, maximum: Double) {
        events.append("change \(minimum) \(maximum)")
    }
    func rangeSliderDidStartInteraction(_ controller: RangeSliderController) { events.append("start") }
    func rangeSliderDidEndInteraction(_ controller: RangeSliderController) { events.append("end") }
}

final class RecordingStepperDelegate: StepperDelegate {
    var values: [Double] = []
    func stepperValueDidChange(_ controller: StepperController) { values.append(controller.stepper.value) }
}

@Suite("Observers: delegates, closures, streams")
struct ControllerTests {
    @Test func userChangesReachTheDelegateProgramChangesDoNot() throws {
        let controller = RangeSliderController(try RangeSlider())
        let delegate = RecordingSliderDelegate()
        controller.delegate = delegate
        var observed: [ValueChangeEvent] = []
        controller.onValueChanged = { observed.append($0) }
        controller.send(.beginInteraction)
        controller.send(.increment)
        controller.send(.endInteraction)
        controller.set(.setValue(50, handle: .upper))
        controller.send(.decrement)   // 10 → 9
        controller.send(.focus(.upper))
        #expect(delegate.events == ["start", "change 11.0 90.0", "end", "change 10.0 50.0"])
        #expect(observed.map(\.source) == [.user, .program, .user])
        #expect(observed.map(\.selectedMaximum) == [90, 50, 50])
    }

    @Test func valueStreamDeliversChanges() async throws {
        let controller = RangeSliderController(try RangeSlider())
        let stream = controller.valueChanges()
        controller.send(.increment)
        controller.send(.increment)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.selectedMinimum == 11)
        #expect(await iterator.next()?.selectedMinimum == 12)
    }

    @Test func stepperDelegateAndNonContinuousHolds() throws {
        var c = StepperConfiguration()
        c.continuous = false
        let controller = StepperController(try Stepper(configuration: c))
        let delegate = RecordingStepperDelegate()
        controller.delegate = delegate
        var observed: [Double] = []
        controller.onValueChanged = { observed.append($0.change.newValue) }
        controller.send(.increment)
        controller.send(.beginInteraction)
        controller.send(.increment)
        controller.send(.increment)
        #expect(observed == [2])
        controller.send(.endInteraction)
        #expect(observed == [2, 4])
        #expect(delegate.values == [2, 4])
        controller.set(.setValue(10))
        #expect(observed == [2, 4, 10])
        #expect(delegate.values == [2, 4])
    }

    @Test func configureTellsValueObserversAboutMovedHandles() throws {
        let controller = RangeSliderController(try RangeSlider())
        let delegate = RecordingSliderDelegate()
        controller.delegate = delegate
        var observed: [ValueChangeEvent] = []
        controller.onValueChanged = { observed.append($0) }
        try controller.configure { $0.maxValue = 50 }
        #expect(observed.map(\.change.handle) == [.upper])
        #expect(observed.first?.selectedMaximum == 50 && observed.first?.source == .program)
        #expect(delegate.events.isEmpty)
        #expect(throws: ConfigurationError.self) { try controller.configure { $0.minValue = .nan } }
        #expect(controller.slider.configuration.maxValue == 50)
    }

    @Test func hideLabelsIsKeptForThePresenters() throws {
        var c = RangeSliderConfiguration()
        c.hideLabels = true
        #expect(try RangeSlider(configuration: c).configuration.hideLabels)
    }
}

@Suite("Observers over random command sequences")
struct ControllerPropertyTests {
    @Test func observersHearExactlyTheChangesTheyShould() throws {
        let seed = SeededGenerator.seedFromEnvironment()
        var g = SeededGenerator(seed: seed)
        for sequence in 0..<2_000 {
            let controller = RangeSliderController(try RangeSlider())
            let delegate = RecordingSliderDelegate()
            controller.delegate = delegate
            var observed = 0
            controller.onValueChanged = { _ in observed += 1 }
            var expectedObserved = 0, expectedDelegate = 0
            for _ in 0..<20 {
                let command = PropertyTests.randomCommand(&g, lo: 0, hi: 100)
                let user = g.chance(0.5)
                let change = user ? controller.send(command) : controller.set(command)
                if change.valueChanged {
                    expectedObserved += 1
                    if user { expectedDelegate += 1 }
                }
                if user, case .interaction = change.outcome { expectedDelegate += 1 }
            }
            guard observed == expectedObserved, delegate.events.count == expectedDelegate else {
                Issue.record("observers out of step; A11Y_PROPERTY_SEED=\(seed), sequence \(sequence)")
                return
            }
        }
    }
}
