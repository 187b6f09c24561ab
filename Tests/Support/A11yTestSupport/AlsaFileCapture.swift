import Foundation

/// A temporary $HOME whose `.asoundrc` defines the ALSA PCM `captured`: ALSA's `file` plugin over
/// the `null` device, writing what a program plays to `wav` (docs/servers.md, "Sound without a
/// sound card"). Give a program `HOME=home` and `--tones-device captured`.
package final class AlsaFileCapture: Sendable {
    /// The PCM's name.
    package static let device = "captured"
    package let home: String
    /// The WAV file (its header's lengths are final only once the PCM is closed).
    package let wav: String

    package init(name: String) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-\(name)-\(getpid())").path
        wav = home + "/tones.wav"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try """
        pcm.\(Self.device) {
          type file
          slave.pcm "null"
          file "\(wav)"
          format "wav"
        }
        """.write(toFile: home + "/.asoundrc", atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: home) }

    /// The WAV file's size in bytes; -1 before the PCM is opened.
    package var size: Int {
        var info = stat()
        return stat(wav, &info) == 0 ? Int(info.st_size) : -1
    }
}
