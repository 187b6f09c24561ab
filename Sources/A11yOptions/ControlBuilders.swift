import A11yControls
/// Builds a validated `RangeInvocation` from the range options, checking each rule with a message
/// that names the option, then letting the model (`RangeSlider.init`) check the rest.
enum RangeBuilder {
    /// `words`: the user's language, for the default label.
    static func build(_ values: OptionValues, loadPlugin: ParsedCommandLine.PluginLoader,
                      words: Messages = .english) throws(CLIError) -> RangeInvocation {
        var c = RangeSliderConfiguration()
        let minText = values.text("--min"), maxText = values.text("--max")
        let minimum = try minText.map { t throws(CLIError) in try ValueParsing.number(t, option: "--min") } ?? 0
        let maximum = try maxText.map { t throws(CLIError) in try ValueParsing.number(t, option: "--max") } ?? 100
        let lowerText = values.text("--lower"), upperText = values.text("--upper"), valueText = values.text("--value")
        let lowerGiven = try lowerText.map { t throws(CLIError) in try ValueParsing.number(t, option: "--lower") }
        var upperGiven = try upperText.map { t throws(CLIError) in try ValueParsing.number(t, option: "--upper") }
        let valueGiven = try valueText.map { t throws(CLIError) in try ValueParsing.number(t, option: "--value") }
        let stepText = values.text("--step")
        let step = try stepText.map { t throws(CLIError) in try ValueParsing.positiveNumber(t, option: "--step") }
        let pageSteps = try values.text("--page-step").map { t throws(CLIError) in
            try ValueParsing.integer(t, option: "--page-step", in: 1...1_000_000)
        }
        let minDistanceText = values.text("--min-distance"), maxDistanceText = values.text("--max-distance")
        let minDistance = try minDistanceText.map { t throws(CLIError) in try ValueParsing.nonNegativeNumber(t, option: "--min-distance") }
        let maxDistance = try maxDistanceText.map { t throws(CLIError) in try ValueParsing.nonNegativeNumber(t, option: "--max-distance") }
        let single = values.flag("--single")
        let label = try values.text("--label").map { t throws(CLIError) in try ValueParsing.label(t, option: "--label") }
        let lowerLabel = try values.text("--lower-label").map { t throws(CLIError) in try ValueParsing.label(t, option: "--lower-label") }
        let upperLabel = try values.text("--upper-label").map { t throws(CLIError) in try ValueParsing.label(t, option: "--upper-label") }
        let (spec, formatter) = try FormatBuilder.build(values, loadPlugin: loadPlugin)

        // Cross-option rules, in the order a person reads the options.
        let track = try TrackOptions(minimum: minimum, maximum: maximum, minText: minText, maxText: maxText)
        let (range, minShown, maxShown) = (track.range, track.minShown, track.maxShown)
        if single {
            for option in ["--lower", "--lower-label", "--min-distance", "--max-distance"] where values.has(option) {
                throw .conflict(option: option, other: "--single")
            }
            if values.has("--value") && values.has("--upper") { throw .conflict(option: "--value", other: "--upper") }
            if let valueGiven { upperGiven = valueGiven }
        } else if values.has("--value") {
            throw .requires(option: "--value", required: "--single")
        }
        try track.check(step: step, text: stepText)
        if let minDistance, let minDistanceText, minDistance > range {
            throw .largerThanRange(option: "--min-distance", value: minDistanceText, range: NumberWriting.plain(range))
        }
        if let minDistance, let maxDistance, let minDistanceText, let maxDistanceText, maxDistance < minDistance {
            throw .maximumDistanceBelowMinimum(maximum: maxDistanceText, minimum: minDistanceText)
        }
        let upperOption = single && values.has("--value") ? "--value" : "--upper"
        let upperShownText = single ? (valueText ?? upperText) : upperText
        if let lowerGiven, let lowerText, !(minimum...maximum).contains(lowerGiven) {
            throw .outsideRange(option: "--lower", value: lowerText, minimum: minShown, maximum: maxShown)
        }
        if let upperGiven, let upperShownText, !(minimum...maximum).contains(upperGiven) {
            throw .outsideRange(option: upperOption, value: upperShownText, minimum: minShown, maximum: maxShown)
        }
        if let lowerGiven, let upperGiven, let lowerText, let upperText, lowerGiven > upperGiven {
            throw .lowerAboveUpper(lower: lowerText, upper: upperText)
        }
        if let lowerGiven, let upperGiven {
            let distance = upperGiven - lowerGiven
            let slack = range * 1e-12
            if let minDistance, let minDistanceText, distance < minDistance - slack {
                throw .handlesTooClose(distance: NumberWriting.plain(distance), minimumDistance: minDistanceText)
            }
            if let maxDistance, let maxDistanceText, distance > maxDistance + slack {
                throw .handlesTooFar(distance: NumberWriting.plain(distance), maximumDistance: maxDistanceText)
            }
        }

        // Defaults follow the range (TTRangeSlider: 10 and 90 on 0...100); a handle not given
        // yields to the one given.
        let defaultLower = minimum + range * 0.1, defaultUpper = minimum + range * 0.9
        let lower = lowerGiven ?? min(defaultLower, upperGiven ?? defaultLower)
        let upper = upperGiven ?? max(defaultUpper, lowerGiven ?? defaultUpper)

        c.minValue = minimum
        c.maxValue = maximum
        if let step { c.enableStep = true; c.step = step }
        if let pageSteps { c.pageSteps = pageSteps }
        if let minDistance { c.minDistance = minDistance }
        if let maxDistance { c.maxDistance = maxDistance }
        c.disableRange = single
        c.hideLabels = values.flag("--hide-labels")
        if let lowerLabel { c.lowerHandleLabel = lowerLabel }
        if let upperLabel { c.upperHandleLabel = upperLabel }
        c.displayFractionDigits = formatter.fractionDigits
        let slider: RangeSlider
        do {
            slider = try RangeSlider(configuration: c, selectedMinimum: single ? minimum : lower, selectedMaximum: upper)
        } catch {
            throw ModelErrors.map(error, options: rangeOptionNames)
        }
        var invocation = RangeInvocation(slider: slider, label: label ?? words(single ? .demoValue : .demoRange), formatSpec: spec, formatter: formatter)
        invocation.vertical = values.flag("--vertical")
        return invocation
    }

    static let rangeOptionNames: [String: String] = [
        "minValue": "--min", "maxValue": "--max", "step": "--step", "minDistance": "--min-distance",
        "maxDistance": "--max-distance", "pageSteps": "--page-step", "displayFractionDigits": "--format",
    ]
}

/// Builds a validated `StepperInvocation` from the stepper options.
enum StepperBuilder {
    /// `words`: the user's language, for the default label.
    static func build(_ values: OptionValues, loadPlugin: ParsedCommandLine.PluginLoader,
                      words: Messages = .english) throws(CLIError) -> StepperInvocation {
        var c = StepperConfiguration()
        let valueText = values.text("--value"), minText = values.text("--min"), maxText = values.text("--max")
        let valueGiven = try valueText.map { t throws(CLIError) in try ValueParsing.number(t, option: "--value") }
        let minimum = try minText.map { t throws(CLIError) in try ValueParsing.number(t, option: "--min") } ?? 1
        let maximum = try maxText.map { t throws(CLIError) in try ValueParsing.number(t, option: "--max") } ?? 99
        let stepText = values.text("--step")
        let step = try stepText.map { t throws(CLIError) in try ValueParsing.positiveNumber(t, option: "--step") } ?? 1
        let interval = try values.text("--autorepeat-interval").map { t throws(CLIError) in
            try ValueParsing.positiveNumber(t, option: "--autorepeat-interval")
        }
        let delay = try values.text("--autorepeat-delay").map { t throws(CLIError) in
            try ValueParsing.nonNegativeNumber(t, option: "--autorepeat-delay")
        }
        let label = try values.text("--label").map { t throws(CLIError) in try ValueParsing.label(t, option: "--label") }
        let (spec, formatter) = try FormatBuilder.build(values, loadPlugin: loadPlugin)

        let track = try TrackOptions(minimum: minimum, maximum: maximum, minText: minText, maxText: maxText)
        try track.check(step: step, text: stepText)
        if let valueGiven, let valueText, !(minimum...maximum).contains(valueGiven) {
            throw .outsideRange(option: "--value", value: valueText, minimum: track.minShown, maximum: track.maxShown)
        }
        if values.flag("--no-autorepeat") {
            for option in ["--autorepeat-interval", "--autorepeat-delay"] where values.has(option) {
                throw .conflict(option: option, other: "--no-autorepeat")
            }
        }
        // RPVerticalStepper starts at 1; moved into the range when 1 lies outside it.
        let value = valueGiven ?? Swift.min(Swift.max(1, minimum), maximum)

        c.minimumValue = minimum
        c.maximumValue = maximum
        c.stepValue = step
        c.wraps = values.flag("--wraps")
        c.autoRepeat = !values.flag("--no-autorepeat")
        if let interval { c.autoRepeatSchedule.interval = interval }
        if let delay { c.autoRepeatSchedule.initialDelay = delay }
        c.label = label ?? words(.demoValue)
        c.displayFractionDigits = formatter.fractionDigits
        let stepper: Stepper
        do {
            stepper = try Stepper(configuration: c, value: value)
        } catch {
            throw ModelErrors.map(error, options: stepperOptionNames)
        }
        return StepperInvocation(stepper: stepper, formatSpec: spec, formatter: formatter)
    }

    static let stepperOptionNames: [String: String] = [
        "minimumValue": "--min", "maximumValue": "--max", "stepValue": "--step", "pageSteps": "--page-step",
        "autoRepeatInterval": "--autorepeat-interval", "autoRepeatInitialDelay": "--autorepeat-delay",
        "displayFractionDigits": "--format",
    ]
}

/// `--format SPEC` and `--format-plugin PATH`: parsed, and the formatter made (a plugin loaded).
enum FormatBuilder {
    static func build(_ values: OptionValues, loadPlugin: ParsedCommandLine.PluginLoader) throws(CLIError) -> (FormatterSpec, any ValueFormatter) {
        let formatText = values.text("--format"), pluginText = values.text("--format-plugin")
        if formatText != nil && pluginText != nil { throw .conflict(option: "--format-plugin", other: "--format") }
        let spec: FormatterSpec
        let option: String, given: String
        if let pluginText {
            spec = .plugin(path: try ValueParsing.path(pluginText, option: "--format-plugin"))
            option = "--format-plugin"; given = pluginText
        } else if let formatText {
            do {
                spec = try FormatterSpec.parse(formatText)
            } catch {
                throw .invalidValue(option: "--format", value: formatText, reason: .format(error.message))
            }
            option = "--format"; given = formatText
        } else {
            return (.default, DecimalFormatter())
        }
        if case .plugin(let path) = spec, path.isEmpty || CLIText.hasControlCharacters(path) {
            throw .invalidValue(option: option, value: given, reason: .controlCharacters)
        }
        do {
            return (spec, try spec.makeFormatter(loadPlugin: loadPlugin))
        } catch let error as FormatterPluginError {
            throw .invalidValue(option: option, value: given, reason: .plugin(error.shortReason))
        } catch {
            throw .invalidValue(option: option, value: given, reason: .plugin("cannot be loaded: \(error)"))
        }
    }
}

extension FormatterPluginError {
    /// The reason without the path (the message quotes the path already).
    var shortReason: String {
        switch reason {
        case .missing: return "no such plugin file"
        case .cannotOpen(let message): return "cannot be loaded: \(message)"
        case .notAPlugin: return "not a formatter plugin (no \(PluginFormatter.entryPoint))"
        case .invalidTable: return "the plugin returned an invalid table"
        case .wrongABIVersion(let found, let expected): return "plugin ABI version \(found), this program needs \(expected)"
        }
    }
}

/// ConfigurationError (named by property) to CLIError (named by option).
enum ModelErrors {
    static func map(_ error: ConfigurationError, options: [String: String]) -> CLIError {
        var problem = error.problem
        // Longest names first, so "minValue" is not replaced inside "minValueX"; plain words
        // ("step") stay, since the problem text also uses them as words ("the step grid").
        for (property, option) in options.sorted(by: { $0.key.count > $1.key.count })
        where property.contains(where: \.isUppercase) {
            problem = problem.replacingOccurrences(of: property, with: option)
        }
        return .invalidConfiguration(option: options[error.property] ?? error.property, problem: problem)
    }
}

extension String {
    /// Replaces every occurrence of `target` (no Foundation).
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}

/// The rules of `--min`, `--max` and `--step` that the range slider and the stepper share.
struct TrackOptions {
    /// The bounds as the user wrote them (or as the defaults are written), for messages.
    let minShown: String, maxShown: String
    let range: Double

    /// Checks that the minimum lies below the maximum and the range is finite.
    init(minimum: Double, maximum: Double, minText: String?, maxText: String?) throws(CLIError) {
        minShown = minText ?? NumberWriting.plain(minimum)
        maxShown = maxText ?? NumberWriting.plain(maximum)
        guard minimum < maximum else { throw .minimumNotBelowMaximum(minimum: minShown, maximum: maxShown) }
        range = maximum - minimum
        guard range.isFinite else { throw .rangeTooLarge(minimum: minShown, maximum: maxShown) }
    }

    /// Checks a step (`text`: as given, nil for the default): no larger than the range (when given),
    /// and not so small that the track has more steps than a control can count.
    func check(step: Double?, text: String?) throws(CLIError) {
        guard let step else { return }
        if let text, step > range {
            throw .largerThanRange(option: "--step", value: text, range: NumberWriting.plain(range))
        }
        if range / step > Double(ParsedCommandLine.maximumStepCount) {
            throw .tooManySteps(step: text ?? NumberWriting.plain(step), range: NumberWriting.plain(range))
        }
    }
}
