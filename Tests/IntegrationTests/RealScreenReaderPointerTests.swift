import A11yTestSupport
import Foundation
import Testing

/// The mouse (issue 40) under the real screen readers and their real terminals
/// (`scripts/readers/`): Orca 43 reading the VTE terminal sakura, where xdotool presses and moves
/// the X pointer over the pixels of a cell and VTE writes the SGR report; Fenrir 1.9.5 in PTY
/// mode inside tmux, where the reports are typed into the pane and go through Fenrir's
/// pseudo-terminal to the program.
///
/// The frame does not start at the top of the terminal: the command prints four blank lines
/// first, so the frame's first line is row 5 and a report lands on it only when the program
/// placed its frame from the terminal's answer to its position question (CSI 6n).
///
/// For every pointer step the value is heard from exactly one voice (the reader or the program),
/// as for the keys (`RealScreenReaderTests`), and nothing else is said but silence: Fenrir reads
/// the track's line when only its colours change, which is blank text (an empty utterance: no
/// sound), and that is not counted as a voice. A reader that cannot be started fails the test
/// (never a skip); make test's ASan run skips them (A11Y_SKIP_REAL_READERS=1), as it does the
/// keyboard ones. Nested in `RealServerTests`: never beside another reader.
extension RealServerTests {
@Suite(.serialized)
struct RealScreenReaderPointerTests {
    typealias Reader = RealScreenReaderTests.Reader

    /// The terminal row of the frame's first line: four blank lines come before it.
    static let frameTop = 5
    static func placed(_ arguments: [String]) throws -> [String] {
        ["/bin/bash", "-c", #"printf '\n\n\n\n' >/dev/tty; exec "$0" "$@""#, try DemoInTmux.binary] + arguments + ["--braille", "off"]
    }

    /// The range's track as the frame draws it in the harnesses' 100-column terminals: 1-based
    /// terminal columns and the cells from the minimum to the maximum. Orca's user sees the whole
    /// frame (the values beside the track: "10 " before it); Fenrir's the quiet frame (the track
    /// alone, from the first column), as the program draws it when a reader reads the words.
    static func track(_ reader: Reader) -> (first: Int, count: Int) {
        reader == .orca ? (4, 94) : (1, 99)
    }

    /// The value (0 to 100) that a press on `column` stands for.
    static func value(atColumn column: Int, _ reader: Reader) -> Int {
        let track = track(reader)
        return Int((Double(column - track.first) / Double(track.count - 1) * 100).rounded())
    }

    // MARK: The range slider

    /// A click at the middle of the track moves the nearer handle (the upper) there; a press near
    /// the left end takes the lower, two drags move it, the release says nothing, the wheel steps
    /// it; Enter accepts what was heard.
    @Test(.enabled(if: RealScreenReaderTests.realReaders, RealScreenReaderTests.skipped), arguments: [Reader.orca, .fenrir])
    func pressAndDragOnTheTrack(reader: Reader) throws {
        let row = Self.frameTop + 1
        let middle = Self.track(reader).first + Self.track(reader).count / 2
        let steps = ["@click:\(middle),\(row)", "@press:20,\(row)", "@drag:30,\(row)", "@drag:40,\(row)", "@release:40,\(row)",
                     "@wheelup:40,\(row)", reader.enter]
        let run = try ReaderRun(reader, name: "\(reader)-pointer-range", keys: steps,
                                command: try Self.placed(["range", "--label", "price"]))
        var failures = run.completed()
        let start = run.file("screen-start.txt").components(separatedBy: "\n")
        if start.count < Self.frameTop || !start[Self.frameTop - 1].hasPrefix("price") {
            failures.append("the frame is not at row \(Self.frameTop); screen:\n\(run.file("screen-start.txt"))")
        }
        guard let slots = Self.slots(run, steps, failures: &failures) else { return run.finish(failures) }
        let upper = Self.value(atColumn: middle, reader)
        let lower = Self.value(atColumn: 20, reader), dragged = [Self.value(atColumn: 30, reader), Self.value(atColumn: 40, reader)]
        var heard: [Int] = []
        // Each step: the one thing heard, and the numbers in it (the value first).
        func one(_ index: Int, _ what: String, _ check: ([Int], String) -> Bool) {
            let said = Self.heard(slots[index], echo: reader.keyEcho(steps[index]))
            guard said.count == 1, check(Self.numbers(said[0].text), RealScreenReaderTests.words(said[0].text)) else {
                return failures.append("\(steps[index]): not one voice saying \(what): \(Self.show(slots[index]))")
            }
            heard.append(Self.numbers(said[0].text).first ?? -1)
        }
        one(0, "'upper, horizontal slider, about \(upper), from 10 to 100'") { numbers, words in
            words.hasPrefix("upper horizontal slider") && numbers.count == 3 && abs(numbers[0] - upper) <= 1 && numbers.dropFirst() == [10, 100]
        }
        let top = heard.last ?? upper
        one(1, "'lower, horizontal slider, about \(lower), from 0 to \(top)'") { numbers, words in
            words.hasPrefix("lower horizontal slider") && numbers.count == 3 && abs(numbers[0] - lower) <= 1 && numbers.dropFirst() == [0, top]
        }
        one(2, "about \(dragged[0])") { numbers, words in numbers.count == 1 && words == "\(numbers[0])" && abs(numbers[0] - dragged[0]) <= 1 }
        one(3, "about \(dragged[1])") { numbers, words in numbers.count == 1 && words == "\(numbers[0])" && abs(numbers[0] - dragged[1]) <= 1 }
        let last = heard.last ?? dragged[1]
        if !Self.heard(slots[4], echo: nil).isEmpty { failures.append("\(steps[4]): the release said something: \(Self.show(slots[4]))") }
        one(5, "\(last + 1)") { numbers, words in words == "\(last + 1)" }
        let lowerEnd = last + 1
        one(6, "'\(lowerEnd) to \(top), accepted'") { _, words in words == "\(lowerEnd) to \(top) accepted" }
        if run.programStatus != "0" || run.programStdout != "\(lowerEnd) \(top)\n" {
            failures.append("the program ended with status \(run.programStatus), stdout '\(run.programStdout)' (expected 0, '\(lowerEnd) \(top)')")
        }
        if reader == .fenrir {
            // Fenrir writes the program's output to its own terminal: tmux took the mouse modes from
            // it, and took them back when the program restored the terminal.
            let flags = run.file("mouse.txt")
            if !flags.contains("start any 1 button 1 sgr 1") || !flags.contains("end any 0 button 0 sgr 0") {
                failures.append("tmux's mouse flags: \(flags) (expected on while the program ran, off after)")
            }
        }
        print("real-readers: \(reader) pointer on the range: heard \(heard) (expected about \(upper), \(lower), \(dragged), then +1), "
              + "\(String(format: "%.1f", run.seconds)) s" + (reader == .orca ? "; \(run.file("geometry.txt").split(separator: "\n").prefix(3).joined(separator: "; "))" : ""))
        run.finish(failures)
    }

    // MARK: The stepper

    /// Orca's user sees the stepper's + and - (Fenrir's sees its label only: the quiet frame has
    /// no buttons to press). The left button held on + steps at once and repeats at the
    /// stepper's auto-repeat interval until the release; nothing comes after it; a click on -
    /// steps down, the wheel up; Enter accepts what was heard.
    @Test(.enabled(if: RealScreenReaderTests.realReaders, RealScreenReaderTests.skipped))
    func heldStepperButtonRepeatsUntilTheRelease() throws {
        let plus = Self.frameTop + 1, minus = Self.frameTop + 3
        let steps = ["@press:3,\(plus)", "@wait:2", "@release:3,\(plus)", "@wait:1", "@click:3,\(minus)", "@wheelup:3,\(minus - 1)", "Return"]
        let run = try ReaderRun(.orca, name: "orca-pointer-stepper", keys: steps, command: try Self.placed(["stepper"]))
        var failures = run.completed()
        let start = run.file("screen-start.txt").components(separatedBy: "\n")
        if start.count < minus || start[plus - 1].trimmingCharacters(in: .whitespaces) != "+" || !start[minus - 1].contains("-") {
            failures.append("+ and - are not at rows \(plus) and \(minus); screen:\n\(run.file("screen-start.txt"))")
        }
        guard let slots = Self.slots(run, steps, failures: &failures) else { return run.finish(failures) }
        // Held (the press and 2 s more): 2, then a repeat every 0.5 s after 0.5 s; Orca silent.
        let held = Self.heard(slots[0], echo: nil)
        let values = held.map { Int($0.text) ?? -1 }
        if held.contains(where: { $0.voice != "program" }) || values != Array(2..<(2 + values.count)) || !(3...8).contains(values.count) {
            failures.append("held on +: not the program alone saying 2, 3, 4... (3 to 8 of them): \(Self.show(slots[0]))")
        }
        // The release: a repeat due at that very moment may still come; nothing after it.
        var last = values.last ?? 1
        let released = Self.heard(slots[1], echo: nil)
        if released.count > 1 || released.first.map({ $0.text != "\(last + 1)" }) == true {
            failures.append("after the release (1.5 s): \(Self.show(slots[1])), not at most the one repeat due (\(last + 1))")
        } else if !released.isEmpty {
            last += 1
        }
        for (index, value) in [(2, last - 1), (3, last)] {
            let said = Self.heard(slots[index], echo: nil)
            if said.map(\.text) != ["\(value)"] { failures.append("\(steps[index + 2]): not one voice saying \(value): \(Self.show(slots[index]))") }
        }
        let accepted = Self.heard(slots[4], echo: "return")
        if accepted.map({ RealScreenReaderTests.words($0.text) }) != ["\(last) accepted"] {
            failures.append("Return: not one voice saying '\(last), accepted': \(Self.show(slots[4]))")
        }
        if run.programStatus != "0" || run.programStdout != "\(last)\n" {
            failures.append("the program ended with status \(run.programStatus), stdout '\(run.programStdout)' (expected 0, '\(last)')")
        }
        print("real-readers: orca held stepper +: \(values) then \(released.map(\.text)) after the release; "
              + "repeat gaps \(Self.gaps(run)) ms; \(String(format: "%.1f", run.seconds)) s")
        run.finish(failures)
    }

    // MARK: Helpers

    /// The slots of the steps the harness recorded (a wait is not one), in order; nil (and a
    /// failure) when out.json does not hold them.
    static func slots(_ run: ReaderRun, _ steps: [String], failures: inout [String]) -> [ReaderRun.Slot]? {
        let recorded = steps.filter { !$0.hasPrefix("@wait:") }
        let slots = Array(run.slots.dropFirst().prefix(recorded.count))
        guard slots.map(\.key) == recorded else {
            if !run.slots.isEmpty { failures.append("the steps in out.json are \(run.slots.map(\.key)), not \(recorded)") }
            return nil
        }
        return slots
    }

    /// What was heard for a step, by voice: the reader's utterances without its interruptions,
    /// its blank ones (no sound) and its `echo` of the key's name, then the program's.
    static func heard(_ slot: ReaderRun.Slot, echo: String?) -> [(voice: String, text: String)] {
        slot.reader.filter { $0 != "<interrupt>" && !RealScreenReaderTests.words($0).isEmpty && RealScreenReaderTests.words($0) != echo }
            .map { ("reader", $0) } + slot.program.map { ("program", $0) }
    }

    static func numbers(_ text: String) -> [Int] {
        text.split { !$0.isNumber }.compactMap { Int($0) }
    }

    static func show(_ slot: ReaderRun.Slot) -> String {
        "reader: \(slot.reader), program: \(slot.program)"
    }

    /// The milliseconds between the program's utterances while + was held (program.tsv).
    static func gaps(_ run: ReaderRun) -> [Int] {
        let keys = run.file("keys.tsv").split(separator: "\n").compactMap { Double($0.split(separator: "\t").first ?? "") }
        guard keys.count >= 2 else { return [] }
        let times = run.file("program.tsv").split(separator: "\n").compactMap { Double($0.split(separator: "\t").first ?? "") }
            .filter { $0 >= keys[0] && $0 < keys[1] }
        return zip(times, times.dropFirst()).map { Int((($1 - $0) * 1000).rounded()) }
    }
}
}
