import A11yControls
import A11yTestSupport
import Foundation
import VirtualDisplayClient

/// From `write(text:)` returning to the virtual display receiving the new cells.
let brailleLatency = Benchmark(
    name: "braille-write-to-display",
    summary: "BrailleDisplay.write(text:) -> Visual/Braille lines at a vr display on BRLTTY's socket"
) {
    let display = try SharedVirtualDisplay.get()
    let brl = try BrailleDisplay.connectForTest(display)
    defer { brl.close() }
    var samples: [Duration] = []
    for index in 0..<110 {
        let text = "bench braille \(index)"
        let from = display.frameCount
        let start = ContinuousClock.now
        try brl.write(text: text)
        guard let frame = display.waitForFrame(after: from, timeout: .seconds(2), every: pollInterval, { $0.text.hasPrefix(text + " ") }) else {
            // 2 s (a frame takes under a millisecond): BRLTTY died, and this benchmark is run again
            // (`retrying`, as the floors are).
            throw BenchError("'\(text)' did not reach the display within 2 s")
        }
        if index >= 10 { samples.append(frame.time - start) }
        usleep(20_000)  // paced as the bare floor: back to back, writes meet BRLTTY's update cycle
    }
    return samples
}
