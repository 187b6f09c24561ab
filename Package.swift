// swift-tools-version:6.0
import PackageDescription

/// Where this package is (a linker flag of a11y-demo names a file in it).
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

// The layers of docs/design.md, one target each; a target may import only what its `dependencies`
// list, so the compiler keeps the arrows. Sources/ holds the product; Benchmarks/, Tools/,
// Tests/Support/ and examples/ hold what builds beside it.
//
//   a11y-demo        -> DemoCommandLine (help, man page, completions) -> A11yOptions
//   A11yControlsC    -> A11yOptions (the C API takes a11y-demo's argument strings)
//   A11yOptions      -> A11yControls (umbrella: re-exports the layers)
//   A11ySession      -> A11yDevices, A11yPresentation, A11yInput, A11yFormatting, A11yModel, A11yVocabulary
//   A11yDevices      -> A11yVocabulary, CSpeech, CBrl, CAlsa, CLouis, CSystem, CDBus (the only C and OS calls)
//   A11yPresentation -> A11yFormatting, A11yModel, A11yVocabulary
//   A11yInput        -> A11yModel, A11yVocabulary
//   A11yFormatting   -> A11yModel, A11yVocabulary
//   A11yModel        -> nothing
//   A11yVocabulary   -> nothing (plain values the pure layers and the devices exchange:
//                       braille keys, speech priorities, the one definition of unsafe text)
/// The umbrella module with each layer it re-exports named too: a target that imports the layers
/// through `import A11yControls` is then rebuilt when a layer changes (the umbrella's own module
/// does not change with them, and the build would otherwise keep code made for a layer's old
/// layout).
let withLayers: [Target.Dependency] = ["A11yControls", "A11yModel", "A11yVocabulary", "A11yFormatting", "A11yInput",
                                      "A11yPresentation", "A11yDevices", "A11ySession"]

let package = Package(
    name: "a11y-controls",
    products: [
        .library(name: "A11yControls", targets: ["A11yControls"]),
        .executable(name: "a11y-demo", targets: ["a11y-demo"]),
        // A formatter plugin built as a shared library, loaded at run time through the C ABI
        // in include/a11y_formatter_plugin.h.
        .library(name: "ExampleFormatterPlugin", type: .dynamic, targets: ["ExampleFormatterPlugin"]),
        // The C API (include/a11y_controls.h) as liba11y-controls.so, for programs in any language.
        .library(name: "a11y-controls", type: .dynamic, targets: ["A11yControlsC"]),
    ],
    targets: [
        // The headers only: libspeechd (with glib and pcre2) is loaded when speech first
        // connects, on the connection's own thread (Sources/CSpeech/shim.h).
        .systemLibrary(
            name: "CSpeech",
            providers: [.apt(["libspeechd-dev"])]
        ),
        // The headers only: libbrlapi is loaded when first needed (Sources/CBrl/shim.h).
        .systemLibrary(
            name: "CBrl",
            providers: [.apt(["libbrlapi-dev"])]
        ),
        // libdbus-1, for Orca's service on the session bus (Orca 49 and later speak what they
        // are told). The declarations only: the library is loaded when the session bus is first
        // asked (Sources/CDBus/shim.h), so a program without a D-Bus session never maps it.
        .systemLibrary(name: "CDBus"),
        // glibc's GNU extensions the Glibc module hides (pipe2, posix_spawn's closefrom).
        .systemLibrary(name: "CSystem"),
        // The C API's header (include/a11y_controls.h) seen from Swift: its version and result
        // codes are the one definition that a11y-demo, the C library and po.sh use.
        .systemLibrary(name: "CA11yControls"),
        // The tones (`--tones on`) go through ALSA: a bare console, or PipeWire / PulseAudio
        // through their ALSA plugins. The headers only: libasound is loaded when tones are first
        // played (Sources/CAlsa/shim.h), so a session without tones does not map it.
        .systemLibrary(
            name: "CAlsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        // liblouis, for contracted (literary) braille when BRLTTY's preferences ask for it. The
        // headers only: the library is loaded when contracted braille is first asked for
        // (Sources/CLouis/shim.h).
        .systemLibrary(
            name: "CLouis",
            providers: [.apt(["liblouis-dev", "liblouis-data"])]
        ),
        .target(
            name: "A11yModel",
            // The model rounds with Double.rounded(), which calls libm; it imports no C module
            // that would autolink it.
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(name: "A11yVocabulary"),
        .target(
            name: "A11yFormatting",
            dependencies: ["A11yModel", "A11yVocabulary"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(name: "A11yInput", dependencies: ["A11yModel", "A11yVocabulary"]),
        .target(name: "A11yPresentation", dependencies: ["A11yFormatting", "A11yModel", "A11yVocabulary"]),
        .target(name: "A11yDevices", dependencies: ["A11yVocabulary", "CSpeech", "CBrl", "CAlsa", "CLouis", "CSystem", "CDBus"]),
        .target(name: "A11ySession", dependencies: ["A11yDevices", "A11yPresentation", "A11yInput", "A11yFormatting", "A11yModel",
                                                  "A11yVocabulary"]),
        // The module users import: re-exports every layer.
        .target(
            name: "A11yControls",
            dependencies: ["A11yModel", "A11yVocabulary", "A11yFormatting", "A11yInput", "A11yPresentation",
                           "A11yDevices", "A11ySession"]
        ),
        // The option grammar shared by a11y-demo and the C API: parsing, the option table, errors,
        // the preferences file, the controls built from options, results. Pure, unit-tested.
        .target(name: "A11yOptions", dependencies: withLayers + ["CA11yControls"]),
        // What only a11y-demo prints: help, the man page, shell completions.
        .target(name: "DemoCommandLine", dependencies: withLayers + ["A11yOptions"]),
        .executableTarget(
            name: "a11y-demo",
            dependencies: withLayers + ["DemoCommandLine", "A11yOptions", "DemoStart"],
            // The Swift runtime linked in: start-up maps fewer shared libraries and the process
            // is smaller. An executable is never a dependency's product, so the unsafe flag does
            // not stop other packages from using this one.
            // Release only: under the address sanitizer (debug builds, `make asan`) the C
            // libraries' malloc would bypass ASan's and every free of their strings fail.
            //
            // The functions a session runs (hot-functions.txt, made by scripts/hot-functions.sh)
            // are laid out together, by lld (the toolchain's ld.lld): the kernel maps a 64 KB
            // window around each page of code touched, so functions that run together touch
            // fewer pages than functions spread over the whole program, and the process stays
            // smaller. A function missing from the list still runs, from where the linker put it.
            // Relative relocations packed (DT_RELR, glibc 2.36, Debian 12): a position-independent
            // program with the Swift runtime in it has tens of thousands of them, a table that the
            // loader reads at every start; packed, the table is a small fraction of that size.
            // The C++ runtime under the Swift runtime linked in too: -static-stdlib asks for
            // -lstdc++, which static-libstdc++/libstdc++.so (a linker script, searched before the
            // system's directories) turns into libstdc++.a, and libgcc's unwinder with it. The
            // shared libstdc++ would cost every start its loading, relocation and locale set-up,
            // for the few functions of it the runtime calls.
            exclude: ["hot-functions.txt", "static-libstdc++"],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld",
                                           "-L\(packageDirectory)/Sources/a11y-demo/static-libstdc++",
                                           "-Xclang-linker", "-static-libgcc",
                                           "-Xlinker", "--symbol-ordering-file=\(packageDirectory)/Sources/a11y-demo/hot-functions.txt",
                                           "-Xlinker", "--no-warn-symbol-ordering",
                                           "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                                          .when(configuration: .release))]
        ),
        // a11y-demo's start-up (Sources/DemoStart/demo_start.c): libbrlapi loading before main.
        // DWARF 4: Debian 12's valgrind (3.19) cannot read clang's default DWARF 5, and
        // scripts/hot-functions.sh runs a11y-demo under callgrind.
        .target(name: "DemoStart", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // @_cdecl exports of include/a11y_controls.h: options are a11y-demo's argument strings.
        .target(name: "A11yControlsC", dependencies: withLayers + ["A11yOptions", "CA11yControls"]),
        // examples/: a formatter plugin in C, and how a Swift program embeds the controls.
        .target(
            name: "ExampleFormatterPlugin",
            path: "examples/formatter-plugin",
            // The plugin ABI header is the product's, in include/; the example exports no header.
            publicHeadersPath: ".",
            cSettings: [.headerSearchPath("../../include")],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .executableTarget(
            name: "embedding-example",
            dependencies: withLayers,
            path: "examples/swift-embedding"
        ),
        // The client side of BRLTTY's Virtual (`vr`) display protocol: one implementation for
        // a11y-vr-display, the tests and the benchmark.
        .target(name: "VirtualDisplayClient", path: "Tools/VirtualDisplayClient"),
        // Fakes of the devices, the shared fixtures (engines, panels, times), pty and process
        // helpers, the capture-file reader: shared by the tests and the benchmark, never part of
        // a product.
        // The key decoder's invariants and the seeded generator: for the fuzzer, the tests and the
        // soak, never in a product.
        .target(name: "A11yInputChecks", dependencies: ["A11yInput", "A11yModel", "A11yVocabulary"],
                path: "Tests/Support/A11yInputChecks"),
        .target(name: "A11yTestSupport", dependencies: withLayers + ["VirtualDisplayClient", "CSystem"],
                path: "Tests/Support/A11yTestSupport"),
        // Benchmarks print a report; they are never timed assertions in tests. CSpeech and CBrl
        // measure the bare floors (libspeechd and libbrlapi linked: the floors call them themselves).
        .executableTarget(
            name: "a11y-bench",
            dependencies: withLayers + ["A11yTestSupport", "VirtualDisplayClient", "CSpeech", "CBrl"],
            path: "Benchmarks/a11y-bench",
            linkerSettings: [.linkedLibrary("speechd"), .linkedLibrary("brlapi")]
        ),
        // `make soak`: a11y-demo for minutes in a terminal against the real servers, with seeded
        // keys, braille keys, signals and server faults; prints keys, faults, recoveries, RSS.
        .executableTarget(
            name: "a11y-soak",
            dependencies: withLayers + ["A11yTestSupport", "A11yInputChecks", "VirtualDisplayClient"],
            path: "Tools/a11y-soak"
        ),
        // A headless display for BRLTTY's Virtual driver, run by `scripts/servers.sh start --display`
        // so that `make demo` has a braille display; it appends what the display shows to a file.
        .executableTarget(
            name: "a11y-vr-display",
            dependencies: ["VirtualDisplayClient"],
            path: "Tools/a11y-vr-display"
        ),
        // Fuzzes the key decoder: libFuzzer with -DLIBFUZZER, a seeded generator otherwise.
        .executableTarget(
            name: "KeyDecoderFuzzer",
            dependencies: ["A11yInput", "A11yInputChecks"],
            path: "Tools/KeyDecoderFuzzer"
        ),
        // A helper the terminal tests run on a pseudo-terminal (not a product).
        .executableTarget(
            name: "TerminalCheckHelper",
            dependencies: withLayers,
            path: "Tests/Support/TerminalCheckHelper"
        ),
        .testTarget(
            name: "A11yControlsTests",
            dependencies: withLayers + ["A11yOptions", "DemoCommandLine", "A11yTestSupport", "VirtualDisplayClient",
                                        "TerminalCheckHelper", "A11yControlsC", "A11yInputChecks", "CBrl"]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: withLayers + ["A11yOptions", "A11yTestSupport", "A11yInputChecks", "VirtualDisplayClient", "CSpeech", "CBrl"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
