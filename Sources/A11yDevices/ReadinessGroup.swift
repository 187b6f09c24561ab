import CSystem
import Glibc

/// Several descriptors behind one (an epoll instance): readable while any of them is ready as it
/// is waited for. A host program's loop waits on this one descriptor instead of a set that
/// changes (BRLTTY reconnected, speech-dispatcher's socket made again); `set(_:)` brings the set
/// up to date.
package final class ReadinessGroup {
    /// The epoll descriptor; -1 when none could be made.
    package let descriptor: Int32
    private var members: [Int32: Bool] = [:]

    package init() {
        descriptor = a11y_epoll_create()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Waits on exactly `entries` from now on (level-triggered: the group stays readable while a
    /// member is). A member closed and made again under the same number is added again.
    package func set<Name>(_ entries: [(descriptor: Int32, interest: NamedDescriptors<Name>.Interest)]) {
        guard descriptor >= 0 else { return }
        var wanted: [Int32: Bool] = [:]
        for entry in entries where entry.descriptor >= 0 { wanted[entry.descriptor] = entry.interest == .hangUp }
        for old in members.keys where wanted[old] == nil {
            _ = a11y_epoll_control(descriptor, Int32(A11Y_EPOLL_DEL), old, 0)
        }
        for (fd, hangUp) in wanted {
            // Modified when known (it may have been closed and dropped by the kernel: added then).
            if members[fd] == nil || a11y_epoll_control(descriptor, Int32(A11Y_EPOLL_MOD), fd, hangUp ? 1 : 0) != 0 {
                _ = a11y_epoll_control(descriptor, Int32(A11Y_EPOLL_ADD), fd, hangUp ? 1 : 0)
            }
        }
        members = wanted
    }
}
