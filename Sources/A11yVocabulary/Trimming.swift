extension Substring {
    /// Without the spaces, tabs and carriage returns at either end (`UInt8.isBlankSpace`): the
    /// trimming of the preferences file and the formatter specs (the catalogs trim the same
    /// blanks as byte ranges). It looks at UTF-8 bytes (every blank is ASCII): trimming
    /// Characters from both ends through reversed views is slow enough to show in a11y-demo's
    /// start-up.
    package var trimmingSpaces: Substring {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !$0.isBlankSpace }), let last = bytes.lastIndex(where: { !$0.isBlankSpace }) else {
            return self[endIndex...]
        }
        return Substring(bytes[first...last])
    }
}

extension String {
    /// Without the spaces, tabs and carriage returns at either end.
    package var trimmingSpaces: Substring { self[...].trimmingSpaces }
}

extension UInt8 {
    /// A space, tab or carriage return: a blank that `trimmingSpaces` removes.
    @inlinable package var isBlankSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0D }
}
