import Testing
@testable import A11yDevices

/// Which window BRLTTY gives the display to: the terminal the program runs on.
@Suite struct BrailleTTYPathTests {
    /// tty_nr of /dev/ttyN (major 4, minor N) and of /dev/pts/N (major 136).
    private func vt(_ n: Int) -> Int { 4 << 8 | n }
    private func pts(_ n: Int) -> Int { 136 << 8 | n }

    @Test func aLinuxConsoleIsItsVirtualTerminal() {
        #expect(BrailleTTYPath.path(windowPath: nil, windowID: nil, controlVT: "3", controllingTTY: pts(0)) == [3])
        #expect(BrailleTTYPath.path(windowPath: nil, windowID: nil, controlVT: nil, controllingTTY: vt(2)) == [2])
        // CONTROLVT first (screen and other multiplexers set it for the console they run on).
        #expect(BrailleTTYPath.path(windowPath: nil, windowID: nil, controlVT: "5", controllingTTY: vt(2)) == [5])
    }

    @Test func anXTerminalIsItsWindowOnTheXServersConsole() {
        #expect(BrailleTTYPath.path(windowPath: "7", windowID: "41943046", controlVT: nil, controllingTTY: pts(1)) == [7, 41943046])
        #expect(BrailleTTYPath.path(windowPath: "1:7", windowID: "0x2800006", controlVT: nil, controllingTTY: pts(1)) == [1, 7, 0x2800006])
        // Without WINDOWID: the X server's console.
        #expect(BrailleTTYPath.path(windowPath: "7", windowID: nil, controlVT: nil, controllingTTY: pts(1)) == [7])
    }

    @Test func neitherIsTheEmptyPath() {
        #expect(BrailleTTYPath.path(windowPath: nil, windowID: nil, controlVT: nil, controllingTTY: pts(3)) == [])
        #expect(BrailleTTYPath.path(windowPath: nil, windowID: nil, controlVT: nil, controllingTTY: nil) == [])
        #expect(BrailleTTYPath.path(windowPath: nil, windowID: nil, controlVT: nil, controllingTTY: 0) == [])
        // Nonsense is ignored, not guessed.
        #expect(BrailleTTYPath.path(windowPath: "", windowID: "12", controlVT: "x", controllingTTY: vt(64)) == [])
    }

    @Test func thisProcessHasAPath() {
        // The test runs on no console: the path is empty unless the environment names one.
        #expect(BrailleTTYPath.controllingTTYNumber() != nil)
    }
}
