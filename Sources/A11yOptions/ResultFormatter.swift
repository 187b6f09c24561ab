import A11yControls
/// What was accepted, to print on stdout.
package enum DemoResult: Sendable, Equatable {
    /// A range slider (two handles, or one with `disableRange`).
    case range(RangeSlider)
    case stepper(Stepper)
    /// The showcase: both controls.
    case showcase(range: RangeSlider, stepper: Stepper)
}

/// Writes an accepted result as one line for stdout (without the newline).
///
/// Plain: `LOWER UPPER` (one handle: `VALUE`), `VALUE`, or for the showcase `LOWER UPPER VALUE`
/// (the slider's part as for `range`). Numbers have exactly
/// the control's `fractionDigits` (what the screen shows), "." as decimal point, no grouping, and
/// "-0" is written "0". JSON: one object with the same numbers, e.g.
/// `{"control":"range","lower":10,"upper":90}`, `{"control":"range","value":90}` (one handle),
/// `{"control":"stepper","value":5}`,
/// `{"control":"showcase","range":{"lower":10,"upper":90},"stepper":{"value":1}}`.
/// Nothing is printed on cancel.
package struct ResultFormatter: Sendable, Equatable {
    /// `--json`.
    package var json: Bool

    package init(json: Bool = false) { self.json = json }

    /// The line for `result`.
    package func line(for result: DemoResult) -> String {
        switch result {
        case .range(let slider):
            return json ? "{\"control\":\"range\"," + Self.rangeFields(slider) + "}" : Self.rangePlain(slider)
        case .stepper(let stepper):
            return json ? "{\"control\":\"stepper\"," + Self.stepperFields(stepper) + "}" : Self.number(stepper.value, stepper)
        case .showcase(let slider, let stepper):
            if json {
                return "{\"control\":\"showcase\",\"range\":{" + Self.rangeFields(slider) + "},\"stepper\":{"
                    + Self.stepperFields(stepper) + "}}"
            }
            return Self.rangePlain(slider) + " " + Self.number(stepper.value, stepper)
        }
    }

    /// `value` with `control`'s fraction digits: valid as plain text and as a JSON number.
    package static func number<C: Control>(_ value: Double, _ control: C) -> String {
        control.displayKey(value).plainText
    }

    private static func rangePlain(_ slider: RangeSlider) -> String {
        if slider.configuration.disableRange { return number(slider.selectedMaximum, slider) }
        return number(slider.selectedMinimum, slider) + " " + number(slider.selectedMaximum, slider)
    }

    private static func rangeFields(_ slider: RangeSlider) -> String {
        if slider.configuration.disableRange { return "\"value\":" + number(slider.selectedMaximum, slider) }
        return "\"lower\":" + number(slider.selectedMinimum, slider) + ",\"upper\":" + number(slider.selectedMaximum, slider)
    }

    private static func stepperFields(_ stepper: Stepper) -> String {
        "\"value\":" + number(stepper.value, stepper)
    }
}
