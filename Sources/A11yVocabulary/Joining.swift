extension String {
    /// `parts` one after another, copied once into a string of the right size: what `+` and
    /// interpolation make piece by piece (a growth and a copy for each piece). The presenters
    /// build a few short lines this way on every key. (The standard library's `joined()` grows
    /// its result as it goes.)
    @inlinable
    package init(joining parts: [String]) {
        var count = 0
        for part in parts { count += part.utf8.count }
        guard count > 0 else {
            self = ""
            return
        }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            for part in parts {
                let copied = part.utf8.withContiguousStorageIfAvailable { bytes in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(from: bytes)
                    return bytes.count
                }
                if let copied {
                    end += copied
                } else {
                    for byte in part.utf8 {
                        buffer[end] = byte
                        end += 1
                    }
                }
            }
            return end
        }
    }

    /// `String(joining: [parts...])`.
    @inlinable
    package init(joining parts: String...) {
        self.init(joining: parts)
    }
}
