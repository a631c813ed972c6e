import CProcessContainment
import Foundation
import SystemCalls

/// How far an extension is contained. Every level gives it a process group of its own, its memory
/// limit before its first instruction, an allow-listed environment and no descriptor but its channel.
/// The README's reliability section says what each level guarantees and what it does not.
public enum SandboxLevel: String, CaseIterable, Comparable, Sendable {
    /// Only the above.
    case none
    /// The extension is the subreaper of whatever it starts (a double fork stays in its tree), the
    /// tree is stopped with it, and its footprint (all its processes, shared memory included) is held
    /// to the memory limit.
    case basic
    /// Also user, PID and mount namespaces: what it starts dies with it, it sees no other process,
    /// and its root file system is its own (`ExtensionRoot`): its executable, the libraries it links
    /// and the system's shared data, read-only; its data folder, writable; nothing else of the host's.
    case full

    public static func < (a: SandboxLevel, b: SandboxLevel) -> Bool { a.rank < b.rank }

    var rank: Int32 {
        switch self {
        case .none: Int32(WIDGETHOST_SANDBOX_NONE.rawValue)
        case .basic: Int32(WIDGETHOST_SANDBOX_BASIC.rawValue)
        case .full: Int32(WIDGETHOST_SANDBOX_FULL.rawValue)
        }
    }

    /// The strongest level this machine allows, learned once by setting each up in a child that then
    /// exits instead of starting anything.
    public static let strongestAvailable: SandboxLevel = [SandboxLevel.full, .basic].first { $0.isAvailable } ?? .none

    /// Why `full` is not available here, if it is not (user namespaces disabled, a container that
    /// forbids mounting, an old kernel), for the message at start.
    public static let fullUnavailableReason: String? = {
        if case .failure(let error) = SandboxLevel.full.probe() { return "\(error)" }
        return nil
    }()

    public var isAvailable: Bool {
        if case .success = probe() { return true }
        return false
    }

    func probe() -> Result<Void, LaunchError> {
        var spec = widgethost_launch()
        spec.level = rank
        spec.probe_only = 1
        spec.uid = CurrentProcess.userID
        spec.gid = CurrentProcess.groupID
        spec.channel_fd = -1
        spec.stderr_fd = -1
        spec.network_fd = -1
        spec.status_fd = -1
        spec.refusal_fd = -1
        var pid: pid_t = 0
        var step: Int32 = 0
        var code: Int32 = 0
        var index: Int32 = -1
        guard widgethost_launch(&spec, &pid, &step, &code, &index) == 0 else {
            return .failure(.sandboxFailed(path: "(probe)", level: rawValue, step: LaunchStep(step), errno: Errno(code)))
        }
        return .success(())
    }
}

/// The step of a sandboxed launch that failed, in words.
public struct LaunchStep: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    init(_ rawValue: Int32) { self.rawValue = rawValue }

    public var description: String {
        switch UInt32(bitPattern: rawValue) {
        case WIDGETHOST_STEP_CLONE.rawValue: "creating the process"
        case WIDGETHOST_STEP_PROCESS_GROUP.rawValue: "making its process group"
        case WIDGETHOST_STEP_USER_NAMESPACE.rawValue: "mapping its user namespace"
        case WIDGETHOST_STEP_PRIVATE_MOUNTS.rawValue: "making its mounts private"
        case WIDGETHOST_STEP_NEW_ROOT.rawValue: "making its root file system"
        case WIDGETHOST_STEP_GRANT.rawValue: "binding a granted path"
        case WIDGETHOST_STEP_PIVOT.rawValue: "entering its root file system"
        case WIDGETHOST_STEP_RESOURCE_LIMITS.rawValue: "setting its file size, descriptor and process limits"
        case WIDGETHOST_STEP_DATA_FOLDER.rawValue: "mounting its data folder"
        case WIDGETHOST_STEP_READ_ONLY.rawValue: "making the file system read-only"
        case WIDGETHOST_STEP_PROC.rawValue: "mounting its /proc"
        case WIDGETHOST_STEP_INIT_FORK.rawValue: "starting it under its namespace's init"
        case WIDGETHOST_STEP_SUBREAPER.rawValue: "making it a subreaper"
        case WIDGETHOST_STEP_MEMORY_LIMIT.rawValue: "setting its memory limit"
        case WIDGETHOST_STEP_DESCRIPTORS.rawValue: "arranging its descriptors"
        case WIDGETHOST_STEP_EXEC.rawValue: "executing it"
        default: "step \(rawValue)"
        }
    }
}
