import Foundation
import WidgetImport
import XcodeProject

/// `widget-host import PATH.xcodeproj [--target NAME] --out DIR [--preview PREVIEW_DIR]`: makes a
/// SwiftPM package from an Xcode project's widget extension target (the files where they are, the
/// asset symbols Xcode would generate, the build settings that change compilation), and with
/// `--preview` builds it and previews every widget.
enum ImportCommand {
    static func run(_ args: [String]) throws {
        let a = try Arguments(args, options: ["target", "out", "preview", "configuration", "widgethost", "build-path"])
        guard a.positional.count == 1, let path = a.positional.first else {
            throw UsageError(a.positional.isEmpty ? "import needs the project (PATH.xcodeproj)" : "import takes one project")
        }
        let out = URL(fileURLWithPath: try a.required("out"), isDirectory: true).standardizedFileURL
        let bundle = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        guard bundle.pathExtension == "xcodeproj" else { throw UsageError("\(path) is not an .xcodeproj folder") }
        let widgetHost = try widgetHostPackage(a.value("widgethost"))

        let plan: ImportPlan
        do {
            let project = try XcodeProject(contentsOf: bundle)
            let target = try WidgetTargetChoice.choose(in: project, named: a.value("target"))
            plan = try ImportPlanner(project: project, widgetHostPackage: widgetHost, configuration: a.value("configuration")).plan(target: target)
            try PackageWriter(plan: plan).write(to: out)
        } catch let error as XcodeProjectError {
            throw CommandFailure("\(error)")
        } catch let error as ImportError {
            throw CommandFailure("\(error)")
        }
        print(ImportSummary.text(plan, out: out))
        // What was said so far reaches a log before the build's output and any error (stdout is
        // buffered when it is a file; stderr is not).
        fflush(nil)
        guard let preview = a.value("preview") else { return }
        let executable = try build(plan, in: out, scratch: a.value("build-path").map { URL(fileURLWithPath: $0, isDirectory: true) })
        try PreviewCommand.run(["--extension", executable.path, "--out", preview])
        print("preview: \(URL(fileURLWithPath: preview).appendingPathComponent("index.html").path)")
    }

    /// This package's folder: given, or the one this executable was built from.
    static func widgetHostPackage(_ given: String?) throws -> URL {
        let candidate = given.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
        let manifest = candidate.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("name: \"WidgetHost\"") else {
            throw CommandFailure("\(candidate.path) is not the WidgetHost package; give its folder with --widgethost DIR")
        }
        return candidate
    }

    /// Builds the written package's executable with `swift build`, its output kept in `build.log`;
    /// `scratch` is SwiftPM's build folder (one shared by several imported packages builds this
    /// package's modules once for all of them).
    static func build(_ plan: ImportPlan, in folder: URL, scratch: URL?) throws -> URL {
        let log = folder.appendingPathComponent("build.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        guard let handle = try? FileHandle(forWritingTo: log) else { throw CommandFailure("\(log.path): cannot be written") }
        defer { try? handle.close() }
        let product = plan.executableName
        print("building \(product) (swift build; output in \(log.path))…")
        fflush(nil)
        let scratchArguments = scratch.map { ["--scratch-path", $0.path] } ?? []
        let status = try SwiftCommand.run(["build", "--package-path", folder.path, "--product", product] + scratchArguments, output: handle)
        guard status == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let errors = text.split(separator: "\n").filter { $0.contains("error:") }.prefix(20).joined(separator: "\n")
            var message = "the imported package does not build (swift build exit status \(status)):\n\(errors.isEmpty ? String(text.suffix(2000)) : errors)\nfull output: \(log.path)"
            if !plan.unavailableFrameworks.isEmpty {
                message += "\n" + ImportError.unavailableFrameworks(plan.unavailableFrameworks).description
                    .replacingOccurrences(of: "imported frameworks with no Linux version here:", with: "files left out because they import frameworks with no Linux version (the widget may need them):")
            }
            throw CommandFailure(message)
        }
        var binPath = ""
        let pipe = Pipe()
        _ = try SwiftCommand.run(["build", "--package-path", folder.path, "--show-bin-path"] + scratchArguments, output: pipe.fileHandleForWriting) {
            binPath = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        let bin = URL(fileURLWithPath: binPath.trimmingCharacters(in: .whitespacesAndNewlines))
        do {
            let placed = try AppBundleLayout.make(plan, executable: bin.appendingPathComponent(product), bin: bin,
                                                  products: folder.appendingPathComponent("Products"))
            print("laid out as on the device: \(folder.appendingPathComponent("Products").appendingPathComponent(plan.appBundle.extensionPath).path)")
            return placed
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

/// What `import` says it did: the modules, what they compile and import, and what was left out.
enum ImportSummary {
    static func text(_ plan: ImportPlan, out: URL) -> String {
        var lines = ["\(plan.projectName).xcodeproj, target \(plan.targetName) (\(plan.configuration)) → \(out.path)"]
        for module in plan.modules {
            lines.append("  \(module.isExecutable ? "executable" : "library") \(module.name): \(counted(module.sources.count, "Swift file")), "
                + "\(counted(module.resources.count, "resource")), Swift \(module.settings.languageMode)"
                + (module.settings.languageMode == "6" ? " (compiled in Swift 5 mode, see below)" : "")
                + (module.settings.defines.isEmpty ? "" : ", defines \(module.settings.defines.joined(separator: " "))"))
            if !module.frameworks.isEmpty { lines.append("    imports \(module.frameworks.joined(separator: ", "))") }
            for name in module.generated.keys.sorted() { lines.append("    generated \(name)") }
            for product in module.packageProducts { lines.append("    package product \(product.name)") }
        }
        for url in plan.localPackages { lines.append("  local package \(url.path)") }
        if plan.modules.contains(where: { $0.settings.languageMode == "6" }) { lines.append("  " + CompilationSettings.swift6Note) }
        if !plan.platformResolved.isEmpty {
            lines.append("  #if os(…) evaluated for \(plan.platform) (not Linux) in \(counted(plan.platformResolved.count, "file")), compiled as copies in Generated/Platform/")
        }
        if !plan.modulesRespelled.isEmpty {
            lines.append("  names Linux keeps elsewhere or marks unavailable (Darwin.round, Foundation.URLSession, waitsForConnectivity) respelled in \(counted(plan.modulesRespelled.count, "file")), compiled as copies in Generated/Platform/")
        }
        if !plan.selectorsRespelled.isEmpty {
            lines.append("  #selector and @objc respelled for Swift method references (no Objective-C runtime here) in \(counted(plan.selectorsRespelled.count, "file")), compiled as copies in Generated/Platform/")
        }
        if !plan.keyValueObservingRespelled.isEmpty {
            lines.append("  key-value observing (#keyPath, observeValue overrides of NSObject's) respelled for Swift (no Objective-C runtime here) in \(counted(plan.keyValueObservingRespelled.count, "file")), compiled as copies in Generated/Platform/")
        }
        if let pubspec = plan.flutterPubspec {
            lines.append("  Flutter app: \(counted(plan.appBundle.flutterAssets.count, "asset")) declared in \(pubspec.path) laid out in \(plan.appBundle.appName).app/Frameworks/App.framework/flutter_assets")
        }
        for remote in plan.remotePackagesFetched { lines.append("  remote package \(remote.url) (needs the network to build)") }
        if !plan.leftOut.isEmpty {
            lines.append("left out:")
            lines += plan.leftOut.map { "  - \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    private static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
