/// Which modules an imported widget target may import here, and which it may not.
public enum FrameworkSupport {
    /// The library products of this package named as Apple's frameworks: a file importing one gets it.
    public static let providedFrameworks: [String] = [
        "SwiftUI", "WidgetKit", "AppIntents", "UIKit", "Intents", "ActivityKit",
        "Combine", "OSLog", "os", "TipKit", "CoreLocation", "Charts", "SwiftData", "CoreData",
        "CoreGraphics", "UniformTypeIdentifiers", "CloudKit", "Network", "Security", "LocalAuthentication",
        "CoreTransferable", "QuartzCore", "CoreMedia", "CoreVideo", "CoreImage", "AVFoundation", "AVKit", "SafariServices",
    ]

    /// This package's modules that Apple's Foundation brings along: what Foundation has and Linux's
    /// lacks, Combine (`ObservableObject`, `@Published` in a file that imports Foundation alone), and
    /// Security (Apple's Foundation imports it: keychain wrappers such as Clok's and PiStats', and
    /// Rainbow's price widget, call `SecItemCopyMatching` with Foundation alone imported).
    /// Every imported module depends on them, and its files see them without importing them
    /// (`CompilationSettings.implicitImports`).
    public static let foundationCompanions = ["FoundationAdditions", "FoundationNetworkingAdditions", "Combine", "Security"]

    /// What the toolchain itself has on Linux.
    public static let toolchainModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "Dispatch", "Glibc", "Musl", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation", "Synchronization",
        "Distributed", "XCTest", "Testing",
    ]

    /// Apple's frameworks with no Linux version and none here: a file importing one unconditionally
    /// cannot be built. (Any other unknown module is taken for a package or a project module.)
    public static let appleOnlyFrameworks: Set<String> = [
        "AppKit", "WatchKit", "ClockKit", "MapKit", "WeatherKit", "HealthKit", "HealthKitUI", "EventKit", "EventKitUI", "Contacts",
        "ContactsUI", "Photos", "PhotosUI", "StoreKit", "MusicKit", "MediaPlayer", "CoreMotion",
        "CoreText", "CoreML", "Vision", "NaturalLanguage", "GameKit", "SpriteKit",
        "SceneKit", "RealityKit", "ARKit", "AuthenticationServices", "UserNotifications", "BackgroundTasks",
        "NetworkExtension", "CryptoKit", "CoreBluetooth", "CoreNFC", "CoreHaptics", "CoreSpotlight",
        "CoreTelephony", "WebKit", "MessageUI", "Messages", "FamilyControls", "DeviceActivity", "ManagedSettings",
        "HomeKit", "PassKit", "SiriKit", "IntentsUI", "ExtensionFoundation", "ExtensionKit", "ObjectiveC", "Darwin",
        "CoreFoundation", "SystemConfiguration", "ImageIO", "LinkPresentation", "QuickLook",
        "SwiftUICore", "WidgetKitCore", "Accelerate", "CoreAudio", "AudioToolbox", "GroupActivities",
        "ShazamKit", "Translation", "FoundationModels", "ImagePlayground", "JournalingSuggestions", "VisionKit",
    ]
}
