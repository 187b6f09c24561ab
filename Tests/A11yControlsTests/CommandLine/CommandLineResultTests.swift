import Testing
import A11yControls
import A11yOptions

@Suite("CLI results: plain and JSON lines")
struct CommandLineResultTests {
    func slider(_ arguments: [String]) throws -> RangeSlider { try #require(parsedRange(["range"] + arguments)).slider }
    func stepper(_ arguments: [String]) throws -> Stepper { try #require(parsedStepper(["stepper"] + arguments)).stepper }

    @Test("range: LOWER UPPER, digits follow the step")
    func range() throws {
        let plain = ResultFormatter(), json = ResultFormatter(json: true)
        #expect(plain.line(for: .range(try slider([]))) == "10 90")
        #expect(json.line(for: .range(try slider([]))) == #"{"control":"range","lower":10,"upper":90}"#)
        let fine = try slider(["--min", "0", "--max", "1", "--step", "0.05", "--lower", "0.1", "--upper", "0.85"])
        #expect(plain.line(for: .range(fine)) == "0.10 0.85")
        #expect(json.line(for: .range(fine)) == #"{"control":"range","lower":0.10,"upper":0.85}"#)
        let big = try slider(["--min", "0", "--max", "5000000", "--step", "5", "--lower", "1234565"])
        #expect(plain.line(for: .range(big)) == "1234565 4500000")
        let negative = try slider(["--min", "-1", "--max", "1", "--step", "0.5", "--lower", "-0.5", "--upper", "0"])
        #expect(plain.line(for: .range(negative)) == "-0.5 0.0")
    }

    @Test("range with one handle: VALUE")
    func single() throws {
        let s = try slider(["--single", "--value", "42"])
        #expect(ResultFormatter().line(for: .range(s)) == "42")
        #expect(ResultFormatter(json: true).line(for: .range(s)) == #"{"control":"range","value":42}"#)
    }

    @Test("stepper: VALUE")
    func stepperValue() throws {
        #expect(ResultFormatter().line(for: .stepper(try stepper(["--value", "5"]))) == "5")
        #expect(ResultFormatter(json: true).line(for: .stepper(try stepper(["--value", "5"]))) == #"{"control":"stepper","value":5}"#)
        #expect(ResultFormatter().line(for: .stepper(try stepper(["--min", "0", "--max", "2", "--step", "0.25", "--value", "1.5"]))) == "1.50")
        #expect(ResultFormatter().line(for: .stepper(try stepper(["--format", "decimal:3", "--value", "7"]))) == "7.000")
    }

    @Test("-0 is written 0")
    func negativeZero() throws {
        let s = try stepper(["--min", "-2", "--max", "2", "--value", "-0"])
        #expect(ResultFormatter().line(for: .stepper(s)) == "0")
        #expect(ResultFormatter.number(-0.0, s) == "0")
        #expect(ResultFormatter.number(-0.0001, s) == "0")
    }

    @Test("showcase: LOWER UPPER VALUE")
    func showcase() throws {
        let result = DemoResult.showcase(range: RangeInvocation().slider, stepper: StepperInvocation().stepper)
        #expect(ResultFormatter().line(for: result) == "10 90 1")
        #expect(ResultFormatter(json: true).line(for: result)
                == #"{"control":"showcase","range":{"lower":10,"upper":90},"stepper":{"value":1}}"#)
    }

    @Test("no grouping and '.' whatever the locale")
    func noGrouping() throws {
        let s = try stepper(["--min", "0", "--max", "9999999", "--step", "0.5", "--value", "1234567.5"])
        #expect(ResultFormatter().line(for: .stepper(s)) == "1234567.5")
    }
}
