import A11yDevices
import A11yPresentation
import A11yFormatting
import A11yInput
import A11yModel
import A11yVocabulary
/// One control of a session: its model value, the words and key map that go with it.
public struct ControlPanel: Sendable {
    /// The model: the rules of the control live in these values.
    public enum Model: Sendable, Equatable {
        /// A range slider, with one handle or two.
        case slider(RangeSlider)
        /// A stepper.
        case stepper(Stepper)
    }

    /// The control's value and rules; every command the user gives is applied to it.
    public var model: Model
    /// The control's label ("Price"); for a stepper its configuration's label is used when empty.
    public var label: String
    /// How the values are written as text: on screen, spoken and in braille.
    public var formatter: any ValueFormatter
    /// Which keys and braille keys do what on this control. `setLayout(_:)` turns its arrows
    /// round for right to left: set the key map before the layout.
    public var keyMap: KeyMap
    /// How a held key repeats on this control.
    public var repeatConfiguration: AutoRepeat.Configuration
    /// False: a held key is one step per press the terminal sends (the stepper's autoRepeat off).
    public var repeats: Bool
    /// How a slider's track lies on the screen (set with `setLayout(_:)`, which also turns the
    /// arrow keys round for right to left).
    public private(set) var layout = TrackLayout()

    /// Lays a slider's track out as `layout` says: upright, or right to left, where Left raises
    /// the value and Right lowers it (the arrows move the handle the way they point). Speech and
    /// braille do not change.
    public mutating func setLayout(_ layout: TrackLayout) {
        if layout.isMirrored != self.layout.isMirrored { keyMap.mirrorHorizontalArrows() }
        self.layout = layout
    }

    /// A range slider (TTRangeSlider). A held key first repeats after 0.4 s, then every 0.1 s.
    /// The slider takes the formatter's fixed precision, if it has one, so every key changes the
    /// text shown; a precision the slider cannot take throws.
    public init(slider: RangeSlider, label: String = "", formatter: any ValueFormatter = DecimalFormatter(fractionDigits: nil),
                keyMap: KeyMap = KeyMap(kind: .slider),
                repeatConfiguration: AutoRepeat.Configuration = .init(initialDelay: .milliseconds(400), interval: .milliseconds(100))) throws(ConfigurationError) {
        var slider = slider
        if formatter.fractionDigits != nil { try slider.adopt(formatter) }
        self.model = .slider(slider)
        self.label = label
        self.formatter = formatter
        self.keyMap = keyMap
        self.repeatConfiguration = repeatConfiguration
        self.repeats = true
    }

    /// A stepper (RPVerticalStepper): its auto-repeat schedule comes from its configuration.
    public init(stepper: Stepper, formatter: any ValueFormatter = DecimalFormatter(fractionDigits: nil),
                keyMap: KeyMap = KeyMap(kind: .stepper)) throws(ConfigurationError) {
        var stepper = stepper
        if formatter.fractionDigits != nil { try stepper.adopt(formatter) }
        let schedule = stepper.configuration.autoRepeatSchedule
        self.model = .stepper(stepper)
        self.label = stepper.configuration.label
        self.formatter = formatter
        self.keyMap = keyMap
        self.repeatConfiguration = AutoRepeat.Configuration(schedule: schedule)
        self.repeats = stepper.configuration.autoRepeat
    }

    /// The control as the presenters see it.
    package func presented(locale: NumberLocale) -> PresentedControl {
        var presented = switch model {
        case .slider(let slider): PresentedControl(slider, label: label, formatter: formatter, locale: locale)
        case .stepper(let stepper): PresentedControl(stepper, label: label, formatter: formatter, locale: locale)
        }
        presented.layout = layout
        return presented
    }

    /// Brings `presented` (this panel presented before) up to date after a change, in place:
    /// only the values that changed are formatted again.
    package func update(_ presented: inout PresentedControl, locale: NumberLocale) {
        switch model {
        case .slider(let slider): presented.update(slider, label: label, formatter: formatter, locale: locale)
        case .stepper(let stepper): presented.update(stepper, label: label, formatter: formatter, locale: locale)
        }
    }

    /// Applies a command to the model.
    public mutating func apply(_ command: Command) -> Change {
        switch model {
        case .slider(var slider):
            let change = slider.apply(command)
            model = .slider(slider)
            return change
        case .stepper(var stepper):
            let change = stepper.apply(command)
            model = .stepper(stepper)
            return change
        }
    }

    /// The model, as any control (for what both kinds answer alike).
    public var control: any Control {
        switch model {
        case .slider(let slider): return slider
        case .stepper(let stepper): return stepper
        }
    }

    /// The handles in focus order.
    public var handles: [Handle] { control.handles }
    /// The handle the keys act on.
    public var focusedHandle: Handle { control.focusedHandle }
    /// True during a held key.
    public var isInteracting: Bool { control.isInteracting }
    /// The values, in focus order.
    public var values: [Double] { control.handles.map { control.value(of: $0) } }
    /// Fraction digits the control shows (results print this many).
    public var fractionDigits: Int { control.fractionDigits }

    /// The values a typed number may take for the focused handle, and whether it may have a
    /// fraction.
    package var entryRules: NumericEntry.Rules {
        switch model {
        case .slider(let slider):
            let range = slider.allowedRange(for: slider.focusedHandle)
            return NumericEntry.Rules(allowedRange: range.lower...range.upper, allowsFraction: slider.fractionDigits > 0)
        case .stepper(let stepper):
            return NumericEntry.Rules(allowedRange: stepper.bounds, allowsFraction: stepper.fractionDigits > 0)
        }
    }
}
