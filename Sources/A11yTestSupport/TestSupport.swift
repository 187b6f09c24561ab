// Test support: fakes of the devices, pty helpers, the capture-file reader.
