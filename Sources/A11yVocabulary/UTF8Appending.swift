extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text` in one copy. (`+= text.utf8` goes through the view's
    /// generic sequence path, and byte by byte costs more still: the screen's and the braille
    /// line's pieces, about 150 bytes on every key.)
    package mutating func append(utf8Of text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
