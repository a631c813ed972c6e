import Foundation
import WidgetUI
