import A11yControls

// The controls and engines the tests build, made in one place: the controls with the models'
// defaults (TTRangeSlider's 0...100 with handles at 10 and 90, RPVerticalStepper's value 1 of
// 1...99), numbers as in the C locale unless a test asks for another.

extension ControlPanel {
    /// A range slider with TTRangeSlider's defaults, labelled `label` ("Price" unless given).
    package static func priceSlider(label: String = "Price") -> ControlPanel {
        // The defaults are a valid configuration, whatever the label: this never throws.
        try! ControlPanel(slider: RangeSlider(), label: label)
    }

    /// A stepper with RPVerticalStepper's defaults (value 1 of 1...99, step 1, auto-repeat on).
    package static func defaultStepper() -> ControlPanel {
        // The defaults are a valid configuration: this never throws.
        try! ControlPanel(stepper: Stepper())
    }

    /// `count` controls, alternately a slider labelled "Price <index>" and a stepper, starting
    /// with the slider.
    package static func alternating(_ count: Int) -> [ControlPanel] {
        (0..<count).map { $0 % 2 == 0 ? priceSlider(label: "Price \($0)") : defaultStepper() }
    }
}

/// An engine on `panels` (one "Price" slider unless given) as the tests drive it: numbers as in
/// the C locale, no hold detection, 80 columns, no preview, spoken words, no tones and no idle
/// timeout, unless the test says otherwise.
package func makeEngine(_ panels: [ControlPanel] = [.priceSlider()], locale: NumberLocale = .posix,
                       holdDetection: AutoRepeat.HoldDetection = .none, screenWidth: Int = 80, preview: Bool = false,
                       wordDelivery: WordDelivery = .speech, tonePlanner: TonePlanner? = nil, idleTimeout: Duration? = nil) -> ControlEngine {
    var engine = ControlEngine(panels: panels, locale: locale, holdDetection: holdDetection, screenWidth: screenWidth,
                               preview: preview, wordDelivery: wordDelivery, tonePlanner: tonePlanner)
    engine.idleTimeout = idleTimeout
    return engine
}

extension PresentedControl {
    /// A range slider labelled "Price" as the renderers get it: lower and upper values (one
    /// handle at `upper` when `single`), the focused handle, whole numbers, the C locale.
    package static func priceSlider(lower: Double = 10, upper: Double = 90, single: Bool = false,
                                   focus: Handle = .lower) -> PresentedControl {
        var configuration = RangeSliderConfiguration()
        configuration.disableRange = single
        // The defaults, with or without the range: a valid configuration, this never throws.
        var slider = try! RangeSlider(configuration: configuration)
        if !single { _ = slider.apply(.setValue(lower, handle: .lower)) }
        _ = slider.apply(.setValue(upper, handle: .upper))
        _ = slider.apply(.focus(single ? .upper : focus))
        return PresentedControl(slider, label: "Price", formatter: DecimalFormatter(fractionDigits: nil), locale: .posix)
    }

    /// A stepper with RPVerticalStepper's defaults at `value`, whole numbers, the C locale.
    package static func stepper(at value: Double) -> PresentedControl {
        // The defaults are a valid configuration: this never throws.
        var stepper = try! Stepper()
        _ = stepper.apply(.setValue(value))
        return PresentedControl(stepper, formatter: DecimalFormatter(fractionDigits: nil), locale: .posix)
    }
}
