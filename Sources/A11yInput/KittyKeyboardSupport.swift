/// What the kitty keyboard query found: the terminal's answer to `CSI ? u` followed by the
/// primary device attributes query `CSI c`, which every terminal answers. A kitty flags reply
/// before the attributes means the protocol is spoken.
package struct KittyKeyboardSupport: Sendable, Equatable {
    /// The query to write: kitty flags, then primary device attributes.
    package static let query = "\u{1B}[?u\u{1B}[c"

    /// Whether the terminal answered `CSI ? u` (before its device attributes).
    package var isSupported: Bool
    /// Keys typed while waiting for the answers, decoded; hand them to the key map.
    package var typedAhead: [KeyEvent]

    package init(isSupported: Bool, typedAhead: [KeyEvent]) {
        self.isSupported = isSupported
        self.typedAhead = typedAhead
    }

    /// Reads the bytes received after the query (answers and typed keys).
    package init(answer bytes: [UInt8]) {
        var decoder = KeyDecoder()
        self.init(isSupported: false, typedAhead: [])
        for input in decoder.decode(bytes) {
            switch input {
            case .reply(.kittyKeyboardFlags): isSupported = true
            case .reply(.primaryDeviceAttributes), .reply(.cursorPosition), .pointer: break
            case .key(let key): typedAhead.append(key)
            }
        }
        typedAhead += decoder.flush()
    }

    /// True once `bytes` hold the device attributes, the answer every terminal gives last.
    package static func isComplete(_ bytes: [UInt8]) -> Bool {
        var decoder = KeyDecoder()
        return decoder.decode(bytes).contains { $0 == .reply(.primaryDeviceAttributes) }
    }
}
