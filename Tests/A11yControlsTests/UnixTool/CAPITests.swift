import Glibc
import Testing
@testable import A11yControlsC

/// The C API's functions as C callers reach them: NULL and out-of-range arguments give an error
/// code and one message, never a crash or half-done work; the engine end to end without I/O.
@Suite(.serialized) struct CAPITests {
    /// A NULL-terminated `const char *[]` for the duration of `body`.
    func withArguments<T>(_ words: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = words.map { UnsafePointer(strdup($0)) } + [nil]
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    var lastError: String { String(cString: a11y_last_error()) }

    func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        defer { a11y_free(pointer) }
        return pointer.map { String(cString: $0) }
    }

    /// (The user's preferences apply; the environment is not changed here, as other tests run
    /// beside these. The preferences through the library are tested in InstallTests.)
    func makeEngine(_ words: [String]) -> OpaquePointer? {
        withArguments(words) { a11y_engine_new($0) }
    }

    @Test func theEngineRunsAStepperWithoutIO() throws {
        let engine = try #require(makeEngine(["stepper", "--value", "3", "--label", "Copies"]))
        defer { a11y_engine_free(engine) }
        #expect(take(a11y_engine_take_speech(engine))?.hasPrefix("Copies, spin button, 3") == true)
        #expect(take(a11y_engine_take_speech(engine)) == "")
        #expect(a11y_engine_feed_bytes(engine, "++", 2, 0.1) == 0)
        #expect(take(a11y_engine_take_speech(engine)) == "4\n5\n")
        #expect(take(a11y_engine_braille(engine))?.hasPrefix("Copies 5") == true)
        #expect(take(a11y_engine_screen(engine, 60))?.contains("5") == true)
        #expect(a11y_engine_feed_braille(engine, "LNDN", 0, 0.2) == 0)
        var values = [Double](repeating: 0, count: 4)
        #expect(a11y_engine_values(engine, &values, 4) == 1 && values[0] == 4)
        #expect(a11y_engine_next_deadline(engine) < 0)
        #expect(a11y_engine_feed_bytes(engine, "\r", 1, 0.3) == 1)   // A11Y_ACCEPTED
        #expect(take(a11y_engine_result_line(engine)) == "4")
        #expect(a11y_engine_outcome(engine) == 1)
        #expect(a11y_engine_tick(engine, 0.4) == -5 && lastError == "Error: the control has already ended")
    }

    /// The version a program loading the library at run time checks: the header's.
    @Test func theVersionIsTheHeadersAndStaysTheSameString() {
        #expect(String(cString: a11y_version()) == "0.1.0")
        #expect(a11y_version() == a11y_version())
    }

    @Test func theTimeLimitReachesTheEngine() throws {
        let engine = try #require(makeEngine(["range", "--timeout", "2"]))
        defer { a11y_engine_free(engine) }
        #expect(a11y_engine_next_deadline(engine) == 2)
        #expect(a11y_engine_tick(engine, 1.9) == 0)
        #expect(a11y_engine_tick(engine, 2) == 4)   // A11Y_TIMED_OUT
        var values = [Double](repeating: 0, count: 2)
        #expect(a11y_engine_values(engine, &values, 2) == 2 && values == [10, 90])
    }

    /// Mouse reports in the fed bytes land where the caller says it drew the screen.
    @Test func mouseReportsLandWhereTheScreenIsDrawn() throws {
        let engine = try #require(makeEngine(["stepper", "--value", "3"]))
        defer { a11y_engine_free(engine) }
        let lines = try #require(take(a11y_engine_screen(engine, 80))).split(separator: "\n", omittingEmptySubsequences: false)
        let plus = try #require(lines.firstIndex { $0.drop { $0 == " " } == "+" })
        let column = lines[plus].prefix { $0 == " " }.count + 1
        func report(_ row: Int, _ end: String) -> String { "\u{1B}[<0;\(column);\(row)\(end)" }
        #expect(a11y_engine_set_screen_origin(engine, 10) == 0)
        let above = report(plus + 1, "M") + report(plus + 1, "m")     // the + if the screen began on row 1
        #expect(a11y_engine_feed_bytes(engine, above, above.utf8.count, 0.1) == 0)
        var value = [0.0]
        #expect(a11y_engine_values(engine, &value, 1) == 1 && value == [3])
        let press = report(10 + plus, "M"), release = report(10 + plus, "m")
        #expect(a11y_engine_feed_bytes(engine, press, press.utf8.count, 0.2) == 0)
        #expect(a11y_engine_values(engine, &value, 1) == 1 && value == [4])
        #expect(a11y_engine_next_deadline(engine) == 0.7)                // held: it repeats
        #expect(a11y_engine_tick(engine, 0.7) == 0)
        #expect(a11y_engine_feed_bytes(engine, release, release.utf8.count, 0.8) == 0)
        #expect(a11y_engine_values(engine, &value, 1) == 1 && value == [5])
        #expect(a11y_engine_next_deadline(engine) < 0)
        #expect(take(a11y_engine_take_speech(engine))?.hasSuffix("4\n5\n") == true)
        #expect(a11y_engine_set_screen_origin(engine, 0) == -2 && lastError == "Error: a11y_engine_set_screen_origin: the row must be 1 to 10000")
        #expect(a11y_engine_set_screen_origin(engine, 10_001) == -2)
        #expect(a11y_engine_set_screen_origin(nil, 1) == -1)
    }

    /// The slider's track is drawn in ASCII on the plain-text screen, at the width asked for, and
    /// a press there moves the nearest handle to the column's value; a drag follows.
    @Test func aPressOnTheDrawnTrackMovesTheNearestHandle() throws {
        let engine = try #require(makeEngine(["range", "--label", "Price"]))
        defer { a11y_engine_free(engine) }
        let lines = try #require(take(a11y_engine_screen(engine, 60))).split(separator: "\n").map(String.init)
        #expect(lines[1] == "10 ----##=========================================|----- 90")
        // The track runs from column 4 to 55 (from 1): column 30 is about half way.
        let press = "\u{1B}[<0;30;2M\u{1B}[<0;30;2m"
        #expect(a11y_engine_feed_bytes(engine, press, press.utf8.count, 0.1) == 0)
        var values = [0.0, 0.0]
        #expect(a11y_engine_values(engine, &values, 2) == 2 && values == [10, 50])
        #expect(take(a11y_engine_take_speech(engine))?.hasSuffix("upper, horizontal slider, 50, from 10 to 100\n") == true)
        // Drawn at 30 columns, the same column is nearer the track's end.
        _ = take(a11y_engine_screen(engine, 30))
        let drag = "\u{1B}[<0;24;2M\u{1B}[<32;25;2M\u{1B}[<0;25;2m"
        #expect(a11y_engine_feed_bytes(engine, drag, drag.utf8.count, 0.2) == 0)
        #expect(a11y_engine_values(engine, &values, 2) == 2 && values[1] > 80)
    }

    @Test func nullAndOutOfRangeArgumentsAreOneErrorEach() throws {
        #expect(a11y_engine_feed_bytes(nil, nil, 0, 0) == -1 && lastError == "Error: a11y_engine_feed_bytes: the engine must not be NULL")
        #expect(a11y_engine_feed_braille(nil, "LNUP", 0, 0) == -1)
        #expect(a11y_engine_tick(nil, 0) == -1 && a11y_engine_end_of_input(nil, 0) == -1)
        #expect(a11y_engine_next_deadline(nil) < 0 && a11y_engine_set_braille_width(nil, 40) == -1)
        #expect(a11y_engine_take_speech(nil) == nil && a11y_engine_braille(nil) == nil && a11y_engine_screen(nil, 80) == nil)
        #expect(a11y_engine_outcome(nil) == -1 && a11y_engine_values(nil, nil, 0) == -1 && a11y_engine_result_line(nil) == nil)
        a11y_engine_free(nil)
        a11y_free(nil)
        #expect(a11y_range_run(nil, nil, nil) == -1 && lastError.contains("must not be NULL"))
        #expect(a11y_stepper_run(nil, nil) == -1)

        let engine = try #require(makeEngine(["stepper"]))
        defer { a11y_engine_free(engine) }
        #expect(a11y_engine_feed_bytes(engine, nil, 3, 0) == -1)
        #expect(a11y_engine_feed_bytes(engine, "+", 1, .nan) == -2 && lastError.contains("finite"))
        #expect(a11y_engine_feed_bytes(engine, "+", 1, -1) == -2)
        #expect(a11y_engine_feed_bytes(engine, "+", -1, 0) == -2)
        #expect(a11y_engine_feed_braille(engine, nil, 0, 0) == -1)
        #expect(a11y_engine_feed_braille(engine, "ROUTE", -1, 0) == -2)
        #expect(a11y_engine_feed_braille(engine, "no such; thing", 0, 0) == -2)
        #expect(a11y_engine_set_braille_width(engine, -1) == -2 && a11y_engine_set_braille_width(engine, 1001) == -2)
        #expect(a11y_engine_screen(engine, 0) == nil)
        #expect(a11y_engine_values(engine, nil, 2) == -1 && a11y_engine_values(engine, nil, -1) == -2)
        #expect(a11y_engine_values(engine, nil, 0) == 1)   // how many there are
        // Nothing half-done: the stepper is untouched by the refused calls.
        #expect(take(a11y_engine_result_line(engine)) == "1")

        // Bad options: NULL engine and the CLI's message.
        #expect(makeEngine(["stepper", "--min", "x"]) == nil)
        #expect(lastError == "Error: The value 'x' is invalid for '--min <n>': not a number")
        #expect(makeEngine(["--rangebox", "t", "1", "1", "0", "9", "3"]) == nil && lastError.contains("--rangebox"))
        #expect(makeEngine(["--help"]) == nil)
        #expect(withArguments(["range"]) { a11y_stepper_run($0, nil) } == -1)
        var value = 0.0
        #expect(withArguments(["range"]) { a11y_stepper_run($0, &value) } == -2 && lastError == "Error: Unexpected argument 'range'")
        #expect(withArguments(["--step", "0"]) { a11y_stepper_run($0, &value) } == -2 && lastError.contains("'--step <n>'"))
    }
}
