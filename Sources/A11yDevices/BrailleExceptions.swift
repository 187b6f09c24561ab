import CBrl
import Synchronization
import A11yVocabulary

/// Errors BrlAPI reports asynchronously (for example a rejected write), per connection.
///
/// BrlAPI's default exception handler prints the packet and calls abort(). The handler installed
/// here records the server's text instead, keyed by handle, and the connection throws it from its
/// next call. The handler is a C function pointer without a context argument, hence the table.
enum BrailleExceptions {
    private static let pending = Mutex<[UInt: String]>([:])

    /// Installs the recording handler on a connected handle.
    static func install(on handle: OpaquePointer) {
        _ = a11y_brlapi__setExceptionHandler(handle) { handle, error, type, packet, size in
            guard let handle else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = a11y_brlapi__strexception(handle, &buffer, buffer.count, error, type, packet, size)
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            BrailleExceptions.record(text, for: handle)
        }
    }

    static func record(_ text: String, for handle: OpaquePointer) {
        pending.withLock { $0[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))] = text }
    }

    /// The exception recorded for `handle` since the last call, if any (and forgets it).
    static func take(for handle: OpaquePointer) -> String? {
        pending.withLock { $0.removeValue(forKey: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))) }
    }
}
