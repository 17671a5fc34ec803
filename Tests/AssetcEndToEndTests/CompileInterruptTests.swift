import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `assetc compile` streams the car into a temporary file beside `Assets.car` while it compiles; stopped
/// midway by SIGINT or SIGTERM it removes that file and leaves the previous car as it was.
@Suite("Compile interruption", .serialized)
struct CompileInterruptTests {
    typealias BigFolder = ArchivePackInterruptTests.BigFolder

    @Test("SIGTERM and SIGINT: exit 130, temporary file removed, previous car untouched")
    func catchableSignals() throws {
        let folder = try BigFolder()
        let car = folder.base + "/Assets.car"
        let previous = Array("the previous car".utf8)
        try Data(previous).write(to: URL(fileURLWithPath: car))
        for signal in [SIGTERM, SIGINT] {
            let arguments = [
                "compile", folder.assets, "--compile", folder.base, "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
                "--jobs", "1",
            ]
            guard let process = try ArchivePackInterruptTests.interrupted(arguments, folder, output: car, signal: signal) else {
                Issue.record("the compile finished before it could be interrupted; make the folder bigger")
                return
            }
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 130)
            #expect(folder.temporaryFiles(for: car).isEmpty)
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: car))) == previous)
        }
        // Uninterrupted, the compile replaces the previous car with one that reads back.
        let run = try Assetc.run(["compile", folder.assets, "--compile", folder.base, "--platform", "iphoneos", "--minimum-deployment-target", "17.0"])
        #expect(run.status == 0, "\(run.output)")
        #expect(folder.temporaryFiles(for: car).isEmpty)
        let verify = try Assetc.run(["verify", car])
        #expect(verify.status == 0, "\(verify.output)")
    }
}
