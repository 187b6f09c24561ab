import Testing
import A11yControls
import A11yOptions

@Suite("ValueLabeler: the control's formatter")
struct ValueLabelerTests {
    @Test func nilMeansTheDefaultDecimalWithTheControlsDigits() throws {
        var c = RangeSliderConfiguration()
        c.enableStep = true; c.step = 0.5
        let slider = try RangeSlider(configuration: c)
        let labeler = ValueLabeler(locale: .posix)
        #expect(labeler.texts(of: .lower, in: slider) == FormattedValue(visual: "10.0", spoken: "10.0", braille: "10.0"))
        #expect(labeler.showsLabels(for: slider))
    }

    @Test func noneAndHideLabelsHideTheScreenLabelOnly() throws {
        var c = RangeSliderConfiguration()
        c.hideLabels = true
        let hidden = try RangeSlider(configuration: c)
        #expect(!ValueLabeler(locale: .posix).showsLabels(for: hidden))
        let none = ValueLabeler(formatter: NoLabelsFormatter(), locale: .posix)
        #expect(!none.showsLabels(for: try RangeSlider()))
        #expect(none.texts(of: .upper, in: try RangeSlider()).spoken == "90")
    }

    @Test func adoptingAFormattersPrecisionKeepsStepsVisible() throws {
        var stepper = try Stepper(configuration: { var c = StepperConfiguration(); c.minimumValue = 0; c.stepValue = 0.25; return c }(), value: 0)
        let integer = try FormatterSpec.parse("integer").makeFormatter()
        try stepper.adopt(integer)
        #expect(stepper.fractionDigits == 0)
        let labeler = ValueLabeler(formatter: integer, locale: .posix)
        var heard: [String] = []
        for _ in 0..<4 { _ = stepper.apply(.increment); heard.append(labeler.texts(of: .upper, in: stepper).spoken) }
        #expect(heard == ["1", "2", "3", "4"])   // 0.25 steps shown as integers: never the same number twice
        var slider = try RangeSlider()
        try slider.adopt(CurrencyFormatter(code: "EUR"))
        #expect(slider.fractionDigits == 2)
        try slider.adopt(DecimalFormatter())
        #expect(slider.fractionDigits == 0)
    }
}
