import Testing
@testable import A11ySession
import A11yTestSupport

@Suite struct SessionOptionsTests {
    @Test func theProgramNameIsTheBasenameOfTheExecutable() {
        let name = SessionOptions().programName
        #expect(!name.isEmpty && !name.contains("/"))
        if let first = CommandLine.arguments.first, !first.isEmpty {
            #expect(first.hasSuffix(name))
        }
    }

    @Test func aReportOfItsOwnReplacesTheStandardOne() {
        let lines = RecordedLines()
        var options = SessionOptions()
        options.programName = "my-tool"
        options.report = { lines.append($0) }
        options.report("speech is back")
        #expect(lines.lines == ["speech is back"])
    }
}
