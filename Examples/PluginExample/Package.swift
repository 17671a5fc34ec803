// swift-tools-version:6.1
import PackageDescription

// An app-like package that uses assetc's plugins: `Gallery` holds Assets.xcassets; at build time
// AssetCatalogPlugin packs it into Gallery.assetc (a bundle resource) and compiles typed accessors for it.
// `swift package assetc-audit` audits it. Scripts/test.sh builds and tests this package.
let package = Package(
    name: "PluginExample",
    dependencies: [
        .package(name: "assetc", path: "../..")
    ],
    targets: [
        .target(
            name: "Gallery",
            dependencies: [.product(name: "AssetCatalog", package: "assetc")],
            exclude: ["Assets.xcassets"],
            plugins: [.plugin(name: "AssetCatalogPlugin", package: "assetc")]
        ),
        .testTarget(name: "GalleryTests", dependencies: ["Gallery"]),
    ],
    swiftLanguageModes: [.v6]
)
