#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CDBus

/// A private connection to a D-Bus message bus (the user's session bus) through libdbus-1's
/// public API, loaded when the first connection is made (`Sources/CDBus/shim.h`). Every call
/// waits at most its timeout: a bus or a service that stopped answering costs the caller that
/// long once, never more. One connection is used by one thread at a time.
package final class DBusSession: @unchecked Sendable {
    // @unchecked Sendable: the connection is used by one thread at a time (the detection's, then
    // the speech queue's); nothing here is shared between threads.

    /// Why a call did not give an answer.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// libdbus-1 cannot be loaded, the address is unusable or the bus refused the connection.
        case unavailable(String)
        /// No answer within the timeout (the bus or the service stopped answering).
        case timedOut(method: String, after: Duration)
        /// The service answered with an error (its name, as `org.freedesktop.DBus.Error.ServiceUnknown`).
        case error(method: String, name: String, message: String)
        /// The answer was not of the type the method returns.
        case unexpectedAnswer(method: String)

        package var description: String {
            switch self {
            case .unavailable(let why): "the session bus cannot be reached: \(why)"
            case let .timedOut(method, after): "\(method) got no answer in \(after.milliseconds) ms"
            case let .error(method, name, message): "\(method) failed: \(name)" + (message.isEmpty ? "" : " (\(message))")
            case .unexpectedAnswer(let method): "\(method) answered with an unexpected type"
            }
        }
    }

    /// What a method is given: nothing, a string, a boolean, or a string and a boolean.
    package enum Arguments: Sendable {
        case none
        case string(String)
        case bool(Bool)
        case stringAndBool(String, Bool)
    }

    /// The message bus itself (org.freedesktop.DBus).
    static let bus = (name: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus")

    private let connection: OpaquePointer
    /// The longest any call waits unless told otherwise.
    package let timeout: Duration

    /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/user/1000/bus`)
    /// and says hello, waiting at most `timeout` for the bus.
    package init(address: String, timeout: Duration) throws(Failure) {
        if let why = a11y_dbus_library_error() { throw .unavailable("libdbus-1 cannot be loaded: \(String(cString: why))") }
        guard !address.isEmpty else { throw .unavailable("the address is empty") }
        guard let connection = a11y_dbus_open(address, Int32(clamping: max(1, timeout.milliseconds))) else {
            throw .unavailable("no connection to \(address), or the bus did not authenticate it in \(timeout.milliseconds) ms")
        }
        self.connection = connection
        self.timeout = timeout
        // The bus takes no other message before Hello (libdbus's dbus_bus_register sends it too,
        // but with a 25 s timeout). Every property is set: when this throws, deinit closes.
        _ = try call(Self.bus.name, Self.bus.path, Self.bus.interface, "Hello", answer: String.self)
    }

    deinit { a11y_dbus_close(connection) }

    /// The session bus's address from the environment (DBUS_SESSION_BUS_ADDRESS); nil when unset:
    /// no D-Bus session (a console, ssh), and libdbus-1 is never loaded.
    package static func sessionAddress(in environment: [String: String]) -> String? {
        environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether `name` has an owner on the bus (NameHasOwner).
    package func nameHasOwner(_ name: String) throws(Failure) -> Bool {
        try call(Self.bus.name, Self.bus.path, Self.bus.interface, "NameHasOwner", .string(name), answer: Bool.self)
    }

    /// The process that owns `name` (GetConnectionUnixProcessID).
    package func processID(owning name: String) throws(Failure) -> Int32 {
        Int32(truncatingIfNeeded: try call(Self.bus.name, Self.bus.path, Self.bus.interface, "GetConnectionUnixProcessID",
                                           .string(name), answer: UInt32.self))
    }

    /// Calls `method` of `interface` on `path` of `destination` and returns its first answer,
    /// waiting at most `timeout` (nil: the session's).
    package func call<Answer: DBusAnswer>(_ destination: String, _ path: String, _ interface: String, _ method: String,
                                          _ arguments: Arguments = .none, answer: Answer.Type,
                                          timeout: Duration? = nil) throws(Failure) -> Answer {
        let limit = timeout ?? self.timeout
        let (signature, text, flag): (String, String, Bool) = switch arguments {
        case .none: ("", "", false)
        case .string(let text): ("s", text, false)
        case .bool(let flag): ("b", "", flag)
        case .stringAndBool(let text, let flag): ("sb", text, flag)
        }
        let milliseconds = Int32(clamping: max(1, limit.milliseconds))
        guard let reply = a11y_dbus_call(connection, destination, path, interface, method, signature, text, flag ? 1 : 0, milliseconds) else {
            throw .unavailable("the connection to the bus is closed")
        }
        defer { a11y_dbus_release(reply) }
        if let errorName = a11y_dbus_error_name(reply) {
            let name = String(cString: errorName)
            if name == "org.freedesktop.DBus.Error.NoReply" || name == "org.freedesktop.DBus.Error.Timeout" {
                throw .timedOut(method: method, after: limit)
            }
            throw .error(method: method, name: name, message: a11y_dbus_reply_string(reply).map { String(cString: $0) } ?? "")
        }
        guard let answer = Answer(reply: reply) else { throw .unexpectedAnswer(method: method) }
        return answer
    }
}

/// A type a D-Bus method answers with (its reply's first argument).
package protocol DBusAnswer {
    /// The reply's first argument, nil when it is of another type.
    init?(reply: OpaquePointer)
}

extension Bool: DBusAnswer {
    package init?(reply: OpaquePointer) {
        let value = a11y_dbus_reply_bool(reply)
        guard value >= 0 else { return nil }
        self = value == 1
    }
}

extension String: DBusAnswer {
    package init?(reply: OpaquePointer) {
        guard let text = a11y_dbus_reply_string(reply) else { return nil }
        self = String(cString: text)
    }
}

extension UInt32: DBusAnswer {
    package init?(reply: OpaquePointer) {
        let value = a11y_dbus_reply_uint32(reply)
        guard value >= 0 else { return nil }
        self = UInt32(value)
    }
}

extension Duration {
    /// The whole milliseconds in this duration.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
