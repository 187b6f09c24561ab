import CBrl
import CSpeech
import A11yTestSupport
import Foundation
import VirtualDisplayClient

// The floors of the issue: what a minimal program pays, straight on the C libraries, with no
// wrapper, queue or worker thread of ours in the way.

/// A bare spd_say (SPD_TEXT, the priority of the demo's value changes) on a SPD_MODE_SINGLE
/// connection -> the line in the capture file.
let bareSpeechFloor = Benchmark(
    name: "bare-spd-say",
    summary: "spd_say(SPD_TEXT) from this thread -> line in the capture file, capture delay 0"
) {
    try Servers.setCaptureDelay(nil)
    let capture = try sharedCapture()
    var error: UnsafeMutablePointer<CChar>?
    // nil address: libspeechd reads SPEECHD_ADDRESS; autospawn off.
    guard let connection = spd_open2("a11y-bench", "floor", nil, SPD_MODE_SINGLE, nil, 0, &error) else {
        throw BenchError("spd_open2: \(error.map { String(cString: $0) } ?? "?")")
    }
    defer { spd_close(connection) }
    var samples: [Duration] = []
    for index in 0..<110 {
        let text = "bare speech \(index)"
        let from = capture.count
        let start = ContinuousClock.now
        guard spd_say(connection, SPD_TEXT, text) >= 0 else { throw BenchError("spd_say failed") }
        guard let line = capture.waitForLine(from: from, every: pollInterval, { $0 == text }) else { throw BenchError("'\(text)' was not captured within 5 s") }
        if index >= 10 { samples.append(line.time - start) }
        usleep(20_000)
    }
    return samples
}

/// A bare brlapi__writeText -> the Visual line at the display.
let bareBrailleFloor = Benchmark(
    name: "bare-brlapi-write",
    summary: "brlapi__writeText from this thread -> Visual line at the vr display"
) {
    let display = try SharedVirtualDisplay.get()
    let handle = OpaquePointer(UnsafeMutableRawPointer.allocate(byteCount: brlapi_getHandleSize(), alignment: 16))
    var settings = brlapi_connectionSettings_t(auth: nil, host: nil)  // BRLAPI_AUTH, BRLAPI_HOST
    guard brlapi__openConnection(handle, &settings, nil) >= 0 else { throw BenchError("brlapi__openConnection failed") }
    defer {
        brlapi__leaveTtyMode(handle)
        brlapi__closeConnection(handle)
        UnsafeMutableRawPointer(handle).deallocate()
    }
    guard brlapi__enterTtyModeWithPath(handle, nil, 0, nil) >= 0 else { throw BenchError("brlapi__enterTtyModeWithPath failed") }
    // Until BRLTTY has heard "cells 40" from the display, the size is 0 and a write is refused.
    let sized = Polling.until(timeout: .seconds(5), every: pollInterval) {
        var width: UInt32 = 0, height: UInt32 = 0
        return brlapi__getDisplaySize(handle, &width, &height) == 0 && width == 40
    }
    guard sized else { throw BenchError("BrlAPI never reported the display's 40 cells") }
    var samples: [Duration] = []
    for index in 0..<110 {
        let text = "bare braille \(index)"
        let from = display.frameCount
        let start = ContinuousClock.now
        guard brlapi__writeText(handle, Int32(BRLAPI_CURSOR_OFF), text) >= 0 else { throw BenchError("brlapi__writeText failed") }
        guard let frame = display.waitForFrame(after: from, timeout: .seconds(2), every: pollInterval, { $0.text.hasPrefix(text + " ") }) else {
            // 2 s (a frame takes under a millisecond): BRLTTY died, and the floor is run again.
            throw BenchError("'\(text)' did not reach the display within 2 s")
        }
        if index >= 10 { samples.append(frame.time - start) }
        usleep(20_000)
    }
    return samples
}
