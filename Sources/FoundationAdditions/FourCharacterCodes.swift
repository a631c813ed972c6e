/// The four-character codes Apple's Foundation brings along from its C layers (`OSType`,
/// `FourCharCode`), which apps use as numbers: Clok numbers a placeholder project `kUnknownType`.
public typealias FourCharCode = UInt32
public typealias OSType = FourCharCode

/// `'????'`, the type code of something of unknown type.
public let kUnknownType: OSType = 0x3F3F_3F3F
