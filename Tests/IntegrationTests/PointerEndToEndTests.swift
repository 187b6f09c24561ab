import A11yControls
import A11yTestSupport
import Foundation
import Glibc
import Testing
import VirtualDisplayClient

/// The pointer end to end: a11y-demo in a real terminal (tmux) against the real servers, mouse
/// reports typed into the pane as a terminal sends them (SGR, `send-keys -H`); out come the
/// screen, the cells the virtual braille display received, the lines speech-dispatcher spoke,
/// the result, and tmux's own word on whether mouse reporting is on.
extension RealServerTests {
@Suite(.serialized)
struct PointerEndToEndTests {
    /// Starts the demo in a pane below `linesBefore` lines of the shell's (so that the frame is
    /// not at the terminal's top: reports are placed on it through the cursor position the demo
    /// asks for), and waits until the braille display shows `shown` and the screen `drawn`.
    func start(_ arguments: [String], display: VirtualBrailleDisplay, shown: String, drawn: String,
               linesBefore: Int = 3, environment: [String: String] = [:]) throws -> PointerPane {
        let mark = display.frames.count
        let pane = try PointerPane(arguments, linesBefore: linesBefore, environment: environment)
        guard pane.waitForScreen({ $0.contains(drawn) }).contains(drawn) else {
            throw FixtureError("the demo never drew '\(drawn)'; screen:\n\(pane.screen)\nstderr: \(pane.stderr)")
        }
        // The display receives changes only: a line the same as the one an earlier program left
        // there (the showcase as it starts) comes as no new frame.
        let shows = Polling.until(timeout: Polling.hang, every: .milliseconds(5)) {
            display.firstFrame(after: mark) { $0.text.hasPrefix(shown) } != nil || display.lastFrame()?.text.hasPrefix(shown) == true
        }
        guard shows else {
            throw FixtureError("the demo never showed '\(shown)' on the braille display; screen:\n\(pane.screen)\nstderr: \(pane.stderr)")
        }
        return pane
    }

    // MARK: 1. A press on the track

    @Test func aPressOnTheTrackMovesTheNearestHandleThere() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        // A label of the test's own: its braille lines are its own.
        let label = "Press"
        let demo = try start(["range", "--label", label], display: display, shown: "\(label) 10", drawn: "\(label): 10 to 90")
        #expect(demo.waitForMouseReporting(true), "mouse reporting is not on while the demo runs; raw: \(demo.rawEscaped)")
        let title = try #require(demo.row { $0.hasPrefix("\(label): 10 to 90") })
        #expect(title > 3, "the frame's first line should follow the shell's three lines; screen:\n\(demo.screen)")
        let track = try #require(demo.horizontalTrack(row: title + 1), "no track line under the title; screen:\n\(demo.screen)")
        // The middle of the track: 50, nearer the upper handle (90) than the lower (10).
        let column = track.column(forFraction: 0.5)
        let value = track.value(atColumn: column)
        #expect(value == 50, "track \(track) on the screen:\n\(demo.screen)")

        let mark = display.frames.count
        try demo.click(column: column, row: track.row)
        #expect(demo.waitForScreen { $0.contains("\(label): 10 to \(value)") }.contains("\(label): 10 to \(value)"),
                "spoken: \(spoken.lines); stderr: \(demo.stderr)")
        let frame = display.waitForFrame(after: mark) { $0.text.hasPrefix("\(label) 10") && $0.text.hasSuffix(" \(value)") }
        #expect(frame != nil, "frames: \(display.frames[mark...].map(\.text))")
        let words = "upper, horizontal slider, \(value), from 10 to 100"
        #expect(spoken.waitForLines { $0.contains(words) }.contains(words))

        try demo.send("Enter")
        #expect(demo.waitForExit() == 0, "stderr: \(demo.stderr)")
        #expect(demo.stdout == "10 \(value)\n")
        #expect(spoken.waitForLines { $0.last?.hasSuffix("accepted") == true }.last == "10 to \(value), accepted")
        #expect(demo.waitForMouseReporting(false), "raw: \(demo.rawEscaped)")
        #expect(demo.terminalIsBack(), "screen:\n\(demo.screen)")
    }

    // MARK: 2. A drag

    @Test func aDragFollowsThePointerAndOnlyItsFinalValueStaysSpoken() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let label = "Drag"
        let demo = try start(["range", "--label", label], display: display, shown: "\(label) 10", drawn: "\(label): 10 to 90")
        let title = try #require(demo.row { $0.hasPrefix("\(label): 10 to 90") })
        let track = try #require(demo.horizontalTrack(row: title + 1), "screen:\n\(demo.screen)")
        _ = spoken.waitForLines { $0.contains { $0.hasPrefix("\(label), range slider") } }
        let mark = display.frames.count

        // On the lower handle (the focused one, drawn two cells wide): taken as it is.
        let onHandle = track.column(forFraction: 0.1)
        #expect(track.value(atColumn: onHandle) == 10)
        try demo.pointer(.left, .press, column: onHandle, row: track.row)
        // Held, it is drawn wider, in brackets; its value does not change.
        let held = demo.waitForScreen { demo.line(track.row, of: $0).contains("[") }
        #expect(demo.line(track.row, of: held).contains("["), "screen:\n\(held)")
        #expect(held.contains("\(label): 10 to 90"))

        var value = 10
        for fraction in [0.2, 0.3, 0.4] {
            let column = track.column(forFraction: fraction)
            value = track.value(atColumn: column)
            try demo.pointer(.left, .drag, column: column, row: track.row)
            #expect(demo.waitForScreen { $0.contains("\(label): \(value) to 90") }.contains("\(label): \(value) to 90"),
                    "after a drag to column \(column); spoken: \(spoken.lines)")
        }
        #expect(value == 40)
        try demo.pointer(.left, .release, column: track.column(forFraction: 0.4), row: track.row)
        // The release is seen: the handle is drawn as not held.
        #expect(!demo.line(track.row, of: demo.waitForScreen { !demo.line(track.row, of: $0).contains("[") }).contains("["))
        let atRelease = spoken.count
        let said = spoken.waitForLines { $0.last == "\(value)" }
        #expect(said.last == "\(value)", "spoken: \(said)")
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("\(label) \(value)") && $0.text.hasSuffix(" 90") } != nil,
                "frames: \(display.frames.suffix(4).map(\.text))")

        // Nothing but the final value after the release: the accept's words come next.
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "\(value) 90\n")
        let accepted = "\(value) to 90, accepted"
        let lines = spoken.waitForLines { $0.last == accepted }
        let afterRelease = lines.dropFirst(atRelease)
        #expect(afterRelease.allSatisfy { $0 == "\(value)" || $0 == accepted }, "spoken after the release: \(Array(afterRelease))")
        #expect(lines.suffix(2) == ["\(value)", accepted], "spoken: \(lines)")
        #expect(demo.waitForMouseReporting(false))
    }

    // MARK: 3. Reporting off on every way out, and never on when off

    enum WayOut: String, CaseIterable, Sendable {
        case escape, controlC, sigterm, sigtermWhileHeld, timeout

        /// The control's label (short: the braille line holds it and the track).
        var label: String {
            switch self {
            case .escape: "Esc"
            case .controlC: "CtrlC"
            case .sigterm: "Term"
            case .sigtermWhileHeld: "Held"
            case .timeout: "Idle"
            }
        }
    }

    @Test(arguments: WayOut.allCases)
    func mouseReportingIsOffAfter(_ way: WayOut) throws {
        let display = try SharedDisplay.get()
        let label = way.label
        // Timing out, it may be gone before its first braille line comes (a slow start under the
        // address sanitizer): nothing is waited for, the bytes it wrote say what it did.
        let demo = way == .timeout
            ? try PointerPane(["range", "--label", label, "--timeout", "1"], linesBefore: 3, environment: [:])
            : try start(["range", "--label", label], display: display, shown: "\(label) 10", drawn: "\(label): 10 to 90")
        let expected: Int32
        switch way {
        case .escape:
            #expect(demo.waitForMouseReporting(true))
            try demo.send("Escape")
            expected = 1
        case .controlC:
            #expect(demo.waitForMouseReporting(true))
            try demo.send("C-c")
            expected = 130
        case .sigterm, .sigtermWhileHeld:
            #expect(demo.waitForMouseReporting(true))
            if way == .sigtermWhileHeld {
                // The button held on the track: the handle drawn held, in brackets.
                let title = try #require(demo.row { $0.hasPrefix("\(label): 10 to 90") })
                let track = try #require(demo.horizontalTrack(row: title + 1), "screen:\n\(demo.screen)")
                try demo.pointer(.left, .press, column: track.column(forFraction: 0.6), row: track.row)
                #expect(demo.line(track.row, of: demo.waitForScreen { demo.line(track.row, of: $0).contains("[") }).contains("["))
            }
            let pid = try #require(demo.pid, "no a11y-demo under the pane's shell")
            #expect(kill(pid, SIGTERM) == 0)
            expected = 143
        case .timeout:
            expected = 124
        }
        #expect(demo.waitForExit() == expected, "stderr: \(demo.stderr)")
        #expect(demo.waitForMouseReporting(false), "raw: \(demo.rawEscaped)")
        // On, then off after the last time it was turned on.
        let raw = demo.raw
        let on = raw.range(of: PointerPane.mouseOn, options: .backwards)
        let off = raw.range(of: PointerPane.mouseOff, options: .backwards)
        #expect(on != nil && off != nil && on!.lowerBound < off!.lowerBound, "raw: \(demo.rawEscaped)")
        #expect(demo.terminalIsBack(), "screen:\n\(demo.screen)")
    }

    enum MouseOff: String, CaseIterable, Sendable {
        case option, preferences
    }

    @Test(arguments: MouseOff.allCases)
    func mouseOffNeverTurnsReportingOn(_ way: MouseOff) throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-pointer-config-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: config) }
        try Data("# the pointer\nmouse = off\n".utf8).write(to: config)
        let label = "Off" + way.rawValue
        let demo = try start(["range", "--label", label] + (way == .option ? ["--mouse", "off"] : []), display: display, shown: "\(label) 10",
                             drawn: "\(label): 10 to 90", environment: way == .preferences ? ["A11Y_CONTROLS_CONFIG": config.path] : [:])
        // Running, and heard: its first frame, its introduction and the question for the cursor
        // position (if it asked) are all out.
        _ = spoken.waitForLines { $0.contains { $0.hasPrefix("\(label), range slider") } }
        try demo.send("Right")
        #expect(demo.waitForScreen { $0.contains("\(label): 11 to 90") }.contains("\(label): 11 to 90"))
        #expect(demo.mouseReporting == false)
        try demo.send("Escape")
        #expect(demo.waitForExit() == 1, "stderr: \(demo.stderr)")
        #expect(demo.mouseReporting == false)
        #expect(!demo.raw.contains("\u{1B}[?1002h") && !demo.raw.contains("\u{1B}[?1006h"), "raw: \(demo.rawEscaped)")
        // Without reporting the frame need not be placed: no cursor position question.
        #expect(!demo.raw.contains("\u{1B}[6n"), "raw: \(demo.rawEscaped)")
    }

    // MARK: 4. The stepper's buttons and the wheel

    @Test func aPressHeldOnPlusStepsAtTheRepeatIntervalUntilTheRelease() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        spoken.watch(every: .milliseconds(5))
        let demo = try start(["stepper", "--label", "Hold"], display: display, shown: "Hold 1", drawn: "  - (at minimum)")
        _ = spoken.waitForLines { $0.contains { $0.hasPrefix("Hold, spin button") } }
        let plus = try #require(demo.row { $0 == "  +" }, "screen:\n\(demo.screen)")
        let heard = spoken.count

        let pressed = ContinuousClock.now
        try demo.pointer(.left, .press, column: 3, row: plus)
        // Held: steps at 0, 0.5 and 1.0 s. The release comes as soon as the third step is on the
        // screen, about half an interval before the next would be due (on a busy machine the
        // demo may read it later, after one step more: the steps are then one more).
        let third = demo.waitForScreen { $0.split(separator: "\n").contains("  4") }
        #expect(third.split(separator: "\n").contains("  4"), "spoken: \(spoken.lines)")
        try demo.pointer(.left, .release, column: 3, row: plus)
        let released = ContinuousClock.now - pressed

        // The wheel down over the value, after the release: input is read in order, so once its
        // step down is heard the release was read (the hold only steps up).
        let value = plus + 1
        _ = spoken.waitForLines { $0.last == "4" }
        try demo.pointer(.wheelDown, .press, column: 3, row: value)
        let stepDown = { (lines: [CaptureFile.Line]) in
            lines.indices.dropFirst().first { (Int(lines[$0].text) ?? 0) < (Int(lines[$0 - 1].text) ?? 0) }
        }
        _ = Polling.until(timeout: Polling.hang) { stepDown(spoken.lines(from: heard)) }
        let after = spoken.lines(from: heard)
        let down = stepDown(after) ?? after.count
        let held = Array(after[..<down])  // the steps of the hold
        let top = Int(held.last?.text ?? "") ?? 0
        let at = { (text: String) in held.first { $0.text == text }.map { $0.time - pressed } }
        print("stepper hold: released after \(released.milliseconds) ms; 2 at \(at("2")?.milliseconds ?? -1) ms, 3 at \(at("3")?.milliseconds ?? -1) ms, 4 at \(at("4")?.milliseconds ?? -1) ms; \(held.count) steps held")
        // One step per interval from the press until the release was read, then none: 2, 3, 4
        // (and 5 when the release was read late), then the wheel's step down.
        #expect(held.map(\.text) == (2...max(top, 4)).map(String.init) && top >= 4, "spoken: \(after.map(\.text))")
        #expect(after.dropFirst(down).map(\.text) == ["\(top - 1)"], "spoken: \(after.map(\.text))")
        // A step never comes early (the report reached the demo after `pressed`).
        #expect((at("3") ?? .zero) >= .milliseconds(450) && (at("4") ?? .zero) >= .milliseconds(950))

        // No step after the release (read before the wheel): past the next interval and one
        // more, still the wheel's value. (An absence: a short window, which slowness cannot fail.)
        let next = spoken.waitForLine(from: heard + down + 1, timeout: .seconds(1))
        #expect(next == nil, "spoken after the release: \(next?.text ?? "")")
        let last = top - 1
        #expect(demo.waitForScreen { $0.split(separator: "\n").contains("  \(last)") }.split(separator: "\n").contains("  \(last)"),
                "screen:\n\(demo.screen)")

        // The wheel over the value: up steps up, down steps down.
        try demo.pointer(.wheelUp, .press, column: 3, row: value)
        #expect(spoken.waitForLines { $0.last == "\(last + 1)" }.last == "\(last + 1)")
        try demo.pointer(.wheelDown, .press, column: 3, row: value)
        #expect(spoken.waitForLines { $0.suffix(2) == ["\(last + 1)", "\(last)"] }.suffix(3) == ["\(last)", "\(last + 1)", "\(last)"])
        #expect(demo.waitForScreen { $0.split(separator: "\n").contains("  \(last)") }.split(separator: "\n").contains("  \(last)"))
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "\(last)\n")
    }

    // MARK: 5. The showcase: a press focuses a control

    @Test func aPressOnTheShowcasesStepperFocusesIt() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let demo = try start([], display: display, shown: "Price 10", drawn: "Quantity")
        _ = spoken.waitForLines { $0.contains { $0.hasPrefix("Price, range slider") } }
        let quantity = try #require(demo.row { $0 == "Quantity" }, "screen:\n\(demo.screen)")
        let mark = display.frames.count
        try demo.click(column: 3, row: quantity)
        let introduction = "Quantity, spin button, 1, from 1 to 99. Press question mark for help."
        #expect(spoken.waitForLines { $0.last == introduction }.last == introduction, "stderr: \(demo.stderr)")
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("Quantity 1") } != nil,
                "frames: \(display.frames[mark...].map(\.text))")
        // The next key is the stepper's.
        try demo.send("Up")
        #expect(spoken.waitForLines { $0.last == "2" }.last == "2")
        let screen = demo.waitForScreen { $0.split(separator: "\n").contains("  2") }
        #expect(screen.split(separator: "\n").contains("  2") && screen.contains("Price: 10 to 90"), "screen:\n\(screen)")
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "10 90 2\n")
    }

    // MARK: 6. Upright and right to left

    @Test func aPressOnTheUprightTrackMovesTheNearestHandleAndADragFollowsRows() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let label = "Upright"
        let demo = try start(["range", "--label", label, "--vertical"], display: display, shown: "\(label) 10", drawn: "\(label): 10 to 90")
        // The maximum's label, the track's rows from the top (the maximum) down, the minimum's.
        let top = try #require(demo.row { $0 == " 100" }).advanced(by: 1)
        let bottom = try #require(demo.row { $0 == " 0" }).advanced(by: -1)
        #expect(bottom - top == 10, "screen:\n\(demo.screen)")
        let value = { (row: Int) in Int((100 * (1 - Double(row - top) / Double(bottom - top))).rounded()) }
        // The fourth row from the top: 70, nearer the upper handle (90).
        let row = top + 3
        let upper = value(row)
        #expect(upper == 70)
        let mark = display.frames.count
        try demo.click(column: 3, row: row)
        #expect(demo.waitForScreen { $0.contains("\(label): 10 to \(upper)") }.contains("\(label): 10 to \(upper)"))
        // The value is written beside its row; braille stays one line.
        #expect(demo.line(row, of: demo.screen).hasSuffix(" \(upper)"), "screen:\n\(demo.screen)")
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("\(label) 10") && $0.text.hasSuffix(" \(upper)") } != nil,
                "frames: \(display.frames[mark...].map(\.text))")
        let words = "upper, vertical slider, \(upper), from 10 to 100"
        #expect(spoken.waitForLines { $0.contains(words) }.contains(words))

        // A press on the lower handle's row takes it as it is (and the focus); a drag up the
        // rows raises it; the release lets it go.
        let lowerRow = try #require(demo.row { $0.hasSuffix(" 10") && !$0.hasPrefix("\(label)") }, "screen:\n\(demo.screen)")
        #expect(lowerRow == top + 9)
        try demo.pointer(.left, .press, column: 3, row: lowerRow)
        let focused = "lower, vertical slider, 10, from 0 to \(upper)"
        #expect(spoken.waitForLines { $0.last == focused }.last == focused)
        try demo.pointer(.left, .drag, column: 3, row: top + 6)
        let lower = value(top + 6)
        #expect(demo.waitForScreen { $0.contains("\(label): \(lower) to \(upper)") }.contains("\(label): \(lower) to \(upper)"))
        try demo.pointer(.left, .release, column: 3, row: top + 6)
        #expect(spoken.waitForLines { $0.last == "\(lower)" }.last == "\(lower)")
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "\(lower) \(upper)\n")
    }

    @Test func rightToLeftRightLowersAndTheLeftEndIsHigh() throws {
        let display = try SharedDisplay.get()
        let spoken = try CaptureFile()
        let label = "Mirrored"
        let demo = try start(["range", "--label", label, "--direction", "rtl"], display: display, shown: "\(label) 10", drawn: "\(label): 10 to 90")
        let title = try #require(demo.row { $0.hasPrefix("\(label): 10 to 90") })
        // The maximum on the left: the upper value is the left label.
        #expect(demo.line(title + 1, of: demo.screen).hasPrefix("90 "), "screen:\n\(demo.screen)")
        try demo.send("Right")
        #expect(demo.waitForScreen { $0.contains("\(label): 9 to 90") }.contains("\(label): 9 to 90"))
        #expect(spoken.waitForLines { $0.last == "9" }.last == "9")

        let track = try #require(demo.horizontalTrack(row: title + 1, rightToLeft: true), "screen:\n\(demo.screen)")
        let column = track.first + 1
        let value = track.value(atColumn: column)
        #expect(value == 99, "track \(track)")
        try demo.click(column: column, row: track.row)
        #expect(demo.waitForScreen { $0.contains("\(label): 9 to \(value)") }.contains("\(label): 9 to \(value)"))
        let words = "upper, horizontal slider, \(value), from 9 to 100"
        #expect(spoken.waitForLines { $0.contains(words) }.contains(words))
        // Left raises.
        try demo.send("Left")
        #expect(demo.waitForScreen { $0.contains("\(label): 9 to 100") }.contains("\(label): 9 to 100"))
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "9 100\n")
    }

    // MARK: The frame moved on the terminal

    /// The frame drawn at the bottom, scrolling the terminal (more shell lines than rows before
    /// it), then drawn again for a narrower terminal: reports follow it (the demo asks where it
    /// stands after each).
    @Test func reportsFollowTheFrameScrolledAndRedrawnNarrower() throws {
        let display = try SharedDisplay.get()
        let label = "Moved"
        let demo = try start(["range", "--label", label], display: display, shown: "\(label) 10", drawn: "\(label): 10 to 90",
                             linesBefore: 40)
        let title = try #require(demo.row { $0.hasPrefix("\(label): 10 to 90") })
        #expect(title > 20, "screen:\n\(demo.screen)")
        let wide = try #require(demo.horizontalTrack(row: title + 1), "screen:\n\(demo.screen)")
        try demo.click(column: wide.column(forFraction: 0.5), row: wide.row)
        #expect(demo.waitForScreen { $0.contains("\(label): 10 to 50") }.contains("\(label): 10 to 50"))

        try demo.tmux(["resize-window", "-t", demo.session, "-x", "60", "-y", "30"])
        // The frame as drawn for 60 columns (tmux may keep copies of the old lines above it).
        func narrowTrack() -> HorizontalTrack? {
            let titles = demo.rows { $0.hasPrefix("\(label): 10 to 50") }
            guard let row = titles.last, let track = demo.horizontalTrack(row: row + 1), track.last < 60 else { return nil }
            return track
        }
        let narrow = try #require(Polling.until(timeout: Polling.hang, every: .milliseconds(20)) { narrowTrack() },
                                  "screen:\n\(demo.screen)")
        let column = narrow.column(forFraction: 0.2)
        let value = narrow.value(atColumn: column)
        let mark = display.frames.count
        try demo.click(column: column, row: narrow.row)
        #expect(demo.waitForScreen { $0.contains("\(label): \(value) to 50") }.contains("\(label): \(value) to 50"),
                "track \(narrow), column \(column); screen:\n\(demo.screen)")
        #expect(display.waitForFrame(after: mark) { $0.text.hasPrefix("\(label) \(value)") } != nil)
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "\(value) 50\n")
    }

    // MARK: 7. Scripted input

    /// Keys on standard input, no terminal: a report counts from the frame's top left (row 1 the
    /// title, row 2 the track with the default theme), in the 80 columns assumed without one.
    @Test(arguments: [
        // Row 1, the title: nothing.
        (PointerEvent(.left, .press, column: 40, row: 1).report + PointerEvent(.left, .release, column: 40, row: 1).report, "10 90"),
        // The track's middle (columns 4 to 76: "10 " before it, " 90" after): the upper handle.
        (PointerEvent(.left, .press, column: 40, row: 2).report + PointerEvent(.left, .release, column: 40, row: 2).report, "10 50"),
        // A press on the lower handle, a drag three quarters along, the release (drags read
        // together: the last says where the pointer is).
        (PointerEvent(.left, .press, column: 11, row: 2).report + PointerEvent(.left, .drag, column: 30, row: 2).report
         + PointerEvent(.left, .drag, column: 58, row: 2).report + PointerEvent(.left, .release, column: 58, row: 2).report, "75 90"),
        // The wheel: up twice, down once.
        (PointerEvent(.wheelUp, .press, column: 40, row: 2).report + PointerEvent(.wheelUp, .press, column: 40, row: 2).report
         + PointerEvent(.wheelDown, .press, column: 40, row: 2).report, "11 90"),
    ])
    func scriptedReportsCountFromTheFramesTopLeft(_ reports: String, _ result: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["A11Y_CONTROLS_CONFIG"] = "/dev/null"
        let outcome = try Spawn.scripted([try DemoInTmux.binary, "range", "--speech", "off", "--braille", "off"], input: reports + "\r",
                                         environment: environment)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stdout == result + "\n", "stderr: \(outcome.stderr)")
    }
}
}

/// a11y-demo in a tmux pane, started once the pane's output is being kept (tmux pipe-pane), after
/// some lines of the shell's; after the demo the shell reads a line from the terminal (so a test
/// can see that the terminal echoes and reads lines again).
final class PointerPane: TmuxPane {
    static let mouseOn = "\u{1B}[?1002h"
    static let mouseOff = "\u{1B}[?1002l"
    /// What the pane's shell says before it waits for the Enter that starts the demo.
    static let ready = "Enter starts the demo"

    init(_ arguments: [String], linesBefore: Int, environment: [String: String], columns: Int = 100, rows: Int = 30) throws {
        try super.init(prefix: "a11y-pointer", session: "pointer", defaultTimeout: Polling.hang)
        let q = Self.quote
        // The user's own preferences must not change the tests.
        let exports = ["A11Y_CONTROLS_CONFIG": "/dev/null"].merging(environment) { $1 }
            .map { "export \($0.key)=\(q($0.value)); " }.joined()
        let before = (0..<linesBefore).map { "echo \(q("shell line \($0 + 1)")); " }.joined()
        let demo = ([try DemoInTmux.binary] + arguments).map(q).joined(separator: " ")
        try start(exports + "echo \(q(Self.ready)); read -r _; " + before + demo + " >\(q(path("stdout"))) 2>\(q(path("stderr"))); "
                  + "echo $? >\(q(path("status"))); IFS= read -r line; printf '%s' \"$line\" >\(q(path("typed.tmp"))); "
                  + "mv \(q(path("typed.tmp"))) \(q(path("typed")))", columns: columns, rows: rows)
        try tmux(["pipe-pane", "-o", "-t", session, "cat >>\(q(path("raw")))"])
        // A key typed before the pane's shell runs may be lost (the terminal's input is flushed
        // as it is set up): the shell says when it reads.
        guard waitForScreen({ $0.contains(Self.ready) }).contains(Self.ready) else {
            throw FixtureError("the pane's shell never started; screen:\n\(screen)")
        }
        try tmux(["send-keys", "-t", session, "Enter"])
    }

    var stdout: String { (try? String(contentsOfFile: path("stdout"), encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: path("stderr"), encoding: .utf8)) ?? "" }
    /// Every byte the pane received.
    var raw: String { (try? String(contentsOfFile: path("raw"), encoding: .isoLatin1)) ?? "" }
    /// `raw` with the escapes visible, for a failure's message.
    var rawEscaped: String { raw.replacingOccurrences(of: "\u{1B}", with: "\\e") }

    /// Types keys by their tmux names ("Enter", "Right").
    func send(_ keys: String...) throws {
        for key in keys { try tmux(["send-keys", "-t", session, key]) }
    }

    /// Types the SGR report of a pointer event at `column`, `row` of the terminal (from 1).
    func pointer(_ button: PointerEvent.Button, _ kind: PointerEvent.Kind, column: Int, row: Int) throws {
        try sendBytes(PointerEvent(button, kind, column: column, row: row).report)
    }

    /// A left press and its release on one cell.
    func click(column: Int, row: Int) throws {
        try pointer(.left, .press, column: column, row: row)
        try pointer(.left, .release, column: column, row: row)
    }

    /// Line `row` (from 1) of `screen`.
    func line(_ row: Int, of screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return row >= 1 && row <= lines.count ? String(lines[row - 1]) : ""
    }

    /// The terminal row (from 1) of the first line of the screen that satisfies `condition`.
    func row(where condition: (String) -> Bool) -> Int? { rows(where: condition).first }

    /// The terminal rows (from 1) of the lines of the screen that satisfy `condition`.
    func rows(where condition: (String) -> Bool) -> [Int] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter { condition(String($0.element)) }.map { $0.offset + 1 }
    }

    /// The horizontal track drawn on terminal row `row`: between the value labels, one blank
    /// column from each (the default theme's label padding).
    func horizontalTrack(row: Int, rightToLeft: Bool = false) -> HorizontalTrack? {
        let text = Array(line(row, of: screen))
        guard let leftEnd = text.firstIndex(of: " "), let rightStart = text.lastIndex(of: " ").map({ $0 + 1 }),
              rightStart > leftEnd + 4 else { return nil }
        // 0-based: the left label is 0..<leftEnd, a blank, the track, a blank, the right label.
        return HorizontalTrack(row: row, first: leftEnd + 2, last: rightStart - 1, rightToLeft: rightToLeft)
    }

    /// After the demo: the shell reads a typed line, which the terminal echoes.
    func terminalIsBack() -> Bool {
        let text = "typed-after-\(getpid())"
        guard (try? tmux(["send-keys", "-t", session, "-l", text])) != nil, (try? send("Enter")) != nil else { return false }
        let echoed = waitForScreen { $0.contains(text) }.contains(text)
        let read = Polling.until(timeout: defaultTimeout, every: .milliseconds(20)) { file("typed") == text }
        return echoed && read
    }
}

/// Where a horizontal track is on the terminal (columns from 1), and the value (of 0...100) at
/// each column as the demo's frame lays it out: evenly, the ends the minimum and the maximum.
struct HorizontalTrack: CustomStringConvertible {
    var row: Int
    var first: Int
    var last: Int
    var rightToLeft: Bool

    var description: String { "row \(row), columns \(first)...\(last)\(rightToLeft ? ", right to left" : "")" }

    func column(forFraction fraction: Double) -> Int {
        first + Int(((rightToLeft ? 1 - fraction : fraction) * Double(last - first)).rounded())
    }

    func value(atColumn column: Int) -> Int {
        let position = Double(column - first) / Double(last - first)
        return Int((100 * (rightToLeft ? 1 - position : position)).rounded())
    }
}
