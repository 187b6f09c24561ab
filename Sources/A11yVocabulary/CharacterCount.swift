extension String {
    /// `count` (the characters), without breaking ASCII text into grapheme clusters. The
    /// presenters measure a few short values on every key, nearly always ASCII (`count` breaks
    /// even "10" into grapheme clusters).
    @inlinable
    package var characterCount: Int {
        isOneBytePerCharacter ? utf8.count : count
    }

    /// Whether each byte is a character of its own: ASCII without CR (CR LF is one character).
    @inlinable
    package var isOneBytePerCharacter: Bool {
        func check(_ bytes: some Sequence<UInt8>) -> Bool {
            for byte in bytes where byte >= 0x80 || byte == UInt8(ascii: "\r") { return false }
            return true
        }
        // The bytes in place (the view's own iterator does far more work for each byte).
        return utf8.withContiguousStorageIfAvailable(check) ?? check(utf8)
    }
}
