import A11yModel
import A11yVocabulary
/// A control's formatter, as TTRangeSlider's `numberFormatterOverride`: nil means the default
/// decimal formatter, `NoLabelsFormatter` (spec `none`) plays NSNull's part.
///
/// Presenters ask it for a handle's three texts; `adopt(_:)` hands the formatter's precision to
/// the control so that every keyboard step changes the text the user gets.
package struct ValueLabeler: Sendable {
    /// nil: `DecimalFormatter()` with the control's digits.
    package var formatter: (any ValueFormatter)?
    /// Separators for the texts.
    package var locale: NumberLocale

    package init(formatter: (any ValueFormatter)? = nil, locale: NumberLocale = .posix) {
        self.formatter = formatter
        self.locale = locale
    }

    /// The formatter in use.
    package var effectiveFormatter: any ValueFormatter { formatter ?? DecimalFormatter() }

    /// The three texts of `handle`'s value.
    package func texts<C: Control>(of handle: Handle, in control: C) -> FormattedValue {
        texts(for: control.value(of: handle), in: control)
    }

    /// The three texts of any `value` of `control` (e.g. the track's ends).
    package func texts<C: Control>(for value: Double, in control: C) -> FormattedValue {
        effectiveFormatter.format(value, in: FormatContext(for: control, locale: locale))
    }

    /// False when no label should be drawn on screen: `hideLabels`, or the `none` formatter.
    package func showsLabels(for slider: RangeSlider) -> Bool {
        !slider.configuration.hideLabels && effectiveFormatter.showsLabels
    }
}

extension RangeSlider {
    /// Gives `formatter`'s fixed precision (if any) to the slider, so keyboard steps always change
    /// the text it shows. Never throws for the built-ins (their digits are 0...9).
    package mutating func adopt(_ formatter: any ValueFormatter) throws(ConfigurationError) {
        try configure { $0.displayFractionDigits = formatter.fractionDigits }
    }
}

extension Stepper {
    /// Gives `formatter`'s fixed precision (if any) to the stepper.
    package mutating func adopt(_ formatter: any ValueFormatter) throws(ConfigurationError) {
        try configure { $0.displayFractionDigits = formatter.fractionDigits }
    }
}
