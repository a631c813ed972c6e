// Combine on Linux: see the module documentation in Combine.swift.
import Foundation
