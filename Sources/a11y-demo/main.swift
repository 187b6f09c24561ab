import A11yControls
import Glibc

// Temporary driver until the command line lands: a showcase of a range slider and a stepper.
var options = SessionOptions()
options.preview = CommandLine.arguments.contains("--preview")
let slider = try RangeSlider()
let stepper = try Stepper()
let session = try ControlSession(panels: [try ControlPanel(slider: slider, label: "Price"), try ControlPanel(stepper: stepper)], options: options)
let result = session.run()
if let signal = result.signal { SignalHandling.exit(after: signal) }
switch result.outcome {
case .accepted:
    print(result.panels.map { $0.values.map { String($0) }.joined(separator: " ") }.joined(separator: " "))
    exit(0)
case .cancelled: exit(1)
case .interrupted: exit(130)
}
