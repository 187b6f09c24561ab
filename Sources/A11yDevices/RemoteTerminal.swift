/// Whether this terminal is reached from another machine, where the user's screen reader (NVDA,
/// JAWS, Narrator, VoiceOver) runs and reads the terminal's text, and where this machine's
/// speech-dispatcher and BRLTTY are not heard.
package struct RemoteTerminal: Sendable, Equatable {
    /// How it is reached: "ssh" or "WSL".
    package var via: String
    /// The variable that says so.
    package var evidence: String

    /// Over ssh (SSH_CONNECTION, SSH_TTY, SSH_CLIENT) or inside WSL (WSL_DISTRO_NAME,
    /// WSL_INTEROP), as `environment` says; nil: neither.
    package static func detect(environment: [String: String]) -> RemoteTerminal? {
        for name in ["SSH_CONNECTION", "SSH_TTY", "SSH_CLIENT"] where !(environment[name] ?? "").isEmpty {
            return RemoteTerminal(via: "ssh", evidence: name)
        }
        for name in ["WSL_DISTRO_NAME", "WSL_INTEROP"] where !(environment[name] ?? "").isEmpty {
            return RemoteTerminal(via: "WSL", evidence: name)
        }
        return nil
    }
}
