// swift-tools-version:6.1
import PackageDescription

// The layout mirrors the architecture (see docs/ARCHITECTURE.md):
// runtime (`AssetCatalog`), build time (`AssetCatalogBuilder`), CLI (`assetc`),
// and the C layer that keeps libpng's longjmp away from Swift frames (libdeflate speeds up its
// PNG verification).
let package = Package(
    name: "assetc",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AssetCatalog", targets: ["AssetCatalog"]),
        .library(name: "AssetCatalogBuilder", targets: ["AssetCatalogBuilder"]),
        .library(name: "AssetCatalogServer", targets: ["AssetCatalogServer"]),
        .library(name: "AssetCatalogActool", targets: ["AssetCatalogActool"]),
        .library(name: "AssetCatalogCompileCache", targets: ["AssetCatalogCompileCache"]),
        .executable(name: "assetc", targets: ["assetc"]),
        .executable(name: "assetc-serve", targets: ["assetc-serve"]),
        .plugin(name: "AssetCatalogPlugin", targets: ["AssetCatalogPlugin"]),
        .plugin(name: "AssetCatalogAudit", targets: ["AssetCatalogAudit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Reads .ipa files (zip archives) for the commands that take an Assets.car; only the CLI links it.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // Reads .assetc.yml (any YAML: flow style, anchors, comments anywhere); libyaml inside, no other dependency.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `swift package generate-documentation` (DocC); a command plugin, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `assetc serve` and the AssetCatalogServer library only (docs/SERVING.md): HTTP on swift-nio, logging,
        // graceful shutdown, Prometheus metrics. Hummingbird's default traits are off: they bring in
        // swift-configuration, which nothing here uses.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "zlib1g-dev", "pkg-config"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        .target(
            name: "CPNGSupport",
            dependencies: ["CPNG", "CDeflate"]
        ),
        // Vector artwork for the compiler: poppler-glib (PDF) and librsvg (SVG), both drawing with cairo
        // (apt: libpoppler-glib-dev, librsvg2-dev, libcairo2-dev; Scripts/bootstrap.sh). Only AssetCatalogBuilder
        // uses it, never the AssetCatalog runtime. The libraries are opened with dlopen at the first drawing, not
        // linked: with their dependencies they are about sixty shared libraries, which cost every assetc command
        // 14 MB of memory and 20 ms of start-up (docs/PERFORMANCE.md). The few functions used are declared in
        // acvec.c from the libraries' public C interfaces; cairo.h (no extra include folder) gives cairo's types.
        .target(
            name: "CVectorSupport",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // LZFSE and LZVN decoders for Assets.car payloads (written for assetc from the public format).
        .target(name: "CLZFSE"),
        // Hot loops of the car reader, in C: the reconstruction of predicted deepmap tiles (loops the compiler
        // vectorizes, an AVX2 copy chosen at run time on x86-64). Every size checked at entry and by its Swift caller.
        .target(name: "CCARDecoding"),
        // Cache prefetch hints for the archive's lookup path (one static inline C function).
        .target(name: "CMemoryHints"),
        // Replacing an output file by exchanging it with the new one (renameat2, which Swift's Glibc lacks).
        .target(name: "CFileSystemCalls"),
        // Hot loops of the car writer, in C: the LZFSE encoder (match finder and finite-state entropy stage) and
        // deepmap2 mode 2's tile kernel (loops the compiler vectorizes). Written for assetc from the public format
        // description (docs/CAR-FORMAT.md); every pointer and length checked by its Swift caller or at entry.
        .target(name: "CCAREncoding", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(
            name: "AssetCatalog",
            dependencies: ["CPNGSupport", "CDeflate", "CLZFSE", "CCARDecoding", "CMemoryHints"]
        ),
        .target(
            name: "AssetCatalogBuilder",
            dependencies: [
                "AssetCatalog", "CPNGSupport", "CFileSystemCalls", "CVectorSupport", "CMemoryHints", "CCAREncoding",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The drop-in actool (docs/ACTOOL.md): actool's command line, result document, dependency info, asset packs,
        // device thinning and asset symbols, over the compiler in AssetCatalogBuilder (one-way: the builder knows
        // nothing of actool's options).
        .target(
            name: "AssetCatalogActool",
            dependencies: ["AssetCatalog", "AssetCatalogBuilder", "AssetCatalogCompileCache"]
        ),
        // The compile cache (docs/COMPILE-CACHE.md): run stamps and car records that let a rebuild copy what did not
        // change from the car written last time. Depends on the builder only; the actool layer uses it.
        .target(
            name: "AssetCatalogCompileCache",
            dependencies: ["AssetCatalogBuilder", "CFileSystemCalls"]
        ),
        // The HTTP server of `assetc serve`, as a library an app mounts in its own Hummingbird router.
        .target(
            name: "AssetCatalogServer",
            dependencies: [
                "AssetCatalog",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(
            name: "assetc",
            dependencies: [
                "AssetCatalog",
                "AssetCatalogBuilder",
                "AssetCatalogActool",
                "CMemoryHints",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // `assetc serve` (docs/SERVING.md): `assetc` runs this program, installed beside it. A program of its own
        // because the build-tool plugin below builds `assetc` for the host a second time (and so does every package
        // that uses the plugin): kept out of `assetc`, Hummingbird and swift-nio are built once, for this alone.
        .executableTarget(
            name: "assetc-serve",
            dependencies: [
                "AssetCatalogServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Build time: pack a target's .xcassets into a bundle resource and compile typed accessors for it.
        .plugin(name: "AssetCatalogPlugin", capability: .buildTool(), dependencies: ["assetc"]),
        // `swift package assetc-audit`: the audit over the package's catalogs.
        .plugin(
            name: "AssetCatalogAudit",
            capability: .command(intent: .custom(verb: "assetc-audit", description: "Audit the package's asset catalogs with assetc")),
            dependencies: ["assetc"]),
        .executableTarget(
            name: "ResolverBenchmark",
            dependencies: ["AssetCatalog"],
            path: "Benchmarks/ResolverBenchmark"
        ),
        .executableTarget(
            name: "ArchiveBenchmark",
            dependencies: ["AssetCatalog"],
            path: "Benchmarks/ArchiveBenchmark"
        ),
        // The framework's floor for `Scripts/bench.sh serve`: Hummingbird answering fixed bytes, no resolving.
        .executableTarget(
            name: "ServeBaseline",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Benchmarks/ServeBaseline"
        ),
        .executableTarget(
            name: "CARBenchmark",
            dependencies: ["AssetCatalog", "AssetCatalogBuilder", "CPNGSupport"],
            path: "Benchmarks/CARBenchmark"
        ),
        .testTarget(
            name: "AssetCatalogTests",
            dependencies: ["AssetCatalog", "CCARDecoding", "CLZFSE"]
        ),
        .testTarget(
            name: "AssetCatalogBuilderTests",
            dependencies: ["AssetCatalogBuilder"]
        ),
        // In process through the router `assetc serve` builds, an embedded channel for the connection; no
        // HummingbirdTesting (it would bring async-http-client and swift-nio-ssl into every CI build).
        .testTarget(
            name: "AssetCatalogActoolTests",
            dependencies: ["AssetCatalogActool", "AssetCatalogBuilder", "AssetCatalog", "AssetCatalogCompileCache"]
        ),
        .testTarget(
            name: "AssetCatalogServerTests",
            dependencies: [
                "AssetCatalogServer",
                "AssetCatalogBuilder",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "AssetcEndToEndTests",
            dependencies: ["assetc", .product(name: "Yams", package: "Yams")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (docs/RELIABILITY.md), only when ASSETC_FUZZ=1 so normal builds never see them:
// `ASSETC_FUZZ=1 swift build -c debug -Xswiftc -sanitize=fuzzer,address --build-path .build-fuzz`, or
// `Scripts/fuzz.sh TARGET SECONDS`. `-parse-as-library` leaves `main` to libFuzzer.
if Context.environment["ASSETC_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependency: Target.Dependency)] = [
        ("FuzzArchive", "AssetCatalog"), ("FuzzContentsJSON", "AssetCatalogBuilder"),
        ("FuzzPlainFileName", "AssetCatalogBuilder"), ("FuzzConfig", "AssetCatalogBuilder"),
        ("FuzzImage", "AssetCatalogBuilder"), ("FuzzBatchRequest", "AssetCatalog"),
        ("FuzzCAR", "AssetCatalog"), ("FuzzDeepmap", "AssetCatalog"), ("FuzzSymbolTemplate", "AssetCatalogBuilder"),
        ("FuzzIconDocument", "AssetCatalogBuilder"), ("FuzzCompileCache", "AssetCatalogCompileCache"),
    ]
    // The driver hand-over every target shares.
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"))
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: [target.dependency, "FuzzSupport"], path: "Fuzz/\(target.name)",
                swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
    }
}
