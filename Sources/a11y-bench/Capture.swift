import Foundation
import Synchronization

/// Watches the capture module's file (one line per utterance) and timestamps each new line when
/// it is first seen. A thread polls the file's size every 50 µs while the watcher runs; the speech
/// floor and key-to-speech use the same watcher, so its polling cost is in both figures.
final class CaptureWatcher: Sendable {
    let path: String
    private let lines = Mutex<[(text: String, time: ContinuousClock.Instant)]>([])
    private let running = Atomic<Bool>(true)
    private let stopped = Atomic<Bool>(false)

    init(path: String) {
        self.path = path
        Thread { [self] in pollLoop() }.start()
    }

    private let paused = Atomic<Bool>(false)

    /// Pauses or resumes polling (paused during idle measurements, so the bench leaves the CPUs alone).
    func setPaused(_ value: Bool) { paused.store(value, ordering: .relaxed) }

    var count: Int { lines.withLock { $0.count } }

    func lines(from index: Int) -> [(text: String, time: ContinuousClock.Instant)] {
        lines.withLock { Array($0.dropFirst(index)) }
    }

    /// Waits for the first line at or after `index` that satisfies `condition`.
    func waitForLine(from index: Int, timeout: Duration = .seconds(5), _ condition: (String) -> Bool = { _ in true })
        -> (text: String, time: ContinuousClock.Instant)? {
        let deadline = ContinuousClock.now + timeout
        repeat {
            if let line = lines.withLock({ $0.dropFirst(index).first { condition($0.text) } }) { return line }
            usleep(50)
        } while ContinuousClock.now < deadline
        return nil
    }

    private func pollLoop() {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { stopped.store(true, ordering: .relaxed); return }
        defer { close(fd); stopped.store(true, ordering: .relaxed) }
        var offset = lseek(fd, 0, SEEK_END)
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var info = stat()
        while running.load(ordering: .relaxed) {
            if paused.load(ordering: .relaxed) { usleep(10_000); continue }
            if fstat(fd, &info) == 0, info.st_size > offset {
                let now = ContinuousClock.now
                let count = pread(fd, &buffer, buffer.count, offset)
                if count > 0 {
                    offset += off_t(count)
                    pending.append(contentsOf: buffer[0..<count])
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = String(decoding: pending[..<newline], as: UTF8.self)
                        pending.removeSubrange(...newline)
                        lines.withLock { $0.append((line, now)) }
                    }
                }
                continue
            }
            usleep(50)
        }
    }
}

private let captureCache = Mutex<CaptureWatcher?>(nil)

/// The bench's one watcher of the capture file.
func sharedCapture() throws -> CaptureWatcher {
    try captureCache.withLock { cached in
        if let cached { return cached }
        let watcher = CaptureWatcher(path: try serverVariable("A11Y_CAPTURE_FILE"))
        cached = watcher
        return watcher
    }
}
