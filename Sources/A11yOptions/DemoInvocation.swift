import A11yControls
/// What `a11y-demo` was asked to do.
package enum DemoInvocation: Sendable, Equatable {
    /// `a11y-demo range …`: a range slider (or a one-handle slider).
    case range(RangeInvocation)
    /// `a11y-demo stepper …`.
    case stepper(StepperInvocation)
    /// `a11y-demo` alone: a range slider and a stepper in one screen, with their defaults
    /// (`RangeInvocation()` and `StepperInvocation()`).
    case showcase
    /// `--help`, `-h` or `help [topic]`: print `DemoHelp.text(for:)` on stdout, exit 0.
    case help(HelpTopic)
    /// `--version`: print `ParsedCommandLine.versionText` on stdout, exit 0.
    case version
    /// `--rangebox TEXT HEIGHT WIDTH MIN MAX DEFAULT`: dialog's rangebox (`DialogCommandLine`).
    case rangebox(RangeboxInvocation)
    /// `--diagnose`: print what the program finds around it (`DiagnosisReport`) on stdout, exit 0.
    case diagnose
}

/// Which help text to show.
package enum HelpTopic: String, Sendable, Equatable, CaseIterable {
    /// The program: common options and subcommands.
    case general
    case range
    case stepper
}

/// A validated range slider to run: the slider at its starting values, its name and formatter.
package struct RangeInvocation: Sendable, Equatable {
    /// The slider, validated, with handles at their starting values.
    package var slider: RangeSlider
    /// `--label`: the name of the control ("range" by default).
    package var label: String
    /// `--format` / `--format-plugin` as a spec (a plugin as `.plugin(path:)`).
    package var formatSpec: FormatterSpec
    /// The formatter made from `formatSpec` (a plugin already loaded). The slider's
    /// `displayFractionDigits` already follows its `fractionDigits`.
    package var formatter: any ValueFormatter
    /// `--vertical`: the track stands upright.
    package var vertical = false

    /// The slider's settings.
    package var configuration: RangeSliderConfiguration { slider.configuration }

    package init(slider: RangeSlider, label: String = "range", formatSpec: FormatterSpec = .default,
                formatter: any ValueFormatter = DecimalFormatter()) {
        self.slider = slider
        self.label = label
        self.formatSpec = formatSpec
        self.formatter = formatter
    }

    /// The defaults: 0...100, handles at 10 and 90, label "range", decimal format.
    package init() {
        // The default configuration always validates (ConfigurationErrorTests cover it).
        self.init(slider: try! RangeSlider())
    }

    /// Equal when the slider, label and spec are (the formatter is made from the spec).
    package static func == (a: RangeInvocation, b: RangeInvocation) -> Bool {
        a.slider == b.slider && a.label == b.label && a.formatSpec == b.formatSpec && a.vertical == b.vertical
    }
}

/// A validated stepper to run.
package struct StepperInvocation: Sendable, Equatable {
    /// The stepper, validated, at its starting value. Its label is `configuration.label`.
    package var stepper: Stepper
    /// `--format` / `--format-plugin` as a spec.
    package var formatSpec: FormatterSpec
    /// The formatter made from `formatSpec` (a plugin already loaded).
    package var formatter: any ValueFormatter

    /// The stepper's settings.
    package var configuration: StepperConfiguration { stepper.configuration }

    package init(stepper: Stepper, formatSpec: FormatterSpec = .default, formatter: any ValueFormatter = DecimalFormatter()) {
        self.stepper = stepper
        self.formatSpec = formatSpec
        self.formatter = formatter
    }

    /// The defaults: value 1 in 1...99, step 1, auto-repeat every 0.5 s, decimal format.
    package init() {
        self.init(stepper: try! Stepper())
    }

    package static func == (a: StepperInvocation, b: StepperInvocation) -> Bool {
        a.stepper == b.stepper && a.formatSpec == b.formatSpec
    }
}
