import Foundation

/// `AppDependencyManager`: the values `@Dependency` properties of intents read, registered by the app
/// (or the widget extension) at launch.
// `@unchecked Sendable`: `providers` is only touched with `lock` held.
public final class AppDependencyManager: @unchecked Sendable {
    public static let shared = AppDependencyManager()
    private let lock = NSLock()
    private var providers: [AnyHashable: @Sendable () -> Any] = [:]

    public init() {}

    /// `add(key:dependency:)`: registers a value, made when first read, under `key` or its type.
    public func add<Dependency: Sendable>(key: AnyHashable? = nil, dependency: @autoclosure @escaping @Sendable () -> Dependency) {
        let key = key ?? AnyHashable(ObjectIdentifier(Dependency.self))
        lock.withLock { providers[key] = dependency }
    }

    func value<Dependency>(_ type: Dependency.Type, key: AnyHashable?) -> Dependency? {
        let key = key ?? AnyHashable(ObjectIdentifier(Dependency.self))
        guard let provider = lock.withLock({ providers[key] }) else { return nil }
        return provider() as? Dependency
    }
}

/// `@Dependency` (`AppDependency`): a value an intent gets from `AppDependencyManager` when it reads
/// the property. Reading one nobody registered is a programming error, as on Apple's platforms.
@propertyWrapper
// `@unchecked Sendable`: immutable; the key is one the app chose to share across its intents.
public struct AppDependency<Value: Sendable>: @unchecked Sendable {
    private let key: AnyHashable?
    private let manager: AppDependencyManager

    public init(key: AnyHashable? = nil, manager: AppDependencyManager = .shared) {
        self.key = key
        self.manager = manager
    }

    public var wrappedValue: Value {
        guard let value = manager.value(Value.self, key: key) else {
            preconditionFailure("@Dependency \(Value.self) read before AppDependencyManager.shared.add(dependency:) registered it")
        }
        return value
    }
}

extension AppIntent {
    /// `@Dependency`, as intents spell `AppDependency`.
    public typealias Dependency<Value: Sendable> = AppDependency<Value>
}
