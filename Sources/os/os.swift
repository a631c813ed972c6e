// `import os`: Apple's os framework, whose Swift part widget code uses for logging (`Logger`,
// `os_log`, `OSLog`), re-exported from this package's OSLog. Its C submodules (`import os.log`,
// `import os.signpost`) cannot be had: a Swift module here cannot carry C submodules.
@_exported import OSLog
