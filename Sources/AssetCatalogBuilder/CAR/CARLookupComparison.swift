import AssetCatalog

/// Asks two cars of the same source — ours and Xcode's — for every image by CoreUI's rules
/// (``CoreUIKeyLookup``) and compares the pixels they return: the check that an app gets the same image from
/// our car as from Xcode's.
///
/// The requests: every facet name either car has whose renditions include an image, at scales 1, 2 and 3, in
/// the idioms of Xcode's car's platform (universal on macOS; phone and pad on iOS; tv on tvOS; watch; vision),
/// in the default appearance and in the platform's dark one (`NSAppearanceNameDarkAqua` on macOS,
/// `UIAppearanceDark` elsewhere), CoreUI's lookup itself (no UIKit or AppKit fallback to the default).
/// Two answers agree when both are `nil`, or both decode to images of the same size whose premultiplied
/// channels differ by at most 1 (the precision premultiplied storage keeps, so an image premultiplied by
/// another encoder still agrees), or both are the same stored file. An answer that cannot be decoded is
/// counted apart, never guessed. Of the agreeing requests, ``exact`` counts those whose answers are the same
/// channel for channel; the others are listed in ``nearMatches`` (issue 42 asks for Xcode's pixel values exactly).
public struct CARLookupComparison: Sendable {
    /// One request.
    public struct Request: Sendable, Hashable, CustomStringConvertible {
        /// The image name.
        public var name: String
        /// The scale asked for.
        public var scale: Int
        /// CoreUI's idiom number (0 universal, 1 phone, 2 pad, 3 tv, 5 watch, 8 vision).
        public var idiom: UInt16
        /// The appearance name asked for; `nil` for the default.
        public var appearance: String?

        /// `name @2x idiom 1 UIAppearanceDark`.
        public var description: String {
            "\(name) @\(scale)x idiom \(idiom)\(appearance.map { " \($0)" } ?? "")"
        }
    }

    /// A request whose answers differ, each answer in words.
    public struct Mismatch: Sendable, Hashable {
        /// The request.
        public var request: Request
        /// What our car returns (`nil`, or the rendition's name and pixel size).
        public var ours: String
        /// What Xcode's car returns.
        public var xcode: String
    }

    /// A request whose answers agree within the tolerance but are not the same pixels.
    public struct NearMatch: Sendable, Hashable {
        /// The request.
        public var request: Request
        /// How many channel values differ (each by 1).
        public var differingChannels: Int
        /// The channel values compared (four per pixel).
        public var channels: Int
    }

    /// Requests asked.
    public var requestCount: Int
    /// Requests whose answers agree.
    public var agreeing: Int
    /// Requests where either answer could not be decoded (not counted as agreeing or differing).
    public var undecodable: Int
    /// The requests whose answers differ, in request order.
    public var mismatches: [Mismatch]
    /// Agreeing requests whose answers are the same: both `nil`, the same stored file, or the same pixels channel for
    /// channel.
    public var exact = 0
    /// Agreeing requests whose pixels differ by 1 in some channels, in request order.
    public var nearMatches: [NearMatch] = []

    /// The share of the decodable requests whose answers agree, in percent (100 when there are none).
    public var agreementPercent: Double {
        let compared = requestCount - undecodable
        return compared == 0 ? 100 : 100 * Double(agreeing) / Double(compared)
    }

    /// Asks both cars every request and compares the answers.
    public static func compare(ours: CARFile, xcode: CARFile) -> CARLookupComparison {
        let oursLookup = CoreUIKeyLookup(file: ours)
        let xcodeLookup = CoreUIKeyLookup(file: xcode)
        let oursDecoder = CARDecoder(file: ours)
        let xcodeDecoder = CARDecoder(file: xcode)
        let platform = xcode.metadata?.deploymentPlatform ?? ours.metadata?.deploymentPlatform ?? ""
        let idioms: [UInt16]
        switch platform {
        case "ios": idioms = [1, 2]
        case "atv", "tvos", "appletvos": idioms = [3]
        case "watchos": idioms = [5]
        case "xros": idioms = [8]
        default: idioms = [0]
        }
        let dark = platform == "macosx" ? "NSAppearanceNameDarkAqua" : "UIAppearanceDark"
        let names = Set(imageNames(ours)).union(imageNames(xcode)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }

        var result = CARLookupComparison(requestCount: 0, agreeing: 0, undecodable: 0, mismatches: [])
        for name in names {
            for idiom in idioms {
                for scale in 1...3 {
                    for appearance in [nil, dark] {
                        let request = Request(name: name, scale: scale, idiom: idiom, appearance: appearance)
                        result.requestCount += 1
                        let left = answer(oursLookup, oursDecoder, request)
                        let right = answer(xcodeLookup, xcodeDecoder, request)
                        switch (left, right) {
                        case (.undecodable, _), (_, .undecodable):
                            result.undecodable += 1
                        case (.none, .none):
                            result.agreeing += 1
                            result.exact += 1
                        case (.image(let a, _), .image(let b, _)):
                            guard let differing = Self.differingChannels(a, b) else {
                                result.mismatches.append(Mismatch(request: request, ours: left.description, xcode: right.description))
                                continue
                            }
                            result.agreeing += 1
                            if differing == 0 {
                                result.exact += 1
                            } else {
                                result.nearMatches.append(NearMatch(request: request, differingChannels: differing, channels: a.pixels.count))
                            }
                        case (.file(let a, _), .file(let b, _)) where a == b:
                            result.agreeing += 1
                            result.exact += 1
                        default:
                            result.mismatches.append(Mismatch(request: request, ours: left.description, xcode: right.description))
                        }
                    }
                }
            }
        }
        return result
    }

    private enum Answer: CustomStringConvertible {
        case none
        case image(DecodedImage, name: String)
        case file([UInt8], name: String)
        case undecodable

        var description: String {
            switch self {
            case .none: return "nil"
            case .image(let image, let name): return "\(name) \(image.width)x\(image.height)"
            case .file(let bytes, let name): return "\(name) (\(bytes.count) bytes)"
            case .undecodable: return "not decodable"
            }
        }
    }

    private static func answer(_ lookup: CoreUIKeyLookup, _ decoder: CARDecoder, _ request: Request) -> Answer {
        guard let index = lookup.image(named: request.name, scale: request.scale, idiom: request.idiom, appearanceName: request.appearance) else {
            return .none
        }
        let name = lookup.file.renditions[index].name
        switch try? decoder.decode(index) {
        case .image(let image): return .image(image, name: name)
        case .file(let bytes, _): return .file(bytes, name: name)
        case .color, .gradient, .notDecodable, nil: return .undecodable
        }
    }

    /// Names of facets that have an image rendition.
    private static func imageNames(_ file: CARFile) -> [String] {
        file.facets.filter { facet in
            facet.renditions.contains { CoreUIKeyLookup.isImage(file.renditions[$0]) }
        }.map(\.name)
    }

    /// How many premultiplied channel values of two images differ, or `nil` when they do not agree: sizes that differ,
    /// or a channel more than 1 apart. One pass over the pixels.
    static func differingChannels(_ a: DecodedImage, _ b: DecodedImage) -> Int? {
        guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else { return nil }
        var differing = 0
        for index in a.pixels.indices where a.pixels[index] != b.pixels[index] {
            guard abs(Int(a.pixels[index]) - Int(b.pixels[index])) <= 1 else { return nil }
            differing += 1
        }
        return differing
    }
}
