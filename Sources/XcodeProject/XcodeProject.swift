import Foundation

/// An Xcode project (`Name.xcodeproj`) as Xcode reads it: the object graph of `project.pbxproj`, with
/// each file reference's place on disk worked out from its groups, so that a target's members can be
/// listed as files.
///
/// Only reading: nothing here writes a project.
public struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder.
    public let bundle: URL
    /// `$(SRCROOT)`: the folder holding the `.xcodeproj`, unless the project says otherwise.
    public let sourceRoot: URL
    /// Every object of the file, by identifier.
    public let objects: [String: ProjectObject]
    /// The `PBXProject` object.
    public let root: ProjectObject
    /// `objectVersion`: 77 for projects with synchronized folders (Xcode 16), 46–70 before.
    public let objectVersion: Int
    /// Each group's, file's and synchronized folder's parent, from the groups' `children`.
    let parents: [String: String]

    /// Project files larger than this are refused before being read: the largest real ones are a few MB.
    public static let maximumFileSize = 64 << 20

    /// Reads `bundle/project.pbxproj`.
    public init(contentsOf bundle: URL) throws(XcodeProjectError) {
        let file = bundle.appendingPathComponent("project.pbxproj")
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        guard let size else { throw .missingProjectFile(file.path) }
        guard size <= Self.maximumFileSize else { throw .tooLarge(file.path, size: size, limit: Self.maximumFileSize) }
        guard let data = FileManager.default.contents(atPath: file.path) else { throw .unreadable(file.path) }
        try self.init(pbxproj: data, bundle: bundle)
    }

    /// Reads a project from the text of its `project.pbxproj`; `bundle` is where it would be.
    public init(pbxproj data: Data, bundle: URL) throws(XcodeProjectError) {
        let file = bundle.appendingPathComponent("project.pbxproj").path
        let plist: PropertyListValue
        do {
            plist = try PropertyListParser.parse(data)
        } catch {
            throw .malformed(file, error)
        }
        guard let objectTable = plist["objects"]?.dictionary else { throw .notAProject(file, "no objects table") }
        var objects: [String: ProjectObject] = [:]
        for (id, value) in objectTable {
            guard let fields = value.dictionary, let isa = fields["isa"]?.string else { continue }
            objects[id] = ProjectObject(id: id, isa: isa, fields: fields)
        }
        guard let rootID = plist["rootObject"]?.string, let root = objects[rootID], root.isa == "PBXProject" else {
            throw .notAProject(file, "rootObject is not a PBXProject")
        }
        self.bundle = bundle
        self.objects = objects
        self.root = root
        objectVersion = Int(plist["objectVersion"]?.string ?? "") ?? 0
        let projectFolder = bundle.deletingLastPathComponent()
        let projectDirPath = root.string("projectDirPath") ?? ""
        sourceRoot = projectDirPath.isEmpty ? projectFolder : URL(fileURLWithPath: projectDirPath, relativeTo: projectFolder).standardizedFileURL
        var parents: [String: String] = [:]
        for object in objects.values where object.isa.hasSuffix("Group") {
            for child in object.references("children") + object.references("fileSystemSynchronizedGroups") {
                parents[child] = object.id
            }
        }
        self.parents = parents
    }

    /// The project's name: the `.xcodeproj` folder's, without the extension.
    public var name: String { bundle.deletingPathExtension().lastPathComponent }

    /// Every target the project builds (`PBXNativeTarget`; aggregate and legacy targets are left out:
    /// they compile no Swift).
    public var targets: [Target] {
        root.references("targets").compactMap { objects[$0] }.filter { $0.isa == "PBXNativeTarget" }.map { Target(object: $0, project: self) }
    }

    public func target(named name: String) -> Target? { targets.first { $0.name == name } }

    public func object(_ id: String?) -> ProjectObject? { id.flatMap { objects[$0] } }
}

/// One object of `project.pbxproj`: its `isa` and its fields as written.
public struct ProjectObject: Sendable, Hashable {
    public let id: String
    public let isa: String
    public let fields: [String: PropertyListValue]

    public func string(_ key: String) -> String? { fields[key]?.string }
    /// An array of object identifiers (or of strings).
    public func references(_ key: String) -> [String] { fields[key]?.strings ?? [] }
}

/// Why a project could not be read: each names the file.
public enum XcodeProjectError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingProjectFile(String)
    case unreadable(String)
    case tooLarge(String, size: Int, limit: Int)
    case malformed(String, PropertyListError)
    case notAProject(String, String)

    public var description: String {
        switch self {
        case .missingProjectFile(let path): "\(path): no such file (is this an .xcodeproj folder?)"
        case .unreadable(let path): "\(path): cannot be read"
        case .tooLarge(let path, let size, let limit): "\(path): \(size) bytes, over the limit of \(limit)"
        case .malformed(let path, let error): "\(path): \(error)"
        case .notAProject(let path, let why): "\(path): not an Xcode project: \(why)"
        }
    }
}
