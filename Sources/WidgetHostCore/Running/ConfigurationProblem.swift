import WidgetStore

/// What is wrong with a file a person wrote to tell the host what to do (`run`'s configuration, a
/// `simulate` scenario): the file itself, or one of its values, naming the instance, extension or
/// stack it is about. Where a check of another module found the problem, its words are kept.
public enum ConfigurationProblem: Hashable, Sendable, CustomStringConvertible {
    case noSuchFile
    /// The file could not be read, or is larger than any such file (`SettingsFile.largest`).
    case unreadable(StoreError)
    /// It is not the JSON the command expects: the decoder's words (Foundation's `DecodingError` is
    /// not `Hashable`); `what` names the kind of file when it is not a host configuration.
    case notValid(what: String?, detail: String)
    case instanceUsedTwice(id: String)
    case unknownPlacement(instance: String, placement: String)
    case placementDoesNotShow(instance: String, placement: String, family: String)
    /// An instance's extension, or one of `extensions`, is not an executable file.
    case notExecutable(instance: String?, path: String)
    case readPathMissing(extensionID: String, path: String)
    /// The `network` section, as `NetworkPolicy` refused it.
    case network(String)
    /// The `liveActivities` rules, as `ActivityRules` refused them.
    case liveActivities(String)
    case emptyStack(id: String)
    case unknownStackMember(stack: String, member: String)
    /// Neither an instance nor an extension: nothing to run.
    case nothingToRun
    /// A simulated instance with a script, asked for a real extension's timeline.
    case notAnExtensionInstance
    /// The extension declares no widget of that kind (`available` are the kinds it has).
    case noSuchWidgetKind(kind: String, available: [String])
    /// A scenario's value out of its range, or events that do not fit together: the check's words.
    case scenario(String)

    public var description: String {
        switch self {
        case .noSuchFile: "no such file"
        case .unreadable(let error): Self.reason(error)
        case .notValid(let what, let detail): "not \(what.map { "a valid \($0)" } ?? "valid"): \(detail)"
        case .instanceUsedTwice(let id): "instance id \(id) is used twice"
        case .unknownPlacement(let instance, let placement): "instance \(instance): unknown placement \(placement)"
        case .placementDoesNotShow(let instance, let placement, let family): "instance \(instance): placement \(placement) does not show \(family)"
        case .notExecutable(let instance?, let path): "instance \(instance): \(path) is not an executable file"
        case .notExecutable(nil, let path): "extension \(path) is not an executable file"
        case .readPathMissing(let id, let path): "readPaths of \(id): \(path) does not exist"
        case .network(let reason): "network: \(reason)"
        case .liveActivities(let reason): "liveActivities: \(reason)"
        case .emptyStack(let id): "stack \(id) has no members"
        case .unknownStackMember(let stack, let member): "stack \(stack): no instance \(member)"
        case .nothingToRun: "no instances and no extensions"
        case .notAnExtensionInstance: "not an extension instance"
        case .noSuchWidgetKind(let kind, let available): "the extension has no widget of kind \(kind) (it has \(available.joined(separator: ", ")))"
        case .scenario(let reason): reason
        }
    }

    /// A read failure in the words the command line has always used: the call's errno alone.
    private static func reason(_ error: StoreError) -> String {
        if case .io(_, let code) = error { return code.description }
        return "\(error)"
    }
}
