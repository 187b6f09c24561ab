import Testing

/// Every suite that talks to the real servers is nested here: they share one virtual braille
/// display and one capture file, so none may run beside another (`.serialized` reaches nested
/// suites too).
@Suite(.serialized)
enum RealServerTests {}
