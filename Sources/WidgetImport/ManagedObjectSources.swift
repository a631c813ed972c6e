import Foundation

extension ImportPlanner {
    /// Files that need the Objective-C runtime for Core Data (`@NSManaged`, `@objc(Name)`) are
    /// compiled as rewritten copies (`Generated/CoreData/<name>.rewritten.swift`, see `ManagedSourceRewriter`); the
    /// originals are left out, each said with what became of it. Any module with Core Data files
    /// made here links the `CoreData` framework.
    ///
    /// Files with platform conditions (`#if os(iOS)`) are compiled as copies too, with the conditions
    /// evaluated for `platform` (`PlatformConditions`), in `Generated/Platform/`; so are files whose
    /// module-qualified names Linux keeps elsewhere (`Darwin.round`, see `ModuleQualifiers`).
    func rewriteManagedObjectSources(_ plan: inout ImportPlan, platform: String) {
        for index in plan.modules.indices {
            var kept: [URL] = []
            for file in plan.modules[index].sources {
                guard let original = Self.smallText(file) else {
                    kept.append(file)
                    continue
                }
                let source = LinuxSourceText(original, platform: platform)
                let text = source.resolved ?? original
                // Asked of the text before `@objc(Name)` is respelled away: it marks a managed object.
                guard ManagedSourceRewriter.needsRewrite(source.beforeSelectors) else {
                    if let resolved = source.resolved {
                        let name = Self.copyName(file, folder: "Platform", taken: plan.modules[index].generated)
                        plan.modules[index].generated[name] = "#sourceLocation(file: \(AssetSymbols.literal(file.path)), line: 1)\n" + resolved
                            + "\n#sourceLocation()\n"
                        if source.platformResolved != nil { plan.platformResolved.append(relative(file)) }
                        if source.qualified != nil { plan.modulesRespelled.append(relative(file)) }
                        if source.selectors != nil { plan.selectorsRespelled.append(relative(file)) }
                        if source.keyValueObserving != nil { plan.keyValueObservingRespelled.append(relative(file)) }
                    } else {
                        kept.append(file)
                    }
                    continue
                }
                let rewritten = ManagedSourceRewriter.rewrite(text, originalPath: file.path)
                // Not the original's file name: `#sourceLocation` gives the copy the original's `#fileID`,
                // which a file of that name would have too.
                let base = file.deletingPathExtension().lastPathComponent
                var name = "CoreData/\(base).rewritten.swift"
                if plan.modules[index].generated[name] != nil { name = "CoreData/\(file.deletingLastPathComponent().lastPathComponent)-\(base).rewritten.swift" }
                plan.modules[index].generated[name] = rewritten.text
                plan.leftOut.append("\(relative(file)): compiled as the rewritten Generated/\(name) (\(rewritten.properties) @NSManaged properties, "
                    + "\(rewritten.accessors) relationship accessors; Linux has no Objective-C runtime), its errors reported at this file")
            }
            plan.modules[index].sources = kept
            let usesCoreData = plan.modules[index].generated.keys.contains { $0.hasPrefix("CoreData/") }
            if usesCoreData, !plan.modules[index].frameworks.contains("CoreData") {
                let wanted = Set(plan.modules[index].frameworks + ["CoreData"])
                plan.modules[index].frameworks = FrameworkSupport.providedFrameworks.filter(wanted.contains)
            }
        }
    }

    /// A generated copy's name: not the original's file name (`#sourceLocation` gives the copy the
    /// original's `#fileID`, which a file of that name would have too), and unique in the module.
    static func copyName(_ file: URL, folder: String, taken: [String: String]) -> String {
        let base = file.deletingPathExtension().lastPathComponent
        let name = "\(folder)/\(base).resolved.swift"
        return taken[name] == nil ? name : "\(folder)/\(file.deletingLastPathComponent().lastPathComponent)-\(base).resolved.swift"
    }

    /// A Swift file's text, when it is of a size a source file is.
    static func smallText(_ file: URL) -> String? {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int, size <= SourceImports.maximumFileSize else { return nil }
        return try? String(contentsOf: file, encoding: .utf8)
    }
}
