import A11yControls
/// Why the controls of a parsed command line cannot be made: one line for stderr.
package struct DemoSetupError: Error, Sendable, CustomStringConvertible {
    /// "Error: …".
    package var message: String
    package var description: String { message }
}

extension ParsedCommandLine {
    /// The controls to run (one, or the showcase's two), with `--keymap` applied: what a11y-demo
    /// and the C library's engine run. Nil for help, version and `--diagnose`.
    package func panels() throws(DemoSetupError) -> [ControlPanel]? {
        var panels: [ControlPanel]
        do {
            switch invocation {
            case .help, .version, .diagnose:
                return nil
            case .range(let range):
                panels = [try ControlPanel(slider: range.slider, label: range.label, formatter: range.formatter)]
                panels[0].setLayout(TrackLayout(orientation: range.vertical ? .vertical : .horizontal, direction: options.visual.direction))
            case .rangebox(let box):
                panels = [try ControlPanel(slider: box.range.slider, label: box.range.label, formatter: box.range.formatter)]
                panels[0].setLayout(TrackLayout(orientation: box.range.vertical ? .vertical : .horizontal, direction: options.visual.direction))
            case .stepper(let stepper):
                panels = [try ControlPanel(stepper: stepper.stepper, formatter: stepper.formatter)]
            case .showcase:
                let range = RangeInvocation(), stepper = StepperInvocation()
                let words = MessageCatalogs.messages(asked: options.language)
                var quantity = stepper.stepper
                try quantity.configure { $0.label = words(.demoQuantity) }
                panels = [try ControlPanel(slider: range.slider, label: words(.demoPrice), formatter: range.formatter),
                          try ControlPanel(stepper: quantity, formatter: stepper.formatter)]
                panels[0].setLayout(TrackLayout(direction: options.visual.direction))
            }
        } catch {
            throw DemoSetupError(message: "Error: \(error)")
        }
        // A key map file rebinds keys on every control.
        if let path = options.keyMapPath {
            let text: String
            do {
                text = try TextFile.read(path)
            } catch {
                throw DemoSetupError(message: "Error: '--keymap' '\(path)' \(error)")
            }
            do {
                for index in panels.indices { try panels[index].keyMap.apply(file: text) }
            } catch {
                throw DemoSetupError(message: "Error: '--keymap' '\(path)': \(error)")
            }
        }
        return panels
    }

    /// The result line for the controls' models as they are (`ResultFormatter`, `--json` as given).
    package func resultLine(_ models: [ControlPanel.Model]) -> String {
        let line: DemoResult
        switch (models[0], models.count > 1 ? models[1] : nil) {
        case (.slider(let slider), .stepper(let stepper)?): line = .showcase(range: slider, stepper: stepper)
        case (.slider(let slider), _): line = .range(slider)
        case (.stepper(let stepper), _): line = .stepper(stepper)
        }
        return ResultFormatter(json: options.json).line(for: line)
    }
}
