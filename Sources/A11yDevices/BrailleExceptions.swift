import CBrl
import Synchronization
import A11yVocabulary

/// Errors BrlAPI reports asynchronously (for example a rejected write), per connection.
///
/// BrlAPI's default exception handler prints the packet and calls abort(). The handler installed
/// here records the exception instead, keyed by handle, and the connection throws it from its
/// next call (libbrlapi closes the connection after an exception). The handler is a C function
/// pointer without a context argument, hence the table.
enum BrailleExceptions {
    private static let pending = Mutex<[UInt: BrailleError]>([:])

    /// Installs the recording handler on a connected handle.
    static func install(on handle: OpaquePointer) {
        _ = a11y_brlapi__setExceptionHandler(handle) { handle, error, type, packet, size in
            guard let handle else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = a11y_brlapi__strexception(handle, &buffer, buffer.count, error, type, packet, size)
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            BrailleExceptions.record(BrailleError(exception: text, code: error, refusedPacket: type), for: handle)
        }
    }

    static func record(_ exception: BrailleError, for handle: OpaquePointer) {
        pending.withLock { $0[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))] = exception }
    }

    /// The exception recorded for `handle` since the last call, if any (and forgets it); its
    /// `function` is for the caller to set.
    static func take(for handle: OpaquePointer) -> BrailleError? {
        pending.withLock { $0.removeValue(forKey: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))) }
    }
}
