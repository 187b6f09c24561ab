import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary
/// Running one control modally, the way a dialog runs: `try RangeSlider().run(label: "Price")`.
///
/// The session owns the terminal, the speech and the braille display until the user accepts or
/// cancels; the terminal is restored and the display released before these return. A SIGTERM,
/// SIGHUP or SIGQUIT during the session ends the program as that signal would (after the same
/// clean-up), as a dialog does.
extension RangeSlider {
    /// Runs the slider modally, named `label`, its values written by `formatter`; returns the
    /// chosen values (the one value of a one-handle slider is `upper`, as `selectedMaximum`), or
    /// nil when the session ended without the user accepting (cancelled, Ctrl-C, timed out).
    /// Throws a `ConfigurationError` when the slider cannot take the formatter's precision,
    /// `DeviceUnavailable` when a required server cannot be reached, or a terminal's error.
    public func run(label: String = "", formatter: any ValueFormatter = DecimalFormatter(fractionDigits: nil),
                    options: SessionOptions = SessionOptions()) throws -> (lower: Double, upper: Double)? {
        let panel = try ControlPanel(slider: self, label: label, formatter: formatter)
        guard case .slider(let slider) = try ControlSession.runModally(panel, options: options)?.model else { return nil }
        return (slider.selectedMinimum, slider.selectedMaximum)
    }
}

extension Stepper {
    /// Runs the stepper modally, its value written by `formatter`; returns the chosen value, or
    /// nil when the session ended without the user accepting (cancelled, Ctrl-C, timed out).
    /// Throws as `RangeSlider.run(label:formatter:options:)` does.
    public func run(formatter: any ValueFormatter = DecimalFormatter(fractionDigits: nil),
                    options: SessionOptions = SessionOptions()) throws -> Double? {
        let panel = try ControlPanel(stepper: self, formatter: formatter)
        guard case .stepper(let stepper) = try ControlSession.runModally(panel, options: options)?.model else { return nil }
        return stepper.value
    }
}

extension ControlSession {
    /// Runs `panel` alone; the panel as accepted, or nil.
    static func runModally(_ panel: ControlPanel, options: SessionOptions,
                           onChange: ((Change, ControlPanel.Model) -> Void)? = nil) throws -> ControlPanel? {
        let session = try ControlSession(panels: [panel], options: options)
        if let onChange { session.onChange = { _, change, model in onChange(change, model) } }
        let result = session.run()
        result.exitIfSignalled()
        return result.outcome == .accepted ? result.panels[0] : nil
    }
}

extension RangeSliderController {
    /// Runs the slider modally (as `RangeSlider.run`); while it runs, every change the user makes
    /// reaches the delegate and the value observers at once, as TTRangeSlider's delegate hears of
    /// a moving thumb. Returns true when the user accepted; `slider` then holds the chosen values.
    /// Otherwise (cancelled, Ctrl-C, timed out) the slider is put back as it was (value observers
    /// hear of it as a program change).
    public func run(label: String = "", formatter: any ValueFormatter = DecimalFormatter(fractionDigits: nil),
                    options: SessionOptions = SessionOptions()) throws -> Bool {
        let start = slider
        let accepted = try ControlSession.runModally(try ControlPanel(slider: start, label: label, formatter: formatter),
                                                     options: options) { [self] change, model in
            if case .slider(let now) = model { sessionDidApply(change, result: now) }
        }
        if accepted == nil { restore(start) }
        return accepted != nil
    }
}

extension StepperController {
    /// Runs the stepper modally (as `Stepper.run`); while it runs the delegate and the value
    /// observers hear of the user's changes (held keys as its configuration's `continuous` says).
    /// Returns true when the user accepted; otherwise the stepper is put back as it was.
    public func run(formatter: any ValueFormatter = DecimalFormatter(fractionDigits: nil),
                    options: SessionOptions = SessionOptions()) throws -> Bool {
        let start = stepper
        let accepted = try ControlSession.runModally(try ControlPanel(stepper: start, formatter: formatter),
                                                     options: options) { [self] change, model in
            if case .stepper(let now) = model { sessionDidApply(change, result: now) }
        }
        if accepted == nil { restore(start) }
        return accepted != nil
    }
}
