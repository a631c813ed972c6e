// `FoundationAdditions`: what Apple's Foundation has and Linux's lacks, as widget code calls it —
// `String(localized:)`, `String.LocalizationValue` and `LocalizedStringResource` (translated from the
// app's string tables), `RelativeDateTimeFormatter`, `DateComponentsFormatter`, measurement formatting,
// app group containers and key-value coding on `UserDefaults`. A declaration here shadows Foundation's
// unavailable one of the same name. Every compat module that re-exports Foundation (as Apple's
// frameworks do) re-exports this module with it, and an imported app's files get it as an implicit
// import, so a file that imports Foundation alone finds these names too.
import Foundation
