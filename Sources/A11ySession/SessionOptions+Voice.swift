import A11yDevices

extension SessionOptions {
    /// The voice these options give with `reader` on the terminal: Fenrir is told the words
    /// through its socket only when `speechThroughReader` allows and speech is not off (with
    /// `--speech off` the words stay off every speech channel of the control's own, and a reader
    /// of screen changes reads them from the words line). `a11y-demo --diagnose` reports it.
    package func voice(for reader: ScreenReader?) -> Voice {
        Voice(for: reader, tellReader: speechThroughReader && speech != .off)
    }
}
