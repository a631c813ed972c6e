// The `CoreLocation` compat module: coordinates and distances, and a manager that never has a
// location. As on Apple's platforms, `import CoreLocation` brings Foundation (with what Apple's
// Foundation has and Linux's lacks).
@_exported import Foundation
@_exported import FoundationAdditions
