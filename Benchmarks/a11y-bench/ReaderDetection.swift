import A11yControls
import Glibc

/// What `--screen-reader auto` costs a start: `ScreenReaderDetection.detect` as a11y-demo runs it,
/// in this machine's environment (a console session: the ancestors, Fenrir's daemon socket,
/// speakup), and as in a graphical session (DISPLAY set: this user's processes are listed to
/// look for Orca). Medians of `runs` calls, in microseconds.
func measureReaderDetection(runs: Int) -> (console: Stats, graphical: Stats, processes: Int) {
    var console = Environment.all
    for name in ["DISPLAY", "WAYLAND_DISPLAY", "SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"] { console[name] = nil }
    let graphical = console.merging(["DISPLAY": ":99"]) { $1 }
    let clock = ContinuousClock()
    func time(_ environment: [String: String]) -> Stats {
        Stats((0..<runs).map { _ in
            let start = clock.now
            _ = ScreenReaderDetection.detect(environment: environment)
            return (clock.now - start).ms * 1000
        })
    }
    let processes = ProcessTable().processes(of: getuid()).count
    return (time(console), time(graphical), processes)
}

