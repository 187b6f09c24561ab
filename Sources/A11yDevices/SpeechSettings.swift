import A11yVocabulary
/// The address of a speech-dispatcher server, as `SPEECHD_ADDRESS` spells it.
package enum SpeechAddress: Sendable, Equatable, CustomStringConvertible {
    /// A unix socket, `unix_socket:/path/to/speechd.sock`.
    case unixSocket(path: String)
    /// A TCP socket, `inet_socket:host:port`.
    case inetSocket(host: String, port: Int)

    /// Parses `unix_socket:PATH` or `inet_socket:HOST:PORT` (the `SPEECHD_ADDRESS` syntax).
    package init(parsing text: String) throws(SpeechError) {
        if text.hasPrefix("unix_socket:"), text.count > "unix_socket:".count {
            self = .unixSocket(path: String(text.dropFirst("unix_socket:".count)))
            return
        }
        if text.hasPrefix("inet_socket:") {
            let rest = text.dropFirst("inet_socket:".count)
            if let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]),
               (1...65535).contains(port), colon > rest.startIndex {
                self = .inetSocket(host: String(rest[..<colon]), port: port)
                return
            }
        }
        throw SpeechError(.address, message: "invalid speech-dispatcher address '\(text)': expected 'unix_socket:PATH' or 'inet_socket:HOST:PORT'")
    }

    /// The address `SPEECHD_ADDRESS` names, or nil when it is unset or empty.
    package static func fromEnvironment() throws(SpeechError) -> SpeechAddress? {
        guard let text = Environment.value("SPEECHD_ADDRESS"), !text.isEmpty else { return nil }
        return try SpeechAddress(parsing: text)
    }

    package var description: String {
        switch self {
        case .unixSocket(let path): "unix_socket:\(path)"
        case .inetSocket(let host, let port): "inet_socket:\(host):\(port)"
        }
    }
}

/// A voice type (SSIP `SET VOICE_TYPE`).
package enum SpeechVoiceType: Sendable, Equatable, CaseIterable {
    case male1, male2, male3, female1, female2, female3, childMale, childFemale
}
