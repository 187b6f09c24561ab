/// A failure to reach BRLTTY's vr socket or to talk to it, with the reason the system gave.
package struct VirtualDisplayError: Error, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
