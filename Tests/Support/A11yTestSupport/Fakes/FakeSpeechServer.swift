import Synchronization
import A11yControls

/// A speech server for tests, as a `SpeechService`: it records what each connection said, and
/// the test can make it hang up, go away and come back.
///
/// ```swift
/// let server = FakeSpeechServer()
/// let speech = try SpeechOutput(mode: .auto, service: server, clock: clock, queue: queue) { _ in }
/// server.stop()       // the connection fails at its next call; new ones are refused
/// ```
package final class FakeSpeechServer: SpeechService, Sendable {
    /// What the server heard, in order.
    package enum Event: Sendable, Equatable {
        /// A client connected with these settings.
        case connected(SpeechOutput.Settings)
        case said(String, SpeechPriority)
        case cancelled
        case closed
    }

    /// The error of a refused connection or a call on a dead one.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package var description: String
    }

    private struct State {
        var accepting: Bool
        var attempts = 0
        /// The connection the server still talks to (nil: hung up, or none yet).
        var live: ObjectIdentifier?
        var events: [Event] = []
    }

    private let state: Mutex<State>
    /// Whether a message cuts off the text being said (speech-dispatcher), or waits for it
    /// (Orca's service).
    fileprivate let messageCutsText: Bool

    /// A server that accepts connections, or (`accepting: false`) one that is not running;
    /// `messageCutsText` false: one whose messages wait for the text being said, as Orca's.
    package init(accepting: Bool = true, messageCutsText: Bool = true) {
        state = Mutex(State(accepting: accepting))
        self.messageCutsText = messageCutsText
    }

    /// Everything heard, in order.
    package var events: [Event] { state.withLock { $0.events } }

    /// The texts said, in order.
    package var spoken: [String] {
        events.compactMap { if case .said(let text, _) = $0 { text } else { nil } }
    }

    /// Connection attempts, accepted or refused.
    package var connectionAttempts: Int { state.withLock { $0.attempts } }

    /// True while a connection is open and the server talks to it.
    package var isConnected: Bool { state.withLock { $0.live != nil } }

    /// The server hangs up on the open connection: its next call fails. New connections are
    /// accepted.
    package func hangUp() {
        state.withLock { $0.live = nil }
    }

    /// The server goes away: it hangs up and refuses connections until `start()`.
    package func stop() {
        state.withLock { state in
            state.live = nil
            state.accepting = false
        }
    }

    /// The server is running again: it accepts connections.
    package func start() {
        state.withLock { $0.accepting = true }
    }

    package func connect(settings: SpeechOutput.Settings,
                        onFailure: @escaping @Sendable (any Error) -> Void) throws -> any SpeechConnection {
        let connection = Connection(server: self, onFailure: onFailure)
        try state.withLock { state throws(Failure) in
            state.attempts += 1
            guard state.accepting else { throw Failure(description: "connection refused") }
            state.live = ObjectIdentifier(connection)
            state.events.append(.connected(settings))
        }
        return connection
    }

    /// Records `event` from `connection`; false when the server no longer talks to it.
    fileprivate func record(_ event: Event, from connection: Connection) -> Bool {
        state.withLock { state in
            guard state.live == ObjectIdentifier(connection) else { return false }
            state.events.append(event)
            if event == .closed { state.live = nil }
            return true
        }
    }

    /// One connection to the fake server.
    fileprivate final class Connection: SpeechConnection {
        private let server: FakeSpeechServer
        private let onFailure: @Sendable (any Error) -> Void

        init(server: FakeSpeechServer, onFailure: @escaping @Sendable (any Error) -> Void) {
            self.server = server
            self.onFailure = onFailure
        }

        let socketDescriptor: Int32 = -1
        var messageCutsText: Bool { server.messageCutsText }

        func say(_ text: String, priority: SpeechPriority) { send(.said(text, priority)) }
        func cancel() { send(.cancelled) }
        func flush() {}
        func close() { _ = server.record(.closed, from: self) }

        /// A call on a connection the server hung up on fails, as libspeechd's would.
        private func send(_ event: Event) {
            if !server.record(event, from: self) { onFailure(Failure(description: "the server hung up")) }
        }
    }
}
