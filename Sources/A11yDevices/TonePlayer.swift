#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CAlsa
import Synchronization
import A11yVocabulary

/// Plays `Tone`s through ALSA on a thread of its own, so no key, braille frame or utterance ever
/// waits for sound. The newest tones win: tones asked for while others still wait are dropped
/// (a held key never builds a backlog). The PCM is opened on that thread too (PulseAudio's ALSA
/// plugin may take a while); when it cannot be, `onFailure` is told once, and tones stay off.
///
/// 44.1 kHz, 16-bit, stereo; each tone is followed by 10 ms of silence.
package final class TonePlayer: Sendable {
    package static let sampleRate = 44_100

    private struct State {
        var pending: [Tone] = []
        var closing = false
        var failed = false
    }

    /// A POSIX semaphore at a fixed address.
    private struct Semaphore: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<sem_t>
        init() {
            pointer = .allocate(capacity: 1)
            sem_init(pointer, 0, 0)
        }
        func post() { sem_post(pointer) }
        func wait() { while sem_wait(pointer) != 0 && errno == EINTR {} }
        /// False after `timeout`.
        func wait(atMost timeout: Duration) -> Bool {
            var deadline = timespec()
            clock_gettime(CLOCK_REALTIME, &deadline)
            let (seconds, attoseconds) = timeout.components
            let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
            deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
            deadline.tv_nsec = nanoseconds % 1_000_000_000
            while sem_timedwait(pointer, &deadline) != 0 {
                if errno != EINTR { return false }
            }
            return true
        }
    }

    private let state = Mutex(State())
    private let wake = Semaphore()
    private let finished = Semaphore()
    /// The PCM's name ("default" unless `--tones-device` names another).
    package let device: String
    /// Called (on the player's thread) after the first samples of each plan are written: for the
    /// benchmark's key-to-tone figure.
    private let onWritten: (@Sendable () -> Void)?

    /// Starts the player's thread, which opens `device` (nil: ALSA's "default").
    package init(device: String? = nil, onFailure: @escaping @Sendable (String) -> Void,
                onWritten: (@Sendable () -> Void)? = nil) {
        self.device = device ?? "default"
        self.onWritten = onWritten
        let started = DetachedThread.start { [self] in run(onFailure: onFailure) }
        if !started {
            state.withLock { $0.failed = true }
            finished.post()
            onFailure("no thread for the tones; tones off")
        }
    }

    /// Plays `tones` after the one sounding now, in place of any still waiting. Returns at once.
    package func play(_ tones: [Tone]) {
        guard !tones.isEmpty else { return }
        let live = state.withLock { state -> Bool in
            guard !state.failed, !state.closing else { return false }
            state.pending = tones
            return true
        }
        if live { wake.post() }
    }

    /// Plays what is waiting, closes the PCM and ends the thread; waits at most `timeout`.
    package func close(atMost timeout: Duration = .seconds(1)) {
        let first = state.withLock { state -> Bool in
            defer { state.closing = true }
            return !state.closing
        }
        guard first else { return }
        wake.post()
        _ = finished.wait(atMost: timeout)
    }

    private func run(onFailure: @Sendable (String) -> Void) {
        defer { finished.post() }
        if let error = a11y_alsa_load_error() {
            state.withLock { $0.failed = true; $0.pending = [] }
            onFailure("no ALSA for the tones (\(String(cString: error))); tones off")
            return
        }
        a11y_alsa_silence_errors()
        var handle: OpaquePointer?
        var result = a11y_snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        if result >= 0, let handle {
            result = a11y_snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 2,
                                             UInt32(Self.sampleRate), 1, 50_000)
            // set_params starts the stream only once its buffer is full: a lone tone would wait
            // for the next. Start as soon as the first frames are written.
            if result >= 0 { result = Self.startAtOnce(handle) }
            if result < 0 { a11y_snd_pcm_close(handle) }
        }
        guard result >= 0, let pcm = handle else {
            state.withLock { $0.failed = true; $0.pending = [] }
            onFailure("no sound device '\(device)' (\(String(cString: a11y_snd_strerror(result)))); tones off")
            return
        }
        defer {
            a11y_snd_pcm_drain(pcm)
            a11y_snd_pcm_close(pcm)
        }
        while true {
            wake.wait()
            let (tones, closing) = state.withLock { state in
                defer { state.pending = [] }
                return (state.pending, state.closing)
            }
            if !tones.isEmpty {
                // Drained after each plan (below): the stream is stopped, so prepare it again.
                a11y_snd_pcm_prepare(pcm)
                for (index, tone) in tones.enumerated() {
                    write(Self.samples(of: tone, rate: Self.sampleRate), to: pcm)
                    if index == 0 { onWritten?() }
                }
                // Let the plan play out and stop cleanly: no underrun while idle, and ALSA's
                // plugins (the `file` one too) pass every sample on.
                a11y_snd_pcm_drain(pcm)
            }
            if closing { return }
        }
    }

    private static func startAtOnce(_ pcm: OpaquePointer) -> Int32 {
        var parameters: OpaquePointer?
        var result = a11y_snd_pcm_sw_params_malloc(&parameters)
        guard result >= 0, let parameters else { return result }
        defer { a11y_snd_pcm_sw_params_free(parameters) }
        result = a11y_snd_pcm_sw_params_current(pcm, parameters)
        if result >= 0 { result = a11y_snd_pcm_sw_params_set_start_threshold(pcm, parameters, 1) }
        if result >= 0 { result = a11y_snd_pcm_sw_params(pcm, parameters) }
        return result
    }

    private func write(_ samples: [Int16], to pcm: OpaquePointer) {
        var offset = 0
        let frames = samples.count / 2
        while offset < frames {
            let written = samples.withUnsafeBufferPointer { buffer in
                a11y_snd_pcm_writei(pcm, buffer.baseAddress! + offset * 2, snd_pcm_uframes_t(frames - offset))
            }
            if written < 0 {
                // An underrun (nothing played for a while) or a suspend: recover and go on.
                guard a11y_snd_pcm_recover(pcm, Int32(written), 1) >= 0 else { return }
                continue
            }
            offset += Int(written)
        }
    }

    /// Interleaved stereo samples of `tone`, with a 5 ms fade at each end (no clicks), then
    /// 10 ms of silence. Equal-power panning.
    package static func samples(of tone: Tone, rate: Int) -> [Int16] {
        let count = max(1, rate * tone.milliseconds / 1000)
        let fade = max(1, min(count / 2, rate * 5 / 1000))
        // Pan and volume held to their ranges, and a pitch that is not a number made silent: a
        // sample beyond 16 bits would trap in its conversion.
        let angle = (min(1, max(-1, tone.pan.isNaN ? 0 : tone.pan)) + 1) * Double.pi / 4
        let volume = tone.frequency.isFinite ? min(1, max(0, tone.volume.isNaN ? 0 : tone.volume)) : 0
        let gains = (left: cos(angle) * volume, right: sin(angle) * volume)
        let step = tone.frequency.isFinite ? 2 * Double.pi * tone.frequency / Double(rate) : 0
        var out: [Int16] = []
        out.reserveCapacity((count + rate / 100) * 2)
        for i in 0..<count {
            let wave = sin(step * Double(i))
            let shaped = tone.wave == .sine ? wave : (wave >= 0 ? 0.7 : -0.7)
            let envelope = min(1, Double(min(i, count - 1 - i)) / Double(fade))
            let sample = shaped * envelope * 32_767
            out.append(Int16(sample * gains.left))
            out.append(Int16(sample * gains.right))
        }
        out += [Int16](repeating: 0, count: rate / 100 * 2)
        return out
    }
}
