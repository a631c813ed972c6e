/// `NWInterface`: a network interface a path can use. A device offline has none to offer, so paths
/// here list none; the type exists for the values code stores and compares
/// (`path.availableInterfaces.first?.type`).
public struct NWInterface: Hashable, Sendable, CustomDebugStringConvertible {
    /// `NWInterface.InterfaceType`.
    public enum InterfaceType: Hashable, Sendable {
        case other
        case wifi
        case cellular
        case wiredEthernet
        case loopback
    }

    public let type: InterfaceType
    public let name: String
    public let index: Int

    init(type: InterfaceType, name: String, index: Int) {
        self.type = type
        self.name = name
        self.index = index
    }

    public var debugDescription: String { name }
}
