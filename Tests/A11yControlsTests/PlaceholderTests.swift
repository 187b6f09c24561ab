import Testing
@testable import A11yControls
