// The module users import. Each layer is its own target so that the compiler keeps docs/design.md's
// arrows (see Package.swift); this umbrella re-exports them all, so `import A11yControls` gives
// the whole library in one import.
@_exported import A11yDevices
@_exported import A11yFormatting
@_exported import A11yInput
@_exported import A11yModel
@_exported import A11yPresentation
@_exported import A11ySession
@_exported import A11yVocabulary
