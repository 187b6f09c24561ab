import A11yTestSupport
import Foundation
import VirtualDisplayClient
import Testing

/// --print-partial and --timeout in a real terminal (tmux): the control is drawn on /dev/tty while
/// stdout, a file here, receives the values as they change.
@Suite struct UnixToolTerminalTests {
    static let quiet = ["--speech", "off", "--braille", "off"]

    @Test func printPartialInATerminal() throws {
        let demo = try DemoInTmux(["range", "--print-partial"] + Self.quiet, environment: ["A11Y_CONTROLS_CONFIG": "/dev/null"])
        demo.waitForScreen { $0.contains("range: 10 to 90") }
        try demo.send("Right")
        #expect(Polling.until(timeout: Polling.hang, every: .milliseconds(5)) { demo.stdout == "11 90\n" })
        try demo.send("Tab", "Left")
        #expect(Polling.until(timeout: Polling.hang, every: .milliseconds(5)) { demo.stdout == "11 90\n11 89\n" })
        try demo.send("Enter")
        #expect(demo.waitForExit() == 0)
        #expect(demo.stdout == "11 90\n11 89\n11 89\n")
    }

    @Test func timeoutInATerminalRestoresItAndExits124() throws {
        let demo = try DemoInTmux(["stepper", "--timeout", "1"] + Self.quiet, environment: ["A11Y_CONTROLS_CONFIG": "/dev/null"])
        demo.waitForScreen { $0.contains("value") }
        #expect(demo.waitForExit() == 124)
        #expect(demo.stdout.isEmpty)
    }
}
