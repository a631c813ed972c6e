// swift-tools-version:6.0
// WidgetHost: a headless, multi-process emulator of a WidgetKit-style widget host.
// Zero package dependencies: the toolchain's Foundation, Dispatch, XCTest and Swift Testing only.
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "WidgetHost",
    products: [
        // The compat modules widget code imports, named as on Apple's platforms.
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        // What Apple's Foundation has and Linux's lacks (`String(localized:)`, `LocalizedStringResource`,
        // the formatters); the modules that re-export Foundation re-export it too.
        .library(name: "FoundationAdditions", targets: ["FoundationAdditions"]),
        .library(name: "FoundationNetworkingAdditions", targets: ["FoundationNetworkingAdditions"]),
        .library(name: "WidgetKit", targets: ["WidgetKit"]),
        .library(name: "AppIntents", targets: ["AppIntents"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "Intents", targets: ["Intents"]),
        .library(name: "ActivityKit", targets: ["ActivityKit"]),
        .library(name: "RelevanceKit", targets: ["RelevanceKit"]),
        // Apple frameworks widget targets import in passing, as far as a widget needs them.
        .library(name: "Combine", targets: ["Combine"]),
        .library(name: "OSLog", targets: ["OSLog"]),
        .library(name: "os", targets: ["os"]),
        .library(name: "TipKit", targets: ["TipKit"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "Charts", targets: ["Charts"]),
        .library(name: "SwiftData", targets: ["SwiftData"]),
        .library(name: "CoreData", targets: ["CoreData"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "UniformTypeIdentifiers", targets: ["UniformTypeIdentifiers"]),
        .library(name: "CoreTransferable", targets: ["CoreTransferable"]),
        .library(name: "CloudKit", targets: ["CloudKit"]),
        .library(name: "Network", targets: ["Network"]),
        .library(name: "Security", targets: ["Security"]),
        .library(name: "LocalAuthentication", targets: ["LocalAuthentication"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "CoreMedia", targets: ["CoreMedia"]),
        .library(name: "CoreVideo", targets: ["CoreVideo"]),
        .library(name: "CoreImage", targets: ["CoreImage"]),
        .library(name: "AVFoundation", targets: ["AVFoundation"]),
        .library(name: "AVKit", targets: ["AVKit"]),
        .library(name: "SafariServices", targets: ["SafariServices"]),
        // The host side, for tools and tests that embed it.
        .library(name: "WidgetArchive", targets: ["WidgetArchive"]),
        .library(name: "WidgetProtocol", targets: ["WidgetProtocol"]),
        .library(name: "WidgetControl", targets: ["WidgetControl"]),
        .library(name: "WidgetLayout", targets: ["WidgetLayout"]),
        .library(name: "WidgetRender", targets: ["WidgetRender"]),
        .library(name: "WidgetAnimation", targets: ["WidgetAnimation"]),
        .library(name: "WidgetArchiveGenerator", targets: ["WidgetArchiveGenerator"]),
        .library(name: "WidgetScheduling", targets: ["WidgetScheduling"]),
        .library(name: "WidgetScheduleLog", targets: ["WidgetScheduleLog"]),
        .library(name: "LiveActivities", targets: ["LiveActivities"]),
        .library(name: "SmartStack", targets: ["SmartStack"]),
        .library(name: "WidgetNetwork", targets: ["WidgetNetwork"]),
        .library(name: "WidgetHostCore", targets: ["WidgetHostCore"]),
        .library(name: "WidgetStore", targets: ["WidgetStore"]),
        .library(name: "WidgetProcess", targets: ["WidgetProcess"]),
        .library(name: "SystemCalls", targets: ["SystemCalls"]),
        .library(name: "WidgetSimulation", targets: ["WidgetSimulation"]),
        .library(name: "WidgetFuzzing", targets: ["WidgetFuzzing"]),
        .library(name: "WidgetTesting", targets: ["WidgetTesting"]),
        .library(name: "XcodeProject", targets: ["XcodeProject"]),
        .library(name: "WidgetImport", targets: ["WidgetImport"]),
        .executable(name: "widget-host", targets: ["widget-host"]),
    ],
    targets: [
        // Bytes: little-endian numbers, varints and strings read with a checked index and written,
        // CRC-32 and FNV-1a; the primitives of the archive, the IPC messages and the `.timeline` files.
        .target(name: "ByteCoding", dependencies: ["CCarrylessCRC32"]),
        // CRC-32 folded with the carry-less multiply, where the processor has one.
        .target(name: "CCarrylessCRC32"),
        // The contract: the view representation, its codec and container.
        .target(name: "WidgetArchive", dependencies: ["ByteCoding"]),
        // The one home of system calls (files, sockets, poll, signals), with a typed `Errno`, as
        // swift-system has them: no other Swift module imports Glibc.
        .target(name: "SystemCalls", dependencies: ["CProcessContainment"]),
        // IPC framing and the messages between host and extension.
        .target(name: "WidgetProtocol", dependencies: ["WidgetArchive", "ByteCoding", "SystemCalls"]),
        // The running host's control socket: JSON lines between the host and its clients (the command
        // line, and apps through ActivityKit).
        .target(name: "WidgetControl", dependencies: ["WidgetProtocol", "SystemCalls"]),

        // Xcode asset catalogs, read by both sides (named colours when archiving, images when drawing).
        .target(name: "WidgetAssets"),

        // Extension side.
        // Apple's Foundation beyond Linux's: localized strings looked up in the app's tables, formatters.
        .target(name: "FoundationAdditions"),
        // What Apple's URLSession has and Linux's lacks, apart: it links FoundationNetworking (and so
        // libcurl), which the host, built as one static executable, does not.
        // It also holds the network route: the extension's URLSession requests go to the host (WidgetNetwork).
        .target(name: "FoundationNetworkingAdditions", dependencies: ["Combine", "WidgetProtocol"]),
        .target(name: "WidgetIntents", dependencies: ["WidgetArchive", "FoundationAdditions"]),
        // `#Preview` and friends: a compiler plugin that speaks the plugin message protocol itself, so it
        // needs no swift-syntax (see Sources/WidgetMacros/main.swift).
        .macro(name: "WidgetMacros"),
        .target(
            name: "WidgetUI",
            dependencies: ["WidgetArchive", "ByteCoding", "WidgetAssets", "WidgetIntents", "WidgetMacros", "Combine", "FoundationAdditions", "CoreGraphics", "WidgetLayout"]
        ),
        // The extension's wall clock follows the host's (virtual) clock.
        .target(name: "CVirtualClock"),
        // Finds the preview declarations of an extension's source in its own executable.
        .target(name: "CTypeDiscovery"),
        .target(
            name: "WidgetExtensionKit",
            dependencies: [
                "WidgetUI", "WidgetArchive", "WidgetIntents", "Intents", "ActivityKit", "RelevanceKit", "WidgetProtocol", "WidgetLayout", "CVirtualClock", "CTypeDiscovery", "SystemCalls",
                "WidgetMacros",
                "FoundationAdditions",
            ]
        ),
        // UIKit's images, colours and fonts with their SwiftUI bridges; `SwiftUI` re-exports it, as on iOS.
        .target(name: "UIKit", dependencies: ["WidgetUI", "WidgetArchive", "WidgetLayout", "FoundationAdditions", "CoreGraphics", "QuartzCore"]),
        .target(name: "SwiftUI", dependencies: ["WidgetUI", "WidgetArchive", "UIKit", "WidgetExtensionKit", "FoundationAdditions", "CoreGraphics", "CoreTransferable"]),
        .target(name: "WidgetKit", dependencies: ["SwiftUI", "WidgetArchive", "Intents", "WidgetExtensionKit"]),
        .target(name: "AppIntents", dependencies: ["WidgetIntents", "FoundationAdditions"]),
        // SiriKit-era intent configuration (`INIntent`), which shipping widgets still carry.
        .target(name: "Intents", dependencies: ["FoundationAdditions"]),
        // The situations a widget is relevant in (`RelevantContext`), which a Smart Stack matches.
        .target(name: "RelevanceKit", dependencies: ["CoreLocation", "WidgetProtocol"]),
        // Live Activities: an app's calls reach the running host over its control socket; the declarations
        // widget extensions draw them from.
        .target(name: "ActivityKit", dependencies: ["FoundationAdditions", "WidgetProtocol", "WidgetControl", "SystemCalls"]),
        // Apple frameworks that widget targets import, as far as a widget needs them.
        // Combine keeps Apple's unannotated concurrency (its closures are not `Sendable`).
        .target(name: "Combine", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "OSLog", dependencies: ["FoundationAdditions"]),
        .target(name: "os", dependencies: ["OSLog"]),
        .target(name: "TipKit", dependencies: ["SwiftUI", "WidgetUI", "WidgetMacros"]),
        .target(name: "CoreLocation", dependencies: ["FoundationAdditions"]),
        // Core Graphics' geometry (`CGFloat`, `CGPoint`, `CGSize`, `CGRect`), which Linux's Foundation carries,
        // with `CGColor` and `CGImage`; UIKit and SwiftUI re-export it, as Apple's do.
        // Uniform type identifiers as apps declare their own (`UTType(exportedAs:)`), with the common system types.
        .target(name: "UniformTypeIdentifiers"),
        .target(name: "CoreTransferable", dependencies: ["UniformTypeIdentifiers"]),
        // The Keychain, kept in a file in the extension's data folder, with Core Foundation's types as
        // Foundation's classes; trust, certificates and keys compile and answer `errSecUnimplemented`.
        .target(name: "Security", dependencies: ["SystemCalls"]),
        // Local authentication on a device with no biometry and no passcode: every policy is refused.
        .target(name: "LocalAuthentication", dependencies: ["FoundationAdditions"]),
        .target(name: "CoreGraphics"),
        // Core Animation's layer values, which app code sets on a view's layer; UIKit re-exports it.
        .target(name: "QuartzCore", dependencies: ["CoreGraphics"]),
        // Media, as a widget sees it: nothing plays or decodes. Time (`CMTime`) is exact, pixel buffers
        // and Core Image's recipes are types without pixels, and a player fails its item, announced to
        // its key-value observers. The view controllers (AVKit's, Safari's) show nothing, as UIKit's.
        .target(name: "CoreMedia"),
        .target(name: "CoreVideo", dependencies: ["FoundationAdditions"]),
        .target(name: "CoreImage", dependencies: ["CoreGraphics", "CoreVideo"]),
        .target(name: "AVFoundation", dependencies: ["CoreMedia", "CoreVideo", "CoreImage", "FoundationAdditions"]),
        .target(name: "AVKit", dependencies: ["AVFoundation", "UIKit"]),
        .target(name: "SafariServices", dependencies: ["UIKit"]),
        // Swift Charts: marks, scales and axes, built from the DSL's own shapes and text.
        .target(name: "Charts", dependencies: ["SwiftUI"]),
        // SwiftData: models persisted in the extension's data folder.
        .target(name: "SwiftData", dependencies: ["WidgetUI", "WidgetMacros", "FoundationAdditions"]),
        // Core Data: the model read from the project's `.xcdatamodeld`, objects kept in a JSON store at
        // the app's store URL, `NSPredicate(format:)` parsed here. `CoreDataModelFile` reads the model
        // for both the framework and `import`'s code generation.
        .target(name: "CoreDataModelFile"),
        .target(name: "CoreData", dependencies: ["CoreDataModelFile", "Combine", "WidgetUI", "WidgetAssets", "FoundationAdditions", "SystemCalls"]),
        // CloudKit and Network as a device offline sees them (widgets have no network here): records and
        // endpoints are values that work; every server call fails with `CKError.networkUnavailable`, a
        // path monitor reports `.unsatisfied` and a connection waits. No socket is ever opened.
        // CloudKit parses `NSPredicate(format:)` with Core Data's parser, which it does not re-export.
        .target(name: "CloudKit", dependencies: ["FoundationAdditions", "CoreLocation", "CoreData"]),
        .target(name: "Network", dependencies: ["FoundationAdditions", "SystemCalls"]),

        // Bringing an app: Xcode's project file read as Xcode reads it, and the package made from a target.
        .target(name: "XcodeProject"),
        .target(name: "WidgetImport", dependencies: ["XcodeProject", "CoreDataModelFile"]),

        // Host side.
        // Placements, layout and the render tree: shared by the host and by extensions, which lay out
        // `GeometryReader` content for the size the host will give it.
        .target(name: "WidgetLayout", dependencies: ["WidgetArchive"]),
        // Drawing the render tree: SVG, and PNG from a pure-Swift rasterizer.
        .target(name: "WidgetRender", dependencies: ["WidgetArchive", "ByteCoding", "WidgetLayout"]),
        // Between entries: the transition plan computed from two laid-out entries, the frames partway,
        // animated PNG.
        .target(name: "WidgetAnimation", dependencies: ["WidgetArchive", "ByteCoding", "WidgetLayout", "WidgetRender"]),
        // Reload decisions: budgets, minimum interval, deferral and resumption; one scheduler for the live
        // host and the simulator. Pure: no clock, no processes.
        .target(name: "WidgetScheduling", dependencies: ["WidgetProtocol"]),
        // The decision log as a file: JSON lines written as decisions are made, by a writer thread of
        // its own, for `run` and `simulate` (follow it with `tail -f`).
        .target(name: "WidgetScheduleLog", dependencies: ["WidgetScheduling", "SystemCalls"]),
        .target(name: "CProcessContainment"),
        // Extension processes: launching one (sandboxed or not, with its private root), watching its
        // process tree, ending it. The host's process system calls live here, with typed errors.
        .target(name: "WidgetProcess", dependencies: ["WidgetProtocol", "SystemCalls", "CProcessContainment"]),
        // The network as the host governs it: every extension request through one gateway, checked
        // against an allow-list, fetched live, recorded or replayed, bounded and logged.
        // libcurl's easy interface, loaded on the first request (not linked: see HTTPTransfer.c).
        .target(name: "CHTTPTransfer", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "WidgetNetwork", dependencies: ["WidgetProtocol", "SystemCalls", "CHTTPTransfer"]),
        // Live Activities as the system runs them: the 8-hour limit, dismissal, staleness, the limits on
        // starts and sizes, the push budget, who holds the Dynamic Island. Pure: no clock, no processes.
        .target(name: "LiveActivities", dependencies: ["WidgetProtocol"]),
        // The Smart Stack's choice by relevance: timeline entry scores, relevance clues matched against a
        // scripted situation, Live Activities on top on watchOS. Pure.
        .target(name: "SmartStack", dependencies: ["WidgetProtocol"]),
        // The durable store: `.timeline` files (a format of its own, fuzzed like the archive and the
        // frames), activities, atomic replacement, and the system calls behind a seam for faults.
        .target(name: "WidgetStore", dependencies: ["WidgetArchive", "ByteCoding", "WidgetProtocol", "LiveActivities", "SystemCalls"]),
        .target(
            name: "WidgetHostCore",
            dependencies: [
                "WidgetArchive", "WidgetAssets", "WidgetProtocol", "WidgetControl", "WidgetLayout", "WidgetRender", "WidgetScheduling", "LiveActivities", "SmartStack",
                "WidgetStore", "WidgetProcess",
                "WidgetNetwork", "SystemCalls", "ByteCoding",
            ]
        ),
        // `simulate`: days of reload decisions on a virtual clock, with scripted or real timelines.
        .target(
            name: "WidgetSimulation",
            dependencies: ["WidgetScheduling", "WidgetHostCore", "WidgetProtocol", "WidgetArchive", "WidgetRandom", "LiveActivities", "SmartStack"]
        ),
        // Random valid archives and a seeded generator, reproducible from a seed: round-trip tests,
        // fuzz seeds, simulations.
        .target(name: "WidgetArchiveGenerator", dependencies: ["WidgetArchive", "WidgetRandom"]),
        // A seeded generator (SplitMix64): the same seed gives the same draws on every machine.
        .target(name: "WidgetRandom"),
        // `fuzz`: targets (archive, IPC frame, render), structure-aware mutation, crash capture. Also
        // what the libFuzzer harnesses in Tools/Fuzzing link.
        .target(
            name: "WidgetFuzzing",
            dependencies: ["WidgetArchive", "ByteCoding", "WidgetArchiveGenerator", "WidgetRandom", "WidgetProtocol", "WidgetLayout", "WidgetRender", "WidgetStore", "SystemCalls"]
        ),
        .executableTarget(
            name: "widget-host",
            dependencies: [
                "WidgetHostCore", "WidgetProcess", "WidgetScheduling", "WidgetScheduleLog", "WidgetSimulation", "WidgetFuzzing", "WidgetLayout", "WidgetRender", "WidgetArchive", "WidgetProtocol", "WidgetAnimation",
                "WidgetControl", "LiveActivities", "SystemCalls",
                "WidgetNetwork", "WidgetImport", "XcodeProject", "WidgetStore",
            ]
            // Not the example extensions: `demo` builds them when it first needs them (BundledExtensions).
        ),
        // Drive a host from XCTest or Swift Testing: start an extension, render, tap, assert on the
        // render tree, and compare snapshots with reference files.
        // Measures renders against iOS's own (Tools/Fidelity/README.md).
        // The chaos soak's driver (Tools/Chaos/soak.sh): `widget-host run` under taps, reloads, pushes,
        // reconfigurations, kill -9 and a full disk, and the checks of what the host promised.
        .executableTarget(name: "widget-soak", dependencies: ["WidgetHostCore", "WidgetControl", "WidgetStore"], path: "Tools/Chaos/Sources/widget-soak"),
        .executableTarget(name: "widget-fidelity", dependencies: ["SwiftUI", "WidgetTesting", "WidgetLayout", "WidgetRender"],
                          path: "Tools/Fidelity/Sources"),
        .target(name: "WidgetTesting", dependencies: ["WidgetHostCore", "WidgetStore", "WidgetNetwork", "WidgetControl", "LiveActivities", "WidgetProtocol", "WidgetLayout", "WidgetRender", "WidgetArchive", "WidgetUI", "WidgetAnimation", "WidgetScheduling", "WidgetSimulation"]),

        // Bundled example extensions: real, separate executables.
        .executableTarget(
            name: "CaffeineTracker",
            dependencies: ["SwiftUI", "WidgetKit", "AppIntents", "ActivityKit", "CaffeineShared"],
            path: "Extensions/CaffeineTracker"
        ),
        // What the caffeine tracker's app and extension share (its Live Activity's attributes), and the app
        // itself as far as its Live Activity goes: it starts, updates and ends the session.
        .target(name: "CaffeineShared", dependencies: ["ActivityKit"], path: "Extensions/CaffeineShared"),
        .executableTarget(name: "CaffeineTrackerApp", dependencies: ["ActivityKit", "CaffeineShared"], path: "Extensions/CaffeineTrackerApp"),
        // A test extension that misbehaves on purpose (crashes, hangs, garbage…), for the chaos tests.
        .executableTarget(
            name: "Misbehaving",
            dependencies: ["WidgetArchive", "WidgetProtocol"],
            path: "Extensions/Misbehaving"
        ),
        // Widgets written as shipping widget code is, covering the surveyed API surface; the tests preview
        // every one. `GalleryModels` stands for the app's shared models (names the archive model also
        // uses, so a namespace leak would not compile).
        .target(name: "GalleryModels", path: "Extensions/GalleryModels"),
        .executableTarget(
            name: "WidgetGallery",
            dependencies: ["SwiftUI", "WidgetKit", "AppIntents", "UIKit", "Intents", "ActivityKit", "RelevanceKit", "GalleryModels"],
            path: "Extensions/WidgetGallery",
            resources: [.copy("Assets.xcassets")],
            // Shipping widget code is written in the Swift 5 language mode (`static var title = …`).
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // A widget that fetches its data (URLSession), through the host's network route.
        .executableTarget(
            name: "Headlines",
            dependencies: ["SwiftUI", "WidgetKit", "AppIntents", "FoundationNetworkingAdditions"],
            path: "Extensions/Headlines",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "ToDoList",
            dependencies: ["SwiftUI", "WidgetKit", "AppIntents"],
            path: "Extensions/ToDoList"
        ),

        // Checks of the clock shim, each run by VirtualClockTests in a process of its own, so that no
        // shifted clock reaches the test process. The refusal probe stands for a C library in which the
        // shim cannot find the waits it translates.
        .target(name: "VirtualClockProbeSupport", path: "Tests/VirtualClockProbeSupport"),
        .executableTarget(
            name: "virtual-clock-probe",
            dependencies: ["CVirtualClock", "VirtualClockProbeSupport"],
            path: "Tests/VirtualClockProbe"
        ),
        .executableTarget(name: "virtual-clock-refusal-probe", dependencies: ["CVirtualClock"], path: "Tests/VirtualClockRefusalProbe"),

        .testTarget(name: "WidgetArchiveTests", dependencies: ["WidgetRandom", "WidgetArchive", "ByteCoding", "WidgetArchiveGenerator"]),
        .testTarget(
            name: "WidgetUITests",
            dependencies: ["SwiftUI", "WidgetKit", "AppIntents", "ActivityKit", "CoreGraphics", "WidgetArchive", "WidgetIntents", "WidgetExtensionKit", "WidgetLayout", "WidgetUI", "SystemCalls"]
        ),
        .testTarget(name: "WidgetAnimationTests", dependencies: ["WidgetAnimation", "WidgetRender", "WidgetLayout", "WidgetArchive", "WidgetArchiveGenerator"]),
        .testTarget(name: "WidgetRenderTests", dependencies: ["WidgetRandom", "WidgetRender", "WidgetLayout", "WidgetArchive", "ByteCoding", "WidgetArchiveGenerator"], exclude: ["Fixtures"]),
        .testTarget(name: "WidgetAssetsTests", dependencies: ["WidgetAssets"]),
        // Layout and the render tree, without drawing.
        .testTarget(name: "WidgetLayoutTests", dependencies: ["WidgetLayout", "WidgetArchive", "WidgetArchiveGenerator"]),
        // The store's formats and files, without a host.
        .testTarget(name: "WidgetStoreTests", dependencies: ["WidgetStore", "WidgetArchive", "ByteCoding", "WidgetArchiveGenerator", "WidgetProtocol"]),
        // An HTTP server on the loopback for tests of the network route.
        .target(name: "NetworkTestServer", path: "Tests/NetworkTestServer"),
        .testTarget(name: "WidgetNetworkTests", dependencies: ["WidgetNetwork", "WidgetProtocol", "NetworkTestServer"]),
        .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject"]),
        .testTarget(name: "WidgetImportTests", dependencies: ["WidgetImport", "XcodeProject", "CoreDataModelFile"]),
        // The frameworks' behaviour without a host (Combine's operators, SwiftData's store, Charts' scales).
        .testTarget(
            name: "FrameworksTests",
            dependencies: [
                "Combine", "OSLog", "os", "TipKit", "CoreLocation", "Charts", "SwiftData", "SwiftUI", "WidgetKit", "CoreData", "Intents", "ActivityKit",
                "AppIntents", "UIKit", "FoundationAdditions", "FoundationNetworkingAdditions", "UniformTypeIdentifiers", "CoreGraphics", "CloudKit", "Network", "Security",
                "LocalAuthentication", "WidgetArchive", "WidgetUI", "QuartzCore", "CoreMedia", "CoreVideo", "CoreImage", "AVFoundation", "AVKit",
                "SafariServices",
            ]
        ),
        // What the multi-process tests share: the built products, temporary folders, a running host's
        // output to wait on, a process's end through its pidfd.
        .target(name: "HostTestSupport", dependencies: ["WidgetTesting", "SystemCalls"], path: "Tests/HostTestSupport"),
        .testTarget(
            name: "WidgetHostCoreTests",
            dependencies: [
                "WidgetHostCore", "WidgetStore", "WidgetProtocol", "WidgetArchive", "WidgetArchiveGenerator", "WidgetRender", "WidgetTesting",
                "WidgetNetwork", "NetworkTestServer", "HostTestSupport", "WidgetRandom", "WidgetProcess",
                "WidgetScheduling", "WidgetSimulation", "WidgetAnimation", "WidgetControl", "LiveActivities", "WidgetLayout", "CaffeineShared", "SystemCalls",
            ]
        ),
        // The command line as a user runs it: `widget-host` as a process, its output, files and exit status.
        // The process module alone: launch refusals, the process tree, the loader's files.
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls"]),
        .testTarget(name: "ByteCodingTests", dependencies: ["ByteCoding"]),
        .testTarget(name: "WidgetProcessTests", dependencies: ["WidgetProcess", "SystemCalls", "HostTestSupport"]),
        .testTarget(
            name: "WidgetHostCommandLineTests",
            dependencies: [
                "HostTestSupport", "NetworkTestServer", "WidgetHostCore", "WidgetStore", "WidgetArchive", "WidgetArchiveGenerator", "WidgetLayout",
                "WidgetRender", "WidgetControl", "WidgetScheduling", "WidgetProcess", "widget-host",
            ]
        ),
        .testTarget(
            name: "WidgetFuzzingTests",
            dependencies: ["WidgetFuzzing", "WidgetArchive", "WidgetArchiveGenerator", "WidgetLayout", "WidgetRender"]
        ),
        .testTarget(name: "WidgetProtocolTests", dependencies: ["WidgetRandom", "WidgetProtocol", "WidgetArchive", "ByteCoding", "WidgetArchiveGenerator"]),
        .testTarget(name: "WidgetSchedulingTests", dependencies: ["WidgetScheduling", "WidgetProtocol"]),
        .testTarget(name: "WidgetScheduleLogTests", dependencies: ["WidgetScheduleLog", "WidgetScheduling"]),
        .testTarget(name: "WidgetControlTests", dependencies: ["WidgetControl", "SystemCalls"]),
        .testTarget(name: "LiveActivitiesTests", dependencies: ["LiveActivities", "WidgetProtocol"]),
        .testTarget(name: "SmartStackTests", dependencies: ["SmartStack", "WidgetProtocol"]),
        .testTarget(name: "WidgetTestingTests", dependencies: ["WidgetTesting", "WidgetLayout", "WidgetRender", "WidgetArchive", "SwiftUI"]),
        .testTarget(
            name: "WidgetSimulationTests",
            dependencies: ["WidgetRandom", "WidgetSimulation", "WidgetScheduling", "WidgetHostCore", "WidgetProtocol", "WidgetArchive", "WidgetArchiveGenerator",
                           "LiveActivities", "SmartStack"]
        ),
    ]
)
