// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "a11y-controls",
    products: [
        .library(name: "A11yControls", targets: ["A11yControls"]),
        .executable(name: "a11y-demo", targets: ["a11y-demo"]),
        // A formatter plugin built as a shared library, loaded at run time through the C ABI
        // in Sources/ExampleFormatterPlugin/include/a11y_formatter_plugin.h.
        .library(name: "ExampleFormatterPlugin", type: .dynamic, targets: ["ExampleFormatterPlugin"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSpeech",
            pkgConfig: "speech-dispatcher",
            providers: [.apt(["libspeechd-dev"])]
        ),
        .systemLibrary(
            name: "CBrl",
            providers: [.apt(["libbrlapi-dev"])]
        ),
        .target(
            name: "A11yControls",
            dependencies: ["CSpeech", "CBrl"],
            // Model and Formatting round with Double.rounded(), which calls libm; they import no C
            // module that would autolink it.
            linkerSettings: [.linkedLibrary("m")]
        ),
        .executableTarget(
            name: "a11y-demo",
            dependencies: ["A11yControls"]
        ),
        .target(
            name: "ExampleFormatterPlugin",
            linkerSettings: [.linkedLibrary("m")]
        ),
        // How a Swift program embeds the controls (README, "Using the library in Swift").
        .executableTarget(
            name: "embedding-example",
            dependencies: ["A11yControls"]
        ),
        // Benchmarks print a report; they are never timed assertions in tests.
        .executableTarget(
            name: "a11y-bench",
            dependencies: ["A11yControls"]
        ),
        // A headless display for BRLTTY's Virtual driver, run by `scripts/servers.sh start --display`
        // so that `make demo` has a braille display; it appends what the display shows to a file.
        .executableTarget(
            name: "a11y-vr-display"
        ),
        // Fuzzes the key decoder: libFuzzer with -DLIBFUZZER, a seeded generator otherwise.
        .executableTarget(
            name: "KeyDecoderFuzzer",
            dependencies: ["A11yControls"]
        ),
        // A helper the terminal tests run on a pseudo-terminal (not a product).
        .executableTarget(
            name: "TerminalCheckHelper",
            dependencies: ["A11yControls"]
        ),
        .testTarget(
            name: "A11yControlsTests",
            dependencies: ["A11yControls", "TerminalCheckHelper"]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["A11yControls"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
