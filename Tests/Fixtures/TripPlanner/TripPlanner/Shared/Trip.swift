// A model the app and the widget both compile: listed in both targets' Sources phases.
import Foundation
import SwiftData

@Model
final class Trip {
    var name: String
    var start: Date
    var legs: Int

    init(name: String, start: Date, legs: Int) {
        self.name = name
        self.start = start
        self.legs = legs
    }
}
