import Foundation

/// Where the device keeps a widget extension: inside its app, `App.app/PlugIns/Widget.appex/`, the
/// app's frameworks beside (`App.app/Frameworks/`). Widget code looks there: `Bundle.main` is the
/// `.appex` (apps test `bundleURL.pathExtension == "appex"` or `bundlePath.hasSuffix(".appex")` to
/// know they run as an extension), its Info.plist and resources are inside it, and a Flutter app's
/// widget reads the Flutter build's assets two folders up.
public struct AppBundlePlan: Equatable, Sendable {
    /// The containing app's product name (`Runner`): the application target that depends on the
    /// widget target, else the project's name.
    public var appName: String
    /// The extension's product name (`WonderousWidgetExtension`).
    public var extensionName: String
    /// What the Flutter build puts in `App.framework/flutter_assets/`, for a Flutter app.
    public var flutterAssets: [FlutterAsset] = []

    public init(appName: String, extensionName: String, flutterAssets: [FlutterAsset] = []) {
        self.appName = appName
        self.extensionName = extensionName
        self.flutterAssets = flutterAssets
    }

    /// `Runner.app/PlugIns/WonderousWidgetExtension.appex`, relative to the products folder.
    public var extensionPath: String { "\(appName).app/PlugIns/\(extensionName).appex" }
}

/// Lays out the built extension as the device has it (see `AppBundlePlan`). Linux's `Bundle.main` is
/// the executable's folder, read as a bundle whose `Resources/` holds its Info.plist and resources;
/// so the `.appex` holds the executable (a hard link, or a copy across file systems), `Resources/`
/// with the Info.plist and links to the executable module's resources, and links to every module's
/// resource bundle (where SwiftPM's `Bundle.module` looks first). `.stringsdict` files are left out
/// of `Resources/`: Linux's Foundation stops the process when `NSLocalizedString` meets one of their
/// plural rules, where Apple's formats it.
public enum AppBundleLayout {
    /// Makes the app bundle in `products` (replacing one made before) for the executable built in
    /// `bin`, and returns the executable inside the `.appex`.
    public static func make(_ plan: ImportPlan, executable: URL, bin: URL, products: URL) throws(ImportError) -> URL {
        let fileManager = FileManager.default
        let app = products.appendingPathComponent("\(plan.appBundle.appName).app")
        let appex = products.appendingPathComponent(plan.appBundle.extensionPath)
        let placed = appex.appendingPathComponent(executable.lastPathComponent)
        do {
            try? fileManager.removeItem(at: app)
            try fileManager.createDirectory(at: appex, withIntermediateDirectories: true)
            do {
                try fileManager.linkItem(at: executable, to: placed)
            } catch {
                try fileManager.copyItem(at: executable, to: placed)
            }
            for name in try fileManager.contentsOfDirectory(atPath: bin.path) where name.hasSuffix(".resources") {
                try fileManager.createSymbolicLink(at: appex.appendingPathComponent(name), withDestinationURL: bin.appendingPathComponent(name))
            }
            let resources = appex.appendingPathComponent("Resources")
            try fileManager.createDirectory(at: resources, withIntermediateDirectories: true)
            try linkResources(from: bin.appendingPathComponent("\(plan.targetName)_\(plan.executableName).resources"), into: resources, depth: 0)
            if let info = plan.infoPlist { try info.write(to: resources.appendingPathComponent("Info.plist"), options: .atomic) }
            try placeFlutterAssets(plan.appBundle.flutterAssets, in: app)
        } catch let error as ImportError {
            throw error
        } catch {
            throw .cannotWrite(appex.path, "the extension's app bundle cannot be made (\(error.localizedDescription))")
        }
        return placed
    }

    /// Links each resource into `folder`, a localization folder's files one by one, `.stringsdict` left out.
    private static func linkResources(from bundle: URL, into folder: URL, depth: Int) throws {
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: bundle.path)) ?? [] where !name.hasSuffix(".stringsdict") {
            let item = bundle.appendingPathComponent(name)
            if name.hasSuffix(".lproj"), depth == 0 {
                let localized = folder.appendingPathComponent(name)
                try fileManager.createDirectory(at: localized, withIntermediateDirectories: true)
                try linkResources(from: item, into: localized, depth: 1)
            } else {
                try fileManager.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: item)
            }
        }
    }

    /// `App.app/Frameworks/App.framework/flutter_assets/<path>`, as links, where the Flutter build
    /// copies the app's declared assets.
    private static func placeFlutterAssets(_ assets: [FlutterAsset], in app: URL) throws {
        guard !assets.isEmpty else { return }
        let fileManager = FileManager.default
        let root = app.appendingPathComponent("Frameworks/App.framework/flutter_assets")
        for asset in assets {
            let target = root.appendingPathComponent(asset.path)
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.createSymbolicLink(at: target, withDestinationURL: asset.source)
        }
    }
}
