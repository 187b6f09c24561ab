import Foundation
import Synchronization
import VirtualDisplayClient

/// The lines speech-dispatcher's capture module appends to its file (one per utterance), from
/// the moment this value was made: earlier lines are ignored. Each line is timestamped when it
/// is first seen, by whichever call reads the file (or by `watch`'s thread).
package final class CaptureFile: Sendable {
    /// One utterance.
    package struct Line: Sendable, Equatable {
        package var text: String
        /// When this reader first saw it.
        package var time: ContinuousClock.Instant
    }

    private struct State {
        var offset: off_t
        var pending: [UInt8] = []
        var lines: [Line] = []
    }

    package let path: String
    private let descriptor: Int32
    private let state: Mutex<State>
    private let watching = Atomic<Bool>(false)
    private let paused = Atomic<Bool>(false)

    /// The file `Servers.captureFile` names.
    package convenience init() throws {
        try self.init(path: try Servers.captureFile)
    }

    package init(path: String) throws {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FixtureError("cannot open the capture file \(path): speech-dispatcher is not running? \(Servers.advice)")
        }
        state = Mutex(State(offset: lseek(descriptor, 0, SEEK_END)))
    }

    deinit {
        watching.store(false, ordering: .relaxed)
        close(descriptor)
    }

    /// Reads what was appended since the last look, and timestamps the new lines now.
    package func refresh() {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return }
        state.withLock { state in
            guard info.st_size > state.offset else { return }
            let now = ContinuousClock.now
            var buffer = [UInt8](repeating: 0, count: Int(info.st_size - state.offset))
            let count = pread(descriptor, &buffer, buffer.count, state.offset)
            guard count > 0 else { return }
            state.offset += off_t(count)
            state.pending.append(contentsOf: buffer[0..<count])
            while let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                state.lines.append(Line(text: String(decoding: state.pending[..<newline], as: UTF8.self), time: now))
                state.pending.removeSubrange(...newline)
            }
        }
    }

    /// How many lines were seen so far (an index for `lines(from:)` and `waitForLine(from:)`).
    package var count: Int {
        refreshUnlessWatched()
        return state.withLock { $0.lines.count }
    }

    /// The lines written since this value was made.
    package var lines: [String] { lines(from: 0).map(\.text) }

    /// The lines after the first `index` ones, with the times they were seen.
    package func lines(from index: Int) -> [Line] {
        refreshUnlessWatched()
        return state.withLock { Array($0.lines.dropFirst(index)) }
    }

    /// Waits until the lines satisfy `condition`; returns them (satisfied or not) at the end.
    @discardableResult
    package func waitForLines(timeout: Duration = Polling.hang, file: String = #fileID, line: Int = #line,
                              _ condition: ([String]) -> Bool) -> [String] {
        Polling.until(timeout: timeout, every: .milliseconds(2), file: file, line: line) { () -> [String]? in
            let current = lines
            return condition(current) ? current : nil
        } ?? lines
    }

    /// Waits for the first line after the first `index` ones that satisfies `condition`,
    /// looking every `interval`.
    package func waitForLine(from index: Int, timeout: Duration = Polling.hang, every interval: Duration = .milliseconds(2),
                            file: String = #fileID, line: Int = #line,
                            _ condition: (String) -> Bool = { _ in true }) -> Line? {
        Polling.until(timeout: timeout, every: interval, file: file, line: line) { lines(from: index).first { condition($0.text) } }
    }

    /// Reads the file now, unless `watch`'s thread does (then it is the one reader, and a waiter
    /// only looks at what it found).
    private func refreshUnlessWatched() {
        if !watching.load(ordering: .relaxed) { refresh() }
    }

    /// Starts a thread that reads the file as soon as it grows, so that each line's time is when
    /// it was written, whoever waits for it: woken by inotify, it takes no CPU between lines (a
    /// thread that polls the file often enough takes a large part of a core, and moves the
    /// servers' threads onto the measured program's core). Where inotify cannot watch
    /// the file, it reads it every `interval` (while not paused).
    package func watch(every interval: Duration) {
        guard !watching.exchange(true, ordering: .relaxed) else { return }
        let events = inotify_init1(Int32(IN_CLOEXEC))
        if events >= 0, inotify_add_watch(events, path, UInt32(IN_MODIFY)) >= 0 {
            Thread { [weak self] in
                var buffer = [UInt8](repeating: 0, count: 4096)
                while read(events, &buffer, buffer.count) > 0 {
                    guard let self, self.watching.load(ordering: .relaxed) else { break }
                    self.refresh()
                }
                close(events)
            }.start()
            return
        }
        if events >= 0 { close(events) }
        Thread { [weak self] in
            while let self, self.watching.load(ordering: .relaxed) {
                if self.paused.load(ordering: .relaxed) {
                    Polling.sleep(for: .milliseconds(10))
                } else {
                    self.refresh()
                    Polling.sleep(for: interval)
                }
            }
        }.start()
    }

    /// Pauses or resumes `watch`'s thread (paused while a benchmark needs the CPUs idle).
    package func setPaused(_ value: Bool) { paused.store(value, ordering: .relaxed) }
}
