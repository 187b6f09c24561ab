import Testing
import A11yControls
import A11yOptions

@Suite struct AnnouncerTests {
    let formatter = DecimalFormatter(fractionDigits: nil)

    func run(_ commands: [Command], on slider: RangeSlider = try! RangeSlider(), verbosity: Verbosity = .normal) -> [Utterance?] {
        var slider = slider
        let announcer = Announcer(verbosity: verbosity)
        return commands.map { command in
            let change = slider.apply(command)
            return announcer.utterance(for: change, in: PresentedControl(slider, label: "Price", formatter: formatter, locale: .posix))
        }
    }

    @Test func valueChangesSayOnlyTheNewValueAndInterrupt() {
        #expect(run([.increment, .decrement]) == [Utterance("11", priority: .text), Utterance("10", priority: .text)])
    }

    @Test func limitsAreNamedNeverSilent() {
        #expect(run([.toLowest, .decrement]) == [Utterance("0, end of track"), Utterance("0, blocked, end of track")])
        #expect(run([.focus(.upper), .toHighest, .increment])
                == [Utterance("upper, horizontal slider, 90, from 10 to 100"), Utterance("100, end of track"),
                    Utterance("100, blocked, end of track")])
        #expect(run([.setValue(90, handle: .lower)]) == [Utterance("90, meets upper")])
        #expect(run([.setValue(90, handle: .lower), .increment]).last == Utterance("90, blocked by upper"))
    }

    @Test func terseDropsLimitWordsButNotReasons() {
        #expect(run([.toLowest, .decrement], verbosity: .terse) == [Utterance("0"), Utterance("0, blocked, end of track")])
    }

    @Test func distancesAndWrapping() throws {
        var configuration = RangeSliderConfiguration()
        configuration.minDistance = 20
        let slider = try RangeSlider(configuration: configuration)
        #expect(run([.setValue(80, handle: .lower), .increment], on: slider) == [Utterance("70, closest to upper"), Utterance("70, blocked, closest to upper")])

        var stepperConfiguration = StepperConfiguration()
        stepperConfiguration.wraps = true
        var stepper = try Stepper(configuration: stepperConfiguration, value: 99)
        let change = stepper.apply(.increment)
        #expect(Announcer().utterance(for: change, in: PresentedControl(stepper, formatter: formatter, locale: .posix)) == Utterance("1, wrapped to the start"))
    }

    @Test func focusSaysTheHandleNameAndValueAndHintWhenVerbose() throws {
        #expect(run([.focusNext]) == [Utterance("upper, horizontal slider, 90, from 10 to 100")])
        var configuration = RangeSliderConfiguration()
        configuration.upperHandleHint = "the most you pay"
        #expect(run([.focusNext], on: try RangeSlider(configuration: configuration), verbosity: .verbose)
                == [Utterance("upper, horizontal slider, 90, 90 percent, from 10 to 100, the most you pay")])
        #expect(run([.beginInteraction, .endInteraction]) == [nil, nil])
    }

    @Test func introductionByVerbosity() throws {
        let control = PresentedControl(try RangeSlider(), label: "Price", formatter: formatter, locale: .posix)
        #expect(Announcer(verbosity: .terse).introduction(of: control).text == "Price, 10 to 90")
        #expect(Announcer().introduction(of: control).text
                == "Price, range slider, 10 to 90, of 0 to 100. lower, horizontal slider, 10, from 0 to 90. Press question mark for help.")
        #expect(Announcer(verbosity: .verbose).introduction(of: control).text.hasPrefix(
            "Price, range slider, 10 to 90, of 0 to 100, 80 percent of the track. lower, horizontal slider, 10, 10 percent, "
            + "from 0 to 90. Press question mark for help. Arrows move"))
        let stepper = PresentedControl(try Stepper(), formatter: formatter, locale: .posix)
        #expect(Announcer().introduction(of: stepper).text == "value, spin button, 1, from 1 to 99. Press question mark for help.")
    }

    @Test func acceptAndCancelAreMessagesNeverCutOff() throws {
        let control = PresentedControl(try RangeSlider(), label: "Price", formatter: formatter, locale: .posix)
        #expect(Announcer().accepted(control) == Utterance("10 to 90, accepted", priority: .message))
        #expect(Announcer().cancelled() == Utterance("cancelled", priority: .message))
        #expect(Announcer().status(of: control).text == "Price, range slider, 10 to 90, of 0 to 100. lower, horizontal slider, 10, from 0 to 90")
    }
}
