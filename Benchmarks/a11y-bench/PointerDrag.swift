import A11yControls
import A11yTestSupport
import Foundation
import VirtualDisplayClient

// The pointer figures (issue 40): a drag of 1,000 motion reports a second on a11y-demo's range
// slider, in the pty harness the keys use, must leave no backlog. The bench writes SGR reports
// (`PointerEvent.report`) to the pty as a terminal with mouse reporting on would: a press on the
// lower handle, motion reports paced by a deadline loop, the release. Each motion report is timed
// to the braille line and to the redraw that show its value (or a newer one: the program may skip
// a report a newer one overtook, and does for reports that come in one read), and to the first
// bytes drawn after it; the last report is timed to the braille line, the redraw and the spoken
// line that show the final value. Keys in the same session, between the drags, give the figures
// the drag is held to.

/// Where the drag happens: `range --label Price` on the harness's 80-column pty. The harness does
/// not answer the cursor position question (CSI 6n) the program asks after its first frame (it is
/// no terminal: it does not know where the cursor is), so the program counts report rows from the
/// frame's first line (row 1, "Price: 10 to 90"): the track is row 2. The track runs from column 4
/// to 76 and its 73 cells give 73 different values of 0...100, so every motion report to the next
/// cell changes the value (the calibration checks it).
enum DragGeometry {
    static let trackRow = 2
    /// The lower handle starts at 10, drawn at columns 10 and 11.
    static let firstColumn = 11
    /// About 83: below the upper handle (90), which the lower one never passes.
    static let lastColumn = 64
}

/// What the drags and the keys between them measured, in milliseconds.
struct PointerDragResult {
    /// Keys in the same session: key -> braille line, -> spoken line, -> first redraw bytes.
    var keyBraille: [Double] = [], keySpeech: [Double] = [], keyRedraw: [Double] = []
    /// Motion report -> braille line showing its value or a newer one.
    var motionBraille: [Double] = []
    /// Motion report -> first bytes drawn on the pty after it (as the keys' redraw figure).
    var motionRedraw: [Double] = []
    /// Motion report -> the redraw whose first line shows its value or a newer one.
    var motionRedrawValue: [Double] = []
    /// Per drag: the last motion report -> the braille line, redraw and spoken line each output
    /// settled on, when it shows the final value (nil: it did not within 3 s).
    var lastToBraille: [Double?] = [], lastToRedraw: [Double?] = [], lastToSpeech: [Double?] = []
    /// Per drag: motion reports sent, and braille lines, redraws of the value and spoken lines seen.
    var reports: [Int] = [], brailleFrames: [Int] = [], redraws: [Int] = [], spokenLines: [Int] = []
    /// How late each report was written after its deadline (µs), and each drag's rate (reports/s).
    var lateness: [Double] = [], rates: [Double] = []
    /// Motion reports whose value (or a newer) no braille line showed.
    var unshownBraille = 0
    var notes: [String] = []
}

/// One a11y-demo session: start, calibrate the track's columns (a slow drag across it), then
/// `rounds` times `keys` keys (Right and Left, 100 ms apart on average) and a drag of `reports`
/// motion reports `interval` apart, across the track from the first column to the last and
/// again (a value comes again only after a whole sweep, 54 reports: see `attribute`).
@MainActor func measurePointerDrag(demo path: String, demoArguments: [String], rounds: Int, keys: Int, reports: Int,
                        interval: Duration = .milliseconds(1)) throws -> PointerDragResult {
    let display = try SharedVirtualDisplay.get()
    _ = try sharedCapture()  // reading the capture file from now on
    var result = PointerDragResult()
    let frameIndex = display.frameCount
    let demo = try PtyDemo(executable: path, arguments: ["range", "--label", "Price"] + demoArguments, keepsOutput: true)
    defer { demo.stop() }
    // (The display reports changes only: a line it showed already, left by an earlier run, does as well.)
    guard display.waitForFrame(after: frameIndex, timeout: .seconds(5), every: pollInterval, { $0.text.hasPrefix("Price") }) != nil
            || display.lastFrame()?.text.hasPrefix("Price 10 ") == true else {
        throw BenchError("pointer drag: a11y-demo range showed no first braille line")
    }
    sleepMs(300)  // the introduction is spoken and the first frame drawn (and the position asked)
    let values = try calibrate(demo, display: display)
    for round in 1...rounds {
        progress("pointer drag: round \(round)/\(rounds): \(keys) keys, then \(reports) motion reports")
        try measureKeys(demo, count: keys, into: &result)
        try drag(demo, values: values, reports: reports, interval: interval, into: &result)
    }
    return result
}

/// The value each column of the drag gives, as the braille line shows it: a press on the lower
/// handle, one motion report a cell across to the last column and back, each waiting for its
/// line, then the release.
private func calibrate(_ demo: PtyDemo, display: VirtualBrailleDisplay) throws -> [Int: Int] {
    let columns = DragGeometry.firstColumn...DragGeometry.lastColumn
    demo.type(report(.press, column: columns.lowerBound))
    var values: [Int: Int] = [:]
    for column in Array(columns.dropFirst()) + columns.reversed().dropFirst() {
        let frames = display.frameCount
        demo.type(report(.drag, column: column))
        guard let frame = display.waitForFrame(after: frames, timeout: .seconds(2), every: pollInterval, { shownValue($0.text) != nil }),
              let value = shownValue(frame.text) else {
            throw BenchError("pointer drag: no braille line after a motion report to column \(column) (the track is not where the bench expects it?)")
        }
        if let before = values[column], before != value {
            throw BenchError("pointer drag: column \(column) gave \(before), then \(value)")
        }
        values[column] = value
    }
    demo.type(report(.release, column: columns.lowerBound))
    if Set(values.values).count != values.count {
        throw BenchError("pointer drag: two columns give the same value (\(values.sorted { $0.key < $1.key })): a report would not change it")
    }
    sleepMs(300)
    return values
}

/// The SGR report of the left button at `column` of the track.
private func report(_ kind: PointerEvent.Kind, column: Int) -> [UInt8] {
    Array(PointerEvent(.left, kind, column: column, row: DragGeometry.trackRow).report.utf8)
}

/// The lower handle's value on a braille line ("Price 23 to 90 ..."), or nil.
func shownValue(_ text: String) -> Int? {
    guard text.hasPrefix("Price ") else { return nil }
    return Int(text.dropFirst(6).prefix { $0.isNumber })
}

/// Keys as the side-by-side rounds type them, timed to the first braille line, the first spoken
/// line and the first redraw bytes after each.
private func measureKeys(_ demo: PtyDemo, count: Int, into result: inout PointerDragResult) throws {
    let display = try SharedVirtualDisplay.get()
    let capture = try sharedCapture()
    for index in 0..<count {
        let frames = display.frameCount, lines = capture.count
        let start = demo.type(index % 2 == 0 ? Keys.right : Keys.left)
        if let frame = display.waitForFrame(after: frames, timeout: .seconds(2), every: pollInterval, { shownValue($0.text) != nil }) {
            result.keyBraille.append((frame.time - start).ms)
        }
        if let line = capture.waitForLine(from: lines, timeout: .seconds(2), every: pollInterval) { result.keySpeech.append((line.time - start).ms) }
        if let drawn = demo.firstOutput(after: start) { result.keyRedraw.append((drawn - start).ms) }
        sleepMs(100 + keyJitter(index))
    }
}

/// One drag: the press, `count` motion reports `interval` apart by the clock (each written at its
/// deadline, start + i x interval, so that a late one does not delay the next), the release one
/// interval after the last; then what was shown, drawn and said, attributed to the reports.
private func drag(_ demo: PtyDemo, values: [Int: Int], reports count: Int, interval: Duration,
                  into result: inout PointerDragResult) throws {
    let display = try SharedVirtualDisplay.get()
    let capture = try sharedCapture()
    let low = DragGeometry.firstColumn, span = DragGeometry.lastColumn - DragGeometry.firstColumn
    /// Sweeps: low+1, ..., last, low, low+1, ..., last, low, ... (back to the start in one report,
    /// as a terminal reports a fast motion).
    func column(_ index: Int) -> Int { low + index % (span + 1) }
    let frameIndex = display.frameCount, lineIndex = capture.count, chunkIndex = demo.outputChunkCount
    // Report 0 is the press (its value is whatever the handle had, or the column's: not attributed).
    var sent: [(time: ContinuousClock.Instant, value: Int?)] = [(demo.type(report(.press, column: low)), nil)]
    sent += paced(demo, (1...count).map { (report(.drag, column: column($0)), values[column($0)]) }, interval: interval,
                  lateness: &result.lateness)
    let last = sent[count]
    demo.type(report(.release, column: column(count)))
    result.rates.append(Double(count - 1) / (last.time - sent[1].time).ms * 1000)
    result.reports.append(count)

    // Settled: the final value on the display and spoken (or 3 s), then a little more for stragglers.
    let final = last.value
    _ = Polling.until(timeout: .seconds(3), every: .milliseconds(1)) { () -> Bool in
        shownValue(display.lastFrame()?.text ?? "") == final && capture.lines(from: lineIndex).last.map { Int($0.text) } == final
    }
    sleepMs(300)

    let shown = display.frames.dropFirst(frameIndex).compactMap { frame in shownValue(frame.text).map { (frame.time, $0) } }
    let drawn = drawnValues(demo.outputChunks(from: chunkIndex))
    let spoken = capture.lines(from: lineIndex).compactMap { line in Int(line.text).map { (line.time, $0) } }
    result.brailleFrames.append(shown.count)
    result.redraws.append(drawn.count)
    result.spokenLines.append(spoken.count)

    if let debug = ProcessInfo.processInfo.environment["A11Y_BENCH_DRAG_LOG"] {
        let origin = sent[0].time
        let lines = sent.enumerated().map { "report \($0.offset) \(number(($0.element.time - origin).ms)) \($0.element.value.map(String.init) ?? "-")" }
            + display.frames.dropFirst(frameIndex).map { "braille \(number(($0.time - origin).ms)) \($0.text)" }
            + drawn.map { "redraw \(number(($0.0 - origin).ms)) \($0.1)" }
            + capture.lines(from: lineIndex).map { "spoken \(number(($0.time - origin).ms)) \($0.text)" }
        try? lines.joined(separator: "\n").write(toFile: debug + ".\(result.reports.count)", atomically: true, encoding: .utf8)
    }
    let braille = attribute(shown, to: sent), redraw = attribute(drawn, to: sent)
    let motions = Array(sent[1...])
    let brailleLatency = latencies(motions, firstIndex: 1, answers: braille)
    result.motionBraille += brailleLatency.compactMap { $0 }
    result.unshownBraille += brailleLatency.filter { $0 == nil }.count
    result.motionRedrawValue += latencies(motions, firstIndex: 1, answers: redraw).compactMap { $0 }
    let chunkTimes = demo.outputChunks(from: chunkIndex).map(\.time)
    var next = 0
    for motion in motions {
        while next < chunkTimes.count, chunkTimes[next] <= motion.time { next += 1 }
        if next < chunkTimes.count { result.motionRedraw.append((chunkTimes[next] - motion.time).ms) }
    }
    /// The last value shown, when it is the final one: the time the output settled on it (a line
    /// of the same value a sweep earlier, late, would not be taken for it).
    func settled(_ values: [(ContinuousClock.Instant, Int)], _ what: String) -> Double? {
        guard let (time, value) = values.last, value == final, time > last.time else {
            result.notes.append("drag \(result.reports.count): the last \(what) did not show the final value \(final.map(String.init) ?? "?") "
                                + "(it showed \(values.last.map { String($0.1) } ?? "nothing")) within 3 s of the last report")
            return nil
        }
        return (time - last.time).ms
    }
    result.lastToBraille.append(settled(shown, "braille line"))
    result.lastToRedraw.append(settled(drawn, "redraw"))
    result.lastToSpeech.append(settled(spoken, "spoken line"))
}

/// Writes each of `steps` at its deadline (the first one `interval` from now, then one every
/// `interval` by the clock: a late write does not delay the next), then waits one more interval;
/// returns when each was written, with its value.
func paced(_ program: PtyDemo, _ steps: [(bytes: [UInt8], value: Int?)], interval: Duration, lateness: inout [Double])
    -> [(time: ContinuousClock.Instant, value: Int?)] {
    var sent: [(time: ContinuousClock.Instant, value: Int?)] = []
    let start = ContinuousClock.now + interval
    for (index, step) in steps.enumerated() {
        let deadline = start + interval * index
        while true {
            let left = deadline - .now
            if left <= .zero { break }
            usleep(useconds_t(max(1, left.us)))
        }
        let time = program.type(step.bytes)
        lateness.append((time - deadline).us)
        sent.append((time, step.value))
    }
    let end = start + interval * steps.count
    while ContinuousClock.now < end { usleep(100) }
    return sent
}

/// The braille floor at the drag's pace: `floor_key braille` (a C program that only calls
/// `brlapi_writeText` with the value on each Right or Left) given a key every `interval`, Right
/// 53 times then Left 53 times and again (keys cannot jump back: a value comes again 2d keys
/// later, d keys from a turn, so near a turn a late line may be taken for the newer key of its
/// value; the floor's lags are those of BRLTTY and the display at this pace, not of a program).
/// Each round a fresh start: the same number of keys as a drag's reports.
@MainActor func measureBrailleFloorDrag(floor: String, rounds: Int, keys count: Int,
                                        interval: Duration = .milliseconds(1)) throws -> PointerDragResult {
    let display = try SharedVirtualDisplay.get()
    var result = PointerDragResult()
    for round in 1...rounds {
        progress("pointer drag: braille floor at the same pace, round \(round)/\(rounds)")
        let program = try PtyDemo(executable: floor, arguments: ["braille"])
        defer { program.stop() }
        sleepMs(300)
        let frameIndex = display.frameCount
        var value = 10
        let steps = (0..<count).map { index -> (bytes: [UInt8], value: Int?) in
            let right = index % 106 < 53
            value += right ? 1 : -1
            return (right ? Keys.right : Keys.left, value)
        }
        let sent = paced(program, steps, interval: interval, lateness: &result.lateness)
        let final = value
        _ = Polling.until(timeout: .seconds(3), every: .milliseconds(1)) { () -> Bool in
            Int(display.lastFrame()?.text.trimmingCharacters(in: .whitespaces) ?? "") == final
        }
        sleepMs(300)
        let shown = display.frames.dropFirst(frameIndex).compactMap { frame in
            Int(frame.text.trimmingCharacters(in: .whitespaces)).map { (frame.time, $0) }
        }
        let answers = attribute(shown, to: sent)
        result.motionBraille += latencies(sent, firstIndex: 0, answers: answers).compactMap { $0 }
        result.brailleFrames.append(shown.count)
        result.reports.append(count)
        result.rates.append(Double(count - 1) / (sent[count - 1].time - sent[0].time).ms * 1000)
        if let (time, shownValue) = shown.last, shownValue == final, time > sent[count - 1].time {
            result.lastToBraille.append((time - sent[count - 1].time).ms)
        } else {
            result.lastToBraille.append(nil)
            result.notes.append("braille floor at the drag's pace, round \(round): no line showed the final value \(final) within 3 s of the last key")
        }
    }
    return result
}

/// The values the program drew: each "Price: N to" of its first line in its output, timed by the
/// read that brought the line's end.
private func drawnValues(_ chunks: [(time: ContinuousClock.Instant, bytes: [UInt8])]) -> [(ContinuousClock.Instant, Int)] {
    var bytes: [UInt8] = [], ends: [(end: Int, time: ContinuousClock.Instant)] = []
    for chunk in chunks {
        bytes += chunk.bytes
        ends.append((bytes.count, chunk.time))
    }
    let marker = Array("Price: ".utf8)
    var found: [(ContinuousClock.Instant, Int)] = []
    var index = 0, chunk = 0
    while index + marker.count < bytes.count {
        guard bytes[index..<index + marker.count].elementsEqual(marker) else { index += 1; continue }
        var end = index + marker.count, value = 0
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
            value = value * 10 + Int(bytes[end] - UInt8(ascii: "0"))
            end += 1
        }
        if end > index + marker.count, end < bytes.count, bytes[end] == UInt8(ascii: " ") {
            while ends[chunk].end <= end { chunk += 1 }
            found.append((ends[chunk].time, value))
        }
        index = end
    }
    return found
}

/// Which report each shown value answers: the newest report with that value sent before it was
/// shown, and not older than the one the value before it answered (the program handles reports in
/// order; a value it skipped answers none). A value comes again only a sweep later (54 reports,
/// 54 ms): a value shown up to 54 ms after its report is attributed to it exactly; one shown later
/// is taken for the report of the same value a sweep later (a lag that large shows as a spread of
/// lags up to 54 ms anyway, and in the final value's figure). Unattributed values are left out.
func attribute(_ shown: [(ContinuousClock.Instant, Int)], to reports: [(time: ContinuousClock.Instant, value: Int?)])
    -> [(time: ContinuousClock.Instant, report: Int)] {
    var answers: [(time: ContinuousClock.Instant, report: Int)] = []
    var oldest = 0, sentBefore = 0
    for (time, value) in shown {
        while sentBefore < reports.count, reports[sentBefore].time < time { sentBefore += 1 }
        guard let index = (oldest..<max(oldest, sentBefore)).last(where: { reports[$0].value == value }) else { continue }
        answers.append((time, index))
        oldest = index
    }
    return answers
}

/// For each report (numbered from `firstIndex`), the time to the first answer of it or of a
/// newer report (nil: none came).
private func latencies(_ reports: [(time: ContinuousClock.Instant, value: Int?)], firstIndex: Int,
                       answers: [(time: ContinuousClock.Instant, report: Int)]) -> [Double?] {
    var next = 0
    return reports.indices.map { offset in
        let index = firstIndex + offset
        while next < answers.count, answers[next].report < index { next += 1 }
        return next < answers.count ? (answers[next].time - reports[offset].time).ms : nil
    }
}

/// The pointer figures, each beside the key figure of the same session it is held to; the braille
/// figures beside the braille floor at the same pace (`floor`, when it ran).
func pointerFigures(_ result: PointerDragResult, floor: PointerDragResult?) -> [Figure] {
    let floorBraille = floor.map { Stats($0.motionBraille) }
    let floorLast = floor.flatMap { floor in floor.lastToBraille.allSatisfy { $0 != nil } ? floor.lastToBraille.compactMap { $0 }.max() : nil }
    let floorDetail = floor.map { floor in
        "; the braille floor given a key every 1 ms (\(floor.reports.map(String.init).joined(separator: "/")) keys, "
            + "\(floor.rates.map { number($0, 0) }.joined(separator: "/")) keys/s): median \(number(floorBraille?.median)), p99 \(number(floorBraille?.p99)), "
            + "lines \(floor.brailleFrames.map(String.init).joined(separator: "/")), last key -> its line \(floor.lastToBraille.map { number($0) }.joined(separator: "/")) ms"
    } ?? ""
    let keyBraille = Stats(result.keyBraille), keyRedraw = Stats(result.keyRedraw), keySpeech = Stats(result.keySpeech)
    let braille = Stats(result.motionBraille), redraw = Stats(result.motionRedraw), redrawValue = Stats(result.motionRedrawValue)
    let lateness = Stats(result.lateness)
    let reports = result.reports.reduce(0, +)
    let rate = result.rates.map { number($0, 0) }.joined(separator: "/")
    let keys = { (name: String, s: Stats) in "key -> \(name) in the same session: median \(number(s.median)), p99 \(number(s.p99)) (n=\(s.count))" }
    /// One report interval at the drag's rate: what a program that keeps up may still have in
    /// hand when the last report comes (the one before it).
    let interval = 1.0
    func backlog(_ name: String, key: String, _ values: [Double?], keyStats: Stats, output: String, floor: Double? = nil) -> Figure {
        let seen = values.compactMap { $0 }
        let worst = seen.count == values.count ? seen.max() : nil
        let limit = keyStats.p99 + interval
        return Figure(key: "drag_last_report_to_final_\(key)_ms", label: "F. drag: last report -> final value \(name), worst drag",
                      value: worst, unit: "ms",
                      detail: "each drag: " + values.map { number($0) }.joined(separator: "/") + " ms; \(output); " + keys(name, keyStats),
                      target: "<= key -> \(name) p99 + 1 ms (\(number(limit)) ms): no backlog", meets: worst.map { $0 <= limit }, floor: floor)
    }
    return [
        Figure(key: "drag_report_to_braille_median_ms", label: "F. drag: motion report -> braille cells, median", value: braille.median, unit: "ms",
               detail: "n=\(braille.count) of \(reports) reports (\(result.unshownBraille) never answered); p99 \(number(braille.p99)), max \(number(braille.max)); "
                 + "to the line showing its value or a newer one; " + keys("braille", keyBraille) + floorDetail,
               floor: floorBraille?.median),
        Figure(key: "drag_report_to_braille_p99_ms", label: "F. drag: motion report -> braille cells, p99", value: braille.p99, unit: "ms",
               detail: "reports \(number(interval, 0)) ms apart by deadline (\(rate) reports/s; written late by median \(number(lateness.median, 0)) µs, p99 \(number(lateness.p99, 0)) µs)",
               floor: floorBraille?.p99),
        Figure(key: "drag_report_to_redraw_median_ms", label: "F. drag: motion report -> terminal redraw, median", value: redraw.median, unit: "ms",
               detail: "n=\(redraw.count); p99 \(number(redraw.p99)); first bytes on the pty after the report, as for keys; "
                 + "to the redraw showing its value or a newer one: median \(number(redrawValue.median)), p99 \(number(redrawValue.p99)) (n=\(redrawValue.count)); "
                 + keys("redraw", keyRedraw)),
        Figure(key: "drag_report_to_redraw_p99_ms", label: "F. drag: motion report -> terminal redraw, p99", value: redraw.p99, unit: "ms",
               detail: "max \(number(redraw.max))"),
        backlog("braille", key: "braille", result.lastToBraille, keyStats: keyBraille, output: "when the display settled on it", floor: floorLast),
        backlog("redraw", key: "redraw", result.lastToRedraw, keyStats: keyRedraw, output: "the last redraw of the value (its first line)"),
        backlog("speech", key: "speech", result.lastToSpeech, keyStats: keySpeech, output: "the last spoken line, saying it"),
        Figure(key: "drag_braille_frames", label: "F. drag: lines shown for the reports sent", value: Double(result.brailleFrames.reduce(0, +)), unit: "braille lines",
               detail: "for \(reports) motion reports in \(result.reports.count) drags: braille lines " + result.brailleFrames.map(String.init).joined(separator: "/")
                 + ", redraws of the value " + result.redraws.map(String.init).joined(separator: "/")
                 + ", spoken lines " + result.spokenLines.map(String.init).joined(separator: "/")
                 + " (reports " + result.reports.map(String.init).joined(separator: "/") + "; the display shows changes only)"),
    ]
}
