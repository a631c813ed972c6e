import Foundation
import SystemCalls
import WidgetLayout
import WidgetNetwork
import LiveActivities
import SmartStack
import WidgetArchive
import WidgetRender

/// The widget instances `widget-host run` keeps up to date, from a small JSON file:
///
/// ```json
/// { "instances": [
///     { "id": "todo", "extension": ".build/debug/ToDoList", "kind": "ToDoList",
///       "family": "systemMedium", "placement": "iphone-home" } ] }
/// ```
///
/// Live Activities are run for the configured instances' extensions and for those `extensions` lists
/// (an app whose widgets are not placed may still start activities); `liveActivities` sets the rules'
/// numbers and which apps take frequent pushes:
///
/// ```json
/// { "instances": [],
///   "extensions": [".build/debug/CaffeineTracker"],
///   "liveActivities": { "maximumPerApp": 5, "pushBudgetPerHour": 12, "frequentUpdates": ["CaffeineTracker"] } }
/// ```
public struct HostConfiguration: Codable, Hashable, Sendable {
    public var instances: [WidgetInstance]
    /// Extensions whose Live Activities the host runs besides the instances' own.
    public var extensions: [String]?
    public var liveActivities: LiveActivitySettings?
    /// Smart Stacks of the instances: `status` shows which is on top, and why.
    public var stacks: [StackConfiguration]?
    /// More each extension's root holds in the full sandbox, read-only, by extension ID (its
    /// executable's file name): folders or files it reads beyond its bundle, or programs it starts
    /// (their libraries come with them). Relative paths are taken from the file's folder.
    public var readPaths: [String: [String]]?
    /// What extensions may reach through the host's network route, and the bounds on each request.
    public var network: NetworkSettings?

    public init(instances: [WidgetInstance], extensions: [String]? = nil, liveActivities: LiveActivitySettings? = nil,
                stacks: [StackConfiguration]? = nil) {
        self.stacks = stacks
        self.instances = instances
        self.extensions = extensions
        self.liveActivities = liveActivities
    }

    /// Every extension the host runs, by path: the instances', then those listed.
    public var extensionPaths: [String] {
        var paths: [String] = []
        for path in instances.map(\.extensionPath) + (extensions ?? []) where !paths.contains(path) { paths.append(path) }
        return paths
    }

    /// Reads and checks a configuration: ids unique, families known, placements known and showing the
    /// family. Relative extension paths are taken from the file's folder.
    public static func load(path: String) throws(HostError) -> HostConfiguration {
        let data = try SettingsFile.read(path)
        var config: HostConfiguration
        do {
            config = try JSONDecoder().decode(HostConfiguration.self, from: data)
        } catch {
            throw .configuration(path: path, .notValid(what: nil, detail: "\(error)"))
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        var seen = Set<String>()
        for i in config.instances.indices {
            let instance = config.instances[i]
            guard seen.insert(instance.id).inserted else { throw .configuration(path: path, .instanceUsedTwice(id: instance.id)) }
            if let p = instance.placement {
                guard let placement = Placement.named(p) else { throw .configuration(path: path, .unknownPlacement(instance: instance.id, placement: p)) }
                guard placement.size(for: instance.family) != nil else {
                    throw .configuration(path: path, .placementDoesNotShow(instance: instance.id, placement: p, family: "\(instance.family)"))
                }
            }
            if !instance.extensionPath.hasPrefix("/") {
                config.instances[i].extensionPath = base.appendingPathComponent(instance.extensionPath).standardizedFileURL.path
            }
            // Named now, with its instance, rather than at the first reload.
            guard FileSystem.isExecutable(config.instances[i].extensionPath) else {
                throw .configuration(path: path, .notExecutable(instance: instance.id, path: config.instances[i].extensionPath))
            }
        }
        for i in (config.extensions ?? []).indices {
            let given = config.extensions![i]
            let resolved = given.hasPrefix("/") ? given : base.appendingPathComponent(given).standardizedFileURL.path
            guard FileSystem.isExecutable(resolved) else { throw .configuration(path: path, .notExecutable(instance: nil, path: resolved)) }
            config.extensions![i] = resolved
        }
        for (id, paths) in config.readPaths ?? [:] {
            config.readPaths?[id] = try paths.map { given throws(HostError) -> String in
                let resolved = given.hasPrefix("/") ? given : base.appendingPathComponent(given).standardizedFileURL.path
                guard FileSystem.exists(resolved) else { throw .configuration(path: path, .readPathMissing(extensionID: id, path: resolved)) }
                return resolved
            }
        }
        if let network = config.network {
            do {
                _ = try network.policy(mode: .live)
            } catch {
                throw .configuration(path: path, .network("\(error)"))
            }
        }
        if let reason = config.liveActivities?.rules.validated() { throw .configuration(path: path, .liveActivities(reason)) }
        for stack in config.stacks ?? [] {
            guard !stack.members.isEmpty else { throw .configuration(path: path, .emptyStack(id: stack.id)) }
            for member in stack.members where !seen.contains(member) {
                throw .configuration(path: path, .unknownStackMember(stack: stack.id, member: member))
            }
        }
        guard !config.instances.isEmpty || !(config.extensions ?? []).isEmpty else {
            throw .configuration(path: path, .nothingToRun)
        }
        return config
    }
}

/// The Live Activity rules' numbers for `run` (each optional: the default where left out), and the apps
/// (by extension) that declare `NSSupportsLiveActivitiesFrequentUpdates` or have Live Activities turned off.
public struct LiveActivitySettings: Codable, Hashable, Sendable {
    public var maximumActiveHours: Double?
    public var lockScreenLingerHours: Double?
    public var maximumPerApp: Int?
    public var maximumOnDevice: Int?
    public var pushBudgetPerHour: Int?
    public var frequentPushBudgetPerHour: Int?
    public var lowPriorityMinutes: Double?
    public var frequentUpdates: [String]?
    public var disabled: [String]?

    public init() {}

    /// The rules these settings make.
    public var rules: ActivityRules {
        var rules = ActivityRules()
        if let hours = maximumActiveHours { rules.maximumActiveDuration = hours * 3600 }
        if let hours = lockScreenLingerHours { rules.lockScreenLinger = hours * 3600 }
        if let count = maximumPerApp { rules.maximumPerApp = count }
        if let count = maximumOnDevice { rules.maximumOnDevice = count }
        if let count = pushBudgetPerHour { rules.pushBudgetPerHour = count }
        if let count = frequentPushBudgetPerHour { rules.frequentPushBudgetPerHour = count }
        if let minutes = lowPriorityMinutes { rules.lowPriorityInterval = minutes * 60 }
        return rules
    }
}

/// A Smart Stack of configured instances (iOS's or the watch's), in the person's order.
public struct StackConfiguration: Codable, Hashable, Sendable {
    public var id: String
    public var platform: SmartStack.Platform?
    public var members: [String]
    public init(id: String, platform: SmartStack.Platform? = nil, members: [String]) {
        self.id = id
        self.platform = platform
        self.members = members
    }
}

/// The network section of a run configuration:
///
/// ```json
/// "network": { "allow": { "Headlines": ["api.example.com", "*.weather.gov", "http://127.0.0.1:8080"] },
///              "maxResponseKB": 2048, "timeoutSeconds": 10 }
/// ```
///
/// With no `allow`, every extension may reach any http or https host; with one, an extension not in it
/// may reach none. The mode (live, off, record, replay) comes from the command line.
public struct NetworkSettings: Codable, Hashable, Sendable {
    /// Allow-list rules by extension ID (`NetworkAllowList.Rule`).
    public var allow: [String: [String]]?
    /// Largest response body, in KiB (1 to 4096).
    public var maxResponseKB: Int?
    /// Longest a request may take, in seconds (above 0, at most 60).
    public var timeoutSeconds: Double?
    /// Most requests of one extension in flight (1 to 64).
    public var maxInFlight: Int?

    public init(allow: [String: [String]]? = nil) { self.allow = allow }

    /// The policy for `mode`; throws the first thing out of range or not a rule.
    public func policy(mode: NetworkMode) throws(NetworkSettingsError) -> NetworkPolicy {
        var limits = NetworkLimits()
        if let kb = maxResponseKB {
            guard (1...4096).contains(kb) else { throw .outOfRange(field: "maxResponseKB", value: "\(kb)", range: "1 to 4096") }
            limits.maxResponseBytes = kb << 10
        }
        if let seconds = timeoutSeconds {
            guard seconds.isFinite, seconds > 0, seconds <= 60 else { throw .outOfRange(field: "timeoutSeconds", value: "\(seconds)", range: "above 0 and at most 60") }
            limits.timeout = seconds
        }
        if let count = maxInFlight {
            guard (1...64).contains(count) else { throw .outOfRange(field: "maxInFlight", value: "\(count)", range: "1 to 64") }
            limits.maxInFlight = count
        }
        var lists: [String: NetworkAllowList] = [:]
        for (id, rules) in allow ?? [:] {
            do {
                lists[id] = try NetworkAllowList(parsing: rules)
            } catch {
                throw .notARule(extensionID: id, error)
            }
        }
        return NetworkPolicy(mode: mode, allowLists: lists, limits: limits)
    }
}

public enum NetworkSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    case outOfRange(field: String, value: String, range: String)
    case notARule(extensionID: String, NetworkAllowListError)

    public var description: String {
        switch self {
        case .outOfRange(let field, let value, let range): "\(field) must be \(range) (got \(value))"
        case .notARule(let id, let error): "allow of \(id): \(error)"
        }
    }
}
