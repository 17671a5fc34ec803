import Foundation

/// Runs another program the tests compare with (python3, bash, swiftc, chromium) and collects its
/// standard output (and standard error too when `mergingErrors`).
enum ExternalTool {
    static func run(
        _ executable: String, _ arguments: [String], in directory: URL? = nil, mergingErrors: Bool = false
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = mergingErrors ? pipe : FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
