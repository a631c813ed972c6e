// swift-tools-version:5.3
// libFuzzer harnesses for WidgetHost's decoders, kept out of the main package. Build and run with
// `Tools/Fuzzing/fuzz.sh` (it passes `-sanitize=fuzzer,address -parse-as-library`).
import PackageDescription

let dependencies: [Target.Dependency] = [
    .product(name: "WidgetArchive", package: "WidgetHost"),
    .product(name: "WidgetFuzzing", package: "WidgetHost"),
    .product(name: "WidgetLayout", package: "WidgetHost"),
    .product(name: "WidgetProtocol", package: "WidgetHost"),
    .product(name: "WidgetRender", package: "WidgetHost"),
]

let package = Package(
    name: "WidgetHostFuzzing",
    dependencies: [.package(name: "WidgetHost", path: "../..")],
    targets: [
        // Plain targets with a main.swift (as in swift-protobuf's FuzzTesting): libFuzzer supplies `main`.
        // The archive harnesses link the archive module alone: libFuzzer reads every coverage counter
        // of the binary after each input, so code a harness cannot reach slows it down.
        .target(name: "HarnessOptions", dependencies: [.product(name: "WidgetArchive", package: "WidgetHost")]),
        .target(name: "FuzzArchive", dependencies: ["HarnessOptions", .product(name: "WidgetArchive", package: "WidgetHost")]),
        .target(name: "FuzzViewTree", dependencies: ["HarnessOptions", .product(name: "WidgetArchive", package: "WidgetHost")]),
        .target(name: "FuzzFrame", dependencies: dependencies),
        .target(name: "FuzzRender", dependencies: dependencies),
        .target(name: "FuzzTimeline", dependencies: dependencies),
    ]
)
