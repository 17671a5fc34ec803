import Foundation
import Testing

/// Archives changed under a running command.
@Suite("Hostile repository: archives changed while read")
struct HostileArchiveTests {
    @Test("SIGBUS (a mapped archive truncated in place) is reported and exits 3, not 'Bus error'")
    func sigbusIsReported() throws {
        let repository = try HostileRepository()
        try repository.imageSet("Icon")
        let archive = repository.folder.appendingPathComponent("App.assetc").path
        let pack = try Assetc.run(["pack", repository.catalog.path, "-o", archive])
        #expect(pack.status == 0, "\(pack.output)")

        // `resolve --batch -` waits for its input with the archive mapped; a truncation in place turns the
        // next page access into SIGBUS. The signal is sent directly so the test does not depend on timing.
        let process = Process()
        process.executableURL = Assetc.binary
        process.arguments = ["resolve", archive, "--batch", "-"]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        Thread.sleep(forTimeInterval: 1)
        kill(process.processIdentifier, SIGBUS)
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 3)
        #expect(stderr.contains("an archive changed on disk while assetc was reading it"), "\(stderr)")
    }

    @Test("resolve --batch stops with an error when the archive changed between requests")
    func batchNoticesChange() throws {
        let repository = try HostileRepository()
        try repository.imageSet("Icon")
        let archive = repository.folder.appendingPathComponent("App.assetc").path
        #expect(try Assetc.run(["pack", repository.catalog.path, "-o", archive]).status == 0)
        // The command opens the archive, then reads its requests from standard input; the archive is changed
        // in place (appended to) in between, so the requests must be refused.
        let process = Process()
        process.executableURL = Assetc.binary
        process.arguments = ["resolve", archive, "--batch", "-"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        Thread.sleep(forTimeInterval: 1)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: archive))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        input.fileHandleForWriting.write(Data("{\"name\":\"Icon\"}\n{\"name\":\"Icon\"}\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus != 0, "\(stderr)")
        #expect(stderr.contains("the archive changed on disk"), "\(stderr)")
    }
}

/// Pixel budgets on commands that decode.
@Suite("Hostile repository: pixel budgets")
struct HostilePixelBudgetTests {
    @Test("extract --png refuses an image above --max-pixels, and takes it within")
    func extractMaxPixels() throws {
        let repository = try HostileRepository()
        try repository.imageSet("Icon", width: 8, height: 8)
        let archive = repository.folder.appendingPathComponent("App.assetc").path
        #expect(try Assetc.run(["pack", repository.catalog.path, "-o", archive]).status == 0)
        let output = repository.folder.appendingPathComponent("icon.png").path
        let refused = try Assetc.run(["extract", archive, "Icon", "--png", "--max-pixels", "63", "-o", output])
        #expect(refused.status != 0, "\(refused.output)")
        #expect(refused.stderr.contains("64") && refused.stderr.contains("63"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let taken = try Assetc.run(["extract", archive, "Icon", "--png", "--max-pixels", "64", "-o", output])
        #expect(taken.status == 0, "\(taken.output)")
    }
}
