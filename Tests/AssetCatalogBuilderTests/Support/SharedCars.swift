import Foundation

/// The real cars Xcode built, beside the checkout in `../shared/cars` (or in `$SHARED_DIR/cars`): the tests that compare
/// with them are skipped where they are not, as the suite must pass without them.
enum SharedCars {
    /// The folder of the sample `name` (`0xMisagi+heliport_icons`, …), or `nil` when it is not here.
    static func folder(_ name: String) -> String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var candidates = [root.deletingLastPathComponent(), root.deletingLastPathComponent().deletingLastPathComponent()].map {
            $0.appendingPathComponent("shared/cars/\(name)").path
        }
        if let given = ProcessInfo.processInfo.environment["SHARED_DIR"] { candidates.insert(given + "/cars/\(name)", at: 0) }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
