import Foundation
import XcodeProject

/// The build settings of a target that change how its Swift compiles, as SwiftPM settings.
public struct CompilationSettings: Equatable, Sendable {
    /// `SWIFT_VERSION`: "5", "6" or "4.2" (SwiftPM's `.swiftLanguageMode`).
    public var languageMode: String = "5"
    /// `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and `-D` in `OTHER_SWIFT_FLAGS`.
    public var defines: [String] = []
    /// `SWIFT_UPCOMING_FEATURE_…`, `SWIFT_APPROACHABLE_CONCURRENCY`, `-enable-upcoming-feature`.
    public var upcomingFeatures: [String] = []
    /// `-enable-experimental-feature`.
    public var experimentalFeatures: [String] = []
    /// `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` (Xcode 26's default for new targets).
    public var mainActorByDefault = false
    /// Settings that change compilation but have no meaning here, with why.
    public var leftOut: [String] = []

    /// Xcode's names for upcoming features whose Swift name is not the setting's words in camel case.
    static let featureNames = ["DISABLE_OUTWARD_ACTOR_ISOLATION": "DisableOutwardActorInference"]

    public init() {}

    public init(_ settings: BuildSettings) {
        switch settings["SWIFT_VERSION"]?.trimmingCharacters(in: .whitespaces) {
        case let v? where v.hasPrefix("6"): languageMode = "6"
        case let v? where v.hasPrefix("4"): languageMode = "4.2"
        default: languageMode = "5"
        }
        for word in settings.words("SWIFT_ACTIVE_COMPILATION_CONDITIONS") where Self.isIdentifier(word) {
            if !defines.contains(word) { defines.append(word) }
        }
        readOtherFlags(settings.words("OTHER_SWIFT_FLAGS"))
        for (key, value) in settings.values.sorted(by: { $0.key < $1.key }) where key.hasPrefix("SWIFT_UPCOMING_FEATURE_") && value == "YES" {
            let words = String(key.dropFirst("SWIFT_UPCOMING_FEATURE_".count))
            add(feature: Self.featureNames[words] ?? words.split(separator: "_").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined())
        }
        if settings["SWIFT_APPROACHABLE_CONCURRENCY"] == "YES" {
            add(feature: "InferIsolatedConformances")
            add(feature: "NonisolatedNonsendingByDefault")
        }
        mainActorByDefault = settings["SWIFT_DEFAULT_ACTOR_ISOLATION"] == "MainActor"
        if let header = settings["SWIFT_OBJC_BRIDGING_HEADER"], !header.isEmpty {
            leftOut.append("SWIFT_OBJC_BRIDGING_HEADER \(header): Objective-C is not brought (no Objective-C runtime on Linux)")
        }
    }

    private mutating func add(feature: String) {
        if !upcomingFeatures.contains(feature) { upcomingFeatures.append(feature) }
    }

    private mutating func readOtherFlags(_ words: [String]) {
        var i = 0
        while i < words.count {
            let word = words[i]
            let next = i + 1 < words.count ? words[i + 1] : nil
            switch word {
            case "-D": if let next, Self.isIdentifier(next), !defines.contains(next) { defines.append(next) }; i += 1
            case "-enable-upcoming-feature": if let next { add(feature: next) }; i += 1
            case "-enable-experimental-feature": if let next { experimentalFeatures.append(next) }; i += 1
            case "-Xfrontend", "-Xcc", "-Xlinker":
                leftOut.append("OTHER_SWIFT_FLAGS \(word) \(next ?? ""): passed to a tool of Apple's toolchain, left out")
                i += 1
            default:
                if word.hasPrefix("-D"), Self.isIdentifier(String(word.dropFirst(2))) {
                    if !defines.contains(String(word.dropFirst(2))) { defines.append(String(word.dropFirst(2))) }
                } else if !word.isEmpty {
                    leftOut.append("OTHER_SWIFT_FLAGS \(word): not a define or feature, left out")
                }
            }
            i += 1
        }
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.first, first.isLetter || first == "_" else { return false }
        return s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && s != "$(inherited)"
    }

    /// Modules every file of an imported target sees without importing them. Apple's Foundation
    /// carries `URLSession`, `XMLParser`, `String(localized:)`, `LocalizedStringResource`, and brings
    /// Combine and Observation along (`ObservableObject`, `@Observable` in a model file that imports
    /// Foundation alone) and Security (`SecItemCopyMatching` in a keychain wrapper that imports
    /// Foundation alone); Linux's keeps the first two in modules of their own and lacks the rest (this
    /// package's `FoundationAdditions`, `Combine` and `Security` have them), so such files build as on
    /// Apple's systems.
    public static let implicitImports = ["FoundationNetworking", "FoundationXML", "Observation"] + FrameworkSupport.foundationCompanions

    /// What Swift 6 mode turns on beyond its concurrency errors, kept when such a target is compiled
    /// in Swift 5 mode (`manifestLines()`). Not `IsolatedDefaultValues`: a view's
    /// `@StateObject var model = Model()` with a `@MainActor` model is an error with it unless the
    /// whole view is main-actor isolated, as SwiftUI's `View` is and this package's (whose `body`
    /// only is) is not yet.
    static let swift6Features = [
        "BareSlashRegexLiterals", "ConciseMagicFile", "ForwardTrailingClosures", "ImplicitOpenExistentials",
        "DisableOutwardActorInference", "InferSendableFromCaptures", "GlobalActorIsolatedTypesUsability",
    ]

    /// Why a Swift 6 target compiles in Swift 5 mode here, said in the import's output.
    public static let swift6Note = "Swift 6 language mode: compiled in Swift 5 mode with Swift 6's other features, its concurrency errors as warnings, "
        + "because Linux's Foundation is Swift and checked where Apple's Objective-C Foundation is imported as preconcurrency "
        + "(a completion handler that Apple's URLSession takes unchecked is @Sendable here)"

    /// The `swiftSettings:` array of a target in a manifest.
    func manifestLines() -> [String] {
        var lines: [String] = []
        switch languageMode {
        case "6":
            lines.append(".swiftLanguageMode(.v5)")
            lines += Self.swift6Features.filter { !upcomingFeatures.contains($0) }.map { ".enableUpcomingFeature(\(AssetSymbols.literal($0)))" }
        case "4.2": lines.append(".swiftLanguageMode(.v4_2)")
        default: lines.append(".swiftLanguageMode(.v5)")
        }
        lines += defines.map { ".define(\(AssetSymbols.literal($0)))" }
        lines += upcomingFeatures.map { ".enableUpcomingFeature(\(AssetSymbols.literal($0)))" }
        lines += experimentalFeatures.map { ".enableExperimentalFeature(\(AssetSymbols.literal($0)))" }
        if mainActorByDefault { lines.append(".defaultIsolation(MainActor.self)") }
        let imports = Self.implicitImports.flatMap { ["-Xfrontend", "-import-module", "-Xfrontend", $0] }
        lines.append(".unsafeFlags([\(imports.map(AssetSymbols.literal).joined(separator: ", "))])")
        return lines
    }
}
