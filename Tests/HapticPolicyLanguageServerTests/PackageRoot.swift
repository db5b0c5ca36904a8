import Foundation

/// The package root, found from this file's path (tests run from anywhere).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
