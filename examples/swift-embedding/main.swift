// How a Swift program embeds the controls: modally (the session owns the terminal, the speech and
// the braille display until the user accepts or cancels), or in its own loop through ControlEngine.
//
//   swift run embedding-example            a price range, modally (RangeSlider.run); prints the result
//   swift run embedding-example --engine   the same control driven by this program's own loop
//   swift run embedding-example --controller  modally through RangeSliderController: its delegate
//                                             hears of every change while the control runs
import A11yControls
import Glibc

var configuration = RangeSliderConfiguration()
configuration.minValue = 0
configuration.maxValue = 500
configuration.enableStep = true
configuration.step = 5
let slider = try RangeSlider(configuration: configuration, selectedMinimum: 50, selectedMaximum: 450)
let formatter = try FormatterSpec.parse("currency:EUR").makeFormatter()
let panel = try ControlPanel(slider: slider, label: "Price", formatter: formatter)

if CommandLine.arguments.contains("--engine") {
    // Our own loop: keys from standard input, speech and braille left to the caller (printed here).
    var engine = ControlEngine(panels: [panel], holdDetection: .none)
    for utterance in engine.start() { print("say:", utterance.text) }
    engine.setBrailleWidth(40)
    var buffer = [UInt8](repeating: 0, count: 256)
    let clock = ContinuousClock()
    let start = clock.now
    while engine.outcome == nil {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        let said = count > 0 ? engine.feed(Array(buffer[0..<count]), at: clock.now - start)
                             : engine.endOfInput(at: clock.now - start)
        for utterance in said { print("say:", utterance.text) }
        if let frame = engine.brailleFrame { print("braille:", frame.preview) }
    }
    print("outcome:", engine.outcome!, engine.panels[0].values)
} else if CommandLine.arguments.contains("--controller") {
    // TTRangeSlider's way: a delegate told of each change the user makes while the control is up.
    // (The callback style; the Change that send/set return is the synchronous one, and
    // controller.valueChanges() the AsyncSequence: docs/embedding.md, "Following changes".)
    final class PrintingDelegate: RangeSliderDelegate {
        func rangeSlider(_ controller: RangeSliderController, didChangeSelectedMinimum minimum: Double, maximum: Double) {
            print("changed:", Int(minimum), Int(maximum))
        }
        func rangeSliderDidStartInteraction(_ controller: RangeSliderController) { print("interaction began") }
        func rangeSliderDidEndInteraction(_ controller: RangeSliderController) { print("interaction ended") }
    }
    let delegate = PrintingDelegate()
    let controller = RangeSliderController(slider)
    controller.delegate = delegate
    let accepted = try controller.run(label: "Price", formatter: formatter)
    print(accepted ? "accepted:" : "cancelled:", Int(controller.slider.selectedMinimum), Int(controller.slider.selectedMaximum))
} else {
    // Modal, like a dialog: returns when the user accepts (the values) or cancels (nil).
    var options = SessionOptions()
    options.verbosity = .verbose
    guard let (lower, upper) = try slider.run(label: "Price", formatter: formatter, options: options) else { exit(1) }
    print(Int(lower), Int(upper))
}
